import type { Kysely } from 'kysely';
import { FIXED } from '../../db/fixed.js';
import type { Database } from '../../db/schema.js';

export interface Membership {
  engine_code: string;
  corp_id: string;
  corp_name: string;
  state: string;
  entry_type: string;
  engine_shard: string;
  member_id: string;
  role: string;
  purge_at?: number | null;
  time_zone: string;
  /** The team's metadata version when this was read (schema-context/cache.ts). */
  meta_version?: number;
}

/** Teams (engines) and memberships. */
export class EngineRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private memberships(userId: string) {
    return this.db
      .selectFrom('members')
      .modifyFront(FIXED)
      .innerJoin('engines', 'engines.engine_code', 'members.engine_code')
      .select([
        'engines.engine_code',
        'engines.corp_id',
        'engines.corp_name',
        'engines.state',
        'engines.entry_type',
        'engines.engine_shard',
        'members.member_id',
        'members.role',
        'engines.purge_at',
        'engines.time_zone',
        'engines.meta_version',
      ])
      .where('members.user_id', '=', userId)
      .where('members.state', '=', 'ACTIVE');
  }

  listMemberships(userId: string): Promise<Membership[]> {
    return this.memberships(userId).orderBy('members.created_at').execute();
  }

  findMembershipByEngine(userId: string, engineCode: string): Promise<Membership | undefined> {
    return this.memberships(userId).where('engines.engine_code', '=', engineCode).executeTakeFirst();
  }

  findMembershipByMember(userId: string, memberId: string): Promise<Membership | undefined> {
    return this.memberships(userId).where('members.member_id', '=', memberId).executeTakeFirst();
  }

  async listFeatures(engineCode: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('engine_features')
      .select('feature_code')
      .where('engine_code', '=', engineCode)
      .orderBy('feature_code')
      .execute();
    return rows.map((r) => r.feature_code);
  }

  async setActiveEngine(userId: string, engineCode: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ active_engine_code: engineCode, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  findMembershipByCorp(userId: string, corpId: string): Promise<Membership | undefined> {
    return this.memberships(userId).where('engines.corp_id', '=', corpId).executeTakeFirst();
  }

  async corpInfo(engineCode: string) {
    return this.db
      .selectFrom('engines')
      .innerJoin('users', 'users.id', 'engines.owner_user_id')
      .select([
        'engines.engine_code',
        'engines.corp_id',
        'engines.corp_name',
        'engines.state',
        'engines.entry_type',
        'engines.created_at',
        'engines.time_zone',
        'users.user_name as owner_name',
        (eb) =>
          eb
            .selectFrom('members')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('members.engine_code', '=', 'engines.engine_code')
            .where('members.state', '=', 'ACTIVE')
            .as('member_count'),
      ])
      .where('engines.engine_code', '=', engineCode)
      .executeTakeFirst();
  }

  async setTimeZone(engineCode: string, timeZone: string, now: number): Promise<void> {
    await this.db
      .updateTable('engines')
      .set({ time_zone: timeZone, updated_at: now })
      .where('engine_code', '=', engineCode)
      .execute();
  }

  /** The team's name is also its root department's name in the address book: both change together. */
  async renameEngine(engineCode: string, corpName: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('engines')
        .set({ corp_name: corpName, updated_at: now })
        .where('engine_code', '=', engineCode)
        .execute();
      await trx
        .updateTable('departments')
        .set({ name: corpName })
        .where('engine_code', '=', engineCode)
        .where('parent_id', '=', '')
        .execute();
    });
  }

  async hasFeature(engineCode: string, featureCode: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('engine_features')
      .select('feature_code')
      .where('engine_code', '=', engineCode)
      .where('feature_code', '=', featureCode)
      .executeTakeFirst();
    return Boolean(row);
  }
}
