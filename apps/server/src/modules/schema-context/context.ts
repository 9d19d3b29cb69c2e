import { SchemaTag, type TableAction, type TablePermissions } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { type AppAccess, appError, resolveApp } from '../apps/access.js';
import { AppRepository } from '../apps/repository.js';
import { type CachedSchema, MetadataCache, metaVersionOf, type TeamMetadata } from './cache.js';
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
  permissions: TablePermissions;
  /** This member's actions, field and row rules on the table. */
  rights: MemberRights;
}

/** `permissions`: the schema's, already parsed (the cache keeps them parsed). */
export function contextOf(
  access: AppAccess,
  schema: SchemaRow,
  fields: FieldsTable[],
  permissions: TablePermissions = parsePermissions(schema.permissions),
): SchemaContext {
  const rights = rightsOf(access, permissions, fields);
  // A sync table's records change only by syncing: nobody adds, edits, deletes or imports them.
  if (schema.tag === SchemaTag.sync)
    rights.actions = { ...rights.actions, add: false, edit: false, delete: false, import: false };
  return { access, schema, fields, permissions, rights };
}

/** May this member do this to the table's records? The owner and admin mode may do everything. */
export function allows(ctx: SchemaContext, action: TableAction): boolean {
  return ctx.rights.actions[action];
}

/**
 * Resolves the table a request names into its context, checking app access on the way. The
 * metadata comes from the per-version cache (cache.ts) when the request read its team's version with
 * its session; inside a transaction, on a reload and for tenants without a fresh version, from the
 * database.
 */
export class SchemaContexts {
  private readonly repo: SchemaContextRepository;
  readonly cache = new MetadataCache();

  constructor(
    db: Kysely<Database>,
    private readonly apps: AppRepository,
    /** Off only to measure the cache (config METADATA_CACHE). */
    private readonly cached = true,
  ) {
    this.repo = new SchemaContextRepository(db);
  }

  private team(tenant: TenantContext | null): TeamMetadata | null {
    return this.cached && tenant ? this.cache.team(tenant.engineCode, metaVersionOf(tenant)) : null;
  }

  /** `db`: inside a transaction pass it (on SQLite the transaction holds the one connection). */
  async context(
    tenant: TenantContext | null,
    appCode: string,
    schemaCode: string,
    adminHeader: boolean,
    db?: Kysely<Database>,
  ): Promise<SchemaContext> {
    // Never from or into the cache inside a transaction: it may read its own uncommitted changes.
    const team = db ? null : this.team(tenant);
    const apps = team ? this.cachedApps(team) : db ? new AppRepository(db) : this.apps;
    const access = await resolveApp(apps, tenant, appCode, adminHeader);
    return this.load(access, appCode, schemaCode, db, team);
  }

  /** The same table read again from the database (after a change to its metadata). */
  reload(ctx: SchemaContext): Promise<SchemaContext> {
    return this.load(ctx.access, ctx.schema.app_code, ctx.schema.code);
  }

  /** The context of a related table, seen by the same member; null when it is gone or out of reach. */
  async targetContext(ctx: SchemaContext, schemaCode: string, db?: Kysely<Database>): Promise<SchemaContext | null> {
    const repo = db ? new SchemaContextRepository(db) : this.repo;
    const tenant = ctx.access.tenant;
    const team = db ? null : this.team(tenant);
    const engineCode = ctx.schema.engine_code;
    const appCode = team
      ? await team.get(team.appOf, schemaCode, () => repo.appOf(engineCode, schemaCode))
      : await repo.appOf(engineCode, schemaCode);
    if (!appCode) return null;
    try {
      return await this.context(tenant, appCode, schemaCode, ctx.access.adminMode, db);
    } catch {
      return null;
    }
  }

  /** App lookups answered from the team's entries. */
  private cachedApps(team: TeamMetadata): Pick<AppRepository, 'find' | 'roleOf' | 'held' | 'appRoles'> {
    return {
      find: (engineCode, code) => team.get(team.apps, code, () => this.apps.find(engineCode, code)),
      roleOf: (memberId, appCode) =>
        team.get(team.roles, `${appCode} ${memberId}`, () => this.apps.roleOf(memberId, appCode)),
      held: (tenant, appCode, appRole) =>
        team.get(team.held, `${appCode} ${tenant.memberId}`, () => this.apps.held(tenant, appCode, appRole)),
      // Only a designer's preview reads it: rare, so straight from the database.
      appRoles: (appCode) => this.apps.appRoles(appCode),
    };
  }

  private async load(
    access: AppAccess,
    appCode: string,
    schemaCode: string,
    db?: Kysely<Database>,
    team?: TeamMetadata | null,
  ): Promise<SchemaContext> {
    const repo = db ? new SchemaContextRepository(db) : this.repo;
    const engineCode = access.tenant.engineCode;
    const read = async (): Promise<CachedSchema | undefined> => {
      const schema = await repo.find(engineCode, appCode, schemaCode);
      if (!schema) return undefined;
      return { schema, fields: await repo.fields(schema.code), permissions: parsePermissions(schema.permissions) };
    };
    const found = team ? await team.get(team.schemas, `${appCode} ${schemaCode}`, read) : await read();
    if (!found) throw appError(404, 'schema.notFound');
    return contextOf(access, found.schema, found.fields, found.permissions);
  }
}
