import { type Kysely, sql } from 'kysely';
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
    // Failed moves, and the last one's reason: a row that keeps failing is set aside, not retried forever.
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_reason', 'text')
    .execute();
  await db.schema.createIndex('audit_pending_engine_idx').on('audit_pending').columns(['engine_code', 'id']).execute();
}

/** A staged row's JSON as this migration defined it: shared values, then per entry the differing ones. */
interface StagedBatch {
  shared: Record<string, unknown>;
  keys: string[];
  rows: unknown[][];
  /** Field code → name, added to each change (a batch of record writes stages its changes without). */
  names?: Record<string, string>;
}

const JSON_COLUMNS = new Set(['detail', 'changes']);

/**
 * Without audit_pending every entry is written to audit_log directly: the entries not moved yet
 * are moved first (all of a row's rest in one statement per 500 entries), so going down loses none.
 * A row that cannot be read (set aside for that reason) is left out: there is nothing to move.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  const staged = await sql<{ entries: string; moved: number | string }>`
    select entries, moved from audit_pending order by id`.execute(db);
  for (const row of staged.rows) {
    let batch: StagedBatch;
    try {
      batch = JSON.parse(row.entries) as StagedBatch;
    } catch {
      continue;
    }
    const entries = batch.rows.slice(Number(row.moved)).map((values) => {
      const entry: Record<string, unknown> = { ...batch.shared };
      batch.keys.forEach((k, i) => {
        entry[k] = values[i];
      });
      const names = batch.names;
      if (names)
        entry.changes = ((entry.changes ?? []) as { field: string }[]).map((c) => ({
          ...c,
          name: names[c.field] ?? c.field,
        }));
      for (const c of JSON_COLUMNS) entry[c] = JSON.stringify(entry[c] ?? (c === 'detail' ? {} : []));
      return entry;
    });
    // Typed as any table: a migration sees the schema of its own time, not today's Database type.
    const loose = db as unknown as Kysely<{ audit_log: Record<string, unknown> }>;
    for (let i = 0; i < entries.length; i += 500)
      await loose
        .insertInto('audit_log')
        .values(entries.slice(i, i + 500))
        .execute();
  }
  await db.schema.dropTable('audit_pending').execute();
}
