import type { Kysely } from 'kysely';

/**
 * Comments on records and who follows a record (issue 31). A comment is soft-deleted (deleted_at):
 * its letters already sent may link to it, and the thread says nothing of it any more. A follower
 * row with following = 0 is an explicit unfollow, so the record's creator is not made to follow
 * again by the next comment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('record_comments')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull().references('engines.engine_code').onDelete('cascade'))
    .addColumn('app_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('schema_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('author_member_id', 'varchar(36)', (c) => c.notNull())
    // plain text with line breaks; rendered (escaped, links, line breaks) and sanitized when read
    .addColumn('body', 'text', (c) => c.notNull())
    // JSON array of the member ids the comment mentions
    .addColumn('mentions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('edited_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .execute();
  // A record's thread in order, and a page's counts grouped by record.
  await db.schema
    .createIndex('record_comments_thread_idx')
    .on('record_comments')
    .columns(['engine_code', 'schema_code', 'record_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('record_followers')
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull().references('engines.engine_code').onDelete('cascade'))
    .addColumn('schema_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('following', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_followers_pk', ['engine_code', 'schema_code', 'record_id', 'member_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('record_followers').ifExists().execute();
  await db.schema.dropTable('record_comments').ifExists().execute();
}
