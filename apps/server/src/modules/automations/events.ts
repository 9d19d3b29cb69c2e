import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type AutomationDefinition,
  AutomationLimits,
  type CommentEventData,
  type FilterGroup,
  type FlowTriggerEvent,
  InstanceState,
  type RecordItem,
  type RecordTriggerEvent,
} from '@canopy/contract';
import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import type { AutomationQuotas } from '../../config.js';
import type { AutomationsTable, Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { RecordRepository } from '../records/repository.js';
import type { RecordService } from '../records/service.js';
import { DEFAULT_TIME_ZONE, dayStart, localDayOf } from '../records/time-zone.js';
import type { SchemaContext } from '../schema-context/context.js';
import { matchingIds } from '../webhooks/filter.js';
import { asMember, type WorkflowContexts } from '../workflow/contexts.js';
import type { FlowActionEvent, FlowNotify } from '../workflow/flow-hooks.js';
import type { DateTriggers } from './date-trigger.js';
import { isFormSubmission } from './form-trigger.js';
import { nextDepth } from './loop-guard.js';
import type { AutomationRepository, TableTriggerKind } from './repository.js';
import { definitionOf, RUN_JOB } from './runner.js';

type Db = Kysely<Database>;

/** One trigger event of one automation: its idempotency key and what its steps may read. */
export interface TriggerEvent {
  key: string;
  trigger: unknown;
  actor: string | null;
}

/** The next time a schedule fires after `after`, in the team's time zone (null: never again). */
export function nextFire(cron: string, timeZone: string, after: number): number | null {
  const next = new Cron(cron, { timezone: timeZone, paused: true }).nextRun(new Date(after));
  return next ? next.getTime() : null;
}

const plain = (r: RecordItem) => ({ id: r.id, version: r.version, data: r.data });

/** The automation events a flow action raises (an approval that ends the flow is two). */
export function flowTriggerEvents(e: FlowActionEvent): FlowTriggerEvent[] {
  const out: FlowTriggerEvent[] = [];
  if (e.action === 'submit' && e.actedNodeType === 'start') out.push('submitted');
  if (e.action === 'approve') out.push('approved');
  if (e.action === 'reject') out.push('rejected');
  if (e.action === 'revert') out.push('returned');
  if (e.instance.state === InstanceState.Finished && e.previousState !== InstanceState.Finished) out.push('finished');
  return out;
}

/**
 * Turns trigger events into queued runs, always inside the transaction of what caused them (a
 * record write, a flow action, the webhook call's or the schedule's own): a run row unique by its
 * event's idempotency key and one `automation.run` job. A second sight of the same event inserts
 * nothing. The loop guard and the day's quota record a run that says why it did not start.
 */
export class AutomationEvents {
  /** Date-relative triggers (module.ts wires them: they queue runs through `queue`). */
  dates: DateTriggers | undefined;

  constructor(
    private readonly db: Db,
    private readonly repo: AutomationRepository,
    private readonly recordRepo: RecordRepository,
    private readonly records: RecordService,
    private readonly contexts: WorkflowContexts,
    private readonly jobs: JobQueue,
    private readonly quotas: AutomationQuotas,
    private readonly now: () => number = Date.now,
  ) {}

  /** Queues a run of the automation's published version for this event (in `trx`); answers its id if new. */
  async queue(trx: Db, a: AutomationsTable, event: TriggerEvent, depth: number): Promise<string | null> {
    const now = this.now();
    const id = randomUUID();
    let status = 'queued';
    let error: string | null = null;
    if (depth > AutomationLimits.maxDepth) {
      status = 'stopped';
      error = JSON.stringify({ key: 'automation.loopGuard', params: { depth } });
    } else {
      const zone = (await this.repo.timeZone(a.engine_code, trx)) || DEFAULT_TIME_ZONE;
      const since = dayStart(zone, localDayOf(zone, now));
      if ((await this.repo.runsSince(trx, a.engine_code, since)) >= this.quotas.runsPerDay) {
        status = 'skipped';
        error = JSON.stringify({ key: 'automation.quotaDay', params: { limit: this.quotas.runsPerDay } });
      }
    }
    const inserted = await this.repo.insertRun(trx, {
      id,
      engine_code: a.engine_code,
      automation_id: a.id,
      version: Number(a.version),
      event_key: event.key.slice(0, 200),
      status,
      trigger: JSON.stringify(event.trigger),
      depth,
      actor_member_id: event.actor,
      error,
      created_at: now,
      started_at: null,
      finished_at: status === 'queued' ? null : now,
    });
    if (!inserted) return null;
    if (status === 'queued') await this.jobs.enqueue(RUN_JOB, { runId: id }, { trx });
    return id;
  }

  /** A table's records were written (records/hooks.ts, inside the write's transaction). */
  async recordsWritten(
    ctx: SchemaContext,
    trx: Db,
    event: 'record.created' | 'record.updated' | 'record.deleted',
    items: RecordItem[],
    changed?: ReadonlyMap<string, string[]>,
  ): Promise<void> {
    const kind = event.slice('record.'.length) as Exclude<RecordTriggerEvent, 'commented'>;
    // One indexed query for every kind a record write can start (none: nothing else).
    const form = kind === 'created' && isFormSubmission();
    const kinds: TableTriggerKind[] = form ? ['record', 'date', 'form'] : ['record', 'date'];
    const all = await this.repo.ofTable(trx, ctx.schema.engine_code, ctx.schema.code, kinds);
    if (!all.length) return;
    const dated = all.filter((a) => a.trigger_kind === 'date');
    if (dated.length) await this.dates?.written(ctx, trx, kind, items, dated, changed);
    if (form)
      await this.formSubmitted(
        ctx,
        trx,
        items,
        all.filter((a) => a.trigger_kind === 'form'),
      );
    const automations = all.filter((a) => a.trigger_kind === 'record');
    const depth = nextDepth();
    for (const a of automations) {
      const version = await definitionOf(this.repo, a.id, Number(a.version), trx);
      const trigger = version?.definition.trigger;
      if (!version || trigger?.kind !== 'record' || !trigger.events.includes(kind)) continue;
      let chosen = items;
      if (kind === 'updated') {
        const fields = trigger.fields ?? [];
        chosen = chosen.filter((item) => {
          const did = changed?.get(item.id) ?? [];
          return did.length > 0 && (!fields.length || did.some((f) => fields.includes(f)));
        });
      }
      chosen = await this.matching(ctx, trx, trigger.filter, chosen, version.publishedBy);
      for (const item of chosen)
        await this.queue(
          trx,
          a,
          {
            key: `${kind}:${item.id}:${item.version}`,
            trigger: {
              event: kind,
              schemaCode: ctx.schema.code,
              record: plain(item),
              changed: changed?.get(item.id) ?? [],
              memberId: ctx.access.tenant.memberId,
            },
            actor: ctx.access.tenant.memberId,
          },
          depth,
        );
    }
  }

  /** The records that match a trigger's filter (none: all of them), as its publisher sees the table. */
  private async matching(
    ctx: SchemaContext,
    trx: Db,
    filter: FilterGroup | undefined,
    items: RecordItem[],
    publishedBy: string,
  ): Promise<RecordItem[]> {
    if (!filter?.conditions.length || !items.length) return items;
    const table = {
      tableName: ctx.schema.table_name,
      engineCode: ctx.schema.engine_code,
      fields: ctx.fields,
      timeZone: ctx.access.tenant.timeZone ?? DEFAULT_TIME_ZONE,
    };
    const ids = items.map((i) => i.id);
    const matching = await matchingIds(trx, this.recordRepo, table, filter, ids, publishedBy, this.now());
    return items.filter((i) => matching.has(i.id));
  }

  /**
   * A comment was written on a record (comments/service.ts, inside its transaction): each record
   * automation of the table listening to `commented` whose filter the record matches runs once.
   */
  async commented(ctx: SchemaContext, trx: Db, record: RecordItem, comment: CommentEventData): Promise<void> {
    const all = await this.repo.ofTable(trx, ctx.schema.engine_code, ctx.schema.code, ['record']);
    if (!all.length) return;
    const depth = nextDepth();
    for (const a of all) {
      const version = await definitionOf(this.repo, a.id, Number(a.version), trx);
      const trigger = version?.definition.trigger;
      if (!version || trigger?.kind !== 'record' || !trigger.events.includes('commented')) continue;
      if (!(await this.matching(ctx, trx, trigger.filter, [record], version.publishedBy)).length) continue;
      await this.queue(
        trx,
        a,
        {
          key: `commented:${comment.id}`,
          trigger: {
            event: 'commented',
            schemaCode: ctx.schema.code,
            record: plain(record),
            comment,
            changed: [],
            memberId: ctx.access.tenant.memberId,
          },
          actor: ctx.access.tenant.memberId,
        },
        depth,
      );
    }
  }

  /** Records created through the table's form: each form automation of the table runs once per record. */
  private async formSubmitted(
    ctx: SchemaContext,
    trx: Db,
    items: RecordItem[],
    automations: AutomationsTable[],
  ): Promise<void> {
    const depth = nextDepth();
    for (const a of automations)
      for (const item of items)
        await this.queue(
          trx,
          a,
          {
            key: `form:${item.id}`,
            trigger: {
              event: 'form',
              schemaCode: ctx.schema.code,
              record: plain(item),
              memberId: ctx.access.tenant.memberId,
            },
            actor: ctx.access.tenant.memberId,
          },
          depth,
        );
  }

  /** A button pressed on a record (service.ts checked who may): its run, queued at once. */
  async pressed(a: AutomationsTable, schemaCode: string, record: RecordItem, memberId: string): Promise<string> {
    const key = `button:${randomUUID()}`;
    const trigger = { event: 'button', schemaCode, record: plain(record), pressedBy: memberId, memberId };
    const runId = await this.db
      .transaction()
      .execute((trx) => this.queue(trx, a, { key, trigger, actor: memberId }, nextDepth()));
    return runId ?? '';
  }

  /** The flow events' side of the workflow's notify seam (inside the action's transaction). */
  flowNotify(): Pick<FlowNotify, 'afterAction'> {
    return { afterAction: (trx, e) => this.flowAction(trx, e) };
  }

  private async flowAction(trx: Db, e: FlowActionEvent): Promise<void> {
    const events = flowTriggerEvents(e);
    if (!events.length) return;
    const inst = e.instance;
    const automations = await this.repo.ofTable(trx, inst.engine_code, inst.schema_code, 'flow');
    if (!automations.length) return;
    const depth = nextDepth();
    let record: ReturnType<typeof plain> | null | undefined;
    for (const a of automations) {
      const version = await definitionOf(this.repo, a.id, Number(a.version), trx);
      const trigger = version?.definition.trigger;
      if (trigger?.kind !== 'flow') continue;
      for (const ev of events.filter((x) => trigger.events.includes(x))) {
        if (record === undefined) {
          const tenant = await this.repo.tenantOf(trx, inst.engine_code, e.actorMemberId);
          const ctx = tenant
            ? await this.contexts.forEngine(asMember(tenant, e.actorMemberId), inst.app_code, inst.schema_code, trx)
            : null;
          const found = ctx ? await this.records.findItem(ctx, inst.record_id, trx) : undefined;
          record = found ? plain(found) : { id: inst.record_id, version: 0, data: {} };
        }
        await this.queue(
          trx,
          a,
          {
            key: `flow.${ev}:${inst.id}:${inst.version}`,
            trigger: {
              event: ev,
              schemaCode: inst.schema_code,
              instanceId: inst.id,
              action: e.action,
              actor: e.actorMemberId,
              node: e.actedItem?.node_name ?? '',
              state: Number(inst.state),
              result: inst.result,
              record,
            },
            actor: e.actorMemberId,
          },
          depth,
        );
      }
    }
  }

  /**
   * An incoming webhook call: the automation's secret address with a JSON body. Anything but an
   * enabled, published webhook automation with this secret is "not found" (undefined) and queues
   * nothing. `idempotencyKey`: a caller's retry of the same call starts no second run.
   */
  async incoming(automationId: string, secret: string, body: unknown, idempotencyKey?: string) {
    const a = await this.repo.findAnyTeam(automationId);
    if (a?.trigger_kind !== 'webhook' || Number(a.enabled) !== 1 || Number(a.version) < 1) return undefined;
    const want = Buffer.from(a.webhook_secret);
    const got = Buffer.from(secret);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
    const key = `webhook:${idempotencyKey ? `k:${idempotencyKey}` : randomUUID()}`;
    const runId = await this.db
      .transaction()
      .execute((trx) => this.queue(trx, a, { key, trigger: { body: body ?? null }, actor: null }, 0));
    return { runId: runId ?? '' };
  }

  /**
   * Schedules whose time has come (the job queue's `automations.cron`, once per cluster per period):
   * each queues its run and moves on to its next time in one transaction, only from the time it
   * read, so two ticks racing queue one run per fire time (its key is the time).
   */
  async fireDue(now = this.now()): Promise<number> {
    let fired = 0;
    for (const a of await this.repo.dueSchedules(now, 200)) {
      const version = await definitionOf(this.repo, a.id, Number(a.version));
      const trigger = version?.definition.trigger;
      const from = Number(a.next_fire_at);
      const zone = (await this.repo.timeZone(a.engine_code)) || DEFAULT_TIME_ZONE;
      let next: number | null = null;
      if (trigger?.kind === 'schedule') next = nextFire(trigger.cron, zone, Math.max(now, from));
      await this.db.transaction().execute(async (trx) => {
        if (!(await this.repo.moveSchedule(trx, a.id, from, next))) return;
        if (trigger?.kind !== 'schedule') return;
        if (await this.queue(trx, a, { key: `cron:${from}`, trigger: { firedAt: from }, actor: null }, 0)) fired += 1;
      });
    }
    return fired;
  }

  /** A schedule's first time from now (publish, switching on), or null for other triggers. */
  async firstFire(engineCode: string, definition: AutomationDefinition): Promise<number | null> {
    if (definition.trigger.kind !== 'schedule') return null;
    const zone = (await this.repo.timeZone(engineCode)) || DEFAULT_TIME_ZONE;
    return nextFire(definition.trigger.cron, zone, this.now());
  }
}
