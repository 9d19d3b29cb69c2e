import { MEMBER_ROLE } from '@canopy/contract';
import { type Kysely, sql } from 'kysely';
import { APP_COLUMNS, FIXED, qualified } from '../../db/fixed.js';
import type { AppsTable, Database, FunctionNodesTable } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { factsOf } from './role-holders.js';
import { type GrantRow, grantedApp, type HeldRoles, heldRoles, type MemberFacts, type RoleRow } from './role-reach.js';

export interface AppRow extends AppsTable {
  owner_name: string | null;
  owner_user_id: string | null;
}

/** Apps of one team. Every query names the team's engine code. */
export class AppRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private apps(engineCode: string) {
    return this.db
      .selectFrom('apps')
      .leftJoin('app_members as o', (j) => j.onRef('o.app_code', '=', 'apps.code').on('o.role', '=', 'owner'))
      .leftJoin('members as om', 'om.member_id', 'o.member_id')
      .leftJoin('users as ou', 'ou.id', 'om.user_id')
      .select(qualified('apps', APP_COLUMNS))
      .select(['ou.user_name as owner_name', 'ou.id as owner_user_id'])
      .where('apps.engine_code', '=', engineCode);
  }

  find(engineCode: string, code: string): Promise<AppRow | undefined> {
    return this.apps(engineCode).modifyFront(FIXED).where('apps.code', '=', code).executeTakeFirst();
  }

  /** These apps of the team, in one query (as `find` answers each). */
  findMany(engineCode: string, codes: string[]): Promise<AppRow[]> {
    if (!codes.length) return Promise.resolve([]);
    return this.apps(engineCode).where('apps.code', 'in', codes).execute();
  }

  /**
   * Active apps: all of the team's (for its owner and admins, `facts` null) or those the member
   * owns, manages or holds a role in through a grant.
   */
  listActive(engineCode: string, facts: MemberFacts | null): Promise<AppRow[]> {
    let q = this.apps(engineCode).where('apps.state', '=', 'ACTIVE');
    if (facts) {
      q = q.where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('app_members as m')
              .select('m.app_code')
              .whereRef('m.app_code', '=', 'apps.code')
              .where('m.member_id', '=', facts.memberId),
          ),
          grantedApp(eb.ref('apps.code'), facts),
        ]),
      );
    }
    return q.orderBy('apps.created_at').execute();
  }

  listDeleted(engineCode: string, ownerMemberId: string | null): Promise<AppRow[]> {
    let q = this.apps(engineCode).where('apps.state', '=', 'DELETED');
    if (ownerMemberId) q = q.where('o.member_id', '=', ownerMemberId);
    return q.orderBy('apps.deleted_at', 'desc').execute();
  }

  /** The member's role in one app; null: none. */
  async roleOf(memberId: string, appCode: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('app_members')
      .modifyFront(FIXED)
      .select('role')
      .where('member_id', '=', memberId)
      .where('app_code', '=', appCode)
      .executeTakeFirst();
    return row?.role ?? null;
  }

  /** The app's roles in their order. */
  appRoles(appCode: string): Promise<RoleRow[]> {
    return this.db
      .selectFrom('app_roles')
      .select(['role_key', 'name', 'nodes', 'flows'])
      .where('app_code', '=', appCode)
      .orderBy('sort_key')
      .orderBy('created_at')
      .execute();
  }

  grants(appCode: string): Promise<GrantRow[]> {
    return this.db
      .selectFrom('app_role_grants')
      .select(['role_key', 'kind', 'target'])
      .where('app_code', '=', appCode)
      .execute();
  }

  /** The member's team role and departments, as grants and row rules read them. */
  facts(tenant: TenantContext): Promise<MemberFacts> {
    return factsOf(this.db, tenant);
  }

  /** The roles this member holds in the app (`appRole`: their app_members role). */
  async held(tenant: TenantContext, appCode: string, appRole: string | null): Promise<HeldRoles> {
    const [facts, roles, grants] = await Promise.all([
      this.facts(tenant),
      this.appRoles(appCode),
      this.grants(appCode),
    ]);
    return heldRoles(facts, appRole, roles, grants);
  }

  /** The member's role in each of these apps, in one query. */
  async rolesOf(memberId: string, appCodes: string[]): Promise<Map<string, string>> {
    if (!appCodes.length) return new Map();
    const rows = await this.db
      .selectFrom('app_members')
      .select(['app_code', 'role'])
      .where('member_id', '=', memberId)
      .where('app_code', 'in', appCodes)
      .execute();
    return new Map(rows.map((r) => [r.app_code, r.role]));
  }

  /** Schema nodes of these apps, in one query. */
  schemasOf(appCodes: string[]): Promise<FunctionNodesTable[]> {
    if (!appCodes.length) return Promise.resolve([]);
    return this.db
      .selectFrom('function_nodes')
      .selectAll()
      .where('app_code', 'in', appCodes)
      .where('type', '=', 'Schema')
      .where('deleted_at', 'is', null)
      .orderBy('sort_key')
      .execute();
  }

  /** The owner and managers (app_members), then the members granted 成员 by name, in the order they came. */
  async listRoles(appCode: string) {
    const people = (q: 'app_members' | 'app_role_grants') =>
      q === 'app_members'
        ? this.db
            .selectFrom('app_members')
            .innerJoin('members', 'members.member_id', 'app_members.member_id')
            .innerJoin('users', 'users.id', 'members.user_id')
            .select([
              'app_members.role',
              'app_members.member_id',
              'users.id as user_id',
              'users.user_name',
              'users.avatar_url',
              'app_members.created_at',
            ])
            .where('app_members.app_code', '=', appCode)
        : this.db
            .selectFrom('app_role_grants as g')
            .innerJoin('members', 'members.member_id', 'g.target')
            .innerJoin('users', 'users.id', 'members.user_id')
            .select([
              sql<string>`'member'`.as('role'),
              'members.member_id',
              'users.id as user_id',
              'users.user_name',
              'users.avatar_url',
              'g.created_at',
            ])
            .where('g.app_code', '=', appCode)
            .where('g.role_key', '=', MEMBER_ROLE)
            .where('g.kind', '=', 'member');
    const [fixed, members] = await Promise.all([people('app_members').execute(), people('app_role_grants').execute()]);
    const placed = new Set(fixed.map((r) => r.member_id));
    return [...fixed, ...members.filter((m) => !placed.has(m.member_id))].sort((a, b) => a.created_at - b.created_at);
  }

  /** Members of this team for the given user ids (ids from elsewhere simply do not match). */
  membersForUsers(engineCode: string, userIds: string[]) {
    if (!userIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('members')
      .select(['member_id', 'user_id'])
      .where('engine_code', '=', engineCode)
      .where('state', '=', 'ACTIVE')
      .where('user_id', 'in', userIds)
      .execute();
  }

  async preference(memberId: string): Promise<{ appSorts: string[]; collectedApps: string[] }> {
    const row = await this.db
      .selectFrom('app_preferences')
      .selectAll()
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!row) return { appSorts: [], collectedApps: [] };
    return {
      appSorts: JSON.parse(row.app_sorts) as string[],
      collectedApps: JSON.parse(row.collected_apps) as string[],
    };
  }

  async savePreference(engineCode: string, memberId: string, appSorts: string[], collectedApps: string[], now: number) {
    const values = {
      member_id: memberId,
      engine_code: engineCode,
      app_sorts: JSON.stringify(appSorts),
      collected_apps: JSON.stringify(collectedApps),
      updated_at: now,
    };
    await this.db
      .insertInto('app_preferences')
      .values(values)
      .onConflict((oc) =>
        oc
          .column('member_id')
          .doUpdateSet({ app_sorts: values.app_sorts, collected_apps: values.collected_apps, updated_at: now }),
      )
      .execute();
  }

  /** The app roles each saved custom page of this app is limited to ('[]': everyone), by node code. */
  async pageRoles(engineCode: string, appCode: string): Promise<Map<string, string[]>> {
    const rows = await this.db
      .selectFrom('custom_pages')
      .innerJoin('function_nodes', 'function_nodes.code', 'custom_pages.node_code')
      .select(['custom_pages.node_code', 'custom_pages.roles'])
      .where('custom_pages.engine_code', '=', engineCode)
      .where('function_nodes.app_code', '=', appCode)
      .execute();
    return new Map(rows.map((r) => [r.node_code, JSON.parse(r.roles) as string[]]));
  }

  listNodes(appCode: string, deleted = false): Promise<FunctionNodesTable[]> {
    return this.db
      .selectFrom('function_nodes')
      .selectAll()
      .where('app_code', '=', appCode)
      .where('deleted_at', deleted ? 'is not' : 'is', null)
      .orderBy('sort_key')
      .execute();
  }
}
