import { randomUUID } from 'node:crypto';
import { type FormulaJob, RecordLimits } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, FormulaJobsTable, JobsTable } from '../../db/schema.js';
import { type JobQueue, JobReleased, type JobRun, LeaseLost } from '../../jobs/queue.js';
import { FormulaJobRepository } from './formula-jobs-repository.js';
import { compileFormulas } from './formulas.js';
import type { RecordRepository } from './repository.js';
import { rowValues } from './row-values.js';

export interface FormulaJobLimits {
  /** Records per batch: one read, one UPDATE, one progress write. */
  batchRows: number;
  /** Up to this many records the job finishes before the field save answers. */
  inlineRows: number;
}

const DEFAULT_LIMITS: FormulaJobLimits = {
  batchRows: RecordLimits.formulaBatchRows,
  inlineRows: RecordLimits.formulaInlineRows,
};

/** The queue's job kind that runs a formula job (payload: the formula_jobs row's id). */
export const FORMULA_JOB = 'records.formulas';

/**
 * Takeovers a formula job may see (each process that died while holding it counts one): past them
 * it ends as failed. A graceful stop hands the job back without counting (JobReleased).
 */
const MAX_TAKEOVERS = 10;

/** A formula job written in a field's transaction: its row and the queue's job that runs it. */
export interface FormulaJobStart {
  job: FormulaJobsTable;
  queued: JobsTable;
}

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
 * restored or its expression changed. The job is a row (formula_jobs: state and progress, what the
 * designer shows) and a job of the queue (jobs/queue.ts: which process runs it), both written in the
 * field's own transaction, so it cannot be lost; it walks the table in id order, a batch at a time
 * (one read, one UPDATE of every row in the batch, progress in the same transaction, fenced by the
 * queue's lease) and keeps its place, so a restart resumes it. The queue's lease says which process
 * works on it: a graceful stop hands it back at once (JobReleased), a crashed process's lease runs
 * out and the queue gives the job to another. Small tables are done before the save answers; big
 * ones go on in the background while the designer shows the progress.
 *
 * Rows a person changed since the batch read them keep their value (each row is written only at the
 * version read): that write computed its formulas itself. Versions and modification times stay as
 * they were: a computed value is not an edit.
 */
export class FormulaJobs {
  private readonly repo: FormulaJobRepository;
  private readonly limits: FormulaJobLimits;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: RecordRepository,
    private readonly jobs: JobQueue,
    private readonly log: { error: (obj: object, msg: string) => void },
    private readonly now: () => number = Date.now,
    limits: Partial<FormulaJobLimits> = {},
  ) {
    this.repo = new FormulaJobRepository(db);
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    jobs.register<{ id: string }>(FORMULA_JOB, {
      run: ({ id }, job) => this.guarded(id, job),
      // Its process died too often: say so where the designer looks.
      giveUp: async ({ id }) => void (await this.repo.finish(id, 'failed', this.now())),
      maxAttempts: MAX_TAKEOVERS,
    });
  }

  /**
   * In the transaction that adds, restores or changes a formula: the job that computes the table's
   * formulas for its records (none for an empty table). Running jobs of the table give way to it.
   * This process holds the new job (the queue's job is written running here); `launch` it once the
   * transaction has committed.
   */
  async enqueue(
    trx: Kysely<Database>,
    schema: { code: string; engine_code: string; table_name: string },
    fieldCode: string,
  ): Promise<FormulaJobStart | null> {
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
      // The queue's lease says who works on it (the column predates the queue).
      lease_until: 0,
      created_at: now,
      updated_at: now,
    };
    await this.repo.insert(trx, row);
    const queued = await this.jobs.enqueue(FORMULA_JOB, { id: row.id }, { trx, here: true });
    return { job: row, queued };
  }

  /** After the field's transaction: a small table is done before this returns, a big one goes on in the background. */
  async launch({ job, queued }: FormulaJobStart): Promise<FormulaJob> {
    if (job.total > this.limits.inlineRows) {
      this.jobs.launch(queued);
      return toFormulaJob(job);
    }
    await this.jobs.runHere(queued);
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

  /**
   * A job that throws (say its table was purged mid-way) ends as failed rather than retried: the
   * queue's job is done. Only a takeover (its process died) or a hand-back runs it again.
   */
  private async guarded(id: string, queued: JobRun): Promise<void> {
    try {
      await this.run(id, queued);
    } catch (err) {
      // Let go or taken over: the queue's job goes on (here later, or in the process that took it).
      if (err instanceof JobReleased || err instanceof LeaseLost) throw err;
      this.log.error({ err, job: id }, 'formula job failed');
      await this.repo.finish(id, 'failed', this.now()).catch(() => undefined);
    }
  }

  private async run(id: string, queued: JobRun): Promise<void> {
    const job = await this.repo.get(id);
    if (job?.state !== 'running') return;
    const schema = await this.repo.schema(job.schema_code);
    if (!schema) return;
    const fields = (await this.repo.fields(job.schema_code)).filter((f) => f.deleted_at === null);
    const compute = compileFormulas(fields);
    const columns = fields.filter((f) => f.type === 'formula').map((f) => f.column_name);
    const { batchRows } = this.limits;
    let after = job.after_id;
    let processed = Number(job.processed);
    for (;;) {
      // This process is stopping: the job goes back to the queue, for the next one to carry on.
      if (queued.stopping()) throw new JobReleased(queued.id);
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
        // Still this process's job (renews the lease; LeaseLost when another took it over).
        await queued.hold(trx);
        const held = await this.repo.progress(trx, id, {
          processed: processed + rows.length,
          after_id: last,
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
