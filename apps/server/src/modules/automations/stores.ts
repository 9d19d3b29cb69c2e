import type { AutomationStep } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { AutomationStepsTable, Database } from '../../db/schema.js';
import { type JobRun, LeaseLost } from '../../jobs/queue.js';
import type { StepStore } from './execution.js';
import type { AutomationRepository } from './repository.js';
import type { StepResult } from './steps.js';

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/**
 * A run's steps kept as rows: a step's database effect, its row and the job's fence (`hold`) commit
 * together, so an effect is applied at most once however often the run is resumed; an HTTP call
 * is made before its row's commit (at least once: a process dying between the two calls again).
 */
export class RunStore implements StepStore {
  private seq: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AutomationRepository,
    private readonly runId: string,
    private readonly job: JobRun,
    readonly prior: Map<string, AutomationStepsTable>,
    private readonly now: () => number,
  ) {
    this.seq = Math.max(0, ...[...prior.values()].map((r) => Number(r.seq)));
  }

  private row(path: string, step: AutomationStep, status: string, r: Partial<StepResult>, started: number) {
    this.seq += 1;
    return {
      run_id: this.runId,
      path,
      seq: this.seq,
      step_id: step.id,
      kind: step.kind,
      status,
      input: json(r.input),
      output: json(r.output),
      error: null,
      duration_ms: Math.max(0, this.now() - started),
      started_at: started,
    };
  }

  async commit(
    path: string,
    step: AutomationStep,
    work: (trx: Kysely<Database>) => Promise<StepResult>,
    external = false,
  ): Promise<StepResult> {
    const started = this.now();
    // Outside the database: not inside a transaction (SQLite's one writer would wait for the call).
    const early = external ? await work(this.db) : null;
    return this.db.transaction().execute(async (trx) => {
      await this.job.hold(trx);
      // The step's row first: a second executor of this run (a duplicate job) cannot apply the
      // effect again; it stops and leaves the run to the one that holds the step.
      const row = this.row(path, step, 'running', {}, started);
      if (!(await this.repo.claimStep(trx, row))) throw new LeaseLost(this.job.id);
      const r = early ?? (await work(trx));
      await this.repo.finishStep(trx, this.runId, path, {
        status: 'done',
        input: json(r.input),
        output: json(r.output),
        duration_ms: Math.max(0, this.now() - started),
      });
      return r;
    });
  }

  async mark(path: string, step: AutomationStep, status: 'waiting' | 'done', output: unknown): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.job.hold(trx);
      await this.repo.putStep(trx, this.row(path, step, status, { input: null, output }, this.now()));
    });
  }

  stopping(): boolean {
    return this.job.stopping();
  }

  /** The failed step's row, in the transaction that fails the run. */
  failedRow(path: string, step: AutomationStep, input: unknown, error: string): AutomationStepsTable {
    return { ...this.row(path, step, 'failed', { input }, this.now()), error };
  }
}

/** A test run's steps: kept in memory, every effect in the one transaction that is rolled back. */
export class MemoryStore implements StepStore {
  readonly prior = new Map<string, AutomationStepsTable>();
  readonly rows: AutomationStepsTable[] = [];

  constructor(
    private readonly trx: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  push(path: string, step: AutomationStep, status: string, r: Partial<StepResult>, started: number, error?: string) {
    this.rows.push({
      run_id: '',
      path,
      seq: this.rows.length + 1,
      step_id: step.id,
      kind: step.kind,
      status,
      input: json(r.input),
      output: json(r.output),
      error: error ?? null,
      duration_ms: Math.max(0, this.now() - started),
      started_at: started,
    });
  }

  async commit(path: string, step: AutomationStep, work: (trx: Kysely<Database>) => Promise<StepResult>) {
    const started = this.now();
    const r = await work(this.trx);
    this.push(path, step, 'done', r, started);
    return r;
  }

  async mark(path: string, step: AutomationStep, status: 'waiting' | 'done', output: unknown): Promise<void> {
    this.push(path, step, status, { output }, this.now());
  }

  stopping(): boolean {
    return false;
  }
}
