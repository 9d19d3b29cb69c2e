import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { historyLogTag, markHistoryBatch } from '../audit/history-entries.js';
import type { SchemaContext } from '../schema-context/context.js';

/**
 * Records' writes in the application log (issue 14): one entry per record with only its changed
 * fields. The entry rides on the write's own history row (`record_history.log`: the record's title,
 * its app, the detail — the row already holds who, when, which record and the changes), so the log
 * commits or rolls back with the write and the write inserts no row of the log's own;
 * `moveHistoryEntries` (audit/history-entries.ts) turns tagged rows into audit_log entries after
 * the commit. Contexts that log themselves once (an import: one entry with counts) are silenced.
 */
export class RecordLog {
  private readonly silenced = new WeakSet<SchemaContext>();

  /** `enabled: false` only for the bench's baseline (bench/src/applog.ts). */
  constructor(private readonly enabled = true) {}

  /** This context's record writes leave no entry of their own (its caller logs the whole). */
  silence(ctx: SchemaContext): void {
    this.silenced.add(ctx);
  }

  /**
   * The tag a write's history row carries for the log (null: no entry for this write); `batch`: the
   * mark of the batch the row is written with (`markBatch`).
   */
  historyTag(
    ctx: SchemaContext,
    title: string,
    detail?: Record<string, unknown>,
    batch?: number | null,
  ): string | null {
    if (!this.enabled || this.silenced.has(ctx)) return null;
    return historyLogTag(title, ctx.schema.app_code, detail, batch);
  }

  /** Marks `rows` tagged history rows about to be written at once (PostgreSQL; audit/history-entries.ts). */
  async markBatch(ctx: SchemaContext, trx: Kysely<Database>, rows: number): Promise<number | null> {
    if (!this.enabled || this.silenced.has(ctx) || rows < 2) return null;
    return markHistoryBatch(trx, rows);
  }
}
