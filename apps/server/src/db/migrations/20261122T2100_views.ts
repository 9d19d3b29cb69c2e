import type { Kysely } from 'kysely';

/** Saved views of a data table: kind, columns, filters, sorts, grouping; public or personal. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('views')
    .addColumn('code', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull().references('schemas.code').onDelete('cascade'))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    // grid | kanban | calendar | gallery
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // '' for a public view, else the member it belongs to
    .addColumn('owner_member_id', 'varchar(36)', (c) => c.notNull().defaultTo(''))
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('sort_key', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('views_schema_idx').on('views').columns(['schema_code', 'sort_key']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('views').ifExists().execute();
}
