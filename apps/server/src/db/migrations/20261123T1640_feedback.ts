import type { Kysely } from 'kysely';

/**
 * Feedback sent by members (issue 14): a category, the text, screenshot file ids (JSON), the page
 * and app it came from; the instance administrator's answer and status. Two lists read it: the
 * sender's own (team, member, newest first) and the administrator's (all, or by status, newest first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    // bug | suggestion | question | other
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    // JSON array of file ids (files of the same team, images the sender uploaded)
    .addColumn('screenshots', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('page_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('app_code', 'varchar(64)')
    // the app's name when sent: the feedback stays readable after the app is renamed or deleted
    .addColumn('app_name', 'varchar(200)')
    // open | inProgress | resolved | closed
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_sender_idx')
    .on('feedback')
    .columns(['engine_code', 'member_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('feedback_status_idx').on('feedback').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('feedback_created_idx').on('feedback').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback').ifExists().execute();
}
