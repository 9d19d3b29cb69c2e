import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Each member's unread and total letter counts (letter_counts), changed in the transaction that
 * writes or marks their letters, so the bell's count is one primary-key read however many letters
 * a member has. Additions are upserts in member order (concurrent writers lock rows in the same
 * order); marks subtract exactly the rows they changed, so concurrent writes and marks add up.
 */
export async function addLetters(
  trx: Kysely<Database>,
  perMember: Map<string, { engineCode: string; n: number }>,
): Promise<void> {
  const rows = [...perMember]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([memberId, { engineCode, n }]) => ({ engine_code: engineCode, member_id: memberId, unread: n, total: n }));
  if (!rows.length) return;
  await trx
    .insertInto('letter_counts')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['engine_code', 'member_id']).doUpdateSet({
        unread: sql`letter_counts.unread + excluded.unread`,
        total: sql`letter_counts.total + excluded.total`,
      }),
    )
    .execute();
}

export async function subtractUnread(
  trx: Kysely<Database>,
  engineCode: string,
  memberId: string,
  n: number,
): Promise<void> {
  if (n <= 0) return;
  await trx
    .updateTable('letter_counts')
    .set({ unread: sql`case when unread > ${n} then unread - ${n} else 0 end` })
    .where('engine_code', '=', engineCode)
    .where('member_id', '=', memberId)
    .execute();
}

export async function countsOf(db: Kysely<Database>, engineCode: string, memberId: string) {
  const row = await db
    .selectFrom('letter_counts')
    .select(['unread', 'total'])
    .where('engine_code', '=', engineCode)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return { unread: Number(row?.unread ?? 0), total: Number(row?.total ?? 0) };
}

/** Counts worked out again from the letters (tests and benches that load letters in bulk). */
export async function recountLetters(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('letter_counts').execute();
  await sql`insert into letter_counts (engine_code, member_id, unread, total)
    select engine_code, member_id, sum(case when read_status = 0 then 1 else 0 end), count(*)
    from notices group by engine_code, member_id`.execute(db);
}
