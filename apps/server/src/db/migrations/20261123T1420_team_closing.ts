import type { Kysely } from 'kysely';

/**
 * Deleting a team (DESIGN.md reading): the team closes at once (state CLOSED) and its data is purged
 * by the hourly maintenance once `purge_at` has passed, unless the owner restores it before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('engines').addColumn('closed_at', 'bigint').execute();
  await db.schema.alterTable('engines').addColumn('purge_at', 'bigint').execute();
  await db.schema.createIndex('engines_purge_at_idx').on('engines').column('purge_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('engines_purge_at_idx').ifExists().execute();
  await db.schema.alterTable('engines').dropColumn('purge_at').execute();
  await db.schema.alterTable('engines').dropColumn('closed_at').execute();
}
