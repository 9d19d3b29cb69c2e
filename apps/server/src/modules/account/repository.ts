import { type Kysely, sql } from 'kysely';
import { FIXED, qualified, USER_COLUMNS } from '../../db/fixed.js';
import type { Database, LoginThrottleTable, SessionsTable, UsersTable } from '../../db/schema.js';
import type { Membership } from '../engines/repository.js';

/** Users, sessions and login throttling: the only place these tables are queried. */
export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUserByAccount(account: { mobile?: string; email?: string }): Promise<UsersTable | undefined> {
    let q = this.db.selectFrom('users').selectAll();
    if (account.mobile) q = q.where('mobile', '=', account.mobile);
    else if (account.email) q = q.where('email', '=', account.email);
    else return Promise.resolve(undefined);
    return q.executeTakeFirst();
  }

  async hasAnyUser(): Promise<boolean> {
    return Boolean(await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst());
  }

  findUserById(id: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertUser(user: UsersTable): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  async insertSession(session: SessionsTable): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  /** A live session with its user, in one query. */
  /**
   * A live session with its user and, in the same statement, the user's active membership of the
   * team `engineHint` names (or, without one, of the user's remembered team): the tenant check
   * then needs no query of its own. `membership` is null when there is no such membership.
   */
  async findLiveSession(
    id: string,
    now: number,
    engineHint: string | null = null,
  ): Promise<{ session: SessionsTable; user: UsersTable; membership: Membership | null } | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .modifyFront(FIXED)
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('members', (join) =>
        join
          .onRef('members.user_id', '=', 'users.id')
          .on('members.state', '=', 'ACTIVE')
          .on('members.engine_code', '=', sql<string>`coalesce(${engineHint}, ${sql.ref('users.active_engine_code')})`),
      )
      .leftJoin('engines', 'engines.engine_code', 'members.engine_code')
      .select(qualified('users', USER_COLUMNS))
      .select([
        'sessions.id as s_id',
        'sessions.created_at as s_created_at',
        'sessions.expires_at as s_expires_at',
        'sessions.last_seen_at as s_last_seen_at',
        'sessions.revoked_at as s_revoked_at',
        'sessions.ip as s_ip',
        'sessions.user_agent as s_user_agent',
        'engines.engine_code as m_engine_code',
        'engines.corp_id as m_corp_id',
        'engines.corp_name as m_corp_name',
        'engines.state as m_state',
        'engines.entry_type as m_entry_type',
        'engines.engine_shard as m_engine_shard',
        'engines.purge_at as m_purge_at',
        'engines.time_zone as m_time_zone',
        'engines.meta_version as m_meta_version',
        'members.member_id as m_member_id',
        'members.role as m_role',
      ])
      .where('sessions.id', '=', id)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return undefined;
    const {
      s_id,
      s_created_at,
      s_expires_at,
      s_last_seen_at,
      s_revoked_at,
      s_ip,
      s_user_agent,
      m_engine_code,
      m_corp_id,
      m_corp_name,
      m_state,
      m_entry_type,
      m_engine_shard,
      m_purge_at,
      m_time_zone,
      m_meta_version,
      m_member_id,
      m_role,
      ...user
    } = row;
    const membership: Membership | null =
      m_engine_code && m_member_id
        ? {
            engine_code: m_engine_code,
            corp_id: m_corp_id ?? '',
            corp_name: m_corp_name ?? '',
            state: m_state ?? '',
            entry_type: m_entry_type ?? '',
            engine_shard: m_engine_shard ?? '',
            member_id: m_member_id,
            role: m_role ?? 'member',
            purge_at: m_purge_at ?? null,
            time_zone: m_time_zone ?? '',
            ...(m_meta_version === null || m_meta_version === undefined ? {} : { meta_version: m_meta_version }),
          }
        : null;
    return {
      session: {
        id: s_id,
        user_id: user.id,
        created_at: s_created_at,
        expires_at: s_expires_at,
        last_seen_at: s_last_seen_at,
        revoked_at: s_revoked_at,
        ip: s_ip,
        user_agent: s_user_agent,
      },
      user,
      membership,
    };
  }

  async touchSession(id: string, now: number, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  async revokeSession(id: string, now: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  findThrottle(keys: string[]): Promise<LoginThrottleTable[]> {
    if (!keys.length) return Promise.resolve([]);
    return this.db.selectFrom('login_throttle').selectAll().where('key', 'in', keys).execute();
  }

  async saveThrottle(row: LoginThrottleTable): Promise<void> {
    await this.db
      .insertInto('login_throttle')
      .values(row)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: row.failures,
          first_failure_at: row.first_failure_at,
          locked_until: row.locked_until,
        }),
      )
      .execute();
  }

  async insertAccountCheck(id: string, ip: string, expiresAt: number): Promise<void> {
    await this.db.insertInto('account_checks').values({ id, ip, lookups: 0, expires_at: expiresAt }).execute();
  }

  /**
   * Spends one look-up of a sign-up's challenge, in one statement (two look-ups at once cannot both
   * take the last one): only a live challenge of that address with look-ups left.
   */
  async spendAccountCheck(id: string, ip: string, now: number, max: number): Promise<boolean> {
    const spent = await this.db
      .updateTable('account_checks')
      .set((eb) => ({ lookups: eb(eb.ref('lookups'), '+', 1) }))
      .where('id', '=', id)
      .where('ip', '=', ip)
      .where('expires_at', '>', now)
      .where('lookups', '<', max)
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }

  async clearThrottle(key: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', key).execute();
  }
}
