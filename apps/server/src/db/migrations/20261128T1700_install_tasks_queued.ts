import { type Kysely, sql } from 'kysely';

/**
 * Package installs run on the job queue (issue 36): the queue's `packages.install` job holds the
 * lease of a task, so the task's own `lease_until` (and the index the minute's sweep read it by)
 * goes. A task still running here has no job to finish or give it up: its process is gone (this
 * runs at start-up), so it is failed as interrupted — its install's one transaction never committed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update install_tasks set state = 'failed', message = ${JSON.stringify({ key: 'package.interrupted' })}
    where state = 'running'`.execute(db);
  await db.schema.dropIndex('install_tasks_state_idx').execute();
  await db.schema.alterTable('install_tasks').dropColumn('lease_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('install_tasks')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('install_tasks_state_idx')
    .on('install_tasks')
    .columns(['state', 'lease_until'])
    .execute();
}
