import type { Kysely } from 'kysely';

/**
 * The app's custom menu (spec §6): editors hide items from members and add links, so a function
 * node carries whether it is hidden and, for links, the address it opens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('function_nodes')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('function_nodes')
    .addColumn('url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('function_nodes').dropColumn('url').execute();
  await db.schema.alterTable('function_nodes').dropColumn('hidden').execute();
}
