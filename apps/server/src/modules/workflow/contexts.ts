import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { type AppAccess, appError, isTeamManager } from '../apps/access.js';
import { AppRepository } from '../apps/repository.js';
import { contextOf, type SchemaContext } from '../schema-context/context.js';
import { SchemaContextRepository } from '../schema-context/repository.js';

type Db = Kysely<Database>;

/**
 * Tables as the workflow sees them. A participant acts through the flow whether or not they hold a
 * role in the app (an approver need not be an app member); their field rules are still the table's
 * for their role (members without one count as "member"). The engine itself (automatic nodes,
 * conditions) reads and writes without restriction, in the name of the member whose action ran it.
 * Inside an action pass its transaction: SQLite has one connection, which the transaction holds.
 */
export class WorkflowContexts {
  constructor(private readonly db: Db) {}

  private async access(db: Db, tenant: TenantContext, appCode: string, unrestricted: boolean): Promise<AppAccess> {
    const apps = new AppRepository(db);
    const app = await apps.find(tenant.engineCode, appCode);
    if (!app) throw appError(404, 'app.notFound');
    const role = (await apps.rolesOf(tenant.memberId, [app.code])).get(app.code) ?? null;
    const isOwner = role === 'owner';
    return {
      tenant,
      app,
      role: role ?? 'member',
      adminMode: unrestricted,
      canView: true,
      canEdit: unrestricted || isOwner || role === 'manager',
      isOwner,
    };
  }

  private async load(db: Db, access: AppAccess, appCode: string, schemaCode: string): Promise<SchemaContext> {
    const schemas = new SchemaContextRepository(db);
    const schema = await schemas.find(access.tenant.engineCode, appCode, schemaCode);
    if (!schema) throw appError(404, 'schema.notFound');
    return contextOf(access, schema, await schemas.fields(schema.code));
  }

  /** The table as this member sees it when acting in a flow. */
  async forMember(tenant: TenantContext, appCode: string, schemaCode: string, db: Db = this.db) {
    return this.load(db, await this.access(db, tenant, appCode, false), appCode, schemaCode);
  }

  /** The table with no restriction, acting as `tenant`'s member (automatic nodes, conditions). */
  async forEngine(tenant: TenantContext, appCode: string, schemaCode: string, db: Db = this.db) {
    return this.load(db, await this.access(db, tenant, appCode, true), appCode, schemaCode);
  }

  /** Whether the member may administer the app's flows (its edit right, or admin mode). */
  async canAdminister(tenant: TenantContext, appCode: string, adminHeader: boolean, db: Db = this.db) {
    if (adminHeader && isTeamManager(tenant)) return true;
    const role = (await new AppRepository(db).rolesOf(tenant.memberId, [appCode])).get(appCode);
    return role === 'owner' || role === 'manager';
  }
}

/** Another member of the same team, as a tenant context (for acting in their name). */
export function asMember(tenant: TenantContext, memberId: string): TenantContext {
  return { ...tenant, memberId, role: 'member' };
}
