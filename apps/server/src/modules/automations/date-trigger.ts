import type { AutomationTrigger, RecordItem } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { AutomationsTable, Database } from '../../db/schema.js';
import type { JobQueue, JobRun } from '../../jobs/queue.js';
import type { RecordService } from '../records/service.js';
import { DEFAULT_TIME_ZONE, dayStart } from '../records/time-zone.js';
import type { SchemaContext } from '../schema-context/context.js';
import type { WorkflowContexts } from '../workflow/contexts.js';
import type { AutomationRepository } from './repository.js';
import { definitionOf } from './runner.js';

type Db = Kysely<Database>;
type DateTrigger = Extract<AutomationTrigger, { kind: 'date' }>;

/** The job that fires one record's planned time. */
export const DATE_JOB = 'automation.date';
/** The job that plans every record of a table when a date automation is published or switched on. */
export const DATE_PLAN_JOB = 'automation.datePlan';
/** Records planned per transaction of the planning job. */
const PLAN_BATCH = 200;
/** Most records one planning job looks at (a bigger table plans the rest as its records are written). */
const PLAN_MAX = 20_000;

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/**
 * When a date trigger fires for a value: a date (YYYY-MM-DD) at its `time` (09:00) in the team's
 * time zone, a date-time as it is, moved by the offset. Null: no value, or one that does not parse.
 */
export function fireTime(t: DateTrigger, value: unknown, zone: string): number | null {
  if (typeof value !== 'string' || !value) return null;
  let at: number;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [h, m] = (t.time ?? '09:00').split(':').map(Number);
    at = dayStart(zone, value) + (h ?? 9) * 3_600_000 + (m ?? 0) * 60_000;
  } else at = Date.parse(value);
  if (!Number.isFinite(at)) return null;
  const shift = t.amount * UNIT_MS[t.unit];
  return t.direction === 'before' ? at - shift : at + shift;
}

/** The event a fired date trigger queues a run for. */
export type QueueRun = (
  trx: Db,
  a: AutomationsTable,
  event: { key: string; trigger: unknown; actor: string | null },
  depth: number,
) => Promise<string | null>;

/**
 * Date-relative triggers (issue 28): each record of the table has at most one planned time per
 * automation (`automation_date_plans`), carried by one queued job at that time. A write of the
 * record that changes the field plans it again (the old job is deleted, the plan row moved);
 * deleting the record deletes both. The job fires only if its plan row still names its time, so a
 * job left behind by a re-plan does nothing. Nothing scans the table on a request: a write looks
 * at the table's date automations (one indexed query) and plans its own records.
 */
export class DateTriggers {
  constructor(
    private readonly db: Db,
    private readonly repo: AutomationRepository,
    private readonly records: RecordService,
    private readonly contexts: WorkflowContexts,
    private readonly jobs: JobQueue,
    private readonly queueRun: QueueRun,
    private readonly now: () => number = Date.now,
  ) {
    jobs.register<{ automationId: string; recordId: string; fireAt: number }>(DATE_JOB, {
      run: (p, job) => this.fire(p.automationId, p.recordId, p.fireAt, job),
      maxAttempts: 5,
    });
    jobs.register<{ automationId: string }>(DATE_PLAN_JOB, {
      run: (p) => this.planAll(p.automationId),
      maxAttempts: 3,
    });
  }

  private async zone(engineCode: string, db: Db): Promise<string> {
    return (await this.repo.timeZone(engineCode, db)) || DEFAULT_TIME_ZONE;
  }

  /** Plans (or re-plans) one record: its old job goes, a new one is queued at its new time. */
  async plan(trx: Db, a: AutomationsTable, t: DateTrigger, record: { id: string; data: Record<string, unknown> }) {
    const at = fireTime(t, record.data[t.field], await this.zone(a.engine_code, trx));
    const old = await this.repo.datePlan(trx, a.id, record.id);
    if (old && at !== null && Number(old.fire_at) === at) return;
    if (old) await this.repo.dropDatePlan(trx, old);
    // A time already past is not fired late (a record created with last year's date).
    if (at === null || at <= this.now()) return;
    const job = await this.jobs.enqueue(
      DATE_JOB,
      { automationId: a.id, recordId: record.id, fireAt: at },
      {
        trx,
        runAt: at,
      },
    );
    await this.repo.putDatePlan(trx, {
      automation_id: a.id,
      engine_code: a.engine_code,
      schema_code: t.schemaCode,
      record_id: record.id,
      fire_at: at,
      job_id: job.id,
    });
  }

  /** A table's records were written (inside the write's transaction); `automations`: its date ones. */
  async written(
    ctx: SchemaContext,
    trx: Db,
    kind: 'created' | 'updated' | 'deleted',
    items: RecordItem[],
    automations: AutomationsTable[],
    changed?: ReadonlyMap<string, string[]>,
  ): Promise<void> {
    // Only enabled date automations have plans (switching off or republishing drops them).
    if (kind === 'deleted') {
      await this.repo.dropDatePlansOf(
        trx,
        ctx.schema.engine_code,
        ctx.schema.code,
        items.map((i) => i.id),
      );
      return;
    }
    for (const a of automations) {
      const version = await definitionOf(this.repo, a.id, Number(a.version), trx);
      const t = version?.definition.trigger;
      if (t?.kind !== 'date') continue;
      for (const item of items)
        if (kind === 'created' || (changed?.get(item.id) ?? []).includes(t.field)) await this.plan(trx, a, t, item);
    }
  }

  /** The planned time has come: queue the run if the plan still stands (not re-planned, still on). */
  private async fire(automationId: string, recordId: string, fireAt: number, job: JobRun): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await job.hold(trx);
      const plan = await this.repo.datePlan(trx, automationId, recordId);
      if (!plan || Number(plan.fire_at) !== fireAt) return;
      await this.repo.dropDatePlan(trx, plan, false);
      const a = await this.repo.find(plan.engine_code, automationId, trx);
      if (!a || Number(a.enabled) !== 1 || a.trigger_kind !== 'date') return;
      const version = await definitionOf(this.repo, a.id, Number(a.version), trx);
      const t = version?.definition.trigger;
      if (!version || t?.kind !== 'date') return;
      const tenant = await this.repo.tenantOf(trx, a.engine_code, version.publishedBy);
      const ctx = tenant ? await this.contexts.forEngine(tenant, a.app_code, t.schemaCode, trx) : null;
      const found = ctx ? await this.records.findItem(ctx, recordId, trx) : undefined;
      const record = found
        ? { id: found.id, version: found.version, data: found.data }
        : { id: recordId, version: 0, data: {} };
      await this.queueRun(
        trx,
        a,
        {
          key: `date:${recordId}:${fireAt}`,
          trigger: { event: 'date', schemaCode: t.schemaCode, field: t.field, firedAt: fireAt, record },
          actor: null,
        },
        0,
      );
    });
  }

  /** Plans every record of the automation's table that has a value (publish, switching on). */
  private async planAll(automationId: string): Promise<void> {
    const a = await this.repo.findAnyTeam(automationId);
    if (!a || Number(a.enabled) !== 1 || a.trigger_kind !== 'date') return;
    const version = await definitionOf(this.repo, a.id, Number(a.version));
    const t = version?.definition.trigger;
    if (!version || t?.kind !== 'date') return;
    const tenant = await this.repo.tenantOf(this.db, a.engine_code, version.publishedBy);
    if (!tenant) return;
    const filter = { op: 'and' as const, conditions: [{ field: t.field, operator: 'notEmpty' as const }] };
    const ctx = await this.contexts.forEngine(tenant, a.app_code, t.schemaCode, this.db);
    const found = await this.records.findIn(ctx, this.db, filter, [], PLAN_MAX);
    for (let i = 0; i < found.length; i += PLAN_BATCH)
      await this.db.transaction().execute(async (trx) => {
        for (const r of found.slice(i, i + PLAN_BATCH)) await this.plan(trx, a, t, r);
      });
  }

  /** Publishing or switching on: plan the table's records in the background (in `trx`'s commit). */
  async planLater(trx: Db, automationId: string): Promise<void> {
    await this.jobs.enqueue(DATE_PLAN_JOB, { automationId }, { trx });
  }

  /** Switching off or deleting: every planned time of the automation goes, with its job. */
  async dropAll(trx: Db, automationId: string): Promise<void> {
    await this.repo.dropDatePlansOfAutomation(trx, automationId);
  }
}
