import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.js';

/**
 * Rows SQLite's ANALYZE reads per index (PRAGMA analysis_limit): an approximate sqlite_stat1 is all
 * the planner needs, and at a million rows the whole ANALYZE then takes milliseconds, not seconds.
 */
const SQLITE_ANALYSIS_LIMIT = 1_000;

/** Rows an import writes before its table's statistics are gathered again (`analyzeTable`). */
export const BIG_LOAD_ROWS = 10_000;

/**
 * Gathers the planner's statistics of one table (issue 37): after an index is built (PostgreSQL
 * has no statistics of a new expression index's `lower(col)` until then, and guessed 8,000 hits
 * where there were 280) and after a big import. SQLite without `sqlite_stat1` guesses every
 * equality alike and picked a team-wide index over the one that answers at once.
 */
export async function analyzeTable<DB>(handle: Kysely<DB>, table: string): Promise<void> {
  const db = handle as unknown as Kysely<unknown>;
  if (dialectOf(db) === 'postgres') {
    await sql`analyze ${sql.table(table)}`.execute(db);
    return;
  }
  await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db);
  await sql`analyze ${sql.table(table)}`.execute(db);
}

/**
 * The scheduled round (hourly, once per cluster): SQLite's `PRAGMA optimize` analyzes the tables
 * whose statistics are missing or out of date (0x10000: every table, not only those this
 * connection queried). PostgreSQL's autovacuum does the same on its own.
 */
export async function refreshStatistics<DB>(handle: Kysely<DB>): Promise<void> {
  const db = handle as unknown as Kysely<unknown>;
  if (dialectOf(db) === 'postgres') return;
  await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db);
  await sql.raw('pragma optimize = 0x10002').execute(db);
}
