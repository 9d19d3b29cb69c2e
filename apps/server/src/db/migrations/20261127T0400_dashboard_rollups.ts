import type { Kysely } from 'kysely';

/**
 * Dashboards' kept roll-ups (issue 13): per data table, a table of per-group parts (record count,
 * sums and non-empty counts of number columns) keyed by the stored values of low-cardinality columns
 * and the team's local day of date-times, kept by triggers on the data table in every write's own
 * transaction. One row per roll-up that is ready to read; the roll-up's table, triggers and
 * (PostgreSQL) trigger function are named from `name`.
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
    .execute();
  await db.schema.createIndex('dashboard_rollups_table_idx').on('dashboard_rollups').column('table_name').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dashboard_rollups').ifExists().execute();
}
