import { WorkItemState } from '@canopy/contract';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import { emitEvent } from '../audit/record.js';
import { deadlineOf } from './deadlines.js';
import { type FlowDeps, type FlowRun, graphOf, inTransaction } from './flow-run.js';
import type { ItemActions } from './item-actions.js';
import { isOpen } from './offers.js';
import type { WorkItemRow } from './repository.js';
import { type TimerRepository, type TimerRow, TimerState } from './timer-repository.js';

export type TimerOutcome = 'reminded' | 'acted' | 'canceled' | 'failed' | 'retried' | 'taken';

/** A timer's work broke (not a refusal): retried on a later round, or, past the limit, failed for good. */
export interface TimerError {
  error: unknown;
  timerId: string;
  /** How many rounds broke so far (this one included). */
  attempt: number;
  /** True when this was the last try: the timer is failed. */
  final: boolean;
}

export interface TimerRunSummary {
  reminded: number;
  acted: number;
  canceled: number;
  failed: number;
  /** Broke this round, due again on a later one. */
  retried: number;
  /** Claimed by another process first. */
  taken: number;
  /** Failures that were not the product refusing the action (bugs, the database): for the log. */
  errors: TimerError[];
}

/** Rounds a timer's work may break (a transient database error) before it is failed for good. */
export const TIMER_ATTEMPTS = 5;
/** The pause before the next try: 30 s, doubling with each broken round. */
const retryDelay = (attempt: number) => 30_000 * 2 ** (attempt - 1);

const noTarget = () => new AppError(400, 'workflow.engine', 'workflow.deadlineNoTarget');

/**
 * Fires due deadline timers. Each timer is taken with a conditional update inside the transaction
 * that does its work, so any number of server processes may run this at once and a timer fires
 * once: a reminder (an outbox event `workflow.workitem.reminder` and a timeline step) or the node's
 * automatic action through the participant's own action code (logged with no actor, acting for the
 * participant). A refused action (a required field empty, nobody to transfer to) marks the timer
 * failed and says why in the timeline; work that broke (a transient database error) is retried on
 * later rounds, a few times, before the timer fails. `now` is the runner's clock: tests pass a later one.
 */
export class DeadlineRunner {
  constructor(
    private readonly deps: FlowDeps,
    /** The item actions on a given clock (the action's times are the runner's `now`). */
    private readonly itemsAt: (now: () => number) => ItemActions,
    private readonly timers: TimerRepository,
  ) {}

  async runDue(now: number = this.deps.now(), limit = 200): Promise<TimerRunSummary> {
    const summary: TimerRunSummary = {
      reminded: 0,
      acted: 0,
      canceled: 0,
      failed: 0,
      retried: 0,
      taken: 0,
      errors: [],
    };
    for (const timer of await this.timers.due(now, limit)) {
      let outcome: TimerOutcome;
      try {
        outcome = timer.kind === 'remind' ? await this.remind(timer, now) : await this.act(timer, now);
      } catch (e) {
        outcome = await this.broke(timer, now, e, summary);
      }
      summary[outcome] += 1;
    }
    return summary;
  }

  /**
   * The timer's work was refused (an AppError: failed now, the timeline says why) or broke (the
   * database, a bug: its transaction rolled back, nothing of it stayed). A broken one is tried again
   * on a later round, up to TIMER_ATTEMPTS rounds, then failed like a refusal.
   */
  private async broke(timer: TimerRow, now: number, e: unknown, summary: TimerRunSummary): Promise<TimerOutcome> {
    if (e instanceof AppError) return (await this.fail(timer, now, e)) ? 'failed' : 'taken';
    const attempt = Number(timer.attempts ?? 0) + 1;
    const final = attempt >= TIMER_ATTEMPTS;
    summary.errors.push({ error: e, timerId: timer.id, attempt, final });
    if (final) return (await this.fail(timer, now, e)) ? 'failed' : 'taken';
    return (await this.timers.retryLater(timer.id, attempt - 1, now + retryDelay(attempt))) ? 'retried' : 'taken';
  }

  private async remind(timer: TimerRow, now: number): Promise<TimerOutcome> {
    const item = await this.deps.repo.item(timer.engine_code, timer.work_item_id);
    const names = item ? await this.deps.repo.memberNames(timer.engine_code, [item.participant_member_id]) : new Map();
    return this.deps.db.transaction().execute(async (trx) => {
      const inst = await this.deps.repo.instance(timer.engine_code, timer.instance_id, trx);
      const current = await this.deps.repo.item(timer.engine_code, timer.work_item_id, trx);
      if (!current || current.state !== WorkItemState.Todo || !inst || !isOpen(inst.state))
        return (await this.timers.claim(trx, timer.id, TimerState.Canceled, 'itemClosed', now)) ? 'canceled' : 'taken';
      if (!(await this.timers.claim(trx, timer.id, TimerState.Done, 'remind', now))) return 'taken';
      await emitEvent(
        trx,
        {
          engineCode: timer.engine_code,
          type: 'workflow.workitem.reminder',
          payload: {
            workItemId: current.id,
            instanceId: current.instance_id,
            participant: current.participant_member_id,
            actingFor: current.acting_for_member_id,
            activityCode: current.node_id,
            activityName: current.node_name,
            receivedAt: Number(current.created_at),
          },
        },
        now,
      );
      await this.deps.repo.insertLog(trx, {
        engine_code: timer.engine_code,
        instance_id: timer.instance_id,
        work_item_id: current.id,
        node_id: current.node_id,
        node_name: current.node_name,
        action: 'remind',
        member_id: '',
        acting_for_member_id: null,
        comment: '',
        changes: '[]',
        detail: JSON.stringify({
          by: 'deadline',
          remindedMemberId: current.participant_member_id,
          remindedName: names.get(current.participant_member_id) ?? '',
        }),
        created_at: now,
      });
      await this.deps.hooks.notify.reminded(trx, inst, current, now);
      return 'reminded';
    });
  }

  private async act(timer: TimerRow, now: number): Promise<TimerOutcome> {
    const items = this.itemsAt(() => now);
    return inTransaction(this.deps.db, async (trx) => {
      // The instance first, then the timer: every action takes its locks in that order (no deadlock).
      const inst = await this.deps.repo.lockAndRead(trx, timer.instance_id);
      const item = await this.deps.repo.item(timer.engine_code, timer.work_item_id, trx);
      const graph = inst ? await graphOf(this.deps, inst, trx) : null;
      const deadline = item && graph ? deadlineOf(graph.node(item.node_id)) : null;
      if (!inst || !item || item.state !== WorkItemState.Todo || !isOpen(inst.state) || !deadline?.action)
        return (await this.timers.claim(trx, timer.id, TimerState.Canceled, 'itemClosed', now)) ? 'canceled' : 'taken';
      if (!(await this.timers.claim(trx, timer.id, TimerState.Done, deadline.action, now))) return 'taken';
      const tenant = await this.timers.tenantOf(trx, timer.engine_code, item.participant_member_id);
      const transferTo = async (run: FlowRun, it: WorkItemRow) => {
        const candidates = await run.resolve(it.node_id, deadline.transferTo ?? []);
        const open = await this.deps.repo.openItemsOf(trx, it.instance_id);
        const busy = new Set(open.filter((o) => o.run_id === it.run_id).map((o) => o.participant_member_id));
        const to = candidates.find((m) => m !== it.participant_member_id && !busy.has(m));
        if (!to) throw noTarget();
        return to;
      };
      await items.bySystem(
        trx,
        tenant,
        item,
        deadline.action,
        { comment: '', detail: { by: 'deadline', timerId: timer.id } },
        transferTo,
      );
      return 'acted';
    });
  }

  /**
   * The timer's work was refused or broke (its transaction rolled back): it is marked failed and
   * the instance's timeline says why. Returns false when another process took the timer meanwhile.
   */
  private async fail(timer: TimerRow, now: number, e: unknown): Promise<boolean> {
    const reason =
      e instanceof AppError
        ? {
            errorKey: e.messageKey,
            params: e.params,
            ...(e instanceof FieldValidationError ? { fields: e.problems.map((p) => p.field) } : {}),
          }
        : { errorKey: 'error.internal' };
    return this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.timers.claim(trx, timer.id, TimerState.Failed, reason.errorKey, now))) return false;
      const item = await this.deps.repo.item(timer.engine_code, timer.work_item_id, trx);
      await this.deps.repo.insertLog(trx, {
        engine_code: timer.engine_code,
        instance_id: timer.instance_id,
        work_item_id: timer.work_item_id,
        node_id: item?.node_id ?? '',
        node_name: item?.node_name ?? '',
        action: 'deadlineFailed',
        member_id: '',
        acting_for_member_id: item?.participant_member_id ?? null,
        comment: '',
        changes: '[]',
        detail: JSON.stringify({ by: 'deadline', timerKind: timer.kind, ...reason }),
        created_at: now,
      });
      return true;
    });
  }
}

/** One round of due timers, for the job queue's schedule (main.ts: every 30 s, once per cluster). */
export async function runDeadlines(runner: DeadlineRunner, log: { warn: (o: object, m: string) => void }) {
  const summary = await runner.runDue();
  for (const { error, timerId, attempt, final } of summary.errors)
    log.warn(
      { err: error, timerId, attempt, attempts: TIMER_ATTEMPTS },
      final ? 'workflow timer failed for good' : 'workflow timer failed; retried on a later round',
    );
}
