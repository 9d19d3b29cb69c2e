import type { Kysely } from 'kysely';

/**
 * App package installs (issue 12): one row per install task. The app's rows and tables are written
 * in one transaction that also marks the task done, so a task still 'running' past its lease wrote
 * nothing; start-up (and a read of the task) marks it failed and removes its staged files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('install_tasks')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull())
    // The app the install creates (its code is chosen up front and answered at once, spec §7).
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull())
    // Spec §7 source: 3 an uploaded package; a template install reuses the task with its own.
    .addColumn('source', 'integer', (c) => c.notNull())
    // What is installed: an uploaded package's id, or a template's id.
    .addColumn('package_ref', 'varchar(200)', (c) => c.notNull())
    .addColumn('with_biz_data', 'smallint', (c) => c.notNull())
    // running | done | failed
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON { key, params } of a failure, '' otherwise.
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    // A running task whose lease passed belongs to a process that died.
    .addColumn('lease_until', 'bigint', (c) => c.notNull())
    // JSON { packageCode: installedCode } of a done install: the package's app, menu items, fields,
    // views and flows as they are called here (what an upgrade of the same app would match on).
    .addColumn('code_map', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('install_tasks_state_idx')
    .on('install_tasks')
    .columns(['state', 'lease_until'])
    .execute();
  await db.schema
    .createIndex('install_tasks_engine_idx')
    .on('install_tasks')
    .columns(['engine_code', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('install_tasks').ifExists().execute();
}
