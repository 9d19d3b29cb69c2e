import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, WorkflowTimersTable } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';

type Db = Kysely<Database>;
export type TimerRow = WorkflowTimersTable;

export const TimerState = { Pending: 0, Done: 1, Canceled: 2, Failed: 3 } as const;
export type TimerKind = 'remind' | 'act';

/** Deadline timers: one row per work item and kind, pending until it fires or its item closes. */
export class TimerRepository {
  constructor(private readonly db: Db) {}

  /** Pending timers due at `now`, oldest first, across teams (each is then handled in its own team). */
  due(now: number, limit: number): Promise<TimerRow[]> {
    return this.db
      .selectFrom('workflow_timers')
      .selectAll()
      .where('state', '=', TimerState.Pending)
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .limit(limit)
      .execute();
  }

  /** The work items of this instance that already have pending timers. */
  async withPendingTimers(trx: Db, instanceId: string, itemIds: string[]): Promise<Set<string>> {
    if (!itemIds.length) return new Set();
    const rows = await trx
      .selectFrom('workflow_timers')
      .select('work_item_id')
      .where('instance_id', '=', instanceId)
      .where('state', '=', TimerState.Pending)
      .where('work_item_id', 'in', itemIds)
      .execute();
    return new Set(rows.map((r) => r.work_item_id));
  }

  async schedule(
    trx: Db,
    rows: { engineCode: string; instanceId: string; workItemId: string; kind: TimerKind; dueAt: number }[],
    now: number,
  ): Promise<void> {
    if (!rows.length) return;
    await trx
      .insertInto('workflow_timers')
      .values(
        rows.map((r) => ({
          id: randomUUID(),
          engine_code: r.engineCode,
          instance_id: r.instanceId,
          work_item_id: r.workItemId,
          kind: r.kind,
          due_at: r.dueAt,
          state: TimerState.Pending,
          outcome: '',
          created_at: now,
          finished_at: null,
          attempts: 0,
        })),
      )
      .execute();
  }

  /** Pending timers of the instance's items that are no longer open are canceled. */
  async cancelClosed(trx: Db, instanceId: string, now: number): Promise<void> {
    await trx
      .updateTable('workflow_timers')
      .set({ state: TimerState.Canceled, outcome: 'itemClosed', finished_at: now })
      .where('instance_id', '=', instanceId)
      .where('state', '=', TimerState.Pending)
      .where('work_item_id', 'in', (eb) =>
        eb.selectFrom('work_items').select('id').where('instance_id', '=', instanceId).where('state', '<>', 0),
      )
      .execute();
  }

  /**
   * Takes a pending timer out of the queue with its final state. Of any number of processes trying
   * at once exactly one sees a row updated (on PostgreSQL the others wait for its transaction and
   * then find the timer no longer pending); if the taker's transaction rolls back, it is pending again.
   */
  async claim(trx: Db, id: string, state: number, outcome: string, now: number): Promise<boolean> {
    const r = await trx
      .updateTable('workflow_timers')
      .set({ state, outcome: outcome.slice(0, 200), finished_at: now })
      .where('id', '=', id)
      .where('state', '=', TimerState.Pending)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * A pending timer whose work broke this round waits for a later one: one attempt more, due again at
   * `dueAt`. False when another process took it (or retried it) meanwhile.
   */
  async retryLater(id: string, attempts: number, dueAt: number): Promise<boolean> {
    const r = await this.db
      .updateTable('workflow_timers')
      .set({ attempts: attempts + 1, due_at: dueAt })
      .where('id', '=', id)
      .where('state', '=', TimerState.Pending)
      .where('attempts', '=', attempts)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** A member of the team as a tenant context (the system acts in a participant's place). */
  async tenantOf(trx: Db, engineCode: string, memberId: string): Promise<TenantContext> {
    const row = await trx
      .selectFrom('members')
      .innerJoin('engines', 'engines.engine_code', 'members.engine_code')
      .select(['engines.corp_id', 'engines.engine_shard', 'engines.time_zone'])
      .where('members.engine_code', '=', engineCode)
      .where('members.member_id', '=', memberId)
      .executeTakeFirst();
    return {
      engineCode,
      corpId: row?.corp_id ?? '',
      memberId,
      role: 'member',
      engineShard: row?.engine_shard ?? '',
      ...(row ? { timeZone: row.time_zone } : {}),
    };
  }

  /** An instance's timers (tests and support look at them). */
  ofInstance(engineCode: string, instanceId: string): Promise<TimerRow[]> {
    return this.db
      .selectFrom('workflow_timers')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('instance_id', '=', instanceId)
      .orderBy('due_at')
      .execute();
  }
}
