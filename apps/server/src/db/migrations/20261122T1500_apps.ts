import type { Kysely } from 'kysely';
import { autoIncrementId } from '../dialect.js';

/** Apps, their roles and menus, members' home order, the audit log and the outbox of domain events. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('apps')
    .addColumn('code', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull().references('engines.engine_code').onDelete('cascade'))
    .addColumn('display_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('color', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('icon', 'varchar(32)', (c) => c.notNull())
    .addColumn('display_mode', 'varchar(16)', (c) => c.notNull().defaultTo('list'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // ACTIVE | DELETED (in the recycle bin)
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('apps_engine_state_idx').on('apps').columns(['engine_code', 'state']).execute();

  await db.schema
    .createTable('app_members')
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull().references('apps.code').onDelete('cascade'))
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull().references('members.member_id').onDelete('cascade'))
    // owner | manager | member
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_members_pk', ['app_code', 'member_id'])
    .execute();
  await db.schema.createIndex('app_members_member_idx').on('app_members').column('member_id').execute();

  await db.schema
    .createTable('app_preferences')
    .addColumn('member_id', 'varchar(36)', (c) => c.primaryKey().references('members.member_id').onDelete('cascade'))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('app_sorts', 'text', (c) => c.notNull())
    .addColumn('collected_apps', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('function_nodes')
    .addColumn('code', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('app_code', 'varchar(36)', (c) => c.notNull().references('apps.code').onDelete('cascade'))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('parent_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('tag', 'varchar(16)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort_key', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('function_nodes_app_idx')
    .on('function_nodes')
    .columns(['app_code', 'parent_code', 'sort_key'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('actor_member_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_engine_idx').on('audit_log').columns(['engine_code', 'created_at']).execute();

  await db.schema
    .createTable('outbox_events')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('processed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('outbox_events_pending_idx')
    .on('outbox_events')
    .columns(['processed_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['outbox_events', 'audit_log', 'function_nodes', 'app_preferences', 'app_members', 'apps']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
