import type { Kysely } from 'kysely';

/**
 * Workflow operations beside the engine: node deadline timers (reminders and automatic actions,
 * persisted so they survive restarts and claimed with a conditional update so no two processes
 * run one), out-of-office delegations (one per member), and the indexes the per-flow analytics
 * aggregate over (instances and work items by table and state).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workflow_timers')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('instance_id', 'varchar(36)', (c) => c.notNull().references('workflow_instances.id').onDelete('cascade'))
    .addColumn('work_item_id', 'varchar(36)', (c) => c.notNull())
    // remind | act
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    // Pending 0, Done 1, Canceled 2 (its item closed first), Failed 3 (the action was refused)
    .addColumn('state', 'smallint', (c) => c.notNull())
    // what happened: the action taken, or the refusal's message key
    .addColumn('outcome', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // The runner: pending timers in due order.
  await db.schema.createIndex('workflow_timers_due_idx').on('workflow_timers').columns(['state', 'due_at']).execute();
  // Cancelling an instance's pending timers when its items close.
  await db.schema
    .createIndex('workflow_timers_instance_idx')
    .on('workflow_timers')
    .columns(['instance_id', 'state'])
    .execute();

  await db.schema
    .createTable('workflow_delegations')
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('delegate_member_id', 'varchar(36)', (c) => c.notNull())
    // [starts_at, ends_at): new work items in this period go to the delegate
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('workflow_delegations_pk', ['engine_code', 'member_id'])
    .execute();
  // "Who has named me their delegate".
  await db.schema
    .createIndex('workflow_delegations_delegate_idx')
    .on('workflow_delegations')
    .columns(['engine_code', 'delegate_member_id'])
    .execute();

  // Analytics per flow (one flow per table): instances by state and their durations, work items by
  // state and node (time per node and approver, where instances wait now).
  await db.schema
    .createIndex('workflow_instances_schema_state_idx')
    .on('workflow_instances')
    .columns(['schema_code', 'state', 'started_at', 'finished_at'])
    .execute();
  await db.schema
    .createIndex('work_items_schema_state_idx')
    .on('work_items')
    .columns(['schema_code', 'state', 'node_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('work_items_schema_state_idx').ifExists().execute();
  await db.schema.dropIndex('workflow_instances_schema_state_idx').ifExists().execute();
  await db.schema.dropTable('workflow_delegations').ifExists().execute();
  await db.schema.dropTable('workflow_timers').ifExists().execute();
}
