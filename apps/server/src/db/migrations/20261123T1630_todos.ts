import { type Kysely, type SqlBool, sql } from 'kysely';

/**
 * The to-do lists' indexes (issue 11). The inbox index of 20261123T1000 mixes copies (item type 3)
 * into a member's open items, so counting or paging "待我处理" through it reads every row to drop
 * them. These partial indexes keep copies apart: each list, count and summary reads one member's
 * range of one index, in the order it answers (receive or finish time) or grouped (app, table),
 * without touching the table's rows for counts and summaries. Queries repeat the predicate
 * literally (`item_type <> 3`), which both databases need to pick a partial index. `item_type` is
 * also the last column of the to-do indexes: SQLite treats a column of the predicate as available
 * from the index only for `=` predicates, so without it a count would visit every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const notCopy = sql<SqlBool>`item_type <> 3`;
  await db.schema
    .createIndex('work_items_todo_idx')
    .on('work_items')
    .columns(['engine_code', 'participant_member_id', 'state', 'created_at', 'item_type'])
    .where(notCopy)
    .execute();
  await db.schema
    .createIndex('work_items_todo_groups_idx')
    .on('work_items')
    .columns(['engine_code', 'participant_member_id', 'state', 'app_code', 'schema_code', 'item_type'])
    .where(notCopy)
    .execute();
  await db.schema
    .createIndex('work_items_done_idx')
    .on('work_items')
    .columns(['engine_code', 'participant_member_id', 'state', 'finished_at'])
    .where(notCopy)
    .execute();
  await db.schema
    .createIndex('work_items_copies_idx')
    .on('work_items')
    .columns(['engine_code', 'participant_member_id', 'created_at', 'app_code', 'schema_code'])
    .where(sql<SqlBool>`item_type = 3`)
    .execute();
  await db.schema
    .createIndex('workflow_instances_originator_groups_idx')
    .on('workflow_instances')
    .columns(['engine_code', 'originator_member_id', 'state', 'app_code', 'schema_code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'workflow_instances_originator_groups_idx',
    'work_items_copies_idx',
    'work_items_done_idx',
    'work_items_todo_groups_idx',
    'work_items_todo_idx',
  ])
    await db.schema.dropIndex(name).ifExists().execute();
}
