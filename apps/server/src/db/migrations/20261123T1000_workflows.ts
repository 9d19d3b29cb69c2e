import { type Kysely, sql } from 'kysely';
import { autoIncrementId } from '../dialect.js';

/** Data tables that exist now (their physical tables get the flow status columns). */
async function dataTables(db: Kysely<unknown>): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`select table_name from schemas`.execute(db);
  return rows.rows.map((r) => r.table_name).filter((t) => /^d_[A-Za-z0-9_]+$/.test(t));
}

/**
 * Approval workflows: one flow per data table (its draft), immutable published versions, instances
 * (one per record), work items (one person's task at a step) and the per-instance log. Every data
 * table's physical table gets its record's flow status (wf_state, wf_node) so lists filter and sort
 * by it without a join.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workflows')
    .addColumn('code', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull().unique().references('schemas.code').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    // JSON WorkflowDefinition being designed
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('draft_updated_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('draft_updated_at', 'bigint', (c) => c.notNull())
    // 0 until published
    .addColumn('published_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('workflow_versions')
    .addColumn('workflow_code', 'varchar(36)', (c) => c.notNull().references('workflows.code').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    // JSON WorkflowDefinition, never changed once written
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('published_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('workflow_versions_pk', ['workflow_code', 'version'])
    .execute();
  await db.schema
    .createTable('workflow_instances')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull().references('schemas.code').onDelete('cascade'))
    .addColumn('workflow_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('workflow_version', 'integer', (c) => c.notNull())
    .addColumn('record_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('originator_member_id', 'varchar(36)', (c) => c.notNull())
    // spec §3 instance states
    .addColumn('state', 'smallint', (c) => c.notNull())
    // '' | approved | rejected
    .addColumn('result', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    // JSON: the interpreter's tokens, joins, node runs and passed nodes
    .addColumn('runtime', 'text', (c) => c.notNull())
    // JSON [{id, name}] of the nodes it waits at
    .addColumn('current_nodes', 'text', (c) => c.notNull())
    // optimistic lock: every action bumps it with a conditional update
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One instance per record.
  await db.schema
    .createIndex('workflow_instances_record_uq')
    .on('workflow_instances')
    .columns(['schema_code', 'record_id'])
    .unique()
    .execute();
  // "Started by me" lists; app deletion finds an app's running instances.
  await db.schema
    .createIndex('workflow_instances_originator_idx')
    .on('workflow_instances')
    .columns(['engine_code', 'originator_member_id', 'state', 'created_at'])
    .execute();
  await db.schema
    .createIndex('workflow_instances_app_idx')
    .on('workflow_instances')
    .columns(['engine_code', 'app_code', 'state'])
    .execute();
  await db.schema
    .createTable('work_items')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('instance_id', 'varchar(36)', (c) => c.notNull().references('workflow_instances.id').onDelete('cascade'))
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('schema_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(64)', (c) => c.notNull())
    // spec §3 item types: Fill 0, Approve 2, Circulate 3
    .addColumn('item_type', 'smallint', (c) => c.notNull())
    // Todo 0, Done 1, Canceled 2
    .addColumn('state', 'smallint', (c) => c.notNull())
    .addColumn('participant_member_id', 'varchar(36)', (c) => c.notNull())
    // whose seat this item fills when it came by transfer or an added signer (later: delegation)
    .addColumn('acting_for_member_id', 'varchar(36)')
    // the node activation it belongs to, and the participant seat within it
    .addColumn('run_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('seat', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('action', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    // conditional update on (state, version): an item is completed exactly once
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The to-do inbox: a participant's items by state, newest first, paged; counts per app and table.
  await db.schema
    .createIndex('work_items_inbox_idx')
    .on('work_items')
    .columns(['engine_code', 'participant_member_id', 'state', 'created_at'])
    .execute();
  await db.schema
    .createIndex('work_items_counts_idx')
    .on('work_items')
    .columns(['engine_code', 'participant_member_id', 'state', 'app_code', 'schema_code'])
    .execute();
  await db.schema.createIndex('work_items_instance_idx').on('work_items').columns(['instance_id', 'state']).execute();
  await db.schema
    .createTable('workflow_logs')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('instance_id', 'varchar(36)', (c) => c.notNull().references('workflow_instances.id').onDelete('cascade'))
    .addColumn('work_item_id', 'varchar(36)', (c) => c.notNull().defaultTo(''))
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    // '' for steps the engine took by itself
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('acting_for_member_id', 'varchar(36)')
    .addColumn('comment', 'text', (c) => c.notNull())
    // JSON [{field, from, to}]: the field changes made at this step
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workflow_logs_instance_idx')
    .on('workflow_logs')
    .columns(['instance_id', 'id'])
    .execute();

  for (const table of await dataTables(db)) await addFlowColumns(db, table);
}

/** The record's flow status on its own row: state (spec numbers) and current node names. */
async function addFlowColumns(db: Kysely<unknown>, table: string): Promise<void> {
  await db.schema.alterTable(table).addColumn('wf_state', 'smallint').execute();
  await db.schema.alterTable(table).addColumn('wf_node', 'varchar(500)').execute();
  await db.schema.createIndex(`${table}_wf_state_idx`).on(table).columns(['wf_state', 'created_at', 'id']).execute();
  await db.schema.createIndex(`${table}_wf_node_idx`).on(table).column('wf_node').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of await dataTables(db)) {
    await db.schema.dropIndex(`${table}_wf_state_idx`).ifExists().execute();
    await db.schema.dropIndex(`${table}_wf_node_idx`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn('wf_state').execute();
    await db.schema.alterTable(table).dropColumn('wf_node').execute();
  }
  await db.schema.dropTable('workflow_logs').ifExists().execute();
  await db.schema.dropTable('work_items').ifExists().execute();
  await db.schema.dropTable('workflow_instances').ifExists().execute();
  await db.schema.dropTable('workflow_versions').ifExists().execute();
  await db.schema.dropTable('workflows').ifExists().execute();
}
