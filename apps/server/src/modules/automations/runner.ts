import type { AutomationDefinition } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { AutomationQuotas } from '../../config.js';
import type { AutomationRunsTable, Database } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { type JobQueue, JobReleased, type JobRun } from '../../jobs/queue.js';
import type { WorkflowContexts } from '../workflow/contexts.js';
import { Execution, errorText, StepFailed, StepStopping } from './execution.js';
import { withRunDepth } from './loop-guard.js';
import type { AutomationRepository } from './repository.js';
import type { StepKinds } from './steps.js';
import { RunStore } from './stores.js';

export const RUN_JOB = 'automation.run';
/** A run that finds its team at the concurrency quota tries again this much later. */
const BUSY_RETRY_MS = 2_000;

const definitions = new Map<string, AutomationDefinition>();

/** A published version's definition (versions never change: parsed once per process). */
export async function definitionOf(
  repo: AutomationRepository,
  automationId: string,
  version: number,
  db?: Kysely<Database>,
): Promise<{ definition: AutomationDefinition; publishedBy: string } | undefined> {
  const row = await repo.version(automationId, version, db);
  if (!row) return undefined;
  const key = `${automationId}@${version}`;
  let definition = definitions.get(key);
  if (!definition) {
    definition = JSON.parse(row.definition) as AutomationDefinition;
    if (definitions.size > 1000) definitions.clear();
    definitions.set(key, definition);
  }
  return { definition, publishedBy: row.published_by };
}

/**
 * Executes runs: the job queue's `automation.run` handler. A run acts as its version's publisher
 * while they still design the app; it waits in the queue while its team is at its concurrency
 * quota; it is replayed from its kept steps on every attempt (a resumed or re-run run carries on
 * where it stopped); a delay ends the job and queues the next one at the delay's end.
 */
export class AutomationRunner {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AutomationRepository,
    private readonly kinds: StepKinds,
    private readonly contexts: WorkflowContexts,
    private readonly jobs: JobQueue,
    private readonly quotas: AutomationQuotas,
    private readonly now: () => number = Date.now,
  ) {
    jobs.register<{ runId: string }>(RUN_JOB, {
      run: (p, job) => this.execute(p.runId, job),
      maxAttempts: 5,
      giveUp: async (p, _job, error) => {
        await this.repo.setRun(this.db, p.runId, { status: 'failed', error, finished_at: this.now() }, [
          'queued',
          'running',
          'waiting',
        ]);
      },
    });
  }

  /** The member a version's runs act as, if they may still design the app. */
  async actor(engineCode: string, appCode: string, memberId: string): Promise<TenantContext | undefined> {
    const tenant = await this.repo.tenantOf(this.db, engineCode, memberId);
    if (!tenant) return undefined;
    return (await this.contexts.canAdminister(tenant, appCode, true)) ? tenant : undefined;
  }

  private async end(
    job: JobRun,
    run: AutomationRunsTable,
    set: Partial<AutomationRunsTable>,
    then?: (trx: Kysely<Database>) => Promise<void>,
  ) {
    await this.db.transaction().execute(async (trx) => {
      await job.hold(trx);
      await this.repo.setRun(trx, run.id, set);
      if (then) await then(trx);
    });
  }

  async execute(runId: string, job: JobRun): Promise<void> {
    const run = await this.repo.run(runId);
    if (!run || !['queued', 'running', 'waiting'].includes(run.status)) return;
    const automation = await this.repo.find(run.engine_code, run.automation_id);
    const version = await definitionOf(this.repo, run.automation_id, Number(run.version));
    if (!automation || !version) return;
    const tenant = await this.actor(run.engine_code, automation.app_code, version.publishedBy);
    if (!tenant) {
      const error = JSON.stringify({ key: 'automation.publisherLeft', params: {} });
      return this.end(job, run, { status: 'failed', error, finished_at: this.now() });
    }
    const started = await this.db.transaction().execute(async (trx) => {
      await job.hold(trx);
      const limit = this.quotas.concurrentRuns;
      if ((await this.repo.running(trx, run.engine_code, run.id)) >= limit) {
        // It stays queued, and its history says why it waits.
        const error = JSON.stringify({ key: 'automation.quotaConcurrent', params: { limit } });
        await this.repo.setRun(trx, run.id, { error });
        await this.jobs.enqueue(RUN_JOB, { runId }, { trx, runAt: this.now() + BUSY_RETRY_MS });
        return false;
      }
      await this.repo.setRun(trx, run.id, {
        status: 'running',
        started_at: run.started_at ?? this.now(),
        error: null,
      });
      return true;
    });
    if (!started) return;
    const prior = new Map((await this.repo.steps(run.id)).map((s) => [s.path, s]));
    const store = new RunStore(this.db, this.repo, run.id, job, prior, this.now);
    const execution = new Execution(this.kinds, store, {
      tenant,
      appCode: automation.app_code,
      now: this.now,
      dryRun: false,
    });
    const scope = { trigger: JSON.parse(run.trigger) as unknown, steps: {} };
    let wait: number | null;
    try {
      wait = await withRunDepth(Number(run.depth), () => execution.list(version.definition.steps, '', scope));
    } catch (e) {
      if (e instanceof StepStopping) throw new JobReleased(job.id);
      if (!(e instanceof StepFailed)) throw e;
      const error = errorText(e.reason);
      const failed = store.failedRow(e.path, e.step, e.input, error);
      return this.end(job, run, { status: 'failed', error, finished_at: this.now() }, (trx) =>
        this.repo.putStep(trx, failed),
      );
    }
    if (wait !== null) {
      const until = wait;
      await this.db.transaction().execute(async (trx) => {
        await job.hold(trx);
        await this.repo.setRun(trx, run.id, { status: 'waiting' });
        await this.jobs.enqueue(RUN_JOB, { runId }, { trx, runAt: until });
      });
      return;
    }
    await this.end(job, run, { status: 'done', error: null, finished_at: this.now() });
  }
}
