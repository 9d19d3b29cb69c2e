import type { Kysely } from 'kysely';

/** Deleted data tables stay restorable: their menu node is marked deleted instead of removed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('function_nodes').addColumn('deleted_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('function_nodes').dropColumn('deleted_at').execute();
}
