import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { historyLogTag } from '../audit/history-entries.js';
import { recordAudit, stageRecordWrites } from '../audit/record.js';
import type { SchemaContext } from '../schema-context/context.js';

/** One record's write as the application log keeps it: its title and its changed fields, old → new. */
export interface LoggedWrite {
  id: string;
  title: string;
  changes: { field: string; from: unknown; to: unknown }[];
  /** `changes` as the record history serialized them, when it has (a batch reuses the text). */
  changesJson?: string;
}

type RecordAction = 'record.create' | 'record.update' | 'record.delete';

/** A batch's writes of one kind (action and detail), staged together at the batch's end. */
interface HeldGroup {
  action: RecordAction;
  detail?: Record<string, unknown>;
  writes: LoggedWrite[];
}

/**
 * Records' writes in the application log (issue 14), in the transaction of the write: one entry per
 * record with only its changed fields. A single write's entry goes straight into audit_log; a batch
 * holds its writes and, at its end, stages them as one `audit_pending` row per kind of write
 * (audit/record.ts `stageRecordWrites`: the history's serialized changes reused, the fields' names
 * once), moved into audit_log after the commit. Contexts that log themselves once (an import: one
 * entry with counts) are silenced.
 */
export class RecordLog {
  private readonly held = new WeakMap<SchemaContext, Map<string, HeldGroup>>();
  private readonly silenced = new WeakSet<SchemaContext>();

  /**
   * `enabled: false` only for the bench's baseline (bench/src/applog.ts). `onHistory`: which writes'
   * entries ride on their history rows (`historyTag`, moved into audit_log by the schedule, `write`
   * then leaving nothing — the write inserts no row of the log's own): every write's on SQLite
   * ('all'), those outside a batch on PostgreSQL ('unheld': a batch stages one row, cheaper there
   * than a thousand tagged rows in the pending index).
   */
  constructor(
    private readonly enabled = true,
    private readonly onHistory: 'all' | 'unheld' | 'none' = 'none',
  ) {}

  private rides(ctx: SchemaContext): boolean {
    return this.onHistory === 'all' || (this.onHistory === 'unheld' && !this.held.has(ctx));
  }

  /** The tag a write's history row carries for the log (null: the log is written otherwise, or not at all). */
  historyTag(ctx: SchemaContext, title: string, detail?: Record<string, unknown>): string | null {
    if (!this.enabled || this.silenced.has(ctx) || !this.rides(ctx)) return null;
    return historyLogTag(title, ctx.schema.app_code, detail);
  }

  /** This context's record writes leave no entry of their own (its caller logs the whole). */
  silence(ctx: SchemaContext): void {
    this.silenced.add(ctx);
  }

  async write(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    action: RecordAction,
    writes: LoggedWrite[],
    now: number,
    detail?: Record<string, unknown>,
  ): Promise<void> {
    if (!this.enabled || this.silenced.has(ctx) || !writes.length || this.rides(ctx)) return;
    const held = this.held.get(ctx);
    if (held) {
      const key = `${action} ${detail ? JSON.stringify(detail) : ''}`;
      const group = held.get(key);
      if (group) for (const w of writes) group.writes.push(w);
      else held.set(key, { action, ...(detail ? { detail } : {}), writes: [...writes] });
      return;
    }
    if (writes.length > 1) return this.stage(ctx, trx, { action, ...(detail ? { detail } : {}), writes }, now);
    const w = writes[0] as LoggedWrite;
    const names = new Map(ctx.fields.map((f) => [f.code, f.name]));
    await recordAudit(
      trx,
      {
        ...this.head(ctx, action, detail),
        targetType: 'record',
        targetId: w.id,
        recordId: w.id,
        recordTitle: w.title,
        changes: w.changes.map((c) => ({ ...c, name: names.get(c.field) ?? c.field })),
      },
      now,
    );
  }

  /** Runs `work`, holding its entries, and stages them at once at its end (inside the transaction). */
  async holding<T>(ctx: SchemaContext, trx: Kysely<Database>, now: () => number, work: () => Promise<T>): Promise<T> {
    if (this.held.has(ctx)) return work();
    const held = new Map<string, HeldGroup>();
    this.held.set(ctx, held);
    let out: T;
    try {
      out = await work();
    } finally {
      this.held.delete(ctx);
    }
    const at = now();
    for (const group of held.values()) await this.stage(ctx, trx, group, at);
    return out;
  }

  private head(ctx: SchemaContext, action: RecordAction, detail?: Record<string, unknown>) {
    return {
      engineCode: ctx.schema.engine_code,
      actorMemberId: ctx.access.tenant.memberId,
      action,
      appCode: ctx.schema.app_code,
      schemaCode: ctx.schema.code,
      ...(detail ? { detail } : {}),
    };
  }

  private async stage(ctx: SchemaContext, trx: Kysely<Database>, group: HeldGroup, now: number): Promise<void> {
    // The names of the fields these writes changed (the log shows them beside each change).
    const codes = new Set<string>();
    for (const w of group.writes) for (const c of w.changes) codes.add(c.field);
    const names: Record<string, string> = {};
    for (const f of ctx.fields) if (codes.has(f.code)) names[f.code] = f.name;
    await stageRecordWrites(
      trx,
      this.head(ctx, group.action, group.detail),
      names,
      group.writes.map((w) => ({ id: w.id, title: w.title, changesJson: w.changesJson ?? JSON.stringify(w.changes) })),
      now,
    );
  }
}
