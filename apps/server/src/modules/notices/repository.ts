import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export class NoticeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Served by the (engine, member, read_status, time) index; one member's unread rows only. */
  async countUnread(engineCode: string, memberId: string): Promise<number> {
    const row = await this.db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('engine_code', '=', engineCode)
      .where('member_id', '=', memberId)
      .where('read_status', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
