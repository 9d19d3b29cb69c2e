import { type RecordAction, type SchemaPermissions, SchemaTag } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { type AppAccess, appError, resolveApp } from '../apps/access.js';
import { AppRepository } from '../apps/repository.js';
import { type MemberRights, parsePermissions, rightsOf } from './permissions.js';
import { SchemaContextRepository, type SchemaRow } from './repository.js';

/**
 * One data table as one member sees it in one request: its metadata, fields, permissions and the
 * member's rights. Schemas, records, views and transfers all work on it; it depends on none of them.
 */
export interface SchemaContext {
  access: AppAccess;
  schema: SchemaRow;
  fields: FieldsTable[];
  permissions: SchemaPermissions;
  /** This member's actions, field and row rules on the table. */
  rights: MemberRights;
}

export function contextOf(access: AppAccess, schema: SchemaRow, fields: FieldsTable[]): SchemaContext {
  const permissions = parsePermissions(schema.permissions);
  const rights = rightsOf(access, permissions, fields);
  // A sync table's records change only by syncing: nobody adds, edits, deletes or imports them.
  if (schema.tag === SchemaTag.sync)
    rights.actions = { ...rights.actions, add: false, edit: false, delete: false, import: false };
  return { access, schema, fields, permissions, rights };
}

/** May this member do this to the table's records? The owner and admin mode may do everything. */
export function allows(ctx: SchemaContext, action: RecordAction): boolean {
  return ctx.rights.actions[action];
}

/** Resolves the table a request names into its context, checking app access on the way. */
export class SchemaContexts {
  private readonly repo: SchemaContextRepository;

  constructor(
    db: Kysely<Database>,
    private readonly apps: AppRepository,
  ) {
    this.repo = new SchemaContextRepository(db);
  }

  /** `db`: inside a transaction pass it (on SQLite the transaction holds the one connection). */
  async context(
    tenant: TenantContext | null,
    appCode: string,
    schemaCode: string,
    adminHeader: boolean,
    db?: Kysely<Database>,
  ): Promise<SchemaContext> {
    const access = await resolveApp(db ? new AppRepository(db) : this.apps, tenant, appCode, adminHeader);
    return this.load(access, appCode, schemaCode, db);
  }

  /** The same table read again (after a change to its metadata). */
  reload(ctx: SchemaContext): Promise<SchemaContext> {
    return this.load(ctx.access, ctx.schema.app_code, ctx.schema.code);
  }

  /** The context of a related table, seen by the same member; null when it is gone or out of reach. */
  async targetContext(ctx: SchemaContext, schemaCode: string, db?: Kysely<Database>): Promise<SchemaContext | null> {
    const repo = db ? new SchemaContextRepository(db) : this.repo;
    const appCode = await repo.appOf(ctx.schema.engine_code, schemaCode);
    if (!appCode) return null;
    try {
      return await this.context(ctx.access.tenant, appCode, schemaCode, ctx.access.adminMode, db);
    } catch {
      return null;
    }
  }

  private async load(
    access: AppAccess,
    appCode: string,
    schemaCode: string,
    db?: Kysely<Database>,
  ): Promise<SchemaContext> {
    const repo = db ? new SchemaContextRepository(db) : this.repo;
    const schema = await repo.find(access.tenant.engineCode, appCode, schemaCode);
    if (!schema) throw appError(404, 'schema.notFound');
    return contextOf(access, schema, await repo.fields(schema.code));
  }
}
