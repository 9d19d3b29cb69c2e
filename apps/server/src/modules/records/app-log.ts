import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type AuditEntry, recordAuditMany } from '../audit/record.js';
import type { SchemaContext } from '../schema-context/context.js';

/** One record's write as the application log keeps it: its title and its changed fields, old → new. */
export interface LoggedWrite {
  id: string;
  title: string;
  changes: { field: string; from: unknown; to: unknown }[];
}

/**
 * Records' writes in the application log (issue 14), in the transaction of the write: one entry per
 * record with only its changed fields, written as multi-row inserts — a batch holds its entries and
 * writes them at its end, so a 1,000-row batch costs a statement, not a thousand. Contexts that log
 * themselves once (an import: one entry with counts) are silenced.
 */
export class RecordLog {
  private readonly held = new WeakMap<SchemaContext, AuditEntry[]>();
  private readonly silenced = new WeakSet<SchemaContext>();

  /** `enabled: false` only for the bench's baseline (bench/src/applog.ts). */
  constructor(private readonly enabled = true) {}

  /** This context's record writes leave no entry of their own (its caller logs the whole). */
  silence(ctx: SchemaContext): void {
    this.silenced.add(ctx);
  }

  async write(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    action: 'record.create' | 'record.update' | 'record.delete',
    writes: LoggedWrite[],
    now: number,
    detail?: Record<string, unknown>,
  ): Promise<void> {
    if (!this.enabled || this.silenced.has(ctx) || !writes.length) return;
    const names = new Map(ctx.fields.map((f) => [f.code, f.name]));
    const entries = writes.map(
      (w): AuditEntry => ({
        engineCode: ctx.schema.engine_code,
        actorMemberId: ctx.access.tenant.memberId,
        action,
        targetType: 'record',
        targetId: w.id,
        appCode: ctx.schema.app_code,
        schemaCode: ctx.schema.code,
        recordId: w.id,
        recordTitle: w.title,
        changes: w.changes.map((c) => ({ ...c, name: names.get(c.field) ?? c.field })),
        ...(detail ? { detail } : {}),
      }),
    );
    const held = this.held.get(ctx);
    if (held) held.push(...entries);
    else await recordAuditMany(trx, entries, now);
  }

  /** Runs `work`, holding its entries, and writes them at once at its end (inside the transaction). */
  async holding<T>(ctx: SchemaContext, trx: Kysely<Database>, now: () => number, work: () => Promise<T>): Promise<T> {
    if (this.held.has(ctx)) return work();
    const held: AuditEntry[] = [];
    this.held.set(ctx, held);
    let out: T;
    try {
      out = await work();
    } finally {
      this.held.delete(ctx);
    }
    await recordAuditMany(trx, held, now());
    return out;
  }
}
