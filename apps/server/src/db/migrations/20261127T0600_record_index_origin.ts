import type { Kysely } from 'kysely';

/**
 * Who asked for a records' index (records/indexes.ts): `view` — a saved view, at its save (as many as
 * the table's saved views need); `list` — a list request (its own sorts, filter or search), at most
 * `ON_DEMAND_PER_TABLE` a table, so a client sending ever new sorts cannot make the server build
 * indexes without end. Rows from before are marked `view`: which of them a list asked for is not
 * known, and they are built already; the cap counts what lists ask for from now on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('record_indexes')
    .addColumn('origin', 'varchar(8)', (c) => c.notNull().defaultTo('view'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('record_indexes').dropColumn('origin').execute();
}
