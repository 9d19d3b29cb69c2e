import type { Kysely } from 'kysely';

/**
 * Export jobs (issue 16): a view's sheet or a whole team's zip, written by a queued job into the
 * file store, then downloaded by its member through a random token until it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // table | team
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull())
    // xlsx | csv | zip
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    // where the finished file is in the file store ('' until it is there)
    .addColumn('file_key', 'varchar(500)', (c) => c.notNull())
    // running | done | failed
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('export_jobs_expires_idx').on('export_jobs').column('expires_at').execute();
  await db.schema
    .createIndex('export_jobs_engine_user_idx')
    .on('export_jobs')
    .columns(['engine_code', 'user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_jobs').ifExists().execute();
}
