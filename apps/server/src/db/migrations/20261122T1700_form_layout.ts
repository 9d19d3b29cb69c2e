import type { Kysely } from 'kysely';

/** Each data table's form design (sections, columns, per-field help, hidden and read-only). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('schemas')
    .addColumn('form_layout', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('schemas').dropColumn('form_layout').execute();
}
