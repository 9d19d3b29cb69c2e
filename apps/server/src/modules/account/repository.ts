import type { Kysely } from 'kysely';
import type { Database, LoginThrottleTable, SessionsTable, UsersTable } from '../../db/schema.js';

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
  async findLiveSession(id: string, now: number): Promise<{ session: SessionsTable; user: UsersTable } | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id as s_id',
        'sessions.created_at as s_created_at',
        'sessions.expires_at as s_expires_at',
        'sessions.last_seen_at as s_last_seen_at',
        'sessions.revoked_at as s_revoked_at',
        'sessions.ip as s_ip',
        'sessions.user_agent as s_user_agent',
      ])
      .where('sessions.id', '=', id)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return undefined;
    const { s_id, s_created_at, s_expires_at, s_last_seen_at, s_revoked_at, s_ip, s_user_agent, ...user } = row;
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

  async clearThrottle(key: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', key).execute();
  }
}
