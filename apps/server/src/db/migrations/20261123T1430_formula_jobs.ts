import type { Kysely } from 'kysely';

/**
 * Formula recomputation jobs: after a formula field is added or its expression changes, every
 * existing record gets the value computed, batch by batch. The job keeps its place (the last id
 * done), so a restart resumes it; a lease says which process is working on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('formula_jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull().references('schemas.code').onDelete('cascade'))
    // the formula field whose change started it (the job recomputes every formula of the table)
    .addColumn('field_code', 'varchar(36)', (c) => c.notNull())
    // running | done | failed | replaced (a newer job of the same table took over)
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull())
    // keyset position: records are walked in id order
    .addColumn('after_id', 'varchar(36)', (c) => c.notNull().defaultTo(''))
    // epoch ms until which a process holds the job; 0 when nobody does
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('formula_jobs_state_idx').on('formula_jobs').columns(['state', 'lease_until']).execute();
  await db.schema
    .createIndex('formula_jobs_schema_idx')
    .on('formula_jobs')
    .columns(['schema_code', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('formula_jobs').ifExists().execute();
}
