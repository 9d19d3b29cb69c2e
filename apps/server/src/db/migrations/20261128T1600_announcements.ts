import type { Kysely } from 'kysely';

/**
 * 产品动态 as data (issue 29): the instance administrator's announcements, shown on every
 * workbench of the instance from starts_at until ends_at (null: until deleted). None ship with the
 * product. The workbench reads the ones published now, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    // rich text, sanitized when saved (contract RichText allowlist)
    .addColumn('body', 'text', (c) => c.notNull())
    // '' for none; an http(s) address or a path of this site
    .addColumn('link', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint')
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('announcements_starts_idx').on('announcements').columns(['starts_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('announcements').ifExists().execute();
}
