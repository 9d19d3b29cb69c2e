import {
  type AggregateResult,
  COMPARE_RANGES,
  type DashboardFilter,
  type DashboardInfo,
  ErrorCode,
  FILTER_FAMILY,
  type FilterGroup,
  type PivotResult,
  type SaveDashboardBody,
  type Widget,
  type WidgetQuery,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, type FieldProblem, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { JobQueue } from '../../jobs/queue.js';
import { type AppAccess, appError, requireEdit, requireNodeVisible, resolveApp } from '../apps/access.js';
import type { AppRepository } from '../apps/repository.js';
import type { RecordQueryService } from '../records/query-service.js';
import { DEFAULT_TIME_ZONE } from '../records/time-zone.js';
import { allows, type SchemaContext, type SchemaContexts } from '../schema-context/context.js';
import { aggregate, checkWidget, indexWidget, pivot } from './aggregate.js';
import { filterFields } from './dimension.js';
import { DashboardRepository } from './repository.js';
import { buildRollup, findRollup, type RollupSpec, rollupName, rollupSpecFor, tidyRollups } from './rollup.js';

/** The team's time zone: its local days are the date buckets. */
const zoneOf = (access: AppAccess) => access.tenant.timeZone ?? DEFAULT_TIME_ZONE;

/** The job that builds a saved dashboard's covering indexes. */
export const INDEX_JOB = 'dashboard.indexes';
/** The schedule that drops unused roll-ups and compacts grown ones (app.ts). */
export const ROLLUP_TIDY = 'dashboard.rollups';
interface IndexJob {
  tenant: TenantContext;
  appCode: string;
  code: string;
  adminHeader: boolean;
}

const NO_PERMISSION: AggregateResult = { state: 'noPermission', rows: [], rest: null };
const PIVOT_NO_PERMISSION: PivotResult = { state: 'noPermission', cells: [], labels: [] };

/** Which fields a dashboard filter of each kind may narrow (by field type; system fields by code). */
const FILTER_FIELDS: Record<DashboardFilter['kind'], { types: string[]; system: string[] }> = {
  date: { types: ['date', 'datetime'], system: ['createdAt', 'modifiedAt'] },
  member: { types: ['member'], system: ['createdBy', 'modifiedBy'] },
  department: { types: ['department'], system: [] },
  select: { types: ['singleSelect', 'multiSelect'], system: [] },
};

/** The fields a widget reads: its dimension, its measures' fields and its filter's. */
export function widgetFields(q: WidgetQuery): string[] {
  return [
    ...(q.dimension ? [q.dimension.field] : []),
    ...(q.pivot ? [...q.pivot.rows, ...q.pivot.columns].map((d) => d.field) : []),
    ...q.measures.flatMap((m) => (m.field ? [m.field] : [])),
    ...filterFields(q.filter),
  ];
}

/**
 * Dashboards: a Dashboard menu node's widgets, designed by those who design the app (its owner and
 * managers, and team admins in admin mode — the same `canEdit` that lets them design tables) and
 * viewed by everyone who reaches the app. Each widget's figures are the database's GROUP BY over
 * the table as the viewer sees it: their row rule always applies, and a widget reading a field
 * hidden from them (or a table they may not view) answers "no permission" instead of numbers.
 */
export class DashboardService {
  private readonly repo: DashboardRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly apps: AppRepository,
    private readonly contexts: SchemaContexts,
    private readonly records: RecordQueryService,
    private readonly jobs: JobQueue,
    private readonly now: () => number = Date.now,
    /** Read figures from kept roll-ups where one serves (off only for the bench's side-by-side). */
    private readonly rollups = true,
  ) {
    this.repo = new DashboardRepository(db);
    jobs.register<IndexJob>(INDEX_JOB, { run: (payload) => this.buildIndexes(payload), maxAttempts: 2 });
  }

  /**
   * The covering indexes of a saved dashboard's widgets (see indexWidget) and their kept roll-ups
   * (rollup.ts: keyed by the widget's dimensions and what its filter, the dashboard's filters on the
   * table and the table's row rules read), built by the job queue after the save answered — seconds
   * on a big table, never inside a request. The widgets are read again, as the designer who saved
   * them sees their tables; a widget or table gone since is skipped. A roll-up built already is
   * compacted.
   */
  private async buildIndexes({ tenant, appCode, code, adminHeader }: IndexJob): Promise<void> {
    const row = await this.repo.find(code);
    if (!row) return;
    const widgets = JSON.parse(row.widgets) as Widget[];
    const filters = row.filters ? (JSON.parse(row.filters) as DashboardFilter[]) : [];
    const zone = tenant.timeZone ?? DEFAULT_TIME_ZONE;
    const work: { ctx: SchemaContext; query: WidgetQuery; spec: RollupSpec | null }[] = [];
    for (const schemaCode of new Set(widgets.map((w) => w.query.schemaCode))) {
      let ctx: SchemaContext;
      try {
        ctx = await this.contexts.context(tenant, appCode, schemaCode, adminHeader);
      } catch {
        continue;
      }
      const filtered = filters.flatMap((f) => f.targets.filter((t) => t.schemaCode === schemaCode).map((t) => t.field));
      for (const w of widgets)
        if (w.query.schemaCode === schemaCode)
          work.push({ ctx, query: w.query, spec: rollupSpecFor(ctx, w.query, filtered, zone) });
    }
    // The roll-ups this dashboard reads, listed before they are built: the tidy job keeps those listed
    // and drops the others (those of its earlier widgets among them).
    const names = [...new Set(work.flatMap((w) => (w.spec ? [rollupName(w.ctx.schema.table_name, w.spec)] : [])))];
    await this.repo.listRollups(code, names);
    const built = new Set<string>();
    for (const { ctx, query, spec } of work) {
      await indexWidget(this.db, ctx, query);
      const name = spec && rollupName(ctx.schema.table_name, spec);
      if (spec && name && !built.has(name)) {
        built.add(name);
        await buildRollup(this.db, ctx.schema.engine_code, ctx.schema.table_name, spec, this.now());
      }
    }
  }

  /** The tidy job's round (scheduled in app.ts): unused roll-ups dropped, grown ones compacted. */
  tidyRollups() {
    return tidyRollups(this.db);
  }

  private async node(tenant: TenantContext | null, appCode: string, adminHeader: boolean, code: string) {
    const access = await resolveApp(this.apps, tenant, appCode, adminHeader);
    const node = await this.repo.node(access.tenant.engineCode, appCode, code);
    if (!node) throw appError(404, 'node.notFound');
    requireNodeVisible(access, node.code);
    return { access, node };
  }

  async get(tenant: TenantContext | null, appCode: string, adminHeader: boolean, code: string): Promise<DashboardInfo> {
    const { access, node } = await this.node(tenant, appCode, adminHeader, code);
    return this.info(access, node);
  }

  private async info(access: AppAccess, node: { code: string; display_name: string }): Promise<DashboardInfo> {
    const row = await this.repo.find(node.code);
    return {
      code: node.code,
      displayName: node.display_name,
      widgets: row ? (JSON.parse(row.widgets) as Widget[]) : [],
      filters: row?.filters ? (JSON.parse(row.filters) as DashboardFilter[]) : [],
      canDesign: access.canEdit,
      updatedAt: row ? Number(row.updated_at) : 0,
    };
  }

  /**
   * Saves the whole dashboard at once. Every widget must read a live table of this app, and its
   * dimension and measures must suit their fields; a refusal names the widget's field and saves nothing.
   */
  async save(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    code: string,
    body: SaveDashboardBody,
  ): Promise<DashboardInfo> {
    const { access, node } = await this.node(tenant, appCode, adminHeader, code);
    requireEdit(access);
    const problems: FieldProblem[] = [];
    const ids = new Set<string>();
    body.widgets.forEach((w, i) => {
      if (ids.has(w.id)) problems.push({ field: `widgets[${i}].id`, key: 'dashboard.widgetDuplicate' });
      ids.add(w.id);
      if (w.place.x + w.place.w > 12) problems.push({ field: `widgets[${i}].place`, key: 'dashboard.placeInvalid' });
      // A pivot has its row and column dimensions, every other kind at most its one dimension.
      if ((w.kind === 'pivot') !== Boolean(w.query.pivot) || (w.kind === 'pivot' && w.query.dimension))
        problems.push({ field: `widgets[${i}].query`, key: 'dashboard.widgetInvalid' });
    });
    const filters = body.filters ?? [];
    const tables = await this.repo.tablesOf(access.tenant.engineCode, appCode, [
      ...new Set([
        ...body.widgets.map((w) => w.query.schemaCode),
        ...filters.flatMap((f) => f.targets.map((t) => t.schemaCode)),
      ]),
    ]);
    const contexts = new Map<string, SchemaContext>();
    const contextOf = async (schemaCode: string) => {
      let ctx = contexts.get(schemaCode);
      if (!ctx) {
        ctx = await this.contexts.context(access.tenant, appCode, schemaCode, adminHeader);
        contexts.set(schemaCode, ctx);
      }
      return ctx;
    };
    const filterIds = new Set<string>();
    for (const [i, f] of filters.entries()) {
      if (filterIds.has(f.id)) problems.push({ field: `filters[${i}].id`, key: 'dashboard.filterDuplicate' });
      filterIds.add(f.id);
      for (const [j, t] of f.targets.entries()) {
        const at = `filters[${i}].targets[${j}]`;
        if (!tables.has(t.schemaCode)) {
          problems.push({ field: `${at}.schemaCode`, key: 'schema.notFound' });
          continue;
        }
        const ctx = await contextOf(t.schemaCode);
        const allowed = FILTER_FIELDS[f.kind];
        const field = ctx.fields.find((x) => x.code === t.field && x.deleted_at === null);
        if (!(allowed.system.includes(t.field) || (field && allowed.types.includes(field.type))))
          problems.push({ field: `${at}.field`, key: 'dashboard.filterInvalid' });
      }
    }
    for (const [i, w] of body.widgets.entries()) {
      const schemaCode = w.query.schemaCode;
      if (!tables.has(schemaCode)) {
        problems.push({ field: `widgets[${i}].query.schemaCode`, key: 'schema.notFound' });
        continue;
      }
      const ctx = await contextOf(schemaCode);
      try {
        // The designer's own view of the table: the same checks the figures will make.
        await this.check(ctx, w.query);
      } catch (e) {
        if (!(e instanceof AppError && e.statusCode === 400)) throw e;
        problems.push({ field: `widgets[${i}].query`, key: 'dashboard.widgetInvalid' });
      }
      if (w.compare) {
        // The comparison adds "this period" / "last period" conditions on a date field.
        const { current } = COMPARE_RANGES[w.compare.period];
        const filter: FilterGroup = {
          op: 'and',
          conditions: [{ field: w.compare.field, operator: 'eq', value: current }],
        };
        const dateLike =
          ['date', 'moment'].includes(
            FILTER_FAMILY[ctx.fields.find((f) => f.code === w.compare?.field)?.type ?? ''] ?? '',
          ) || ['createdAt', 'modifiedAt'].includes(w.compare.field);
        try {
          if (!dateLike || w.kind !== 'number')
            throw new AppError(400, ErrorCode.validationFailed, 'dashboard.widgetInvalid');
          await this.records.checkQuery(ctx, { filter });
        } catch (e) {
          if (!(e instanceof AppError && e.statusCode === 400)) throw e;
          problems.push({ field: `widgets[${i}].compare`, key: 'dashboard.widgetInvalid' });
        }
      }
    }
    if (problems.length) throw new FieldValidationError(problems);
    await this.db.transaction().execute(async (trx) => {
      await new DashboardRepository(trx).save(
        access.tenant.engineCode,
        node.code,
        JSON.stringify(body.widgets),
        filters.length ? JSON.stringify(filters) : null,
        access.tenant.memberId,
        this.now(),
      );
      // Every widget's columns in one index (deduplicated), built by a job once the save is in; with
      // no widgets the job still lists the dashboard's roll-ups (none), so the tidy job drops them.
      await this.jobs.enqueue<IndexJob>(
        INDEX_JOB,
        { tenant: access.tenant, appCode, code: node.code, adminHeader },
        { trx },
      );
    });
    return this.info(access, node);
  }

  /** A widget query's dimension, measures and filter, checked without running it. */
  private async check(ctx: SchemaContext, q: WidgetQuery): Promise<void> {
    checkWidget(
      ctx,
      q.dimension,
      q.measures,
      q.pivot ? [...q.pivot.rows, ...q.pivot.columns] : [],
      q.source === 'approvals',
    );
    if (q.filter) await this.records.checkQuery(ctx, { filter: q.filter });
  }

  /** One widget's figures for the signed-in viewer (the widget need not be saved yet: the designer's preview). */
  async aggregate(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    code: string,
    q: WidgetQuery,
  ): Promise<AggregateResult> {
    const { access } = await this.node(tenant, appCode, adminHeader, code);
    const ctx = await this.contexts.context(access.tenant, appCode, q.schemaCode, adminHeader);
    if (!allows(ctx, 'view')) return NO_PERMISSION;
    if (widgetFields(q).some((f) => ctx.rights.hidden.has(f))) return NO_PERMISSION;
    // The same where-clause the records list builds: the viewer's row rule and the widget's filter.
    const where = await this.records.whereOf(ctx, q.filter, undefined);
    const zone = zoneOf(access);
    const rollup = this.rollups ? await findRollup(this.db, ctx, q, zone) : undefined;
    const approvals = q.source === 'approvals';
    const answer = await aggregate(this.db, ctx, where, q.dimension, q.measures, zone, rollup, approvals);
    const labels = q.dimension
      ? await this.labels(
          ctx,
          // An approval's approver is a member, named as a member field's value is.
          approvals && q.dimension.field === 'approver' ? 'createdBy' : approvals ? '' : q.dimension.field,
          answer.rows.map((r) => r.key),
        )
      : null;
    return {
      state: 'ok',
      rows: answer.rows.map((r) => ({ ...r, label: r.key === null ? '' : (labels?.get(r.key) ?? r.key) })),
      rest: answer.rest,
    };
  }

  /**
   * A pivot widget's cells, subtotals and totals for the signed-in viewer, within their row rule; "no
   * permission" as for any widget; `tooMany` when a level has more groups than a table can show.
   */
  async pivot(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    code: string,
    q: WidgetQuery,
  ): Promise<PivotResult> {
    const { access } = await this.node(tenant, appCode, adminHeader, code);
    if (!q.pivot || q.dimension || q.source === 'approvals')
      throw new FieldValidationError([{ field: 'pivot', key: 'dashboard.widgetInvalid' }]);
    const ctx = await this.contexts.context(access.tenant, appCode, q.schemaCode, adminHeader);
    if (!allows(ctx, 'view')) return PIVOT_NO_PERMISSION;
    if (widgetFields(q).some((f) => ctx.rights.hidden.has(f))) return PIVOT_NO_PERMISSION;
    const where = await this.records.whereOf(ctx, q.filter, undefined);
    const { rows, columns } = q.pivot;
    const zone = zoneOf(access);
    const rollup = this.rollups ? await findRollup(this.db, ctx, q, zone) : undefined;
    const answer = await pivot(this.db, ctx, where, rows, columns, q.measures, zone, rollup);
    if (answer.tooMany) return { state: 'tooMany', cells: [], labels: [] };
    const dims = [...rows, ...columns];
    const labels = await Promise.all(
      dims.map(async (d, i) => {
        const present = new Set<string>();
        for (const c of answer.cells) {
          const key = i < rows.length ? c.r[i] : c.c[i - rows.length];
          if (key !== null && key !== undefined) present.add(key);
        }
        const names = await this.labels(ctx, d.field, [...present]);
        return Object.fromEntries([...present].map((k) => [k, names.get(k) ?? k]));
      }),
    );
    return { state: 'ok', cells: answer.cells, labels };
  }

  /** Names for group keys: options' labels, members' and departments' names; others show as they are. */
  private async labels(ctx: SchemaContext, field: string, keys: (string | null)[]): Promise<Map<string, string>> {
    const present = keys.filter((k): k is string => k !== null);
    const engine = ctx.schema.engine_code;
    if (field === 'createdBy' || field === 'modifiedBy') return this.repo.memberNames(engine, present);
    const f = ctx.fields.find((x) => x.code === field);
    if (!f) return new Map();
    if (f.type === 'member') return this.repo.memberNames(engine, present);
    if (f.type === 'department') return this.repo.departmentNames(engine, present);
    if (f.type === 'singleSelect' || f.type === 'multiSelect') {
      const settings = JSON.parse(f.settings) as { options?: { id: string; label: string }[] };
      return new Map((settings.options ?? []).map((o) => [o.id, o.label]));
    }
    return new Map();
  }
}
