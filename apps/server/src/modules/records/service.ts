import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  type FilterGroup,
  type HistoryEntry,
  InstanceState,
  type RecordAction,
  type RecordItem,
  RecordLimits,
  type RecordQueryBody,
  SchemaTag,
  type ServerMessageKey,
} from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import { expressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Invalidations } from '../../db/invalidation.js';
import type { Database, FieldsTable } from '../../db/schema.js';
import { retriedTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import { allows, type SchemaContext } from '../schema-context/context.js';
import { RecordLog } from './app-log.js';
import { updateRecords } from './batch-update.js';
import { groupValues, pickRecords } from './browse.js';
import { CountCache } from './count-cache.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { guardWrite, presentRecord, visibleChanges } from './field-guard.js';
import { computeFormulas } from './formulas.js';
import { type BulkLoadState, indexName, type RecordIndexes } from './indexes.js';
import { fillLookups, type TargetLoader } from './lookups.js';
import {
  filterExpression,
  filteredWalkIndexes,
  listIndexSpecs,
  mentionsContains,
  orderIndexSpec,
  type QueryEnv,
  searchExpression,
} from './query.js';
import type { RecordRepository, RecordRow, SortColumn } from './repository.js';
import { queryEnv, type RecordWhere, rowScope, ruleContext, scopeOnly } from './row-scope.js';
import { rowValues } from './row-values.js';
import { mergedSorts, runnableFilter, type SavedQuery, savedContext } from './saved-view.js';
import { recordTitle } from './title.js';
import { liveFields, RecordValidator, settingsOf } from './validation.js';
import { buildWritePlan, type WritePlan } from './write-plan.js';

export type WriteEvent = 'record.created' | 'record.updated' | 'record.deleted';
/** Whether a write hook wants a table's events of this kind at all (one cheap query). */
export type WriteListens = (ctx: SchemaContext, trx: Kysely<Database>, event: WriteEvent) => Promise<boolean>;
export type WriteHook = (
  ctx: SchemaContext,
  trx: Kysely<Database>,
  event: WriteEvent,
  items: RecordItem[],
) => Promise<void>;

const deleted = () => new AppError(404, ErrorCode.notFound, 'record.deleted');
const conflict = () => new AppError(409, ErrorCode.conflict, 'record.conflict');
const DENIED = {
  add: 'record.noAdd',
  view: 'record.noView',
  edit: 'record.noEdit',
  delete: 'record.noDelete',
  import: 'record.noImport',
  export: 'record.noExport',
} as const satisfies Record<RecordAction, ServerMessageKey>;

/**
 * The ordered walk's budget (repository.ts `walk`): rows read in the list's order before giving up
 * for the full-text plan — 40 per row of the page, so a needle matching 2.5 % of the rows or more
 * fills its page in the walk, and a selective one costs a few thousand rows read before its plan.
 */
const WALK_ROWS_PER_ROW = 40;
const WALK_MIN_ROWS = 1_000;

/** Records of a data table: validated by their field types, versioned, with a change history. */
export class RecordService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: RecordRepository,
    private readonly loadTarget: TargetLoader,
    private readonly now: () => number = Date.now,
    /** The application log of records' writes (app-log.ts); imports silence it and log themselves. */
    readonly log: RecordLog = new RecordLog(),
  ) {
    this.validator = new RecordValidator(repo);
  }

  private readonly validator: RecordValidator;
  private readonly counts = new CountCache();
  /** The indexes lists ask for and read through (full text on SQLite); none: plain scans. */
  private indexes: RecordIndexes | undefined;

  useIndexes(indexes: RecordIndexes): void {
    this.indexes = indexes;
  }
  /** Per context (a request, an import job, a workflow action): what its writes look up once. */
  private readonly plans = new WeakMap<SchemaContext, Promise<WritePlan>>();

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

  require(ctx: SchemaContext, action: RecordAction): void {
    // A sync table's records change only by syncing (datasources module): refused for everyone.
    if (ctx.schema.tag === SchemaTag.sync && action !== 'view' && action !== 'export')
      throw new AppError(403, ErrorCode.forbidden, 'record.syncReadOnly');
    if (!allows(ctx, action)) throw new AppError(403, ErrorCode.forbidden, DENIED[action]);
  }

  private live(ctx: SchemaContext): FieldsTable[] {
    return liveFields(ctx);
  }

  /**
   * Records about to be answered: lookup values filled in (one query per related table for all of
   * them), then as this member may see them (no hidden fields).
   */
  private async answer(ctx: SchemaContext, items: RecordItem[]): Promise<RecordItem[]> {
    await fillLookups(ctx, items, this.loadTarget, this.repo, (target, row) => this.toItem(target, row), this.now());
    await this.fillFlowResults(ctx, items);
    return items.map((item) => presentRecord(ctx, item));
  }

  /** Finished flows say how they ended, so lists can tell 已通过 from 已驳回. */
  private async fillFlowResults(ctx: SchemaContext, items: RecordItem[]): Promise<void> {
    const finished = items.filter((i) => i.flowState === InstanceState.Finished);
    const results = await this.repo.flowResults(
      ctx.schema.engine_code,
      ctx.schema.code,
      finished.map((i) => i.id),
    );
    for (const item of finished) {
      const result = results.get(item.id);
      if (result === 'approved' || result === 'rejected') item.flowResult = result;
    }
  }

  /** A record as this member may see it, lookups filled in (also for other modules' answers). */
  async answerOne(ctx: SchemaContext, item: RecordItem): Promise<RecordItem> {
    return (await this.answer(ctx, [item]))[0] as RecordItem;
  }

  /** A record by id with no permission check (callers decide who may see it), or undefined. */
  async findItem(ctx: SchemaContext, id: string, trx?: Kysely<Database>): Promise<RecordItem | undefined> {
    const row = await this.repo.find(ctx.schema.table_name, ctx.schema.engine_code, id, trx);
    return row ? this.toItem(ctx, row) : undefined;
  }

  /**
   * Whether a record matches a filter, evaluated by the same compiler as lists (`isMe` is the
   * context's member). A filter naming a field that no longer exists matches nothing.
   */
  async matches(ctx: SchemaContext, id: string, filter: FilterGroup, trx?: Kysely<Database>): Promise<boolean> {
    let where: RecordWhere;
    try {
      where = await this.whereOf(ctx, filter, undefined, trx);
      const row = await this.repo.find(ctx.schema.table_name, ctx.schema.engine_code, id, trx, where);
      return Boolean(row);
    } catch (e) {
      if (e instanceof AppError && e.statusCode === 400) return false;
      throw e;
    }
  }

  /**
   * Called inside the transaction that deletes a record (after the delete), so other modules can
   * end what hangs on it (the workflow module cancels the record's instance).
   */
  private readonly removalHooks: ((ctx: SchemaContext, trx: Kysely<Database>, id: string) => Promise<void>)[] = [];
  onRemove(hook: (ctx: SchemaContext, trx: Kysely<Database>, id: string) => Promise<void>): void {
    this.removalHooks.push(hook);
  }

  /**
   * Called inside the transaction of records created, updated or deleted through this service —
   * imports' bulk inserts included, a batch at once — so other modules can queue what follows from
   * it (webhooks). After the write; a delete is told before its row goes, so the row can still be read.
   */
  private readonly writeHooks: { hook: WriteHook; listens?: WriteListens }[] = [];
  /**
   * `listens` (optional) says whether the hook wants a table's creations at all: a bulk import
   * reads its records back for the hooks only if one does (without it, the hook always does).
   */
  onWrite(hook: WriteHook, listens?: WriteListens): void {
    this.writeHooks.push({ hook, ...(listens ? { listens } : {}) });
  }

  /** A bulk load into a table begins inside `trx`: its full-text triggers come off (indexes.ts beginBulkLoad). */
  beginBulkLoad(trx: Kysely<Database>, table: string): Promise<BulkLoadState | null> {
    return this.indexes ? this.indexes.beginBulkLoad(trx, table) : Promise.resolve(null);
  }

  /** …and ends inside `trx` (its last transaction or its undo's): the indexes catch up (indexes.ts endBulkLoad). */
  endBulkLoad(trx: Kysely<Database>, table: string, state: BulkLoadState | null): Promise<void> {
    return this.indexes ? this.indexes.endBulkLoad(trx, table, state) : Promise.resolve();
  }

  /** Whether any write hook wants this table's creations (an import tells them only then). */
  async listensToCreates(ctx: SchemaContext, trx: Kysely<Database>): Promise<boolean> {
    for (const { listens } of this.writeHooks) if (!listens || (await listens(ctx, trx, 'record.created'))) return true;
    return false;
  }

  /**
   * Records a bulk import wrote (transfer/bulk-writer.ts), told to the write hooks like any
   * creation, in its transaction, read back 2,000 at a time. Only called when `listensToCreates`.
   */
  async tellImported(ctx: SchemaContext, trx: Kysely<Database>, ids: string[]): Promise<void> {
    for (let at = 0; at < ids.length; at += 2_000) {
      const rows = await this.repo.findMany(
        ctx.schema.table_name,
        ctx.schema.engine_code,
        ids.slice(at, at + 2_000),
        undefined,
        trx,
      );
      await this.wrote(
        ctx,
        trx,
        'record.created',
        rows.map((row) => this.toItem(ctx, row)),
      );
    }
  }

  private async wrote(ctx: SchemaContext, trx: Kysely<Database>, event: WriteEvent, items: RecordItem[]) {
    if (!items.length) return;
    const held = event === 'record.created' ? this.heldCreates.get(ctx) : undefined;
    if (held) held.push(...items);
    else for (const { hook } of this.writeHooks) await hook(ctx, trx, event, items);
  }

  /** Records created inside `inBatch`, told to the write hooks once at its end. */
  private readonly heldCreates = new WeakMap<SchemaContext, RecordItem[]>();

  /**
   * Runs many row-by-row creates of one context in the caller's transaction (an import that checks
   * rows against the database, a batch call) and tells the write hooks of all the records once at
   * the end, still inside the transaction: a fixed number of hook queries, not one per row. Only
   * creates are held (an update or delete is told at once, while its row is as the hook must read it).
   */
  async inBatch<T>(ctx: SchemaContext, trx: Kysely<Database>, work: () => Promise<T>): Promise<T> {
    if (this.heldCreates.has(ctx)) return work();
    const held: RecordItem[] = [];
    this.heldCreates.set(ctx, held);
    let out: T;
    try {
      out = await work();
    } finally {
      this.heldCreates.delete(ctx);
    }
    await this.wrote(ctx, trx, 'record.created', held);
    return out;
  }

  /**
   * Titles of the records these items link to, for showing links as text (exports): per related
   * table one query, within this member's rules there (an unreachable record has no title here).
   */
  async relationTitles(ctx: SchemaContext, items: RecordItem[]): Promise<Map<string, string>> {
    const titles = new Map<string, string>();
    for (const f of this.live(ctx).filter((x) => x.type === 'relation' && !ctx.rights.hidden.has(x.code))) {
      const ids = [...new Set(items.flatMap((i) => (i.data[f.code] as string[] | null) ?? []))];
      const target = ids.length
        ? await this.loadTarget(ctx, (settingsOf(f) as { schemaCode: string }).schemaCode)
        : null;
      if (!target || !allows(target, 'view')) continue;
      const scope = await this.scope(target);
      for (const row of await this.repo.findMany(target.schema.table_name, target.schema.engine_code, ids, scope)) {
        titles.set(row.id, presentRecord(target, this.toItem(target, row)).title);
      }
    }
    return titles;
  }

  /** The member's row rule as a where-clause. */
  async scope(ctx: SchemaContext): Promise<RecordWhere | undefined> {
    if (ctx.rights.rows.scope === 'all') return undefined;
    return scopeOnly(ctx, await queryEnv(ctx, this.repo, this.now()));
  }

  /**
   * A record this member's row rule reaches. One outside the rule is refused as not permitted
   * (the action's own message); one that is gone is 数据已被删除.
   */
  private async reachable(ctx: SchemaContext, trx: Kysely<Database> | undefined, id: string, action: RecordAction) {
    const scope = trx ? (await this.planned(ctx, trx)).scope : await this.scope(ctx);
    const row = await this.repo.find(ctx.schema.table_name, ctx.schema.engine_code, id, trx, scope);
    if (row) return row;
    if (scope && (await this.repo.find(ctx.schema.table_name, ctx.schema.engine_code, id, trx))) {
      throw new AppError(403, ErrorCode.forbidden, DENIED[action]);
    }
    throw deleted();
  }

  toItem(ctx: SchemaContext, row: RecordRow): RecordItem {
    const data = rowValues(this.live(ctx), row);
    return {
      id: row.id,
      title: recordTitle(ctx, data, row.id),
      version: Number(row.version),
      createdBy: row.created_by,
      createdAt: Number(row.created_at),
      modifiedBy: row.modified_by,
      modifiedAt: Number(row.modified_at),
      data,
      flowState: row.wf_state === null || row.wf_state === undefined ? null : Number(row.wf_state),
      flowNode: typeof row.wf_node === 'string' ? row.wf_node : '',
    };
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
      ...computeFormulas(this.live(ctx), values, new Date(now)),
    };
  }

  async createIn(ctx: SchemaContext, trx: Kysely<Database>, data: Record<string, unknown>): Promise<RecordItem> {
    const plan = await this.planned(ctx, trx);
    const { columns, values } = this.validator.parse(ctx, data, true);
    guardWrite(ctx, Object.keys(data), values, null);
    const id = randomUUID();
    await this.validator.checkReferences(ctx, trx, plan, [{ values }]);
    await this.validator.attachFiles(ctx, trx, [{ values, columns }]);
    await this.validator.checkUnique(ctx, trx, [{ columns, id }]);
    for (const f of this.live(ctx).filter((x) => x.type === 'autoNumber')) {
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
    const item = this.toItem(ctx, row as RecordRow);
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
    await this.wrote(ctx, trx, 'record.created', [item]);
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
    const updated = await updateRecords(
      {
        repo: this.repo,
        validator: this.validator,
        toItem: (c, row) => this.toItem(c, row),
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
    await this.wrote(ctx, trx, 'record.updated', updated);
    return updated;
  }

  async removeIn(ctx: SchemaContext, trx: Kysely<Database>, id: string, version: number | undefined): Promise<void> {
    const before = await this.reachable(ctx, trx, id, 'delete');
    const item = this.toItem(ctx, before);
    // Told while the row is still there (a webhook's filter reads it as it was); a refused delete rolls back.
    await this.wrote(ctx, trx, 'record.deleted', [item]);
    if (!(await this.repo.remove(trx, ctx.schema.table_name, ctx.schema.engine_code, id, version))) throw conflict();
    for (const hook of this.removalHooks) await hook(ctx, trx, id);
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
   * in memory and written in bulk with one history entry for the import (transfer/import-service.ts).
   */
  needsRowByRow(ctx: SchemaContext): boolean {
    return this.live(ctx).some(
      (f) =>
        f.unique_flag === 1 ||
        f.type === 'autoNumber' ||
        ['record', 'file'].includes(fieldType(f.type)?.references ?? ''),
    );
  }

  /** A new record's values checked like createIn does, without touching the database. */
  prepare(ctx: SchemaContext, data: Record<string, unknown>) {
    const parsed = this.validator.parse(ctx, data, true);
    guardWrite(ctx, Object.keys(data), parsed.values, null);
    return parsed;
  }

  /** Counts dropped here are dropped in the other server processes too, and theirs here (issue 16). */
  shareCounts(bus: Invalidations): void {
    this.counts.share((table) => bus.publish('counts', table));
    bus.on('counts', (table) => this.counts.forget(table));
    bus.onMissed(() => this.counts.forgetAll());
  }

  /** Drops cached counts after writes made outside this service's own methods (imports). */
  changed(ctx: SchemaContext): void {
    this.changedTable(ctx.schema.code);
  }

  /** The same by the table's code (a sync's writes). */
  changedTable(schemaCode: string): void {
    this.counts.drop(schemaCode);
  }

  async create(ctx: SchemaContext, data: Record<string, unknown>): Promise<RecordItem> {
    this.require(ctx, 'add');
    const item = await this.db.transaction().execute((trx) => this.createIn(ctx, trx, data));
    this.counts.drop(ctx.schema.code);
    return this.answerOne(ctx, item);
  }

  async get(ctx: SchemaContext, id: string): Promise<RecordItem> {
    this.require(ctx, 'view');
    const row = await this.reachable(ctx, undefined, id, 'view');
    return this.answerOne(ctx, this.toItem(ctx, row));
  }

  /**
   * Several records by id, in the order asked, as `get` answers each (view right, row rule, hidden
   * fields): one outside the member's rule refuses them all, as does one that is gone.
   */
  async getMany(ctx: SchemaContext, ids: string[]): Promise<RecordItem[]> {
    this.require(ctx, 'view');
    const wanted = [...new Set(ids)];
    const scope = await this.scope(ctx);
    const rows = await this.repo.findMany(ctx.schema.table_name, ctx.schema.engine_code, wanted, scope);
    if (rows.length < wanted.length) {
      const all = scope ? await this.repo.findMany(ctx.schema.table_name, ctx.schema.engine_code, wanted) : rows;
      if (all.length > rows.length) throw new AppError(403, ErrorCode.forbidden, DENIED.view);
      throw deleted();
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    return this.answer(
      ctx,
      wanted.map((id) => this.toItem(ctx, byId.get(id) as RecordRow)),
    );
  }

  async update(ctx: SchemaContext, id: string, version: number, data: Record<string, unknown>): Promise<RecordItem> {
    this.require(ctx, 'edit');
    const item = await this.db
      .transaction()
      .execute((trx) => this.updateIn(ctx, trx, id, version, data, { fromFlow: false }));
    this.counts.drop(ctx.schema.code);
    return this.answerOne(ctx, item);
  }

  async remove(ctx: SchemaContext, id: string, version: number | undefined): Promise<void> {
    this.require(ctx, 'delete');
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
    if (input.create?.length) this.require(ctx, 'add');
    if (input.update?.length) this.require(ctx, 'edit');
    if (input.delete?.length) this.require(ctx, 'delete');
    const result = await retriedTransaction(this.db, async (trx) => {
      const created: RecordItem[] = [];
      await this.inBatch(ctx, trx, async () => {
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

  /** The plain list (newest first, keyset paged): a query with nothing to filter or sort by. */
  page(ctx: SchemaContext, limit: number, cursor: string | undefined) {
    return this.query(ctx, { limit, ...(cursor ? { cursor } : {}) });
  }

  /**
   * Records matching structured filters and search, in the asked order (see query.ts for the rules);
   * `saved`: the view the query names, whose own filter and sorts apply too (saved-view.ts).
   */
  async query(ctx: SchemaContext, body: RecordQueryBody, saved?: SavedQuery) {
    this.require(ctx, 'view');
    const limit = body.limit ?? 50;
    const only = body.fields ? this.readable(ctx, body.fields) : null;
    const sorts = mergedSorts(ctx, body.sorts ?? [], saved);
    const plans = await this.wherePlans(ctx, body.filter, body.search, undefined, saved);
    const where = plans.where;
    const table = ctx.schema.table_name;
    // What this list reads gets its index in the background (a saved view's asked for at its save),
    // up to a few a table (indexes.ts ON_DEMAND_PER_TABLE; past them the list scans); a request that
    // could not be written is asked again by the next list, never failing this one.
    await this.indexes
      ?.request(
        { engineCode: ctx.schema.engine_code, schemaCode: ctx.schema.code, table },
        listIndexSpecs(ctx, body.filter, sorts, Boolean(body.search?.trim())),
        'list',
      )
      .catch(() => undefined);
    let decoded = decodeCursor(body.cursor);
    // A keyset of another order (the sorts changed under it) is the start.
    if (decoded && !Array.isArray(decoded) && typeof decoded === 'object' && decoded.k.length !== sorts.length)
      decoded = null;
    const position = !sorts.length
      ? { after: Array.isArray(decoded) ? decoded : null }
      : typeof decoded === 'number'
        ? { offset: decoded }
        : { keys: decoded && !Array.isArray(decoded) ? decoded : null };
    // A text search walks the list's order first where an index gives that order (repository.ts):
    // the newest-first index every table has, or the sorts' order index once built; a broad filter
    // does too (walksFiltered).
    const budget = Math.max(WALK_MIN_ROWS, (limit + 1) * WALK_ROWS_PER_ROW);
    const walkable =
      !('offset' in position) &&
      (plans.text
        ? !sorts.length || plans.ready.has(indexName(table, orderIndexSpec(sorts)))
        : await this.walksFiltered(ctx, body.filter, saved, sorts, where, budget));
    const rows = await this.repo.query(
      table,
      ctx.schema.engine_code,
      where,
      sorts,
      limit + 1,
      position,
      walkable ? { where: plans.plain, rows: budget } : undefined,
    );
    // Rows before this page (an offset cursor's, or what a keyset carries): a keyset too long for
    // the API's cursor falls back to an offset.
    const seen = typeof decoded === 'number' ? decoded : decoded && !Array.isArray(decoded) ? decoded.n : 0;
    const pageRows = rows.slice(0, limit);
    const last = pageRows.at(-1);
    let nextCursor = '';
    if (rows.length > limit && last) {
      nextCursor = encodeCursor(
        sorts.length
          ? { k: sorts.map((s) => last[s.name] ?? null), i: last.id, n: seen + limit }
          : [Number(last.created_at), last.id],
      );
    }
    const items = await this.answer(
      ctx,
      pageRows.map((r) => this.toItem(ctx, r)),
    );
    return {
      // The title is the whole record's (answer), whichever fields go along.
      resultList: only
        ? items.map((i) => ({ ...i, data: Object.fromEntries(Object.entries(i.data).filter(([k]) => only.has(k))) }))
        : items,
      nextCursor,
    };
  }

  /**
   * Whether a filtered list (no text search) walks its order first (issue 15): a broad filter with a
   * sort read every hit to sort them (an equality matching a twentieth of a million rows: 172 ms),
   * where walking the order's index and testing rows as they come fills the page after 50 ÷ share
   * rows. Not when a composite index gives this filter's page in order already (a saved view's, or a
   * list of its shape), nor before the order's index is ready (query.ts filteredWalkIndexes). When
   * every column the filter reads has its index, the hits are counted up to the walk's budget first
   * — a short index read — and a selective filter keeps its plan (its few hits read and sorted)
   * instead of paying the walk; otherwise that plan is a scan, and the walk goes first.
   */
  private async walksFiltered(
    ctx: SchemaContext,
    filter: FilterGroup | undefined,
    saved: SavedQuery | undefined,
    sorts: SortColumn[],
    where: RecordWhere,
    budget: number,
  ): Promise<boolean> {
    const rule = ctx.rights.rows;
    const parts = [{ ctx, group: filter }];
    if (saved) parts.push({ ctx: savedContext(ctx, saved), group: saved.filter });
    // The creator rules (mine, my departments) have the creator's indexes already; a rule that
    // filters is a filter like the member's own.
    if (rule.scope === 'filter') parts.push({ ctx: ruleContext(ctx), group: rule.filter ?? undefined });
    if (!this.indexes || !parts.some((p) => p.group?.conditions.length)) return false;
    const table = ctx.schema.table_name;
    let plan: ReturnType<typeof filteredWalkIndexes>;
    try {
      plan = filteredWalkIndexes(table, parts, sorts);
    } catch {
      // A saved condition that no longer runs (its field deleted): the plan stays as it was.
      return false;
    }
    const ready = await this.indexes.readyNames(table);
    if ((plan.order && !ready.has(plan.order)) || plan.composites.some((name) => ready.has(name))) return false;
    if (plan.columns?.every((name) => ready.has(name)))
      return (await this.repo.count(table, ctx.schema.engine_code, where, budget + 1)) > budget;
    return true;
  }

  /**
   * The fields a list asked to carry (issue 15, payload: a grid asks for its visible columns): those
   * that are live fields of the table the member may see. Any other code is dropped without a word —
   * a grid left open while a field is deleted or hidden from its member keeps working, and the answer
   * says nothing of a hidden field, whose values never go out (toItem leaves them out already). Only
   * malformed input (not strings, too many, too long) is refused, by the contract's schema.
   */
  private readable(ctx: SchemaContext, codes: string[]): Set<string> {
    const live = new Set(this.live(ctx).map((f) => f.code));
    return new Set(codes.filter((code) => live.has(code) && !ctx.rights.hidden.has(code)));
  }

  /**
   * The filter and search within the member's row rule, checked against the metadata, and the
   * saved view's own filter when the query names one.
   */
  async whereOf(
    ctx: SchemaContext,
    filter: FilterGroup | undefined,
    search: string | undefined,
    trx?: Kysely<Database>,
    saved?: SavedQuery,
  ): Promise<RecordWhere> {
    return (await this.wherePlans(ctx, filter, search, trx, saved)).where;
  }

  /**
   * `whereOf`'s where-clause; whether it searches text (a "contains" or the search box); the same
   * clause without the full-text narrowing (`plain`: plain LIKEs, for the ordered walk, which tests
   * rows as it reads them); and the table's ready indexes.
   */
  private async wherePlans(
    ctx: SchemaContext,
    filter: FilterGroup | undefined,
    search: string | undefined,
    trx?: Kysely<Database>,
    saved?: SavedQuery,
  ): Promise<{ where: RecordWhere; plain: RecordWhere; text: boolean; ready: Set<string> }> {
    const both: FilterGroup = {
      op: 'and',
      conditions: [...(filter?.conditions ?? []), ...(saved?.filter?.conditions ?? [])],
    };
    const env = await queryEnv(ctx, this.repo, this.now(), both, trx);
    const text = Boolean(search?.trim() || mentionsContains(both) || mentionsContains(ctx.rights.rows.filter));
    let ready = new Set<string>();
    if (this.indexes && text) {
      const indexes = await this.indexes.ready(ctx.schema.table_name);
      env.fulltext = indexes.fulltext;
      ready = indexes.names;
    }
    const viewCtx = saved ? savedContext(ctx, saved) : ctx;
    const viewFilter = saved ? runnableFilter(viewCtx, saved.filter, env) : undefined;
    const build =
      (e: QueryEnv): RecordWhere =>
      (eb) => {
        const parts = [];
        const scope = rowScope(eb, ctx, e);
        if (scope) parts.push(scope);
        if (viewFilter) parts.push(filterExpression(eb, viewCtx, viewFilter, e));
        if (filter) parts.push(filterExpression(eb, ctx, filter, e));
        const found = search ? searchExpression(eb, ctx, search, e.fulltext) : null;
        if (found) parts.push(found);
        return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
      };
    const { fulltext: _, ...bare } = env;
    return { where: build(env), plain: build(bare), text, ready };
  }

  /**
   * How many records a view shows, asked apart from the page. Counting stops at the cap, and the
   * answer is kept briefly per table, rule and filter (writes to the table drop it).
   */
  async count(ctx: SchemaContext, body: { filter?: FilterGroup; search?: string }, saved?: SavedQuery) {
    this.require(ctx, 'view');
    const where = await this.whereOf(ctx, body.filter, body.search, undefined, saved);
    const key = JSON.stringify([ctx.rights.rows, ctx.rights.hidden.size, ctx.access.tenant.memberId, body, saved]);
    return this.counts.get(ctx.schema.code, key, async () => {
      const n = await this.repo.count(ctx.schema.table_name, ctx.schema.engine_code, where, RecordLimits.countCap + 1);
      return { count: Math.min(n, RecordLimits.countCap), capped: n > RecordLimits.countCap };
    });
  }

  /** Records to link to, for the relation picker (browse.ts). */
  async pick(ctx: SchemaContext, body: { search?: string; cursor?: string; ids?: string[] }) {
    this.require(ctx, 'view');
    const env = await queryEnv(ctx, this.repo, this.now());
    return pickRecords(this.repo, ctx, env, body, (row) => presentRecord(ctx, this.toItem(ctx, row)).title);
  }

  /** The values a kanban's grouping field holds (browse.ts). */
  async groups(ctx: SchemaContext, body: { field: string; filter?: FilterGroup; search?: string }, saved?: SavedQuery) {
    this.require(ctx, 'view');
    return groupValues(this.repo, ctx, body.field, await this.whereOf(ctx, body.filter, body.search, undefined, saved));
  }

  /**
   * Builds a query's order and where-clause without running it, so every refusal (a field the
   * member may not use, a malformed value) comes before anything is sent — an export checks this
   * before its first byte, rather than breaking the file halfway.
   */
  async checkQuery(ctx: SchemaContext, body: RecordQueryBody, saved?: SavedQuery): Promise<void> {
    this.require(ctx, 'view');
    mergedSorts(ctx, body.sorts ?? [], saved);
    (await this.whereOf(ctx, body.filter, body.search, undefined, saved))(expressionBuilder());
  }

  async history(ctx: SchemaContext, id: string) {
    this.require(ctx, 'view');
    await this.reachable(ctx, undefined, id, 'view').catch(async (e: unknown) => {
      // A deleted record's history stays readable (it says who deleted it) to members whose row
      // rule is "all": under any narrower rule nobody can tell any more whether it was theirs.
      if (!(e instanceof AppError) || e.statusCode !== 404 || ctx.rights.rows.scope !== 'all') throw e;
    });
    const rows = await this.repo.history(ctx.schema.code, ctx.schema.engine_code, id);
    const entries: HistoryEntry[] = rows.map((r) => ({
      action: r.action,
      memberId: r.member_id,
      userName: r.user_name ?? '',
      createdAt: Number(r.created_at),
      changes: visibleChanges(ctx, JSON.parse(r.changes) as { field: string; from: unknown; to: unknown }[]),
    }));
    // A record a bulk import wrote has no row of its own: its import's one entry comes first.
    const imported = await this.repo.importOf(ctx.schema.code, ctx.schema.engine_code, id);
    if (imported)
      entries.unshift({
        action: 'import',
        memberId: imported.member_id,
        userName: imported.user_name ?? '',
        createdAt: Number(imported.created_at),
        changes: [],
        importId: imported.import_id,
        fileName: imported.file_name,
      });
    return entries;
  }
}
