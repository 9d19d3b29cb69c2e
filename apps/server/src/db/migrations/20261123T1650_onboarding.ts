import type { Kysely } from 'kysely';

/**
 * The new-user guide's progress per user (spec §4 Guide, §7 onboarding calls) and the single-use
 * "open in browser" codes (spec §7 authorizationCode), kept only as hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_onboarding')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('action', 'varchar(16)')
    .addColumn('steps', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    // When the guide was last restarted: only what the user does from then on counts.
    .addColumn('started_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('authorization_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('redirect', 'varchar(512)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  // Spent and expired codes are swept by expiry.
  await db.schema
    .createIndex('authorization_codes_expiry_idx')
    .on('authorization_codes')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('authorization_codes').ifExists().execute();
  await db.schema.dropTable('user_onboarding').ifExists().execute();
}
