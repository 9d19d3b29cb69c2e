import type { Kysely } from 'kysely';

/**
 * Automations of an app (issue 28): the draft and its published versions, runs (one per trigger
 * event, unique by the event's idempotency key) and each run's steps (input, output, duration,
 * error). Runs are executed by the job queue; a step's database effect commits with its row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('automations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull().references('engines.engine_code').onDelete('cascade'))
    .addColumn('app_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // The published version runs use (0: never published) and what a write looks up by: its
    // trigger's kind and table, copied from that version.
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('trigger_kind', 'varchar(16)')
    .addColumn('schema_code', 'varchar(64)')
    .addColumn('next_fire_at', 'bigint')
    .addColumn('webhook_secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('published_by', 'varchar(36)')
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('automations_app_idx').on('automations').columns(['engine_code', 'app_code']).execute();
  await db.schema
    .createIndex('automations_trigger_idx')
    .on('automations')
    .columns(['engine_code', 'schema_code', 'trigger_kind'])
    .execute();
  await db.schema
    .createIndex('automations_due_idx')
    .on('automations')
    .columns(['trigger_kind', 'next_fire_at'])
    .execute();
  await db.schema
    .createTable('automation_versions')
    .addColumn('automation_id', 'varchar(36)', (c) => c.notNull().references('automations.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('published_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('automation_versions_pk', ['automation_id', 'version'])
    .execute();
  await db.schema
    .createTable('automation_runs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull().references('engines.engine_code').onDelete('cascade'))
    .addColumn('automation_id', 'varchar(36)', (c) => c.notNull().references('automations.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('event_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('actor_member_id', 'varchar(36)')
    // A message key with its params (JSON) for the guard's and quotas' stops, or a step's error text.
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('automation_runs_event_uq', ['automation_id', 'event_key'])
    .execute();
  await db.schema
    .createIndex('automation_runs_list_idx')
    .on('automation_runs')
    .columns(['automation_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('automation_runs_team_idx')
    .on('automation_runs')
    .columns(['engine_code', 'created_at'])
    .execute();
  await db.schema
    .createIndex('automation_runs_status_idx')
    .on('automation_runs')
    .columns(['engine_code', 'status'])
    .execute();
  await db.schema
    .createTable('automation_steps')
    .addColumn('run_id', 'varchar(36)', (c) => c.notNull().references('automation_runs.id').onDelete('cascade'))
    .addColumn('path', 'varchar(300)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('step_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('input', 'text')
    .addColumn('output', 'text')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('automation_steps_pk', ['run_id', 'path'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('automation_steps').ifExists().execute();
  await db.schema.dropTable('automation_runs').ifExists().execute();
  await db.schema.dropTable('automation_versions').ifExists().execute();
  await db.schema.dropTable('automations').ifExists().execute();
}
