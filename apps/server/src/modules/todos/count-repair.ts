import { ItemType } from '@canopy/contract';
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';

/** A member whose kept open count (todo_counts) was not the number of their open to-dos. */
export interface CountDrift {
  engineCode: string;
  memberId: string;
  kept: number;
  actual: number;
}

const OPEN = sql`state = 0 and item_type <> ${ItemType.Circulate}`;

/**
 * The kept open to-do counts (todo_counts, kept by triggers on work_items) against a real count of
 * the open items (issue 36). The triggers should never drift; if a count does anyway (a write
 * around them, a bug), the badge must not hide it behind its clamp at zero for ever: maintenance
 * finds each member whose count differs, sets it to the real count, and the caller logs what it
 * repaired. Each repair takes the member's count row first (PostgreSQL: FOR UPDATE, so an action
 * changing their items meanwhile waits and then applies its own +1/-1 on top; SQLite: one writer)
 * and counts in the same transaction, so a repair never itself introduces drift.
 */
export async function repairTodoCounts(db: Kysely<Database>): Promise<CountDrift[]> {
  const real = sql`(select engine_code, participant_member_id as member_id, count(*) as n
    from work_items where ${OPEN} group by engine_code, participant_member_id)`;
  const { rows } = await sql<{ engine_code: string; member_id: string }>`
    select k.engine_code, k.member_id from todo_counts k
      left join ${real} r on r.engine_code = k.engine_code and r.member_id = k.member_id
      where k.open_items <> coalesce(r.n, 0)
    union all
    select r.engine_code, r.member_id from ${real} r
      left join todo_counts k on k.engine_code = r.engine_code and k.member_id = r.member_id
      where k.member_id is null`.execute(db);
  const repaired: CountDrift[] = [];
  for (const row of rows) {
    const drift = await repairOne(db, row.engine_code, row.member_id);
    if (drift) repaired.push(drift);
  }
  return repaired;
}

async function repairOne(db: Kysely<Database>, engineCode: string, memberId: string): Promise<CountDrift | null> {
  const postgres = dialectOf(db as unknown as Kysely<unknown>) === 'postgres';
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('todo_counts')
      .values({ engine_code: engineCode, member_id: memberId, open_items: 0 })
      .onConflict((oc) => oc.columns(['engine_code', 'member_id']).doNothing())
      .execute();
    const keptRow = await trx
      .selectFrom('todo_counts')
      .select('open_items')
      .where('engine_code', '=', engineCode)
      .where('member_id', '=', memberId)
      .$if(postgres, (q) => q.forUpdate())
      .executeTakeFirstOrThrow();
    const counted = await trx
      .selectFrom('work_items')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('engine_code', '=', engineCode)
      .where('participant_member_id', '=', memberId)
      .where('state', '=', 0)
      .where('item_type', '<>', ItemType.Circulate)
      .executeTakeFirstOrThrow();
    const kept = Number(keptRow.open_items);
    const actual = Number(counted.n);
    if (kept === actual) return null;
    await trx
      .updateTable('todo_counts')
      .set({ open_items: actual })
      .where('engine_code', '=', engineCode)
      .where('member_id', '=', memberId)
      .execute();
    return { engineCode, memberId, kept, actual };
  });
}
