import type { Kysely } from 'kysely';
import { autoIncrementId } from '../dialect.js';

/**
 * A batch's application-log entries as one staged row (issue 14): a write of many records stores
 * its entries here in its own transaction (one row, however many records), and `applog.expand`
 * (or the next read of the log) moves them into `audit_log` — so the log's per-entry rows and
 * their indexes are never written inside a records write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_pending')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('engine_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // JSON: the values the batch's entries share, then per entry the columns that differ.
    .addColumn('entries', 'text', (c) => c.notNull())
    // How many of them are in audit_log already (moved a slice per transaction).
    .addColumn('moved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('audit_pending_engine_idx').on('audit_pending').columns(['engine_code', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_pending').execute();
}
