import {
  ErrorCode,
  type FilterGroup,
  type HistoryEntry,
  InstanceState,
  type RecordItem,
  RecordLimits,
  type RecordQueryBody,
  type SortSpec,
} from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import { expressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { allows, type SchemaContext } from '../schema-context/context.js';
import { DENIED, reachableRow, recordDeleted, requireRight } from './access.js';
import { groupValues, pickRecords } from './browse.js';
import type { CountCache } from './count-cache.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { presentRecord, visibleChanges } from './field-guard.js';
import { computeFormulas } from './formulas.js';
import { indexName, type RecordIndexes } from './indexes.js';
import { fillLookups, type TargetLoader } from './lookups.js';
import { listIndexSpecs, orderIndexSpec } from './query.js';
import { recordItem } from './record-item.js';
import { RecordRepository, type RecordRow } from './repository.js';
import { queryEnv, type RecordWhere } from './row-scope.js';
import { mergedSorts, type SavedQuery } from './saved-view.js';
import { liveFields, settingsOf } from './validation.js';
import type { WherePlanner } from './where-planner.js';

/**
 * The ordered walk's budget (repository.ts `walk`): rows read in the list's order before giving up
 * for the full-text plan — 40 per row of the page, so a needle matching 2.5 % of the rows or more
 * fills its page in the walk, and a selective one costs a few thousand rows read before its plan.
 */
const WALK_ROWS_PER_ROW = 40;
const WALK_MIN_ROWS = 1_000;

/**
 * PostgreSQL: a text search the ordered walk found rare reads at most this many hits by the trigram
 * index, then sorts them (repository.ts `hitsFirst`); past it, the plain plan walks the order. At a
 * million rows that is 1 %: a needle as common fills a page within 5,000 rows of the order's index.
 */
const HITS_FIRST_CAP = 10_000;

/**
 * Reads of a data table's records as one member may see them: one record, lists (filtered, searched,
 * sorted, keyset paged), counts, the relation picker, kanban groups, a record's history. Every answer
 * within the member's view right, row rule and field rules.
 */
export class RecordQueryService {
  constructor(
    private readonly repo: RecordRepository,
    private readonly loadTarget: TargetLoader,
    private readonly where: WherePlanner,
    private readonly counts: CountCache,
    private readonly now: () => number = Date.now,
    /** The indexes lists ask for and read through (full text on SQLite); none: plain scans. */
    private readonly indexes?: RecordIndexes,
  ) {}

  /** The member's row rule as a where-clause. */
  scope(ctx: SchemaContext): Promise<RecordWhere | undefined> {
    return this.where.scope(ctx);
  }

  /**
   * The filter and search within the member's row rule, checked against the metadata, and the
   * saved view's own filter when the query names one.
   */
  whereOf(
    ctx: SchemaContext,
    filter: FilterGroup | undefined,
    search: string | undefined,
    trx?: Kysely<Database>,
    saved?: SavedQuery,
  ): Promise<RecordWhere> {
    return this.where.whereOf(ctx, filter, search, trx, saved);
  }

  /** A record this member's row rule reaches (access.ts reachableRow), for reading. */
  private async reachable(ctx: SchemaContext, id: string): Promise<RecordRow> {
    return reachableRow(this.repo, ctx, id, 'view', await this.where.scope(ctx));
  }

  /**
   * Records about to be answered: lookup values filled in (one query per related table for all of
   * them), then as this member may see them (no hidden fields).
   */
  private async answer(ctx: SchemaContext, items: RecordItem[]): Promise<RecordItem[]> {
    await fillLookups(ctx, items, this.loadTarget, this.repo, recordItem, this.now());
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
    return row ? recordItem(ctx, row) : undefined;
  }

  /**
   * Records by id with no permission check (callers decide who may see them, as `findItem`), in one
   * query, with lookups filled in (as `answer`) but every field still there: the caller presents them.
   */
  async findItems(ctx: SchemaContext, ids: string[]): Promise<RecordItem[]> {
    const rows = await this.repo.findMany(ctx.schema.table_name, ctx.schema.engine_code, [...new Set(ids)]);
    const items = rows.map((row) => recordItem(ctx, row));
    await fillLookups(ctx, items, this.loadTarget, this.repo, recordItem, this.now());
    return items;
  }

  /**
   * Whether a record matches a filter, evaluated by the same compiler as lists (`isMe` is the
   * context's member). A filter naming a field that no longer exists matches nothing.
   */
  async matches(ctx: SchemaContext, id: string, filter: FilterGroup, trx?: Kysely<Database>): Promise<boolean> {
    let where: RecordWhere;
    try {
      where = await this.where.whereOf(ctx, filter, undefined, trx);
      const row = await this.repo.find(ctx.schema.table_name, ctx.schema.engine_code, id, trx, where);
      return Boolean(row);
    } catch (e) {
      if (e instanceof AppError && e.statusCode === 400) return false;
      throw e;
    }
  }

  /**
   * Whether a record that is not stored (a form being filled in) would match a filter: the lists'
   * where-clause run on one row made of these parsed values (by field code; absent: empty), created
   * by `createdBy` now. Nothing is written.
   */
  async matchesDraft(
    ctx: SchemaContext,
    values: Record<string, unknown>,
    createdBy: string,
    filter: FilterGroup,
    trx?: Kysely<Database>,
  ): Promise<boolean> {
    const now = this.now();
    const fields = liveFields(ctx);
    const row: Record<string, unknown> = {
      id: '',
      engine_code: ctx.schema.engine_code,
      version: 1,
      created_by: createdBy,
      created_at: now,
      modified_by: createdBy,
      modified_at: now,
      deleted_at: null,
      wf_state: null,
      wf_node: null,
    };
    for (const f of fields) {
      const value = values[f.code];
      if (f.column_name)
        row[f.column_name] =
          value === undefined || value === null ? null : (fieldType(f.type)?.toStorage(value, settingsOf(f)) ?? null);
    }
    Object.assign(row, computeFormulas(fields, values, new Date(now)));
    try {
      const { plain } = await this.where.wherePlans(ctx, filter, undefined, trx);
      return await this.repo.matchesRow(ctx.schema.table_name, row, plain, trx);
    } catch (e) {
      if (e instanceof AppError && e.statusCode === 400) return false;
      throw e;
    }
  }

  /**
   * Records matching a filter in this order, at most `limit`, read in the caller's transaction
   * within the context's row rule (an automation's find step reads with an unrestricted context).
   */
  async findIn(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    filter: FilterGroup | undefined,
    sorts: SortSpec[],
    limit: number,
  ): Promise<RecordItem[]> {
    const where = await this.where.whereOf(ctx, filter, undefined, trx);
    const columns = mergedSorts(ctx, sorts, undefined);
    const rows = await new RecordRepository(trx).query(
      ctx.schema.table_name,
      ctx.schema.engine_code,
      where,
      columns,
      limit,
      columns.length ? { keys: null } : { after: null },
    );
    return rows.map((r) => recordItem(ctx, r));
  }

  /**
   * Titles of the records these items link to, for showing links as text (exports): per related
   * table one query, within this member's rules there (an unreachable record has no title here).
   */
  async relationTitles(ctx: SchemaContext, items: RecordItem[]): Promise<Map<string, string>> {
    const titles = new Map<string, string>();
    for (const f of liveFields(ctx).filter((x) => x.type === 'relation' && !ctx.rights.hidden.has(x.code))) {
      const ids = [...new Set(items.flatMap((i) => (i.data[f.code] as string[] | null) ?? []))];
      const target = ids.length
        ? await this.loadTarget(ctx, (settingsOf(f) as { schemaCode: string }).schemaCode)
        : null;
      if (!target || !allows(target, 'view')) continue;
      const scope = await this.where.scope(target);
      for (const row of await this.repo.findMany(target.schema.table_name, target.schema.engine_code, ids, scope)) {
        titles.set(row.id, presentRecord(target, recordItem(target, row)).title);
      }
    }
    return titles;
  }

  async get(ctx: SchemaContext, id: string): Promise<RecordItem> {
    requireRight(ctx, 'view');
    const row = await this.reachable(ctx, id);
    return this.answerOne(ctx, recordItem(ctx, row));
  }

  /**
   * Several records by id, in the order asked, as `get` answers each (view right, row rule, hidden
   * fields): one outside the member's rule refuses them all, as does one that is gone.
   */
  async getMany(ctx: SchemaContext, ids: string[]): Promise<RecordItem[]> {
    requireRight(ctx, 'view');
    const wanted = [...new Set(ids)];
    const scope = await this.where.scope(ctx);
    const rows = await this.repo.findMany(ctx.schema.table_name, ctx.schema.engine_code, wanted, scope);
    if (rows.length < wanted.length) {
      const all = scope ? await this.repo.findMany(ctx.schema.table_name, ctx.schema.engine_code, wanted) : rows;
      if (all.length > rows.length) throw new AppError(403, ErrorCode.forbidden, DENIED.view);
      throw recordDeleted();
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    return this.answer(
      ctx,
      wanted.map((id) => recordItem(ctx, byId.get(id) as RecordRow)),
    );
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
    requireRight(ctx, 'view');
    const limit = body.limit ?? 50;
    const only = body.fields ? this.readable(ctx, body.fields) : null;
    const sorts = mergedSorts(ctx, body.sorts ?? [], saved);
    const plans = await this.where.wherePlans(ctx, body.filter, body.search, undefined, saved);
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
        : await this.where.walksFiltered(ctx, body.filter, saved, sorts, where, budget));
    const rows = await this.repo.query(
      table,
      ctx.schema.engine_code,
      where,
      sorts,
      limit + 1,
      position,
      walkable ? { where: plans.plain, rows: budget, ...(plans.text ? { hits: HITS_FIRST_CAP } : {}) } : undefined,
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
      pageRows.map((r) => recordItem(ctx, r)),
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
   * The fields a list asked to carry (issue 15, payload: a grid asks for its visible columns): those
   * that are live fields of the table the member may see. Any other code is dropped without a word —
   * a grid left open while a field is deleted or hidden from its member keeps working, and the answer
   * says nothing of a hidden field, whose values never go out (toItem leaves them out already). Only
   * malformed input (not strings, too many, too long) is refused, by the contract's schema.
   */
  private readable(ctx: SchemaContext, codes: string[]): Set<string> {
    const live = new Set(liveFields(ctx).map((f) => f.code));
    return new Set(codes.filter((code) => live.has(code) && !ctx.rights.hidden.has(code)));
  }

  /**
   * How many records a view shows, asked apart from the page. Counting stops at the cap, and the
   * answer is kept briefly per table, rule and filter (writes to the table drop it).
   */
  async count(ctx: SchemaContext, body: { filter?: FilterGroup; search?: string }, saved?: SavedQuery) {
    requireRight(ctx, 'view');
    const where = await this.where.whereOf(ctx, body.filter, body.search, undefined, saved);
    const key = JSON.stringify([ctx.rights.rows, ctx.rights.hidden.size, ctx.access.tenant.memberId, body, saved]);
    return this.counts.get(ctx.schema.code, key, async () => {
      const n = await this.repo.count(ctx.schema.table_name, ctx.schema.engine_code, where, RecordLimits.countCap + 1);
      return { count: Math.min(n, RecordLimits.countCap), capped: n > RecordLimits.countCap };
    });
  }

  /** Records to link to, for the relation picker (browse.ts). */
  async pick(ctx: SchemaContext, body: { search?: string; cursor?: string; ids?: string[] }) {
    requireRight(ctx, 'view');
    const env = await queryEnv(ctx, this.repo, this.now());
    return pickRecords(this.repo, ctx, env, body, (row) => presentRecord(ctx, recordItem(ctx, row)).title);
  }

  /** The values a kanban's grouping field holds (browse.ts). */
  async groups(ctx: SchemaContext, body: { field: string; filter?: FilterGroup; search?: string }, saved?: SavedQuery) {
    requireRight(ctx, 'view');
    return groupValues(
      this.repo,
      ctx,
      body.field,
      await this.where.whereOf(ctx, body.filter, body.search, undefined, saved),
    );
  }

  /**
   * Builds a query's order and where-clause without running it, so every refusal (a field the
   * member may not use, a malformed value) comes before anything is sent — an export checks this
   * before its first byte, rather than breaking the file halfway.
   */
  async checkQuery(ctx: SchemaContext, body: RecordQueryBody, saved?: SavedQuery): Promise<void> {
    requireRight(ctx, 'view');
    mergedSorts(ctx, body.sorts ?? [], saved);
    (await this.where.whereOf(ctx, body.filter, body.search, undefined, saved))(expressionBuilder());
  }

  async history(ctx: SchemaContext, id: string) {
    requireRight(ctx, 'view');
    await this.reachable(ctx, id).catch(async (e: unknown) => {
      // A deleted record's history stays readable (it says who deleted it) to members whose row
      // rule is "all": under any narrower rule nobody can tell any more whether it was theirs.
      if (!(e instanceof AppError) || e.statusCode !== 404 || ctx.rights.rows.scope !== 'all') throw e;
    });
    const rows = await this.repo.history(ctx.schema.code, ctx.schema.engine_code, id);
    const entries: HistoryEntry[] = rows.map((r) => ({
      id: String(r.id),
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
