import type { Kysely } from 'kysely';
import { APP_COLUMNS, FIXED, qualified } from '../../db/fixed.js';
import type { AppsTable, Database, FunctionNodesTable } from '../../db/schema.js';

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

  /** Active apps: all of the team's (for its owner and admins) or those the member has a role in. */
  listActive(engineCode: string, memberId: string | null): Promise<AppRow[]> {
    let q = this.apps(engineCode).where('apps.state', '=', 'ACTIVE');
    if (memberId) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('app_members as m')
            .select('m.app_code')
            .whereRef('m.app_code', '=', 'apps.code')
            .where('m.member_id', '=', memberId),
        ),
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

  listRoles(appCode: string) {
    return this.db
      .selectFrom('app_members')
      .innerJoin('members', 'members.member_id', 'app_members.member_id')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select([
        'app_members.role',
        'app_members.member_id',
        'users.id as user_id',
        'users.user_name',
        'users.avatar_url',
      ])
      .where('app_members.app_code', '=', appCode)
      .orderBy('app_members.created_at')
      .execute();
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
