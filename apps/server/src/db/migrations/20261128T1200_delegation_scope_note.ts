import type { Kysely } from 'kysely';

/**
 * An out-of-office delegation gets a note for the delegate and a scope (issue 29): the apps and the
 * flows whose new tasks go to the delegate, as JSON arrays of codes. Both empty: every flow (what
 * every delegation set before meant).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workflow_delegations')
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('workflow_delegations')
    .addColumn('app_codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('workflow_delegations')
    .addColumn('workflow_codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['workflow_codes', 'app_codes', 'note'])
    await db.schema.alterTable('workflow_delegations').dropColumn(column).execute();
}
