import { randomUUID } from 'node:crypto';
import type { RecordItem } from '@canopy/contract';
import { type DefaultEnv, fieldType } from '@canopy/fields';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { retriedTransaction } from '../../db/transaction.js';
import type { SchemaContext } from '../schema-context/context.js';
import { reachableRow, recordConflict, requireRight } from './access.js';
import type { RecordLog } from './app-log.js';
import { updateRecords } from './batch-update.js';
import type { CountCache } from './count-cache.js';
import { defaultEnv } from './defaults.js';
import { guardWrite, presentRecord } from './field-guard.js';
import { computeFormulas } from './formulas.js';
import type { RecordHooks } from './hooks.js';
import type { TargetLoader } from './lookups.js';
import type { RecordQueryService } from './query-service.js';
import { recordItem } from './record-item.js';
import type { RecordRepository, RecordRow } from './repository.js';
import { liveFields, RecordValidator, settingsOf } from './validation.js';
import { buildWritePlan, type WritePlan } from './write-plan.js';

/**
 * Writes of a data table's records: created, changed and deleted — validated by their field types,
 * versioned, with a change history and the application log — in a transaction of their own (create,
 * update, remove, batch: the records API) or in the caller's (createIn, updateIn, removeIn: imports,
 * workflow actions). The write hooks are told inside the transaction; cached counts drop after it.
 */
export class RecordWriteService {
  private readonly validator: RecordValidator;
  /** Per context (a request, an import job, a workflow action): what its writes look up once. */
  private readonly plans = new WeakMap<SchemaContext, Promise<WritePlan>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: RecordRepository,
    private readonly loadTarget: TargetLoader,
    /** The API's writes answer the record as the member may see it (lookups filled in). */
    private readonly queries: RecordQueryService,
    private readonly hooks: RecordHooks,
    private readonly counts: CountCache,
    private readonly now: () => number,
    /** The application log of records' writes (app-log.ts); imports silence it and log themselves. */
    readonly log: RecordLog,
  ) {
    this.validator = new RecordValidator(repo);
  }

  /**
   * The member's row rule and where their links may point (write-plan.ts), worked out on the first
   * write of a context — inside a transaction on its connection (`trx`) — and kept for the rest.
   */
  private planned(ctx: SchemaContext, trx?: Kysely<Database>): Promise<WritePlan> {
    let plan = this.plans.get(ctx);
    if (!plan) {
      plan = buildWritePlan(ctx, this.repo, this.loadTarget, this.now(), trx);
      this.plans.set(ctx, plan);
      // A failed lookup (a rolled-back transaction) is asked again next time.
      plan.catch(() => this.plans.delete(ctx));
    }
    return plan;
  }

  /** A new record's physical row: system columns, the field columns, and formulas computed from the values. */
  private newRow(
    ctx: SchemaContext,
    id: string,
    columns: Record<string, unknown>,
    values: Record<string, unknown>,
    now: number,
  ) {
    const member = ctx.access.tenant.memberId;
    return {
      id,
      engine_code: ctx.schema.engine_code,
      version: 1,
      created_by: member,
      created_at: now,
      modified_by: member,
      modified_at: now,
      deleted_at: null,
      ...columns,
      ...computeFormulas(liveFields(ctx), values, new Date(now)),
    };
  }

  async createIn(ctx: SchemaContext, trx: Kysely<Database>, data: Record<string, unknown>): Promise<RecordItem> {
    const plan = await this.planned(ctx, trx);
    const env = await defaultEnv(ctx, trx, this.now());
    const { columns, values } = this.validator.parse(ctx, data, true, env);
    guardWrite(ctx, Object.keys(data), values, null, env);
    const id = randomUUID();
    await this.validator.checkReferences(ctx, trx, plan, [{ values }]);
    await this.validator.attachFiles(ctx, trx, [{ values, columns }]);
    await this.validator.checkUnique(ctx, trx, [{ columns, id }]);
    for (const f of liveFields(ctx).filter((x) => x.type === 'autoNumber')) {
      const n = await this.repo.nextNumber(trx, ctx.schema.code, f.code);
      columns[f.column_name] = n;
      values[f.code] = fieldType(f.type)?.fromStorage(n, settingsOf(f));
    }
    const now = this.now();
    const member = ctx.access.tenant.memberId;
    const row = this.newRow(ctx, id, columns, values, now);
    await this.repo.insert(trx, ctx.schema.table_name, row);
    const changes = Object.entries(values)
      .filter(([, v]) => v !== null)
      .map(([field, to]) => ({ field, from: null, to }));
    const item = recordItem(ctx, row as RecordRow);
    await this.repo.addHistory(
      trx,
      {
        schemaCode: ctx.schema.code,
        recordId: id,
        engineCode: ctx.schema.engine_code,
        memberId: member,
        action: 'create',
        changes,
        log: this.log.historyTag(ctx, item.title),
      },
      now,
    );
    await this.hooks.wrote(ctx, trx, 'record.created', [item]);
    return item;
  }

  async updateIn(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    id: string,
    version: number,
    data: Record<string, unknown>,
    /** fromFlow: the change is a step of the record's own flow (not the plain records API). */
    options: { fromFlow: boolean },
  ): Promise<RecordItem> {
    return (await this.updateManyIn(ctx, trx, [{ id, version, data }], options))[0] as RecordItem;
  }

  /** Many records changed with a fixed number of statements (batch-update.ts). */
  async updateManyIn(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    items: { id: string; version: number; data: Record<string, unknown> }[],
    options: { fromFlow: boolean },
  ): Promise<RecordItem[]> {
    if (!items.length) return [];
    const { updated, changed } = await updateRecords(
      {
        repo: this.repo,
        validator: this.validator,
        toItem: recordItem,
        now: this.now,
        historyTag: (title, batch) =>
          this.log.historyTag(ctx, title, options.fromFlow ? { fromFlow: true } : undefined, batch),
        markBatch: (rows) => this.log.markBatch(ctx, trx, rows),
      },
      ctx,
      trx,
      await this.planned(ctx, trx),
      items,
      options,
    );
    await this.hooks.wrote(ctx, trx, 'record.updated', updated, changed);
    return updated;
  }

  async removeIn(ctx: SchemaContext, trx: Kysely<Database>, id: string, version: number | undefined): Promise<void> {
    const before = await reachableRow(this.repo, ctx, id, 'delete', (await this.planned(ctx, trx)).deleteScope, trx);
    const item = recordItem(ctx, before);
    // Told while the row is still there (a webhook's filter reads it as it was); a refused delete rolls back.
    await this.hooks.wrote(ctx, trx, 'record.deleted', [item]);
    if (!(await this.repo.remove(trx, ctx.schema.table_name, ctx.schema.engine_code, id, version)))
      throw recordConflict();
    await this.hooks.removed(ctx, trx, id);
    const changes = Object.entries(item.data)
      .filter(([, v]) => v !== null)
      .map(([field, from]) => ({ field, from, to: null }));
    await this.repo.addHistory(
      trx,
      {
        schemaCode: ctx.schema.code,
        recordId: id,
        engineCode: ctx.schema.engine_code,
        memberId: ctx.access.tenant.memberId,
        action: 'delete',
        changes,
        log: this.log.historyTag(ctx, item.title),
      },
      this.now(),
    );
  }

  /**
   * Imports write many rows at once. Tables whose rows need the database per row (unique values,
   * auto-numbers, links to records or files) go through createIn row by row; the rest are converted
   * in memory and written in bulk with one history entry for the import (transfer/bulk-import.ts).
   */
  needsRowByRow(ctx: SchemaContext): boolean {
    return liveFields(ctx).some(
      (f) =>
        f.unique_flag === 1 ||
        f.type === 'autoNumber' ||
        ['record', 'file'].includes(fieldType(f.type)?.references ?? ''),
    );
  }

  /** A new record's values checked like createIn does, without touching the database (`env`: defaultEnv). */
  prepare(ctx: SchemaContext, data: Record<string, unknown>, env: DefaultEnv) {
    const parsed = this.validator.parse(ctx, data, true, env);
    guardWrite(ctx, Object.keys(data), parsed.values, null, env);
    return parsed;
  }

  /** Who creates records in this context, and when (the dynamic defaults of a new record). */
  defaultEnv(ctx: SchemaContext): Promise<DefaultEnv> {
    return defaultEnv(ctx, this.db, this.now());
  }

  async create(ctx: SchemaContext, data: Record<string, unknown>): Promise<RecordItem> {
    requireRight(ctx, 'add');
    const item = await this.db.transaction().execute((trx) => this.createIn(ctx, trx, data));
    this.counts.drop(ctx.schema.code);
    return this.queries.answerOne(ctx, item);
  }

  async update(ctx: SchemaContext, id: string, version: number, data: Record<string, unknown>): Promise<RecordItem> {
    requireRight(ctx, 'edit');
    const item = await this.db
      .transaction()
      .execute((trx) => this.updateIn(ctx, trx, id, version, data, { fromFlow: false }));
    this.counts.drop(ctx.schema.code);
    return this.queries.answerOne(ctx, item);
  }

  async remove(ctx: SchemaContext, id: string, version: number | undefined): Promise<void> {
    requireRight(ctx, 'delete');
    // Ending the record's flow takes kept-count rows an action may hold: a deadlock's victim runs again.
    await retriedTransaction(this.db, (trx) => this.removeIn(ctx, trx, id, version));
    this.counts.drop(ctx.schema.code);
  }

  /** All or nothing: one failing item rolls back the whole batch. */
  async batch(
    ctx: SchemaContext,
    input: {
      create?: { data: Record<string, unknown> }[];
      update?: { id: string; version: number; data: Record<string, unknown> }[];
      delete?: { id: string; version: number }[];
    },
  ) {
    if (input.create?.length) requireRight(ctx, 'add');
    if (input.update?.length) requireRight(ctx, 'edit');
    if (input.delete?.length) requireRight(ctx, 'delete');
    const result = await retriedTransaction(this.db, async (trx) => {
      const created: RecordItem[] = [];
      await this.hooks.inBatch(ctx, trx, async () => {
        for (const c of input.create ?? []) created.push(await this.createIn(ctx, trx, c.data));
      });
      const updated = await this.updateManyIn(ctx, trx, input.update ?? [], { fromFlow: false });
      for (const d of input.delete ?? []) await this.removeIn(ctx, trx, d.id, d.version);
      return { created, updated, deleted: (input.delete ?? []).map((d) => d.id) };
    });
    this.counts.drop(ctx.schema.code);
    return {
      created: result.created.map((i) => presentRecord(ctx, i)),
      updated: result.updated.map((i) => presentRecord(ctx, i)),
      deleted: result.deleted,
    };
  }
}
