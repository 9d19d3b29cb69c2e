import { AutomationLimits, type AutomationStep, type AutomationStepRun } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { AutomationStepsTable, Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { JobReleased, LeaseLost } from '../../jobs/queue.js';
import type { StepEnv, StepKinds, StepResult } from './steps.js';
import { fill, fillText, type Scope } from './template.js';

/** A step that failed: where, with what input, and why (an AppError's key, or a text). */
export class StepFailed extends Error {
  constructor(
    readonly path: string,
    readonly step: AutomationStep,
    readonly input: unknown,
    readonly reason: unknown,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

/** How a step's outcome is kept: as rows committed with its effect, or in memory (a test run). */
export interface StepStore {
  /** Steps already finished (a replay re-uses them) or waiting (a delay), by path. */
  readonly prior: Map<string, AutomationStepsTable>;
  /** Runs the step's work and keeps its row, as one commit; `external`: the work is outside the database. */
  commit(
    path: string,
    step: AutomationStep,
    work: (trx: Kysely<Database>) => Promise<StepResult>,
    external?: boolean,
  ): Promise<StepResult>;
  /** Keeps a row without work (a delay's wait, its end). */
  mark(path: string, step: AutomationStep, status: 'waiting' | 'done', output: unknown): Promise<void>;
  stopping(): boolean;
}

/** Text of an error as a run or step keeps it: an AppError's message key and params, else its message. */
export function errorText(e: unknown): string {
  if (e instanceof AppError) return JSON.stringify({ key: e.messageKey, params: e.params });
  return (e instanceof Error ? e.message : String(e)).slice(0, 1000);
}

/** What a step is asked to do, as its input shows when it fails before answering one. */
function stepInput(step: AutomationStep, scope: Scope): unknown {
  // The bodies of branches and loops are steps of their own.
  const {
    whenTrue: _t,
    whenFalse: _f,
    each: _each,
    ...own
  } = step as AutomationStep & {
    whenTrue?: unknown;
    whenFalse?: unknown;
    each?: unknown;
  };
  return fill(own, scope);
}

/** When a delay ends: after its duration, or at its time (epoch ms or a date text). */
function delayUntil(step: Extract<AutomationStep, { kind: 'delay' }>, scope: Scope, now: number): number {
  if (step.ms !== undefined) return now + step.ms;
  const raw = fill(step.until ?? '', scope);
  const at = typeof raw === 'number' ? raw : Date.parse(fillText(String(raw ?? ''), scope));
  if (!Number.isFinite(at)) throw new AppError(400, 'automation.delay', 'automation.delayNeedsOne');
  return Math.min(at, now + AutomationLimits.delayMsMax);
}

/**
 * One pass over an automation's steps. Every step is looked up by its path first: a finished one is
 * not executed again, its kept output is used (a run resumed after its process died, or re-run from
 * its failed step, carries on where it stopped). Answers the time a delay waits for, or null when
 * every step has finished.
 */
export class Execution {
  constructor(
    private readonly kinds: StepKinds,
    private readonly store: StepStore,
    private readonly base: { tenant: TenantContext; appCode: string; now: () => number; dryRun: boolean },
  ) {}

  private env(trx: Kysely<Database>, scope: Scope): StepEnv {
    return {
      trx,
      scope,
      tenant: this.base.tenant,
      appCode: this.base.appCode,
      now: this.base.now(),
      dryRun: this.base.dryRun,
    };
  }

  private async step(
    path: string,
    step: AutomationStep,
    scope: Scope,
    work: (env: StepEnv) => Promise<StepResult>,
    external = false,
  ): Promise<StepResult> {
    const prior = this.store.prior.get(path);
    if (prior?.status === 'done')
      return { input: JSON.parse(prior.input ?? 'null'), output: JSON.parse(prior.output ?? 'null') };
    try {
      return await this.store.commit(path, step, (trx) => work(this.env(trx, scope)), external);
    } catch (e) {
      if (e instanceof LeaseLost || e instanceof JobReleased || e instanceof StepFailed) throw e;
      throw new StepFailed(path, step, stepInput(step, scope), e);
    }
  }

  async list(steps: AutomationStep[], prefix: string, scope: Scope): Promise<number | null> {
    for (const step of steps) {
      if (this.store.stopping()) throw new StepStopping();
      const path = `${prefix}${step.id}`;
      if (step.kind === 'condition') {
        const r = await this.step(path, step, scope, (env) => this.kinds.condition(step, env));
        scope.steps[step.id] = r.output;
        const matched = (r.output as { matched?: boolean } | null)?.matched === true;
        const wait = await this.list(matched ? step.whenTrue : (step.whenFalse ?? []), `${path}.`, scope);
        if (wait !== null) return wait;
      } else if (step.kind === 'findRecords') {
        const r = await this.step(path, step, scope, (env) => this.kinds.find(step, env));
        scope.steps[step.id] = r.output;
        const records = (r.output as { records?: unknown[] } | null)?.records ?? [];
        for (const [i, item] of records.entries()) {
          if (!step.each?.length) break;
          // Each round sees the outputs so far, and its own steps' under their ids.
          const wait = await this.list(step.each, `${path}.${i}.`, { ...scope, steps: { ...scope.steps }, item });
          if (wait !== null) return wait;
        }
      } else if (step.kind === 'delay') {
        const wait = await this.delay(path, step, scope);
        if (wait !== null) return wait;
      } else {
        const r = await this.step(path, step, scope, (env) => this.kinds.leaf(step, env), OUTSIDE.has(step.kind));
        scope.steps[step.id] = r.output;
      }
    }
    return null;
  }

  private async delay(path: string, step: Extract<AutomationStep, { kind: 'delay' }>, scope: Scope) {
    const prior = this.store.prior.get(path);
    const now = this.base.now();
    if (prior?.status === 'done') {
      scope.steps[step.id] = JSON.parse(prior.output ?? 'null');
      return null;
    }
    let until: number;
    if (prior?.status === 'waiting')
      until = Number((JSON.parse(prior.output ?? '{}') as { until?: number }).until ?? 0);
    else {
      try {
        until = delayUntil(step, scope, now);
      } catch (e) {
        throw new StepFailed(path, step, stepInput(step, scope), e);
      }
    }
    scope.steps[step.id] = { until };
    // A test run does not wait; a run waits by ending its job and queueing the next at `until`.
    if (this.base.dryRun || until <= now) {
      await this.store.mark(path, step, 'done', { until });
      return null;
    }
    if (!prior) await this.store.mark(path, step, 'waiting', { until });
    return until;
  }
}

/**
 * Steps whose work is done outside a transaction: an HTTP call (not to hold SQLite's one writer
 * while it waits; at least once), and code (CPU work in the sandbox; it writes nothing).
 */
const OUTSIDE = new Set<string>(['http', 'code']);

/** The process is stopping between two steps: the job is handed back (the queue's JobReleased). */
export class StepStopping extends Error {}

/** A kept step row as the API shows it. */
export function stepRunOf(row: AutomationStepsTable): AutomationStepRun {
  return {
    path: row.path,
    stepId: row.step_id,
    kind: row.kind,
    status: row.status,
    input: JSON.parse(row.input ?? 'null'),
    output: JSON.parse(row.output ?? 'null'),
    error: row.error,
    durationMs: Number(row.duration_ms),
    startedAt: Number(row.started_at),
  };
}
