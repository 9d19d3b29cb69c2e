import type { Kysely } from 'kysely';

/**
 * Dashboards' approval figures (issue 29: approvers, time at a node) group a table's completed
 * approvals by approver, node or day and measure how long each waited: this index holds every
 * column they read, in the order they narrow by, so the figures read it alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('work_items_approvals_idx')
    .on('work_items')
    .columns([
      'schema_code',
      'state',
      'item_type',
      'engine_code',
      'instance_id',
      'participant_member_id',
      'node_name',
      'created_at',
      'finished_at',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('work_items_approvals_idx').ifExists().execute();
}
