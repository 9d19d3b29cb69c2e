import type { Kysely } from 'kysely';

/**
 * An SQLite "all or nothing" import moves its staged rows into the table in chunks, each its own
 * short transaction, so other requests run in between (issue 15). While it moves, the import's job
 * says what it has put where (`moving`: JSON of the table, the import's first record id and the
 * full-text indexes it took off their triggers, transfer/staged-move.ts); the transaction that ends
 * the move clears it. A process that takes the job over, or gives it up, and finds it set takes the
 * moved rows back out first. Null otherwise — and always on PostgreSQL, which loads in one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_jobs').addColumn('moving', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_jobs').dropColumn('moving').execute();
}
