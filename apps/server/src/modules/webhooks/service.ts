import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateWebhookBody,
  ErrorCode,
  type FilterGroup,
  type UpdateWebhookBody,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookItem,
  WebhookLimits,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema.js';
import { AppError, Errors, FieldValidationError } from '../../http/app-error.js';
import { checkTarget, parseTarget } from '../../net/guard.js';
import { requireEdit } from '../apps/access.js';
import type { Letters } from '../notices/letters.js';
import { writeTableLetter } from '../notices/transfer-letters.js';
import type { RecordRepository } from '../records/repository.js';
import { DEFAULT_TIME_ZONE } from '../records/time-zone.js';
import type { SchemaContext } from '../schema-context/context.js';
import { checkFilter, type HookTable, matchingIds, parseFilter } from './filter.js';
import { type SendResult, send, webhookReach } from './sender.js';

/** One event of one record to queue: the record's id (the filter reads its row) and the payload's own part. */
export interface HookEntry {
  recordId: string;
  data: object;
}

/** Where events come from: a table, its physical rows (loaded only when a hook has a filter). */
export interface HookSource {
  engineCode: string;
  schemaCode: string;
  table: () => Promise<HookTable>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhook deliveries (tests drain them at once instead of waiting for the interval). */
    webhooks: WebhookService;
  }
}

const LEASE_MS = 60_000;
const BATCH = 20;

/**
 * Webhooks of a data table (issue 17). Events are queued as delivery rows inside the transaction
 * of the record change (a rolled-back change sends nothing); every server process drains due
 * deliveries on an interval, each taken with a lease so one process sends it; failures are retried
 * with backoff, and a hook failing for a day is paused.
 */
export class WebhookService {
  private draining = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly allowPrivate: boolean,
    private readonly records: RecordRepository,
    /** The owner's letter when a hook is paused. */
    private readonly letters: Letters,
    private readonly now: () => number = Date.now,
  ) {}

  private toItem(h: WebhooksTable): WebhookItem {
    return {
      id: h.id,
      url: h.url,
      events: JSON.parse(h.events) as string[],
      filter: parseFilter(h.filter),
      secret: h.secret,
      active: Number(h.active) === 1,
      pausedAt: h.paused_at === null ? null : Number(h.paused_at),
      createdAt: Number(h.created_at),
    };
  }

  private toDelivery(d: WebhookDeliveriesTable): WebhookDelivery {
    return {
      id: d.id,
      event: d.event,
      state: d.state as WebhookDelivery['state'],
      attempts: Number(d.attempts),
      status: d.last_status === null ? null : Number(d.last_status),
      error: d.last_error ?? '',
      durationMs: d.duration_ms === null ? null : Number(d.duration_ms),
      responseExcerpt: d.response_excerpt ?? '',
      createdAt: Number(d.created_at),
      nextAttemptAt: d.state === 'pending' ? Number(d.next_attempt_at) : null,
    };
  }

  private hooks(ctx: SchemaContext) {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('engine_code', '=', ctx.schema.engine_code)
      .where('schema_code', '=', ctx.schema.code);
  }

  private async hook(ctx: SchemaContext, id: string): Promise<WebhooksTable> {
    requireEdit(ctx.access);
    const h = await this.hooks(ctx).where('id', '=', id).executeTakeFirst();
    if (!h) throw Errors.notFound();
    return h;
  }

  async list(ctx: SchemaContext): Promise<WebhookItem[]> {
    requireEdit(ctx.access);
    return (await this.hooks(ctx).orderBy('created_at').orderBy('id').execute()).map((h) => this.toItem(h));
  }

  /**
   * A filter as the member saving it sees the table: a field hidden from them (or gone, or a value
   * that does not fit) is refused, naming it. One without conditions is no filter.
   */
  private filterOf(ctx: SchemaContext, filter: FilterGroup | undefined): string | null {
    if (!filter?.conditions.length) return null;
    try {
      checkFilter(ctx, filter, this.now(), ctx.access.tenant.timeZone ?? DEFAULT_TIME_ZONE);
    } catch (e) {
      if (e instanceof AppError && e.statusCode === 400)
        throw new FieldValidationError([{ field: 'filter', key: 'filter.invalid', params: e.params }]);
      throw e;
    }
    return JSON.stringify(filter);
  }

  async create(ctx: SchemaContext, body: CreateWebhookBody): Promise<WebhookItem> {
    requireEdit(ctx.access);
    const filter = this.filterOf(ctx, body.filter);
    const url = parseTarget(body.url.trim());
    if (!url) throw new FieldValidationError([{ field: 'url', key: 'webhook.url' }]);
    const verdict = await checkTarget(url, webhookReach(this.allowPrivate));
    if (verdict !== 'ok')
      throw new FieldValidationError([
        { field: 'url', key: verdict === 'refused' ? 'webhook.private' : 'webhook.unresolved' },
      ]);
    if ((await this.hooks(ctx).execute()).length >= WebhookLimits.perTable) {
      throw new AppError(400, ErrorCode.badRequest, 'webhook.tooMany', { limit: WebhookLimits.perTable });
    }
    const row: WebhooksTable = {
      id: randomUUID(),
      engine_code: ctx.schema.engine_code,
      app_code: ctx.access.app.code,
      schema_code: ctx.schema.code,
      url: url.toString(),
      secret: randomBytes(24).toString('base64url'),
      events: JSON.stringify(body.events),
      filter,
      active: 1,
      created_by: ctx.access.tenant.memberId,
      created_at: this.now(),
      failing_since: null,
      paused_at: null,
    };
    await this.db.insertInto('webhooks').values(row).execute();
    return this.toItem(row);
  }

  async update(ctx: SchemaContext, id: string, body: UpdateWebhookBody) {
    const h = await this.hook(ctx, id);
    const set: Partial<WebhooksTable> = {};
    if (body.events) set.events = JSON.stringify(body.events);
    if (body.filter) set.filter = this.filterOf(ctx, body.filter);
    if (body.active !== undefined) {
      set.active = body.active ? 1 : 0;
      // Switching on resumes a paused hook with a clean slate.
      if (body.active) Object.assign(set, { paused_at: null, failing_since: null });
    }
    if (Object.keys(set).length)
      await this.db.transaction().execute(async (trx) => {
        await trx.updateTable('webhooks').set(set).where('id', '=', h.id).execute();
        // Switched on: what waited while it was off or paused goes out now, oldest first.
        if (body.active)
          await trx
            .updateTable('webhook_deliveries')
            .set({ next_attempt_at: this.now(), lease_until: null })
            .where('webhook_id', '=', h.id)
            .where('state', '=', 'pending')
            .execute();
      });
    return this.toItem({ ...h, ...set });
  }

  async remove(ctx: SchemaContext, id: string): Promise<void> {
    const h = await this.hook(ctx, id);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', h.id).execute();
      await trx.deleteFrom('webhooks').where('id', '=', h.id).execute();
    });
  }

  async deliveries(ctx: SchemaContext, id: string): Promise<WebhookDelivery[]> {
    const h = await this.hook(ctx, id);
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', h.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(WebhookLimits.logRows)
      .execute();
    return rows.map((d) => this.toDelivery(d));
  }

  /** A `ping` delivery, sent now (and logged like any other). */
  async test(ctx: SchemaContext, id: string): Promise<WebhookDelivery> {
    const h = await this.hook(ctx, id);
    const now = this.now();
    const row = this.deliveryRow(h, 'ping', { appCode: h.app_code, tableCode: h.schema_code }, now);
    row.lease_until = now + LEASE_MS;
    await this.db.insertInto('webhook_deliveries').values(row).execute();
    return this.toDelivery((await this.attempt(h, row, now)).delivery);
  }

  private deliveryRow(h: WebhooksTable, event: string, data: object, now: number): WebhookDeliveriesTable {
    const id = randomUUID();
    return {
      id,
      webhook_id: h.id,
      event,
      payload: JSON.stringify({ id, event, occurredAt: new Date(now).toISOString(), ...data }),
      state: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      last_status: null,
      last_error: null,
      duration_ms: null,
      response_excerpt: null,
      created_at: now,
      finished_at: null,
    };
  }

  /**
   * Called in the transaction of a record change (`record.*`, one entry per record — an import's
   * batch at once) or a flow action (`flow.*`): one delivery per active, unpaused hook of the table
   * that subscribes to the event and whose filter the record matches — asked of the database in this
   * transaction, for all the entries at once. Rows are inserted many at a time.
   */
  async enqueue(trx: Kysely<Database>, source: HookSource, event: WebhookEvent, entries: HookEntry[]): Promise<void> {
    if (!entries.length) return;
    const hooks = (
      await trx
        .selectFrom('webhooks')
        .selectAll()
        .where('engine_code', '=', source.engineCode)
        .where('schema_code', '=', source.schemaCode)
        .where('active', '=', 1)
        .where('paused_at', 'is', null)
        .execute()
    ).filter((h) => (JSON.parse(h.events) as string[]).includes(event));
    if (!hooks.length) return;
    const now = this.now();
    let table: HookTable | undefined;
    const rows: WebhookDeliveriesTable[] = [];
    for (const h of hooks) {
      const filter = parseFilter(h.filter);
      let chosen = entries;
      if (filter) {
        table ??= await source.table();
        const ids = [...new Set(entries.map((e) => e.recordId))];
        const matching = await matchingIds(trx, this.records, table, filter, ids, h.created_by, now);
        chosen = entries.filter((e) => matching.has(e.recordId));
      }
      for (const e of chosen)
        rows.push(this.deliveryRow(h, event, { appCode: h.app_code, tableCode: h.schema_code, ...e.data }, now));
    }
    // 14 values a row: 500 rows a statement stay far below both databases' limits.
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('webhook_deliveries')
        .values(rows.slice(i, i + 500))
        .execute();
  }

  /** Whether an active hook of this table wants this event (a bulk import reads its records back only then). */
  async listens(trx: Kysely<Database>, source: HookSource, event: WebhookEvent): Promise<boolean> {
    const hooks = await trx
      .selectFrom('webhooks')
      .select('events')
      .where('engine_code', '=', source.engineCode)
      .where('schema_code', '=', source.schemaCode)
      .where('active', '=', 1)
      .where('paused_at', 'is', null)
      .execute();
    return hooks.some((h) => (JSON.parse(h.events) as string[]).includes(event));
  }

  /** A record change's source: the writer's context knows the table and its fields. */
  static recordSource(ctx: SchemaContext): HookSource {
    return {
      engineCode: ctx.schema.engine_code,
      schemaCode: ctx.schema.code,
      table: async () => ({
        tableName: ctx.schema.table_name,
        engineCode: ctx.schema.engine_code,
        fields: ctx.fields,
        timeZone: ctx.access.tenant.timeZone ?? DEFAULT_TIME_ZONE,
      }),
    };
  }

  /** Sends one delivery and records how it went: delivered, retried later with backoff, or failed. */
  private async attempt(
    h: WebhooksTable,
    d: WebhookDeliveriesTable,
    now: number,
  ): Promise<{ delivery: WebhookDeliveriesTable; hook: WebhooksTable }> {
    const result: SendResult = await send(
      h.url,
      h.secret,
      { event: d.event, delivery: d.id },
      d.payload,
      this.allowPrivate,
      now,
    );
    const attempts = Number(d.attempts) + 1;
    const backoff = WebhookLimits.backoffSeconds[Math.min(attempts - 1, WebhookLimits.backoffSeconds.length - 1)] ?? 0;
    const state = result.ok ? 'delivered' : attempts >= WebhookLimits.maxAttempts ? 'failed' : 'pending';
    const set = {
      state,
      attempts,
      lease_until: null,
      next_attempt_at: state === 'pending' ? now + backoff * 1000 : Number(d.next_attempt_at),
      last_status: result.status,
      last_error: result.error.slice(0, 500) || null,
      duration_ms: result.durationMs,
      response_excerpt: result.excerpt.slice(0, WebhookLimits.excerptChars) || null,
      finished_at: state === 'pending' ? null : now,
    };
    await this.db.updateTable('webhook_deliveries').set(set).where('id', '=', d.id).execute();
    const delivery = { ...d, ...set };
    if (result.ok) {
      await this.db.updateTable('webhooks').set({ failing_since: null }).where('id', '=', h.id).execute();
      return { delivery, hook: { ...h, failing_since: null } };
    }
    const since = h.failing_since === null ? now : Number(h.failing_since);
    await this.db.updateTable('webhooks').set({ failing_since: since }).where('id', '=', h.id).execute();
    if (now - since < WebhookLimits.pauseAfterMs) return { delivery, hook: { ...h, failing_since: since } };
    await this.pause(h, now);
    return { delivery, hook: { ...h, failing_since: since, paused_at: now } };
  }

  /**
   * Pauses a hook that has failed for a day and tells its owner, in one transaction: the one process
   * whose conditional update paused it writes the letter, linking to the table.
   */
  private async pause(h: WebhooksTable, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const paused = await trx
        .updateTable('webhooks')
        .set({ paused_at: now })
        .where('id', '=', h.id)
        .where('paused_at', 'is', null)
        .executeTakeFirst();
      if (Number(paused.numUpdatedRows) !== 1) return;
      await writeTableLetter(
        this.letters,
        trx,
        {
          kind: 'webhookPaused',
          engineCode: h.engine_code,
          appCode: h.app_code,
          schemaCode: h.schema_code,
          memberId: h.created_by,
          eventId: h.id,
          params: { url: h.url },
        },
        now,
      );
    });
  }

  /**
   * Sends the deliveries due at `now` (each taken with a lease, so one process sends it); answers how
   * many. Tests pass a later clock to reach retries.
   */
  async drain(now = this.now()): Promise<number> {
    if (this.draining) return 0;
    this.draining = true;
    let done = 0;
    try {
      // Deliveries of a hook that is switched off or paused wait (pending) until it is switched on.
      const due = await this.db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .selectAll('webhook_deliveries')
        .where('webhook_deliveries.state', '=', 'pending')
        .where('webhook_deliveries.next_attempt_at', '<=', now)
        .where('webhooks.active', '=', 1)
        .where('webhooks.paused_at', 'is', null)
        .orderBy('webhook_deliveries.next_attempt_at')
        .limit(BATCH)
        .execute();
      // Their hooks in one read (never a query per delivery); a hook's state moves on as it is sent.
      const ids = [...new Set(due.map((d) => d.webhook_id))];
      const hooks = new Map(
        ids.length
          ? (await this.db.selectFrom('webhooks').selectAll().where('id', 'in', ids).execute()).map((h) => [h.id, h])
          : [],
      );
      for (const d of due) {
        if (d.lease_until !== null && Number(d.lease_until) > now) continue;
        const taken = await this.db
          .updateTable('webhook_deliveries')
          .set({ lease_until: now + LEASE_MS })
          .where('id', '=', d.id)
          .where('state', '=', 'pending')
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) continue;
        const h = hooks.get(d.webhook_id);
        if (!h) continue;
        // Later deliveries of this batch see the hook as this attempt left it (failing since, paused);
        // a hook paused by it sends nothing more.
        if (h.paused_at !== null) {
          await this.db.updateTable('webhook_deliveries').set({ lease_until: null }).where('id', '=', d.id).execute();
          continue;
        }
        hooks.set(h.id, (await this.attempt(h, d, now)).hook);
        done += 1;
      }
    } finally {
      this.draining = false;
    }
    return done;
  }
}
