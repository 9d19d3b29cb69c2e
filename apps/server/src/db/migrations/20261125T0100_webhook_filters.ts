import type { Kysely } from 'kysely';

/**
 * A webhook's filter (issue 17): the views' structured filter as JSON; only records matching it are
 * delivered. Null: every record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhooks').addColumn('filter', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhooks').dropColumn('filter').execute();
}
