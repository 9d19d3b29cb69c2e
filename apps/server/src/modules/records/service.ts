import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  type FilterGroup,
  type RecordAction,
  type RecordItem,
  RecordLimits,
  type RecordQueryBody,
  type ServerMessageKey,
} from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { allows, type SchemaContext } from '../schemas/service.js';
import { CountCache } from './count-cache.js';
import { guardWrite, presentRecord, visibleChanges } from './field-guard.js';
import { computeFormulas } from './formulas.js';
import { fillLookups, type TargetLoader } from './lookups.js';
import { filterExpression, searchExpression, sortColumns } from './query.js';
import type { RecordRepository, RecordRow } from './repository.js';
import { queryEnv, type RecordWhere, rowScope, scopeOnly } from './row-scope.js';
import { recordTitle } from './title.js';
import { liveFields, RecordValidator, settingsOf } from './validation.js';

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

/** Records of a data table: validated by their field types, versioned, with a change history. */
export class RecordService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: RecordRepository,
    private readonly loadTarget: TargetLoader,
    private readonly now: () => number = Date.now,
  ) {
    this.validator = new RecordValidator(repo);
  }

  private readonly validator: RecordValidator;
  private readonly counts = new CountCache();

  require(ctx: SchemaContext, action: RecordAction): void {
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
    return items.map((item) => presentRecord(ctx, item));
  }

  private async answerOne(ctx: SchemaContext, item: RecordItem): Promise<RecordItem> {
    return (await this.answer(ctx, [item]))[0] as RecordItem;
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
    const scope = await this.scope(ctx);
    const row = await this.repo.find(ctx.schema.table_name, ctx.schema.engine_code, id, trx, scope);
    if (row) return row;
    if (scope && (await this.repo.find(ctx.schema.table_name, ctx.schema.engine_code, id, trx))) {
      throw new AppError(403, ErrorCode.forbidden, DENIED[action]);
    }
    throw deleted();
  }

  toItem(ctx: SchemaContext, row: RecordRow): RecordItem {
    const data: Record<string, unknown> = {};
    for (const f of this.live(ctx)) {
      const type = fieldType(f.type);
      if (!type) continue;
      const raw =
        f.type === 'createdBy'
          ? row.created_by
          : f.type === 'createdAt'
            ? new Date(Number(row.created_at)).toISOString()
            : f.type === 'modifiedBy'
              ? row.modified_by
              : f.type === 'modifiedAt'
                ? new Date(Number(row.modified_at)).toISOString()
                : row[f.column_name];
      data[f.code] = type.storage === null ? raw : type.fromStorage(raw, settingsOf(f));
    }
    return {
      id: row.id,
      title: recordTitle(ctx, data, row.id),
      version: Number(row.version),
      createdBy: row.created_by,
      createdAt: Number(row.created_at),
      modifiedBy: row.modified_by,
      modifiedAt: Number(row.modified_at),
      data,
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
    const { columns, values } = this.validator.parse(ctx, data, true);
    guardWrite(ctx, Object.keys(data), values, null);
    const id = randomUUID();
    await this.validator.checkReferences(ctx, trx, values);
    await this.validator.attachFiles(ctx, trx, values, columns);
    await this.validator.checkUnique(ctx, trx, columns, id);
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
    await this.repo.addHistory(
      trx,
      {
        schemaCode: ctx.schema.code,
        recordId: id,
        engineCode: ctx.schema.engine_code,
        memberId: member,
        action: 'create',
        changes,
      },
      now,
    );
    return this.toItem(ctx, row as RecordRow);
  }

  async updateIn(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    id: string,
    version: number,
    data: Record<string, unknown>,
  ): Promise<RecordItem> {
    const before = await this.reachable(ctx, trx, id, 'edit');
    const { columns, values } = this.validator.parse(ctx, data, false);
    guardWrite(ctx, Object.keys(data), values, this.toItem(ctx, before).data);
    await this.validator.checkReferences(ctx, trx, values);
    await this.validator.attachFiles(ctx, trx, values, columns);
    await this.validator.checkUnique(ctx, trx, columns, id);
    const now = this.now();
    const member = ctx.access.tenant.memberId;
    Object.assign(
      columns,
      computeFormulas(this.live(ctx), { ...this.toItem(ctx, before).data, ...values }, new Date(now)),
    );
    const updated = await this.repo.update(trx, ctx.schema.table_name, ctx.schema.engine_code, id, version, {
      ...columns,
      modified_by: member,
      modified_at: now,
    });
    if (!updated) throw conflict();
    const after = await this.repo.find(ctx.schema.table_name, ctx.schema.engine_code, id, trx);
    if (!after) throw deleted();
    const beforeItem = this.toItem(ctx, before);
    const afterItem = this.toItem(ctx, after);
    const changes = Object.keys(data)
      .filter((code) => JSON.stringify(beforeItem.data[code]) !== JSON.stringify(afterItem.data[code]))
      .map((field) => ({ field, from: beforeItem.data[field] ?? null, to: afterItem.data[field] ?? null }));
    await this.repo.addHistory(
      trx,
      {
        schemaCode: ctx.schema.code,
        recordId: id,
        engineCode: ctx.schema.engine_code,
        memberId: member,
        action: 'update',
        changes,
      },
      now,
    );
    return afterItem;
  }

  async removeIn(ctx: SchemaContext, trx: Kysely<Database>, id: string, version: number | undefined): Promise<void> {
    const before = await this.reachable(ctx, trx, id, 'delete');
    if (!(await this.repo.remove(trx, ctx.schema.table_name, ctx.schema.engine_code, id, version))) throw conflict();
    const item = this.toItem(ctx, before);
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
      },
      this.now(),
    );
  }

  /**
   * Imports write many rows at once. Tables whose rows need the database per row (unique values,
   * auto-numbers, links to records or files) go through createIn row by row; the rest are checked in
   * memory and written as multi-row inserts with one history entry each.
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

  async insertPrepared(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    rows: { columns: Record<string, unknown>; values: Record<string, unknown> }[],
  ): Promise<void> {
    if (!rows.length) return;
    const now = this.now();
    const member = ctx.access.tenant.memberId;
    const records = rows.map(({ columns, values }) => this.newRow(ctx, randomUUID(), columns, values, now));
    await this.repo.insertMany(trx, ctx.schema.table_name, records);
    await this.repo.addHistoryMany(
      trx,
      records.map((r) => ({
        schema_code: ctx.schema.code,
        record_id: r.id,
        engine_code: ctx.schema.engine_code,
        member_id: member,
        action: 'import',
        changes: '[]',
        created_at: now,
      })),
    );
  }

  /** Drops cached counts after writes made outside this service's own methods (imports). */
  changed(ctx: SchemaContext): void {
    this.counts.drop(ctx.schema.code);
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

  async update(ctx: SchemaContext, id: string, version: number, data: Record<string, unknown>): Promise<RecordItem> {
    this.require(ctx, 'edit');
    const item = await this.db.transaction().execute((trx) => this.updateIn(ctx, trx, id, version, data));
    this.counts.drop(ctx.schema.code);
    return this.answerOne(ctx, item);
  }

  async remove(ctx: SchemaContext, id: string, version: number | undefined): Promise<void> {
    this.require(ctx, 'delete');
    await this.db.transaction().execute((trx) => this.removeIn(ctx, trx, id, version));
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
    const result = await this.db.transaction().execute(async (trx) => {
      const created: RecordItem[] = [];
      const updated: RecordItem[] = [];
      for (const c of input.create ?? []) created.push(await this.createIn(ctx, trx, c.data));
      for (const u of input.update ?? []) updated.push(await this.updateIn(ctx, trx, u.id, u.version, u.data));
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

  /** Records matching structured filters and search, in the asked order (see query.ts for the rules). */
  async query(ctx: SchemaContext, body: RecordQueryBody) {
    this.require(ctx, 'view');
    const limit = body.limit ?? 50;
    const sorts = sortColumns(ctx, body.sorts ?? []);
    const where = await this.whereOf(ctx, body.filter, body.search);
    const decoded = decodeCursor(body.cursor);
    const offset = typeof decoded === 'number' ? decoded : 0;
    const after = Array.isArray(decoded) ? decoded : null;
    const position = sorts.length ? { offset } : { after };
    const rows = await this.repo.query(
      ctx.schema.table_name,
      ctx.schema.engine_code,
      where,
      sorts,
      limit + 1,
      position,
    );
    const pageRows = rows.slice(0, limit);
    const last = pageRows.at(-1);
    let nextCursor = '';
    if (rows.length > limit && last) {
      nextCursor = encodeCursor(sorts.length ? offset + limit : [Number(last.created_at), last.id]);
    }
    return {
      resultList: await this.answer(
        ctx,
        pageRows.map((r) => this.toItem(ctx, r)),
      ),
      nextCursor,
    };
  }

  /** The view's filter and search within the member's row rule, checked against the metadata. */
  async whereOf(ctx: SchemaContext, filter: FilterGroup | undefined, search: string | undefined): Promise<RecordWhere> {
    const env = await queryEnv(ctx, this.repo, this.now(), filter);
    return (eb) => {
      const parts = [];
      const scope = rowScope(eb, ctx, env);
      if (scope) parts.push(scope);
      if (filter) parts.push(filterExpression(eb, ctx, filter, env));
      const text = search ? searchExpression(eb, ctx, search) : null;
      if (text) parts.push(text);
      return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
    };
  }

  /**
   * How many records a view shows, asked apart from the page. Counting stops at the cap, and the
   * answer is kept briefly per table, rule and filter (writes to the table drop it).
   */
  async count(ctx: SchemaContext, body: { filter?: FilterGroup; search?: string }) {
    this.require(ctx, 'view');
    const where = await this.whereOf(ctx, body.filter, body.search);
    const key = JSON.stringify([ctx.rights.rows, ctx.rights.hidden.size, ctx.access.tenant.memberId, body]);
    return this.counts.get(ctx.schema.code, key, async () => {
      const n = await this.repo.count(ctx.schema.table_name, ctx.schema.engine_code, where, RecordLimits.countCap + 1);
      return { count: Math.min(n, RecordLimits.countCap), capped: n > RecordLimits.countCap };
    });
  }

  async history(ctx: SchemaContext, id: string) {
    this.require(ctx, 'view');
    await this.reachable(ctx, undefined, id, 'view').catch(async (e: unknown) => {
      // A deleted record's history stays readable (it says who deleted it) to members whose row
      // rule is "all": under any narrower rule nobody can tell any more whether it was theirs.
      if (!(e instanceof AppError) || e.statusCode !== 404 || ctx.rights.rows.scope !== 'all') throw e;
    });
    const rows = await this.repo.history(ctx.schema.code, ctx.schema.engine_code, id);
    return rows.map((r) => ({
      action: r.action,
      memberId: r.member_id,
      userName: r.user_name ?? '',
      createdAt: Number(r.created_at),
      changes: visibleChanges(ctx, JSON.parse(r.changes) as { field: string; from: unknown; to: unknown }[]),
    }));
  }
}

function encodeCursor(value: number | [number, string]): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An opaque cursor back to an offset or a (created_at, id) keyset position; anything else is the start. */
function decodeCursor(cursor: string | undefined): number | [number, string] | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
    if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'string') return [v[0], v[1]];
  } catch {
    return null;
  }
  return null;
}
