import type { Kysely } from 'kysely';

/**
 * WeChat binding (spec §7 account calls): the official-account user an account is bound to, and the
 * one-time scenes a binding QR code carries until someone scans it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('wechat_open_id', 'varchar(128)').execute();
  await db.schema.alterTable('users').addColumn('wechat_open_name', 'varchar(64)').execute();
  // One WeChat user binds one account at most.
  await db.schema.createIndex('users_wechat_open_id_idx').on('users').column('wechat_open_id').unique().execute();
  await db.schema
    .createTable('wechat_bind_scenes')
    .addColumn('scene', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('wechat_bind_scenes_expiry_idx').on('wechat_bind_scenes').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wechat_bind_scenes').ifExists().execute();
  await db.schema.dropIndex('users_wechat_open_id_idx').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('wechat_open_name').execute();
  await db.schema.alterTable('users').dropColumn('wechat_open_id').execute();
}
