import { CommentLimits } from '@canopy/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, RecordCommentsTable } from '../../db/schema.js';
import type { RecordWhere } from '../records/row-scope.js';

type Db = Kysely<Database>;

/** One record of one team's table: what every comment query filters by. */
export interface RecordKey {
  engineCode: string;
  schemaCode: string;
  recordId: string;
}

/** Record comments and followers (issue 31). Every query filters by team and table. */
export class CommentRepository {
  constructor(private readonly db: Db) {}

  /** The record's comments that are not deleted, the newest `threadMax`, oldest first. */
  async thread(k: RecordKey): Promise<RecordCommentsTable[]> {
    const rows = await this.db
      .selectFrom('record_comments')
      .selectAll()
      .where('engine_code', '=', k.engineCode)
      .where('schema_code', '=', k.schemaCode)
      .where('record_id', '=', k.recordId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CommentLimits.threadMax)
      .execute();
    return rows.reverse();
  }

  find(k: RecordKey, id: string): Promise<RecordCommentsTable | undefined> {
    return this.db
      .selectFrom('record_comments')
      .selectAll()
      .where('engine_code', '=', k.engineCode)
      .where('schema_code', '=', k.schemaCode)
      .where('record_id', '=', k.recordId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async insert(trx: Db, row: RecordCommentsTable): Promise<void> {
    await trx.insertInto('record_comments').values(row).execute();
  }

  async edit(trx: Db, id: string, body: string, mentions: string[], now: number): Promise<void> {
    await trx
      .updateTable('record_comments')
      .set({ body, mentions: JSON.stringify(mentions), edited_at: now })
      .where('id', '=', id)
      .execute();
  }

  async remove(trx: Db, id: string, now: number): Promise<void> {
    await trx.updateTable('record_comments').set({ deleted_at: now }).where('id', '=', id).execute();
  }

  /**
   * Comments per record for a page of records, in one grouped query: only records of `table` that
   * `scope` (the asker's row rule) reaches are counted.
   */
  async counts(
    engineCode: string,
    schemaCode: string,
    table: string,
    ids: string[],
    scope: RecordWhere | undefined,
  ): Promise<Record<string, number>> {
    if (!ids.length) return {};
    // The record table is named at run time: typed loosely, like the records' repository.
    const loose = this.db as unknown as Kysely<Record<string, { id: string; engine_code: string }>>;
    let reached = loose.selectFrom(table).select('id').where('engine_code', '=', engineCode).where('id', 'in', ids);
    if (scope) reached = reached.where(scope as never);
    const rows = await this.db
      .selectFrom('record_comments')
      .select(['record_id', sql<number>`count(*)`.as('n')])
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', schemaCode)
      .where('deleted_at', 'is', null)
      .where('record_id', 'in', reached as never)
      .groupBy('record_id')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.record_id, Number(r.n)]));
  }

  /** Display names of team members (active or not: an author may have left), by member id. */
  async names(engineCode: string, memberIds: string[]): Promise<Map<string, string>> {
    if (!memberIds.length) return new Map();
    const rows = await this.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['members.member_id', 'users.user_name'])
      .where('members.engine_code', '=', engineCode)
      .where('members.member_id', 'in', memberIds)
      .execute();
    return new Map(rows.map((r) => [r.member_id, r.user_name ?? '']));
  }

  /** Active members of the team among `memberIds`. */
  async activeMembers(engineCode: string, memberIds: string[]): Promise<Set<string>> {
    if (!memberIds.length) return new Set();
    const rows = await this.db
      .selectFrom('members')
      .select('member_id')
      .where('engine_code', '=', engineCode)
      .where('state', '=', 'ACTIVE')
      .where('member_id', 'in', memberIds)
      .execute();
    return new Set(rows.map((r) => r.member_id));
  }

  /** Members with a follower row for the record: following (1) or having unfollowed (0). */
  async followers(k: RecordKey): Promise<Map<string, boolean>> {
    const rows = await this.db
      .selectFrom('record_followers')
      .select(['member_id', 'following'])
      .where('engine_code', '=', k.engineCode)
      .where('schema_code', '=', k.schemaCode)
      .where('record_id', '=', k.recordId)
      .execute();
    return new Map(rows.map((r) => [r.member_id, Number(r.following) === 1]));
  }

  /**
   * Sets members' follow state. `keep`: an existing row stays as it is (the creator's automatic
   * follow does not undo an unfollow).
   */
  async follow(trx: Db, k: RecordKey, memberIds: string[], following: boolean, now: number, keep = false) {
    if (!memberIds.length) return;
    const values = memberIds.map((member_id) => ({
      engine_code: k.engineCode,
      schema_code: k.schemaCode,
      record_id: k.recordId,
      member_id,
      following: following ? 1 : 0,
      updated_at: now,
    }));
    await trx
      .insertInto('record_followers')
      .values(values)
      .onConflict((oc) => {
        const on = oc.columns(['engine_code', 'schema_code', 'record_id', 'member_id']);
        return keep ? on.doNothing() : on.doUpdateSet({ following: following ? 1 : 0, updated_at: now });
      })
      .execute();
  }
}
