import type { Kysely } from 'kysely';

/**
 * Indexes the records' lists asked for (issue 15): a column a view or a user's filter sorts or
 * filters by, a view's composite order, a text column's full-text index (FTS5 trigram on SQLite,
 * pg_trgm GIN on PostgreSQL). Each is requested once, then built by the job `records.indexes`
 * outside any request; the row says how far it got.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('record_indexes')
    .addColumn('name', 'varchar(63)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('table_name', 'varchar(63)', (c) => c.notNull())
    // column | view | text
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // JSON: the column, or the view's equal columns and sorts.
    .addColumn('definition', 'text', (c) => c.notNull())
    // requested → building → ready | failed
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    // 0–100 while building (a full-text index fills in batches).
    .addColumn('progress', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(1000)')
    .addColumn('job_id', 'varchar(36)')
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('built_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('record_indexes_table_idx')
    .on('record_indexes')
    .columns(['table_name', 'kind', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('record_indexes').ifExists().execute();
}
