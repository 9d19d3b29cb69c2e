import type { Kysely } from 'kysely';
import type { ApiTokensTable, Database, UsersTable } from '../../db/schema.js';

export type TokenRow = ApiTokensTable & { engine_name: string };

/** Queries of personal API tokens. */
export class ApiTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A live token by its hash, with its owner. */
  async findLive(hash: string, now: number): Promise<{ token: ApiTokensTable; user: UsersTable } | undefined> {
    const token = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('token_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!token) return undefined;
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', token.user_id).executeTakeFirst();
    return user ? { token, user } : undefined;
  }

  async touch(id: string, now: number): Promise<void> {
    await this.db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
  }

  list(userId: string): Promise<TokenRow[]> {
    return this.db
      .selectFrom('api_tokens')
      .innerJoin('engines', 'engines.engine_code', 'api_tokens.engine_code')
      .selectAll('api_tokens')
      .select('engines.corp_name as engine_name')
      .where('api_tokens.user_id', '=', userId)
      .orderBy('api_tokens.created_at', 'desc')
      .orderBy('api_tokens.id', 'desc')
      .execute();
  }

  /** The user's tokens still in force (neither revoked nor expired). */
  async countLive(userId: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(row: ApiTokensTable): Promise<void> {
    await this.db.insertInto('api_tokens').values(row).execute();
  }

  /** Revokes the user's own token; false when there is no such token of theirs. */
  async revoke(userId: string, id: string, now: number): Promise<boolean> {
    const found = await this.db
      .selectFrom('api_tokens')
      .select(['id', 'revoked_at'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!found) return false;
    if (found.revoked_at === null) {
      await this.db.updateTable('api_tokens').set({ revoked_at: now }).where('id', '=', id).execute();
    }
    return true;
  }

  /** Of these app codes, those that exist (not deleted) in the team. */
  async liveApps(engineCode: string, codes: string[]): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('apps')
      .select('code')
      .where('engine_code', '=', engineCode)
      .where('state', '=', 'ACTIVE')
      .where('code', 'in', codes)
      .execute();
    return new Set(rows.map((r) => r.code));
  }
}
