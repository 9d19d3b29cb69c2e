import type { Kysely } from 'kysely';

/**
 * Data sources of an app (issue 14) and its sync tables: a sync table is a data table (tag
 * SyncSchema) whose rows a job copies from a source; each sync leaves a log row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_sources')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    // postgres | mysql | http (contract DataSourceKind).
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('host', 'varchar(255)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('database_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    // The password or token, AES-256-GCM with DATASOURCE_KEY ('v1:' iv.tag.ciphertext, base64); '' for none.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_sources_app_idx').on('data_sources').columns(['engine_code', 'app_code']).execute();

  await db.schema
    .createTable('sync_tables')
    .addColumn('schema_code', 'varchar(36)', (c) =>
      c.primaryKey().references('function_nodes.code').onDelete('cascade'),
    )
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(36)', (c) => c.notNull().references('data_sources.id'))
    // JSON: { table } | { query } | { path } (contract SyncSource).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('key_column', 'varchar(200)', (c) => c.notNull())
    // JSON array: { name, fieldCode, fieldType } per copied column.
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('schedule', 'varchar(16)', (c) => c.notNull())
    // When the schedule next syncs it; null when off.
    .addColumn('next_run_at', 'bigint')
    // The member who made it: the synced records' creator and modifier.
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sync_tables_due_idx').on('sync_tables').column('next_run_at').execute();
  await db.schema.createIndex('sync_tables_source_idx').on('sync_tables').column('source_id').execute();

  await db.schema
    .createTable('sync_logs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull().references('function_nodes.code').onDelete('cascade'))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    // running | succeeded | failed
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    // manual | schedule | create
    .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inserted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('error_detail', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sync_logs_schema_idx').on('sync_logs').columns(['schema_code', 'started_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sync_logs').ifExists().execute();
  await db.schema.dropTable('sync_tables').ifExists().execute();
  await db.schema.dropTable('data_sources').ifExists().execute();
}
