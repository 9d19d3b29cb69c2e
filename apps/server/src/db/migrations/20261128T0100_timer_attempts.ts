import type { Kysely } from 'kysely';

/**
 * A deadline timer whose work broke for a reason other than the product refusing it (a transient
 * database error: a dropped connection, a deadlock, a restart) is tried again on a later round, a
 * few times, before it is marked failed (issue 36). `attempts` counts the rounds that broke.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workflow_timers')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workflow_timers').dropColumn('attempts').execute();
}
