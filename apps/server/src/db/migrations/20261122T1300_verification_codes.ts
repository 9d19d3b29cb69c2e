import type { Kysely } from 'kysely';
import { autoIncrementId } from '../dialect.js';

/** One-time verification codes sent by SMS or email, stored hashed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('code_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('salt', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Latest code of a target and type; daily caps per target and per address.
  await db.schema
    .createIndex('verification_codes_target_idx')
    .on('verification_codes')
    .columns(['target', 'code_type', 'created_at'])
    .execute();
  await db.schema
    .createIndex('verification_codes_ip_idx')
    .on('verification_codes')
    .columns(['ip', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('verification_codes').ifExists().execute();
}
