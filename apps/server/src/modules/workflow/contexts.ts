import { MEMBER_ROLE } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { type AppAccess, appError, isTeamManager } from '../apps/access.js';
import { AppRepository, type AppRow } from '../apps/repository.js';
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
    const held = await apps.held(tenant, app.code, role);
    return accessOf(tenant, app, role, held.keys, unrestricted);
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

  /**
   * Several tables as this member sees them when acting in a flow (`forMember` for each), read in
   * four queries whatever their number: apps, the member's roles, tables, fields. Keyed by table
   * code; a table or app that is gone is absent.
   */
  async forMemberMany(tenant: TenantContext, tables: { appCode: string; schemaCode: string }[]) {
    const out = new Map<string, SchemaContext>();
    if (!tables.length) return out;
    const appCodes = [...new Set(tables.map((t) => t.appCode))];
    const schemaCodes = [...new Set(tables.map((t) => t.schemaCode))];
    const apps = new AppRepository(this.db);
    const schemas = new SchemaContextRepository(this.db);
    const [appRows, roles, schemaRows, fields] = await Promise.all([
      apps.findMany(tenant.engineCode, appCodes),
      apps.rolesOf(tenant.memberId, appCodes),
      schemas.findMany(tenant.engineCode, schemaCodes),
      schemas.fieldsOfMany(schemaCodes),
    ]);
    const appByCode = new Map(appRows.map((a) => [a.code, a]));
    // The roles held in each app (grants reach members through departments and team roles).
    const held = new Map(
      await Promise.all(
        appRows.map(async (a) => [a.code, (await apps.held(tenant, a.code, roles.get(a.code) ?? null)).keys] as const),
      ),
    );
    for (const schema of schemaRows) {
      const app = appByCode.get(schema.app_code);
      if (!app) continue;
      const access = accessOf(tenant, app, roles.get(app.code) ?? null, held.get(app.code) ?? [], false);
      out.set(
        schema.code,
        contextOf(
          access,
          schema,
          fields.filter((f) => f.schema_code === schema.code),
        ),
      );
    }
    return out;
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

/**
 * A flow participant's access to an app: their app_members role and the app roles they hold. A
 * participant holding no role of the app acts with 成员's rights, as before roles were many.
 */
function accessOf(
  tenant: TenantContext,
  app: AppRow,
  role: string | null,
  held: readonly string[],
  unrestricted: boolean,
): AppAccess {
  const isOwner = role === 'owner';
  return {
    tenant,
    app,
    role,
    roles: held.length ? held : [MEMBER_ROLE],
    nodes: null,
    flows: null,
    adminMode: unrestricted,
    canView: true,
    canEdit: unrestricted || isOwner || role === 'manager',
    isOwner,
  };
}

/** Another member of the same team, as a tenant context (for acting in their name). */
export function asMember(tenant: TenantContext, memberId: string): TenantContext {
  return { ...tenant, memberId, role: 'member' };
}
