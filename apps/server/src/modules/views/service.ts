import { randomBytes } from 'node:crypto';
import {
  type AppLogChange,
  ErrorCode,
  type FilterGroup,
  FULL_TABLE_RIGHTS,
  formatMessage,
  type Language,
  MANAGER_ROLE,
  type SavedViewInfo,
  type ViewConfig,
  ViewFieldUse,
  type ViewInfo,
  type WithheldViewField,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, ViewsTable } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import { requireEdit } from '../apps/access.js';
import { changesBetween, recordAudit, tableEntry } from '../audit/record.js';
import type { IndexSpec, RecordIndexes } from '../records/indexes.js';
import {
  columnOf,
  compositeIndexPlan,
  listIndexSpecs,
  mentionsContains,
  sortColumns,
  validateFilter,
} from '../records/query.js';
import type { SavedQuery } from '../records/saved-view.js';
import { allows, type SchemaContext } from '../schema-context/context.js';
import { derivedHidden } from '../schema-context/permissions.js';

/** An app role as the designer's warning names it. */
export interface NamedRole {
  key: string;
  name: string;
}

const notFound = () => new AppError(404, ErrorCode.notFound, 'view.notFound');

function toInfo(v: ViewsTable): ViewInfo {
  return {
    code: v.code,
    name: v.name,
    kind: v.kind,
    personal: v.owner_member_id !== '',
    config: JSON.parse(v.config) as ViewConfig,
  };
}

/**
 * A view as this member receives it (issue 30, docs/decisions/0093): a public view's conditions, sorts
 * and grouping on fields hidden from the member are dropped — the member's grid and exports neither
 * filter nor sort by them, a kanban is not grouped by one (records/groups refuses the field anyway),
 * and the view's definition does not show them (a threshold on a hidden salary would tell the
 * salaries). A group left without conditions goes too. The designer, who sees every field, gets the
 * view whole, and is told on saving it what members will not get (withheldFields).
 */
export function viewForMember(ctx: SchemaContext, view: ViewInfo): ViewInfo {
  const hidden = ctx.rights.hidden;
  if (view.personal || !hidden.size) return view;
  const { filter, sorts, groupBy } = view.config;
  const config: ViewConfig = { ...view.config, sorts: sorts.filter((x) => !hidden.has(x.field)) };
  if (groupBy && hidden.has(groupBy)) delete config.groupBy;
  if (filter) {
    const conditions: FilterGroup['conditions'] = [];
    for (const c of filter.conditions) {
      if (!('conditions' in c)) {
        if (!hidden.has(c.field)) conditions.push(c);
        continue;
      }
      const inner = c.conditions.filter((x) => !hidden.has(x.field));
      if (inner.length) conditions.push({ ...c, conditions: inner });
    }
    if (conditions.length) config.filter = { ...filter, conditions };
    else delete config.filter;
  }
  return { ...view, config };
}

/** The fields a filter's conditions name, nested groups included. */
function filterFields(filter: FilterGroup | undefined): string[] {
  return (filter?.conditions ?? []).flatMap((c) => ('conditions' in c ? c.conditions.map((x) => x.field) : [c.field]));
}

/**
 * What members of each app role that may open the table will not get of a public view: the fields it
 * filters, sorts or groups by that the table's field rules hide from that role (a formula or lookup
 * reading a hidden field counts as hidden, as for the member). viewForMember drops them for those
 * members; the designer saving the view is told (issue 30).
 */
export function withheldFields(ctx: SchemaContext, view: ViewInfo, roles: NamedRole[]): WithheldViewField[] {
  if (view.personal) return [];
  const uses = new Map<string, Set<ViewFieldUse>>();
  const use = (field: string, how: ViewFieldUse) => uses.set(field, (uses.get(field) ?? new Set()).add(how));
  for (const field of filterFields(view.config.filter)) use(field, 'filter');
  for (const s of view.config.sorts) use(s.field, 'sort');
  if (view.config.groupBy) use(view.config.groupBy, 'groupBy');
  if (!uses.size) return [];
  const out: WithheldViewField[] = [];
  // Every app role that may view the table (issue 27); a field it does not list takes its new-field level.
  const hiddenFrom = roles.flatMap((role) => {
    const rights = ctx.permissions.roles[role.key] ?? (role.key === MANAGER_ROLE ? FULL_TABLE_RIGHTS : undefined);
    if (!rights?.actions.includes('view')) return [];
    const hidden = ctx.fields
      .filter((f) => (rights.fields[f.code] ?? rights.newFields) === 'hidden')
      .map((f) => f.code);
    return [{ role, hidden: derivedHidden(ctx.fields, new Set(hidden)) }];
  });
  for (const [field, how] of uses) {
    const from = hiddenFrom.filter((r) => r.hidden.has(field)).map((r) => r.role);
    if (!from.length) continue;
    const name = ctx.fields.find((f) => f.code === field && f.deleted_at === null)?.name ?? field;
    out.push({
      field,
      name,
      roles: from.map((r) => r.key),
      roleNames: from.map((r) => r.name),
      uses: ViewFieldUse.filter((u) => how.has(u)),
    });
  }
  return out;
}

/** A view's own filter and sorts as a query applies them; a public view's are its designer's. */
export function savedQueryOf(view: ViewInfo): SavedQuery {
  return {
    ...(view.config.filter ? { filter: view.config.filter } : {}),
    sorts: view.config.sorts,
    designed: !view.personal,
  };
}

/**
 * Saved views. Every table has a public default grid; members add personal views, editors public
 * ones. A saved view's filters and sorts are checked against the metadata, and the columns they read
 * get an index, so opening the view stays fast on big tables.
 */
export class ViewService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    private readonly indexes?: RecordIndexes,
  ) {}

  /** A save's answer: the view as stored, and what members of some role will not get of it. */
  private async saved(ctx: SchemaContext, view: ViewInfo): Promise<SavedViewInfo> {
    if (view.personal) return { ...view, withheld: [] };
    const roles = await this.db
      .selectFrom('app_roles')
      .select(['role_key as key', 'name'])
      .where('engine_code', '=', ctx.schema.engine_code)
      .where('app_code', '=', ctx.schema.app_code)
      .orderBy('sort_key')
      .orderBy('role_key')
      .execute();
    return { ...view, withheld: withheldFields(ctx, view, roles) };
  }

  private defaultConfig(ctx: SchemaContext): ViewConfig {
    const columns = ctx.fields.filter((f) => f.deleted_at === null).map((f) => ({ field: f.code, hidden: false }));
    return { columns, sorts: [], rowHeight: 'short', pageSize: 50 };
  }

  private visible(ctx: SchemaContext) {
    return this.db
      .selectFrom('views')
      .selectAll()
      .where('schema_code', '=', ctx.schema.code)
      .where((eb) => eb.or([eb('owner_member_id', '=', ''), eb('owner_member_id', '=', ctx.access.tenant.memberId)]));
  }

  /** `lang`: the language of the member whose listing makes the default view (its stored name). */
  async list(ctx: SchemaContext, lang: Language = 'zh'): Promise<ViewInfo[]> {
    if (!allows(ctx, 'view')) throw new AppError(403, ErrorCode.forbidden, 'record.noView');
    let rows = await this.visible(ctx).orderBy('sort_key').execute();
    if (!rows.some((r) => r.owner_member_id === '')) {
      // The default view is made on first use; its code is fixed, so racing requests make one.
      await this.db
        .insertInto('views')
        .values({
          code: `v${ctx.schema.code}`.slice(0, 36),
          schema_code: ctx.schema.code,
          engine_code: ctx.schema.engine_code,
          name: formatMessage('view.defaultName', lang),
          kind: 'grid',
          owner_member_id: '',
          config: JSON.stringify(this.defaultConfig(ctx)),
          sort_key: 0,
          created_at: this.now(),
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
      rows = await this.visible(ctx).orderBy('sort_key').execute();
    }
    return rows.map((r) => viewForMember(ctx, toInfo(r)));
  }

  /** The filter and sorts of a view this member may open, for a query that names it (records/saved-view.ts). */
  async savedQuery(ctx: SchemaContext, code: string): Promise<SavedQuery> {
    if (!allows(ctx, 'view')) throw new AppError(403, ErrorCode.forbidden, 'record.noView');
    const row = await this.visible(ctx).where('code', '=', code).executeTakeFirst();
    if (!row) throw notFound();
    return savedQueryOf(viewForMember(ctx, toInfo(row)));
  }

  private check(ctx: SchemaContext, config: ViewConfig): void {
    const live = new Set(ctx.fields.filter((f) => f.deleted_at === null).map((f) => f.code));
    for (const c of config.columns)
      if (!live.has(c.field)) throw new FieldValidationError([{ field: c.field, key: 'field.notFound' }]);
    if (config.groupBy && !live.has(config.groupBy))
      throw new FieldValidationError([{ field: config.groupBy, key: 'field.notFound' }]);
    if (config.filter) validateFilter(ctx, config.filter);
    sortColumns(ctx, config.sorts);
  }

  /**
   * Asks for the indexes the view reads through (records/indexes.ts): its composite order, each
   * column it filters or sorts by, the full text of what it searches in; built by a job after the
   * save answered, never inside it.
   */
  private async index(ctx: SchemaContext, kind: string, config: ViewConfig): Promise<void> {
    if (!this.indexes) return;
    const plan = compositeIndexPlan(ctx, config.filter, config.sorts);
    // The composite answers the view's pages in order: unless it searches text, its lists never walk
    // the bare order's index (records/query-service.ts).
    const text = mentionsContains(config.filter);
    const specs: IndexSpec[] = listIndexSpecs(ctx, config.filter, sortColumns(ctx, config.sorts), false).filter(
      (s) => !(plan?.equal.length && !text && s.kind === 'view'),
    );
    if (plan) specs.unshift({ kind: 'view', ...plan });
    // A kanban asks for the distinct values of its grouping column (records/groups).
    if (kind === 'kanban' && config.groupBy) specs.push({ kind: 'column', column: columnOf(ctx, config.groupBy).name });
    await this.indexes.request(
      { engineCode: ctx.schema.engine_code, schemaCode: ctx.schema.code, table: ctx.schema.table_name },
      specs,
    );
  }

  async create(
    ctx: SchemaContext,
    input: { name: string; kind: string; personal?: boolean; config?: ViewConfig },
  ): Promise<SavedViewInfo> {
    if (!allows(ctx, 'view')) throw new AppError(403, ErrorCode.forbidden, 'record.noView');
    if (!input.personal) requireEdit(ctx.access);
    const name = input.name.trim();
    if (!name) throw new FieldValidationError([{ field: 'name', key: 'view.nameEmpty' }]);
    const config = input.config ?? this.defaultConfig(ctx);
    this.check(ctx, config);
    const existing = await this.list(ctx);
    const row: ViewsTable = {
      code: `v${randomBytes(6).toString('hex')}`,
      schema_code: ctx.schema.code,
      engine_code: ctx.schema.engine_code,
      name: name.slice(0, 64),
      kind: input.kind,
      owner_member_id: input.personal ? ctx.access.tenant.memberId : '',
      config: JSON.stringify(config),
      sort_key: existing.length,
      created_at: this.now(),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('views').values(row).execute();
      await this.logged(ctx, trx, 'view.create', row);
    });
    await this.index(ctx, row.kind, config);
    return this.saved(ctx, toInfo(row));
  }

  private async own(ctx: SchemaContext, code: string): Promise<ViewsTable> {
    const row = await this.visible(ctx).where('code', '=', code).executeTakeFirst();
    if (!row) throw notFound();
    if (row.owner_member_id === '') requireEdit(ctx.access);
    return row;
  }

  async update(
    ctx: SchemaContext,
    code: string,
    input: { name: string; kind: string; config?: ViewConfig },
  ): Promise<SavedViewInfo> {
    const row = await this.own(ctx, code);
    const name = input.name.trim();
    if (!name) throw new FieldValidationError([{ field: 'name', key: 'view.nameEmpty' }]);
    const config = input.config ?? (JSON.parse(row.config) as ViewConfig);
    this.check(ctx, config);
    const updated = { ...row, name: name.slice(0, 64), kind: input.kind, config: JSON.stringify(config) };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('views')
        .set({ name: updated.name, kind: updated.kind, config: updated.config })
        .where('code', '=', code)
        .execute();
      const changes = changesBetween(
        { name: row.name, kind: row.kind, config: JSON.parse(row.config) },
        { name: updated.name, kind: updated.kind, config },
      );
      await this.logged(ctx, trx, 'view.update', row, changes);
    });
    await this.index(ctx, updated.kind, config);
    return this.saved(ctx, toInfo(updated));
  }

  async remove(ctx: SchemaContext, code: string): Promise<void> {
    const row = await this.own(ctx, code);
    if (row.owner_member_id === '') {
      const publics = await this.db
        .selectFrom('views')
        .select('code')
        .where('schema_code', '=', ctx.schema.code)
        .where('owner_member_id', '=', '')
        .execute();
      if (publics.length <= 1) throw new AppError(400, ErrorCode.conflict, 'view.lastOne');
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('views').where('code', '=', code).execute();
      await this.logged(ctx, trx, 'view.delete', row);
    });
  }

  /** Shared views' changes go to the application log (a member's personal views are their own). */
  private async logged(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    action: string,
    row: ViewsTable,
    changes?: AppLogChange[],
  ): Promise<void> {
    if (row.owner_member_id !== '') return;
    const more = { detail: { name: row.name, kind: row.kind }, ...(changes ? { changes } : {}) };
    await recordAudit(trx, tableEntry(ctx, action, { type: 'view', id: row.code }, more), this.now());
  }
}
