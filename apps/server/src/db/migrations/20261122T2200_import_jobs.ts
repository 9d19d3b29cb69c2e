import type { Kysely } from 'kysely';

/** Import jobs (an uploaded sheet, its mapping, progress) and the rows they refused. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull().references('schemas.code').onDelete('cascade'))
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    // where the uploaded sheet is kept under DATA_DIR, and whether it is xlsx or csv
    .addColumn('file_path', 'varchar(500)', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    // uploaded | running | done | failed
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    // atomic | skip
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('preview', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_jobs_state_idx').on('import_jobs').column('state').execute();
  await db.schema
    .createTable('import_errors')
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('field', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_errors_job_idx').on('import_errors').columns(['job_id', 'row_number']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_errors').ifExists().execute();
  await db.schema.dropTable('import_jobs').ifExists().execute();
}
