import type { Kysely } from 'kysely';
import type { Database, SsoLoginsTable, UsersTable } from '../../db/schema.js';

type Db = Kysely<Database>;

/** Started sign-ins and the accounts' provider identities. */
export class SsoRepository {
  constructor(private readonly db: Db) {}

  async saveLogin(row: SsoLoginsTable, olderThan: number): Promise<void> {
    // Sign-ins nobody finished are dropped as new ones start: the table holds minutes, not history.
    await this.db.deleteFrom('sso_logins').where('created_at', '<', olderThan).execute();
    await this.db.insertInto('sso_logins').values(row).execute();
  }

  /** Takes a started sign-in out: a state works once, whoever calls back first. */
  async spendLogin(state: string, since: number): Promise<SsoLoginsTable | undefined> {
    const row = await this.db.deleteFrom('sso_logins').where('state', '=', state).returningAll().executeTakeFirst();
    return row && row.created_at >= since ? row : undefined;
  }

  async userOfIdentity(issuer: string, subject: string): Promise<UsersTable | undefined> {
    return this.db
      .selectFrom('user_identities')
      .innerJoin('users', 'users.id', 'user_identities.user_id')
      .selectAll('users')
      .where('user_identities.issuer', '=', issuer)
      .where('user_identities.subject', '=', subject)
      .executeTakeFirst();
  }

  async userByEmail(email: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async touchIdentity(issuer: string, subject: string, now: number): Promise<void> {
    await this.db
      .updateTable('user_identities')
      .set({ last_login_at: now })
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .execute();
  }
}
