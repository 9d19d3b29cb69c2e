import type { LetterKind } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, NoticesTable } from '../../db/schema.js';
import { countsOf, subtractUnread } from './counts.js';

export type LetterRow = Omit<NoticesTable, 'id' | 'kind'> & { id: number; kind: string };

export interface LetterFilter {
  readStatus?: number | undefined;
  kind?: LetterKind | undefined;
}

/**
 * Letters of one member. Every query is one member's range of an index that starts with
 * (engine_code, member_id): a team's other letters are never read.
 */
export class NoticeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One primary-key read (letter_counts), however many letters the member has. */
  async countUnread(engineCode: string, memberId: string): Promise<number> {
    return (await countsOf(this.db, engineCode, memberId)).unread;
  }

  private filtered(engineCode: string, memberId: string, filter: LetterFilter) {
    let q = this.db.selectFrom('notices').where('engine_code', '=', engineCode).where('member_id', '=', memberId);
    if (filter.readStatus !== undefined) q = q.where('read_status', '=', filter.readStatus);
    if (filter.kind) q = q.where('kind', '=', filter.kind);
    return q;
  }

  /** Newest first, the id breaking ties: the order of the indexes, so no sort. */
  async page(
    engineCode: string,
    memberId: string,
    filter: LetterFilter,
    offset: number,
    limit: number,
  ): Promise<LetterRow[]> {
    return (await this.filtered(engineCode, memberId, filter)
      .selectAll()
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute()) as LetterRow[];
  }

  /** From letter_counts unless a kind is asked for (then one member's index range of that kind). */
  async count(engineCode: string, memberId: string, filter: LetterFilter): Promise<number> {
    if (!filter.kind) {
      const c = await countsOf(this.db, engineCode, memberId);
      if (filter.readStatus === 0) return c.unread;
      if (filter.readStatus === 1) return Math.max(0, c.total - c.unread);
      return c.total;
    }
    const row = await this.filtered(engineCode, memberId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async one(engineCode: string, memberId: string, id: number): Promise<LetterRow | undefined> {
    return (await this.db
      .selectFrom('notices')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('member_id', '=', memberId)
      .where('id', '=', id)
      .executeTakeFirst()) as LetterRow | undefined;
  }

  async idByEvent(engineCode: string, memberId: string, eventId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('notices')
      .select('id')
      .where('engine_code', '=', engineCode)
      .where('member_id', '=', memberId)
      .where('event_id', '=', eventId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  }

  /** Marks and the counter change together; the counter loses exactly the rows that changed. */
  async markRead(engineCode: string, memberId: string, ids: number[] | 'all'): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let q = trx
        .updateTable('notices')
        .set({ read_status: 1 })
        .where('engine_code', '=', engineCode)
        .where('member_id', '=', memberId)
        .where('read_status', '=', 0);
      if (ids !== 'all') q = q.where('id', 'in', ids);
      const n = Number((await q.executeTakeFirst()).numUpdatedRows);
      await subtractUnread(trx, engineCode, memberId, n);
      return n;
    });
  }

  async todoMail(userId: string): Promise<{ enabled: boolean; email: string | null }> {
    const row = await this.db
      .selectFrom('users')
      .select(['todo_mail', 'email'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { enabled: Number(row.todo_mail) === 1, email: row.email };
  }

  async setTodoMail(userId: string, enabled: boolean): Promise<{ enabled: boolean; email: string | null }> {
    await this.db
      .updateTable('users')
      .set({ todo_mail: enabled ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
    return this.todoMail(userId);
  }
}
