import type { Kysely } from 'kysely';
import { autoIncrementId } from '../dialect.js';

/** Accounts, sessions, login throttling, teams and members, features, notifications. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(32)', (c) => c.unique())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('avatar_url', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('personal_signature', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLE'))
    .addColumn('entry_type', 'varchar(32)', (c) => c.notNull().defaultTo('WEB'))
    .addColumn('active_engine_code', 'varchar(36)')
    .addColumn('language', 'varchar(8)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failure_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();

  await db.schema
    .createTable('engines')
    .addColumn('engine_code', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('corp_id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('corp_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('entry_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('engine_shard', 'varchar(32)', (c) => c.notNull().defaultTo('default'))
    .addColumn('owner_user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('members')
    .addColumn('member_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull().references('engines.engine_code').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('members_engine_user_uq', ['engine_code', 'user_id'])
    .execute();
  await db.schema.createIndex('members_user_idx').on('members').column('user_id').execute();

  await db.schema
    .createTable('engine_features')
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull().references('engines.engine_code').onDelete('cascade'))
    .addColumn('feature_code', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('engine_features_pk', ['engine_code', 'feature_code'])
    .execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull().references('engines.engine_code').onDelete('cascade'))
    .addColumn('member_id', 'varchar(36)', (c) => c.notNull().references('members.member_id').onDelete('cascade'))
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('read_status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('extra_info', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('event_id', 'varchar(64)')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  // The unread count and the popup list both read (team, member, read state) newest first.
  await db.schema
    .createIndex('notices_member_read_idx')
    .on('notices')
    .columns(['engine_code', 'member_id', 'read_status', 'create_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notices', 'engine_features', 'members', 'engines', 'login_throttle', 'sessions', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
