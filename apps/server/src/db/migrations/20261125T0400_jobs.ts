import type { Kysely } from 'kysely';

/**
 * The job queue shared by every server process (issue 16): `jobs` are units of work taken with a
 * lease (imports), `job_schedules` are periodic tasks each run once per cluster per period
 * (maintenance, workflow deadlines, webhook and mail drains).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending → running → done | failed; a running job whose lease ran out is taken again.
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'run_at']).execute();
  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('every_ms', 'bigint', (c) => c.notNull())
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    .addColumn('last_run_at', 'bigint')
    .addColumn('last_runner', 'varchar(64)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_schedules').ifExists().execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}
