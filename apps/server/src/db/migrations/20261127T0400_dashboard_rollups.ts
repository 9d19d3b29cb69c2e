import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Dashboards' kept roll-ups (issue 13): per data table, a table of per-group parts (record count,
 * sums and non-empty counts of number columns) keyed by the stored values of low-cardinality columns
 * and the team's local day of date-times, kept by triggers on the data table in every write's own
 * transaction. One row per roll-up that is ready to read; the roll-up's table, triggers and
 * (PostgreSQL) trigger function are named from `name`. Each dashboard lists the roll-ups its widgets
 * read (`dashboards.rollups`), so those no dashboard lists any more can be dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_rollups')
    .addColumn('name', 'varchar(63)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('table_name', 'varchar(63)', (c) => c.notNull())
    // JSON RollupSpec (modules/dashboards/rollup.ts): its keys, its measured columns, its zone.
    .addColumn('spec', 'text', (c) => c.notNull())
    .addColumn('built_at', 'bigint', (c) => c.notNull())
    // Its rows when built or last compacted: the tidy job compacts it once it has grown by a tenth.
    .addColumn('kept_rows', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('dashboard_rollups_table_idx').on('dashboard_rollups').column('table_name').execute();
  await db.schema.createIndex('dashboard_rollups_engine_idx').on('dashboard_rollups').column('engine_code').execute();
  // JSON array of the roll-up names the dashboard's widgets read (written by its index job); null: none yet.
  await db.schema.alterTable('dashboards').addColumn('rollups', 'text').execute();
}

/** Drops every roll-up's table, triggers and trigger function too: nothing would keep or drop them after. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const rows = (await sql<{ name: string }>`select name from dashboard_rollups`.execute(db)).rows;
  for (const { name } of rows) {
    // PostgreSQL: the trigger goes with its function; SQLite: its three triggers by name.
    if (pg) await sql`drop function if exists ${sql.id(`${name}_f`)}() cascade`.execute(db);
    else for (const t of ['i', 'd', 'u']) await sql`drop trigger if exists ${sql.id(`${name}_${t}`)}`.execute(db);
    await sql`drop table if exists ${sql.table(name)}`.execute(db);
  }
  await db.schema.alterTable('dashboards').dropColumn('rollups').execute();
  await db.schema.dropTable('dashboard_rollups').ifExists().execute();
}
