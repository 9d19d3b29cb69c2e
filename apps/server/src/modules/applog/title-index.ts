import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';

/** Rows indexed per transaction: one FTS5 segment each, a waiting write waits for one slice. */
const SLICE = 2_000;

/**
 * SQLite: indexes the application log's titles past `applog_state.fts_indexed_to` into the FTS5
 * trigram table, a slice per transaction (migration 20261127T0700: no trigger writes a segment per
 * entry any more). Run by the `applog.expand` schedule after staged batches are moved; a search
 * reads the rows past `fts_indexed_to` directly, so it never waits for this. PostgreSQL: nothing to do
 * (its GIN index is kept by the insert). Answers how many rows it passed.
 */
export async function indexLogTitles(db: Kysely<Database>): Promise<number> {
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') return 0;
  let passed = 0;
  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      const from = (await sql<{ at: number }>`select fts_indexed_to as at from applog_state where id = 1`.execute(trx))
        .rows[0]?.at;
      if (from === undefined) return 0;
      const upto = (
        await sql<{ upto: number | null; n: number }>`select max(id) as upto, count(*) as n from
          (select id from audit_log where id > ${from} order by id limit ${SLICE})`.execute(trx)
      ).rows[0];
      if (!upto?.upto) return 0;
      await sql`insert into audit_log_fts(rowid, record_title) select id, record_title from audit_log
        where id > ${from} and id <= ${upto.upto} and record_title <> ''`.execute(trx);
      await sql`update applog_state set fts_indexed_to = ${upto.upto} where id = 1`.execute(trx);
      return Number(upto.n);
    });
    passed += step;
    if (step < SLICE) return passed;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
