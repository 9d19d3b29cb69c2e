import type { Kysely } from 'kysely';
import type { Database, InvitationsTable } from '../../db/schema.js';

export class InvitationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(trx: Kysely<Database>, row: InvitationsTable): Promise<void> {
    await trx.insertInto('invitations').values(row).execute();
  }

  /** The accounts an invitation to this mobile or email reaches (none for a link). */
  async usersOfTarget(trx: Kysely<Database>, kind: string, target: string | null): Promise<string[]> {
    if (!target || (kind !== 'mobile' && kind !== 'email')) return [];
    const rows = await trx
      .selectFrom('users')
      .select('id')
      .where(kind === 'email' ? 'email' : 'mobile', '=', target)
      .execute();
    return rows.map((r) => r.id);
  }

  /** An invitation with its team's public facts. */
  findWithTeam(id: string) {
    return (
      this.db
        .selectFrom('invitations')
        .innerJoin('engines', 'engines.engine_code', 'invitations.engine_code')
        .selectAll('invitations')
        .select(['engines.corp_id', 'engines.corp_name'])
        .where('invitations.id', '=', id)
        // A closed team takes no one in: its invitations are simply no longer valid.
        .where('engines.state', '!=', 'CLOSED')
        .executeTakeFirst()
    );
  }

  listForEngine(engineCode: string, limit = 200) {
    return this.db
      .selectFrom('invitations')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  listPendingForTargets(targets: string[], now: number) {
    if (!targets.length) return Promise.resolve([]);
    return this.db
      .selectFrom('invitations')
      .innerJoin('engines', 'engines.engine_code', 'invitations.engine_code')
      .selectAll('invitations')
      .select(['engines.corp_id', 'engines.corp_name'])
      .where('invitations.target', 'in', targets)
      .where('invitations.state', '=', 'PENDING')
      .where('invitations.expires_at', '>', now)
      .where('engines.state', '!=', 'CLOSED')
      .orderBy('invitations.created_at', 'desc')
      .execute();
  }

  /**
   * Moves a pending invitation to a final state. Returns false when someone else got there first,
   * so an invitation is used exactly once even under concurrent clicks.
   */
  async finish(
    trx: Kysely<Database>,
    id: string,
    state: 'ACCEPTED' | 'REFUSED' | 'REVOKED',
    userId: string | null,
    now: number,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('invitations')
      .set({ state, used_by_user_id: userId, used_at: now })
      .where('id', '=', id)
      .where('state', '=', 'PENDING')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
