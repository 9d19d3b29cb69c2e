import { type Kysely, sql } from 'kysely';

/**
 * Letters (notifications) as the product writes them: each has a kind, and the indexes every read
 * takes are one member's range, newest first, with the id as tie-break so paging never sorts: the
 * unread count and unread list (team, member, read state, time, id), all letters (team, member,
 * time, id), one kind (team, member, kind, time, id), and a letter by the event that wrote it.
 * letter_counts keeps each member's unread and total counts, changed in the transactions that
 * write or mark letters: the bell's poll reads one row instead of counting the member's letters.
 * Accounts get a switch for the new to-do mail; mail_queue holds mail written in a transaction
 * until it is sent (sent rows are deleted, so the sender only ever reads what is pending).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notices')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.dropIndex('notices_member_read_idx').execute();
  await db.schema
    .createIndex('notices_unread_idx')
    .on('notices')
    .columns(['engine_code', 'member_id', 'read_status', 'create_time', 'id'])
    .execute();
  await db.schema
    .createIndex('notices_member_time_idx')
    .on('notices')
    .columns(['engine_code', 'member_id', 'create_time', 'id'])
    .execute();
  await db.schema
    .createIndex('notices_member_kind_idx')
    .on('notices')
    .columns(['engine_code', 'member_id', 'kind', 'create_time', 'id'])
    .execute();
  await db.schema
    .createIndex('notices_event_idx')
    .on('notices')
    .columns(['engine_code', 'member_id', 'event_id'])
    .execute();
  await db.schema
    .createTable('letter_counts')
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull().references('engines.engine_code').onDelete('cascade'))
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull().references('members.member_id').onDelete('cascade'))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('letter_counts_pk', ['engine_code', 'member_id'])
    .execute();
  await sql`insert into letter_counts (engine_code, member_id, unread, total)
    select engine_code, member_id, sum(case when read_status = 0 then 1 else 0 end), count(*)
    from notices group by engine_code, member_id`.execute(db);
  await db.schema
    .alterTable('users')
    .addColumn('todo_mail', 'smallint', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('target', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attempts', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_queue').execute();
  await db.schema.dropTable('letter_counts').execute();
  await db.schema.alterTable('users').dropColumn('todo_mail').execute();
  for (const index of ['notices_event_idx', 'notices_member_kind_idx', 'notices_member_time_idx', 'notices_unread_idx'])
    await db.schema.dropIndex(index).execute();
  await db.schema
    .createIndex('notices_member_read_idx')
    .on('notices')
    .columns(['engine_code', 'member_id', 'read_status', 'create_time'])
    .execute();
  await db.schema.alterTable('notices').dropColumn('kind').execute();
}
