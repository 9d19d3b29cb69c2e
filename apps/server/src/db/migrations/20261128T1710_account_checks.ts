import type { Kysely } from 'kysely';

/**
 * Account look-ups answer only within a started sign-up (issue 30): the registration page's
 * challenge, one row per challenge (its token only as a hash), good for a few look-ups from the
 * address that asked, for a few minutes. Hourly maintenance removes expired rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_checks')
    // sha256 (hex) of the cookie's token.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('lookups', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_checks_expiry_idx').on('account_checks').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_checks').ifExists().execute();
}
