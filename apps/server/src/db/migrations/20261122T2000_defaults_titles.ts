import type { Kysely } from 'kysely';

/** Field default values and each table's record title format. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // JSON of the default, '' for none.
  await db.schema
    .alterTable('fields')
    .addColumn('default_value', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // e.g. '{合同名称}（{合同编号}）'; '' means the title field, else the record id.
  await db.schema
    .alterTable('schemas')
    .addColumn('title_format', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('schemas').dropColumn('title_format').execute();
  await db.schema.alterTable('fields').dropColumn('default_value').execute();
}
