import { randomUUID } from 'node:crypto';
import { type FormulaJob, RecordLimits } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, FormulaJobsTable } from '../../db/schema.js';
import { FormulaJobRepository } from './formula-jobs-repository.js';
import { compileFormulas } from './formulas.js';
import type { RecordRepository } from './repository.js';
import { rowValues } from './row-values.js';

export interface FormulaJobLimits {
  /** Records per batch: one read, one UPDATE, one progress write. */
  batchRows: number;
  /** Up to this many records the job finishes before the field save answers. */
  inlineRows: number;
  /** How long a process holds a job without writing progress before another may take it. */
  leaseMs: number;
}

const DEFAULT_LIMITS: FormulaJobLimits = {
  batchRows: RecordLimits.formulaBatchRows,
  inlineRows: RecordLimits.formulaInlineRows,
  leaseMs: 30_000,
};

export function toFormulaJob(row: FormulaJobsTable): FormulaJob {
  return {
    id: row.id,
    fieldCode: row.field_code,
    state: row.state as FormulaJob['state'],
    total: Number(row.total),
    processed: Math.min(Number(row.processed), Number(row.total)),
  };
}

/**
 * Computes a table's formulas for the records it already has, after a formula field was added,
 * restored or its expression changed. The job is a row (formula_jobs) written in the field's own
 * transaction, so it cannot be lost; it walks the table in id order, a batch at a time (one read,
 * one UPDATE of every row in the batch, progress in the same transaction) and keeps its place, so a
 * restart resumes it. A lease says which process works on it: a graceful stop lets go at once, a
 * crashed process's lease runs out and the next sweep takes the job up. Small tables are done before
 * the save answers; big ones go on in the background while the designer shows the progress.
 *
 * Rows a person changed since the batch read them keep their value (each row is written only at the
 * version read): that write computed its formulas itself. Versions and modification times stay as
 * they were: a computed value is not an edit.
 */
export class FormulaJobs {
  private readonly repo: FormulaJobRepository;
  private readonly limits: FormulaJobLimits;
  private readonly active = new Map<string, Promise<void>>();
  private stopped = false;
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: RecordRepository,
    private readonly log: { error: (obj: object, msg: string) => void },
    private readonly now: () => number = Date.now,
    limits: Partial<FormulaJobLimits> = {},
  ) {
    this.repo = new FormulaJobRepository(db);
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /**
   * In the transaction that adds, restores or changes a formula: the job that computes the table's
   * formulas for its records (none for an empty table). Running jobs of the table give way to it.
   * This process holds the new job; `launch` it once the transaction has committed.
   */
  async enqueue(
    trx: Kysely<Database>,
    schema: { code: string; engine_code: string; table_name: string },
    fieldCode: string,
  ): Promise<FormulaJobsTable | null> {
    const now = this.now();
    await this.repo.replaceRunning(trx, schema.code, now);
    const total = await this.records.total(trx, schema.table_name, schema.engine_code);
    if (!total) return null;
    const row: FormulaJobsTable = {
      id: randomUUID(),
      engine_code: schema.engine_code,
      schema_code: schema.code,
      field_code: fieldCode,
      state: 'running',
      total,
      processed: 0,
      after_id: '',
      lease_until: now + this.limits.leaseMs,
      created_at: now,
      updated_at: now,
    };
    await this.repo.insert(trx, row);
    return row;
  }

  /** After the field's transaction: a small table is done before this returns, a big one goes on in the background. */
  async launch(job: FormulaJobsTable): Promise<FormulaJob> {
    if (job.total > this.limits.inlineRows) {
      this.spawn(job.id);
      return toFormulaJob(job);
    }
    await this.guarded(job.id);
    return toFormulaJob((await this.repo.get(job.id)) ?? job);
  }

  /** Jobs of a table that are running or ended in the last minute (what the designer shows). */
  async recent(engineCode: string, schemaCode: string): Promise<FormulaJob[]> {
    return (await this.repo.recent(engineCode, schemaCode, this.now() - 60_000)).map(toFormulaJob);
  }

  async find(engineCode: string, schemaCode: string, id: string): Promise<FormulaJob | null> {
    const row = await this.repo.find(engineCode, schemaCode, id);
    return row ? toFormulaJob(row) : null;
  }

  /** Takes up jobs nobody holds now (at start-up: those a restart cut off), then sweeps every lease period. */
  async start(): Promise<void> {
    await this.sweep();
    this.sweeper = setInterval(() => {
      this.sweep().catch((err: unknown) => this.log.error({ err }, 'formula job sweep failed'));
    }, this.limits.leaseMs);
    this.sweeper.unref();
  }

  /** Stops between batches and lets go of the jobs this process held. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await Promise.allSettled([...this.active.values()]);
  }

  private async sweep(): Promise<void> {
    if (this.stopped) return;
    const now = this.now();
    for (const id of await this.repo.unheld(now)) {
      if (await this.repo.claim(id, now, now + this.limits.leaseMs)) this.spawn(id);
    }
  }

  private spawn(id: string): void {
    if (this.active.has(id)) return;
    const run = this.guarded(id).finally(() => this.active.delete(id));
    this.active.set(id, run);
  }

  /** A job that throws (say its table was purged mid-way) ends as failed rather than retried forever. */
  private async guarded(id: string): Promise<void> {
    try {
      await this.run(id);
    } catch (err) {
      this.log.error({ err, job: id }, 'formula job failed');
      await this.repo.finish(id, 'failed', this.now()).catch(() => undefined);
    }
  }

  private async run(id: string): Promise<void> {
    const job = await this.repo.get(id);
    if (job?.state !== 'running') return;
    const schema = await this.repo.schema(job.schema_code);
    if (!schema) return;
    const fields = (await this.repo.fields(job.schema_code)).filter((f) => f.deleted_at === null);
    const compute = compileFormulas(fields);
    const columns = fields.filter((f) => f.type === 'formula').map((f) => f.column_name);
    const { batchRows, leaseMs } = this.limits;
    let after = job.after_id;
    let processed = Number(job.processed);
    for (;;) {
      if (this.stopped) {
        await this.repo.release(id);
        return;
      }
      const rows = await this.records.batchAfter(schema.table_name, schema.engine_code, after, batchRows);
      if (!rows.length) break;
      const now = this.now();
      const at = new Date(now);
      const updates = rows.map((row) => ({
        id: row.id,
        version: Number(row.version),
        values: compute(rowValues(fields, row), at),
      }));
      const last = rows.at(-1)?.id ?? after;
      const going = await this.db.transaction().execute(async (trx) => {
        const held = await this.repo.progress(trx, id, {
          processed: processed + rows.length,
          after_id: last,
          lease_until: now + leaseMs,
          updated_at: now,
        });
        if (held && columns.length)
          await this.records.writeComputed(trx, schema.table_name, schema.engine_code, columns, updates);
        return held;
      });
      // A newer job of the table took over: it computes everything again.
      if (!going) return;
      processed += rows.length;
      after = last;
      if (rows.length < batchRows) break;
      // Let requests in between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.repo.finish(id, 'done', this.now());
  }
}
