import type { Kysely } from 'kysely';

/**
 * Date-relative automations (issue 28): one planned time per automation and record, with the job
 * that fires it. Looked up by automation and record (the key) when a record is written, and by
 * table and record when records are deleted (the index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('automation_date_plans')
    .addColumn('automation_id', 'varchar(36)', (c) => c.notNull().references('automations.id').onDelete('cascade'))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('schema_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('fire_at', 'bigint', (c) => c.notNull())
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
    .addPrimaryKeyConstraint('automation_date_plans_pk', ['automation_id', 'record_id'])
    .execute();
  await db.schema
    .createIndex('automation_date_plans_record_idx')
    .on('automation_date_plans')
    .columns(['engine_code', 'schema_code', 'record_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('automation_date_plans').execute();
}
