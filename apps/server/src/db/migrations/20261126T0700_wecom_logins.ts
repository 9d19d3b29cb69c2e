import type { Kysely } from 'kysely';

/**
 * WeCom's OAuth round trips (sign-in inside the WeCom client, or binding the signed-in account): a
 * started round lives ten minutes and is spent once by the callback, on whichever process it lands.
 * Bound WeCom identities live in user_identities (issuer `wecom:<corp id>`, subject the WeCom user id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wecom_logins')
    .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    // The account being bound (purpose bind): the callback must come back signed in as it.
    .addColumn('user_id', 'varchar(36)')
    .addColumn('redirect_to', 'varchar(2048)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wecom_logins_created_idx').on('wecom_logins').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wecom_logins').execute();
}
