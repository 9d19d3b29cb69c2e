import type { Kysely } from 'kysely';

/**
 * Print templates: per data table, a named layout (page, header, footer, blocks as JSON), going with
 * the table (and its app and team) by cascade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('print_templates')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull().references('schemas.code').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    // JSON: { page, header, footer, blocks } (contract SavePrintTemplateBody without the name).
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('print_templates_table_idx')
    .on('print_templates')
    .columns(['engine_code', 'schema_code', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('print_templates').ifExists().execute();
}
