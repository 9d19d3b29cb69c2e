import type { Kysely, Selectable } from 'kysely';
import type { Database, FeedbackTable, FilesTable } from '../../db/schema.js';

/** A feedback row with who sent it from which team, as both lists show it. */
export type FeedbackRow = Selectable<FeedbackTable> & { sender_name: string; corp_name: string };

export interface FeedbackFilter {
  /** The sender's own list: one member of one team. */
  sender?: { engineCode: string; memberId: string };
  status?: string;
  before?: { time: number; id: string };
  limit: number;
}

export class FeedbackRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: FeedbackTable): Promise<void> {
    await this.db.insertInto('feedback').values(row).execute();
  }

  /**
   * Newest first by keyset (created_at, id): served by the sender index, the status index or the
   * created index; never counts. Sender and team names come from one join per page.
   */
  list(filter: FeedbackFilter): Promise<FeedbackRow[]> {
    let q = this.withSender();
    if (filter.sender) {
      q = q
        .where('feedback.engine_code', '=', filter.sender.engineCode)
        .where('feedback.member_id', '=', filter.sender.memberId);
    }
    if (filter.status) q = q.where('feedback.status', '=', filter.status);
    const before = filter.before;
    if (before) {
      q = q.where((eb) =>
        eb.or([
          eb('feedback.created_at', '<', before.time),
          eb.and([eb('feedback.created_at', '=', before.time), eb('feedback.id', '<', before.id)]),
        ]),
      );
    }
    return q.orderBy('feedback.created_at', 'desc').orderBy('feedback.id', 'desc').limit(filter.limit).execute();
  }

  byId(id: string): Promise<FeedbackRow | undefined> {
    return this.withSender().where('feedback.id', '=', id).executeTakeFirst();
  }

  private withSender() {
    return this.db
      .selectFrom('feedback')
      .innerJoin('users', 'users.id', 'feedback.user_id')
      .innerJoin('engines', 'engines.engine_code', 'feedback.engine_code')
      .selectAll('feedback')
      .select(['users.user_name as sender_name', 'engines.corp_name as corp_name']);
  }

  /** Moves the status only from the one read (a change in between makes this a no-op: 0 rows). */
  async answer(
    id: string,
    fromStatus: string,
    change: Pick<FeedbackTable, 'status' | 'updated_at'> & Partial<Pick<FeedbackTable, 'answer' | 'answered_at'>>,
    trx: Kysely<Database> = this.db,
  ): Promise<boolean> {
    const res = await trx
      .updateTable('feedback')
      .set(change)
      .where('id', '=', id)
      .where('status', '=', fromStatus)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** How many the member sent since `since`, counting no further than `cap` (served by the sender index). */
  async sentSince(engineCode: string, memberId: string, since: number, cap: number): Promise<number> {
    const rows = await this.db
      .selectFrom('feedback')
      .select('id')
      .where('engine_code', '=', engineCode)
      .where('member_id', '=', memberId)
      .where('created_at', '>', since)
      .limit(cap)
      .execute();
    return rows.length;
  }

  /** The files of a page of feedback, in one query. */
  files(ids: string[]): Promise<FilesTable[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('files').selectAll().where('id', 'in', ids).execute();
  }

  appName(engineCode: string, appCode: string): Promise<{ display_name: string } | undefined> {
    return this.db
      .selectFrom('apps')
      .select('display_name')
      .where('engine_code', '=', engineCode)
      .where('code', '=', appCode)
      .executeTakeFirst();
  }
}
