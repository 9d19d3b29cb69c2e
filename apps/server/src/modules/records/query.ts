import {
  FILTER_FAMILY,
  FILTER_OPERATORS,
  type FilterCondition,
  type FilterFamily,
  type FilterGroup,
  RelativeDate,
  type SortSpec,
} from '@canopy/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { containsText } from '../../db/like.js';
import type { FieldsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { SchemaContext } from '../schema-context/context.js';
import { type IndexSpec, indexName, trigramServes } from './indexes.js';
import { relativeDateRange, relativeRange } from './relative-dates.js';
import type { SortColumn } from './repository.js';
import { dayStart, offsetAt } from './time-zone.js';

// biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
type AnyEB = ExpressionBuilder<any, any>;

type Family = FilterFamily;
const FAMILY = FILTER_FAMILY;
const OPERATORS: Record<Family, string[]> = FILTER_OPERATORS;

/** A filterable or sortable column: only ever a name from our own metadata. */
interface Column {
  name: string;
  family: Family;
  label: string;
  type: string;
}

const SYSTEM: Record<string, Column> = {
  createdAt: { name: 'created_at', family: 'moment', label: 'createdAt', type: 'createdAt' },
  modifiedAt: { name: 'modified_at', family: 'moment', label: 'modifiedAt', type: 'modifiedAt' },
  createdBy: { name: 'created_by', family: 'member', label: 'createdBy', type: 'createdBy' },
  modifiedBy: { name: 'modified_by', family: 'member', label: 'modifiedBy', type: 'modifiedBy' },
  // The record's approval flow (流程状态, 当前节点), kept on its row by the workflow engine.
  flowState: { name: 'wf_state', family: 'flowState', label: 'flowState', type: 'flowState' },
  flowNode: { name: 'wf_node', family: 'text', label: 'flowNode', type: 'flowNode' },
};

function invalid(detail: string): AppError {
  return new AppError(400, 'rule.submit.validate.failed', 'filter.invalid', { detail }, 'VALIDATION');
}

export interface QueryEnv {
  memberId: string;
  departmentIds: string[];
  /** Members sharing a department with the asker ("is in my department" on a member field). */
  colleagueIds: string[];
  /** My departments and their sub-departments (row rule myDepartmentsTree), when a rule needs them. */
  departmentsDown?: string[];
  /** The departments I head and their sub-departments (row rule headedDepartments, isHeadedByMe). */
  headedDown?: string[];
  /** The members of those departments (isHeadedByMe on a member field). */
  headedMemberIds?: string[];
  now: number;
  /** The team's time zone: a day in a date-time filter and relative dates are its local days. */
  timeZone: string;
  /**
   * SQLite: text columns whose full-text index is ready → its FTS5 table (indexes.ts). A "contains"
   * of three characters or more narrows by it first; absent (or PostgreSQL), the plain LIKE.
   */
  fulltext?: Map<string, string>;
}

/** The FTS5 phrase of a needle: every character literal (a trigram phrase = a substring). */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * "contains", served by the full-text index where there is one: the rows whose trigrams hold the
 * needle (case folded, a superset) and then the very same LIKE as without it, so the answer is
 * exactly the scan's. Needles under three characters, and columns not indexed yet, scan.
 */
function containsIndexed(column: string, text: string, fulltext: Map<string, string> | undefined): Expression<SqlBool> {
  const plain = containsText(column, text);
  const fts = fulltext?.get(column);
  if (!fts || !trigramServes(text)) return plain;
  return sql<SqlBool>`(${plain} and rowid in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${phrase(text)}))`;
}

/**
 * What a filter is compiled against: the table's fields and the fields hidden from whoever the
 * filter is theirs (a member's context, a row rule's or a webhook's designer view).
 */
export type QueryTable = Pick<SchemaContext, 'fields'> & { rights: Pick<SchemaContext['rights'], 'hidden'> };

/** Resolves a field code (or system field) to its column, refusing anything not in the metadata. */
export function columnOf(ctx: QueryTable, code: string): Column {
  // Own keys only: `constructor` or `__proto__` must not find the object's prototype.
  const system = Object.hasOwn(SYSTEM, code) ? SYSTEM[code] : undefined;
  if (system) return system;
  // A field hidden from this member can be neither filtered nor sorted by: either would reveal it.
  if (ctx.rights.hidden.has(code)) throw invalid(code);
  const f: FieldsTable | undefined = ctx.fields.find((x) => x.code === code && x.deleted_at === null);
  const family = f ? FAMILY[f.type] : undefined;
  if (!f || !family || !f.column_name) throw invalid(code);
  return { name: f.column_name, family, label: f.name, type: f.type };
}

const isRelative = (v: unknown): v is RelativeDate =>
  typeof v === 'string' && (RelativeDate as readonly string[]).includes(v);

/** A date value → [start, end) of the day or relative period, as stored for that family. */
function period(column: Column, value: unknown, now: number, zone: string): [unknown, unknown] {
  if (isRelative(value)) {
    const offset = offsetAt(zone, now);
    return column.family === 'date' ? relativeDateRange(value, now, offset) : relativeRange(value, now, offset);
  }
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw invalid(column.label);
  if (column.family === 'date') {
    const day = value.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return [day, next];
  }
  if (value.length === 10) {
    const start = dayStart(zone, value);
    if (Number.isNaN(start)) throw invalid(column.label);
    const next = new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return [start, dayStart(zone, next)];
  }
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw invalid(column.label);
  return [ms, ms + 1];
}

function scalar(column: Column, value: unknown): unknown {
  if (column.family === 'flowState') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 9) throw invalid(column.label);
    return n;
  }
  if (column.family === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) throw invalid(column.label);
    return n;
  }
  if (typeof value !== 'string' || value.length > 500) throw invalid(column.label);
  return value;
}

function listContains(ref: ReturnType<typeof sql.ref>, id: unknown, label: string): Expression<SqlBool> {
  if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id)) throw invalid(label);
  // JSON arrays of ids: '"<id>"' is a whole element (ids hold no quotes or LIKE wildcards but '_').
  return sql<SqlBool>`${ref} like ${`%"${id.replace(/_/g, '\\_')}"%`} escape '\\'`;
}

function condition(eb: AnyEB, ctx: QueryTable, c: FilterCondition, env: QueryEnv): Expression<SqlBool> {
  const column = columnOf(ctx, c.field);
  if (!OPERATORS[column.family].includes(c.operator)) throw invalid(`${column.label} ${c.operator}`);
  const ref = sql.ref(column.name);
  const col = eb.ref(column.name);
  const v = c.value;
  const empty =
    column.family === 'text' || column.family === 'choice'
      ? eb.or([eb(col, 'is', null), eb(col, '=', '')])
      : eb(col, 'is', null);
  switch (c.operator) {
    case 'empty':
      return column.family === 'list' || column.family === 'people'
        ? eb.or([eb(col, 'is', null), eb(col, '=', '[]')])
        : empty;
    case 'notEmpty':
      return column.family === 'list' || column.family === 'people'
        ? eb.and([eb(col, 'is not', null), eb(col, '!=', '[]')])
        : eb.and([
            eb(col, 'is not', null),
            ...(column.family === 'text' || column.family === 'choice' ? [eb(col, '!=', '')] : []),
          ]);
    case 'isTrue':
      return eb(col, '=', 1);
    case 'isFalse':
      return eb.or([eb(col, 'is', null), eb(col, '=', 0)]);
    case 'isMe':
      return column.family === 'member' ? eb(col, '=', env.memberId) : listContains(ref, env.memberId, column.label);
    case 'isMine':
      if (column.type === 'member') {
        // A member field: anyone in one of the asker's departments.
        if (!env.colleagueIds.length) return sql<SqlBool>`1 = 0`;
        return eb.or(env.colleagueIds.map((m) => listContains(ref, m, column.label)));
      }
      if (!env.departmentIds.length) return sql<SqlBool>`1 = 0`;
      return eb.or(env.departmentIds.map((d) => listContains(ref, d, column.label)));
    case 'isHeadedByMe': {
      // Absent (a filter compiled without the asker's departments, e.g. a hook's): matches nothing.
      const ids = column.type === 'member' ? (env.headedMemberIds ?? []) : (env.headedDown ?? []);
      if (!ids.length) return sql<SqlBool>`1 = 0`;
      return eb.or(ids.map((id) => listContains(ref, id, column.label)));
    }
    case 'contains':
      if (column.family === 'list' || column.family === 'people') return listContains(ref, v, column.label);
      return containsIndexed(column.name, String(scalar(column, v)), env.fulltext);
    case 'notContains':
      if (column.family === 'list' || column.family === 'people')
        return eb.or([eb(col, 'is', null), eb.not(listContains(ref, v, column.label))]);
      return eb.or([eb(col, 'is', null), eb.not(containsText(column.name, String(scalar(column, v))))]);
    case 'startsWith': {
      const text = String(scalar(column, v))
        .toLowerCase()
        .replace(/[\\%_]/g, (ch) => `\\${ch}`);
      return sql<SqlBool>`lower(${ref}) like ${`${text}%`} escape '\\'`;
    }
    case 'in':
    case 'notIn': {
      if (!Array.isArray(v) || !v.length || v.length > 200) throw invalid(column.label);
      const values = v.map((x) => scalar(column, x));
      return c.operator === 'in' ? eb(col, 'in', values) : eb.or([eb(col, 'is', null), eb(col, 'not in', values)]);
    }
    case 'between': {
      if (!Array.isArray(v) || v.length !== 2) throw invalid(column.label);
      if (column.family === 'number')
        return eb.and([eb(col, '>=', scalar(column, v[0])), eb(col, '<=', scalar(column, v[1]))]);
      return eb.and([
        eb(col, '>=', period(column, v[0], env.now, env.timeZone)[0]),
        eb(col, '<', period(column, v[1], env.now, env.timeZone)[1]),
      ]);
    }
    case 'gt':
      return eb(col, '>', scalar(column, v));
    case 'gte':
      return eb(col, '>=', scalar(column, v));
    case 'lt':
      return eb(col, '<', scalar(column, v));
    case 'lte':
      return eb(col, '<=', scalar(column, v));
    case 'before':
      return eb(col, '<', period(column, v, env.now, env.timeZone)[0]);
    case 'after':
      return eb(col, '>=', period(column, v, env.now, env.timeZone)[1]);
    case 'eq':
    case 'neq': {
      if (column.family === 'date' || column.family === 'moment') {
        const [start, end] = period(column, v, env.now, env.timeZone);
        const within = eb.and([eb(col, '>=', start), eb(col, '<', end)]);
        return c.operator === 'eq' ? within : eb.or([eb(col, 'is', null), eb.not(within)]);
      }
      const value = scalar(column, v);
      return c.operator === 'eq' ? eb(col, '=', value) : eb.or([eb(col, 'is', null), eb(col, '!=', value)]);
    }
    default:
      throw invalid(c.operator);
  }
}

export function filterExpression(eb: AnyEB, ctx: QueryTable, group: FilterGroup, env: QueryEnv): Expression<SqlBool> {
  const parts = group.conditions.map((c) =>
    'conditions' in c
      ? filterExpression(eb, ctx, { op: c.op, conditions: c.conditions }, env)
      : condition(eb, ctx, c, env),
  );
  if (!parts.length) return sql<SqlBool>`1 = 1`;
  return group.op === 'and' ? eb.and(parts) : eb.or(parts);
}

/** The columns quick search reads: the visible text-like fields. */
export function searchColumns(ctx: SchemaContext): string[] {
  return ctx.fields
    .filter(
      (f) => f.deleted_at === null && FAMILY[f.type] === 'text' && f.column_name && !ctx.rights.hidden.has(f.code),
    )
    .map((f) => f.column_name);
}

/**
 * Quick search: any text-like field contains the words. With every such column's full-text index
 * ready (SQLite) and three characters or more, the rows the indexes name first, then the same LIKEs.
 */
export function searchExpression(
  eb: AnyEB,
  ctx: SchemaContext,
  text: string,
  fulltext?: Map<string, string>,
): Expression<SqlBool> | null {
  const columns = searchColumns(ctx);
  const needle = text.trim();
  if (!columns.length || !needle) return null;
  const plain = eb.or(columns.map((c) => containsText(c, needle)));
  const tables = columns.map((c) => fulltext?.get(c));
  if (!trigramServes(needle) || tables.some((t) => !t)) return plain;
  const hits = sql.join(
    tables.map(
      (t) => sql`select rowid from ${sql.table(t as string)} where ${sql.table(t as string)} match ${phrase(needle)}`,
    ),
    sql` union `,
  );
  return sql<SqlBool>`(${plain} and rowid in (${hits}))`;
}

/** Validated sorts as (column, direction); empty values last in both directions, on both databases. */
export function sortColumns(ctx: SchemaContext, sorts: SortSpec[]): { name: string; direction: 'asc' | 'desc' }[] {
  return sorts.map((s) => {
    const column = columnOf(ctx, s.field);
    if (column.family === 'list' || column.family === 'people') throw invalid(`${column.label} sort`);
    return { name: column.name, direction: s.direction };
  });
}

/** Checks a filter against the metadata without running it (for saved views). */
export function validateFilter(ctx: QueryTable, group: FilterGroup): void {
  for (const c of group.conditions) {
    if ('conditions' in c) validateFilter(ctx, { op: c.op, conditions: c.conditions });
    else {
      const column = columnOf(ctx, c.field);
      if (!OPERATORS[column.family].includes(c.operator)) throw invalid(`${column.label} ${c.operator}`);
    }
  }
}

/**
 * One index that answers a view's first page by walking it in order: the columns the filter
 * pins to one value (eq, in, isTrue …) first, then each sort exactly as the list query orders by it
 * (`col is null`, then `col`), then id. Without it the database reads every matching row to sort
 * them (measured in bench/: 350 ms → 3.5 ms at a million rows).
 */
export function compositeIndexPlan(
  ctx: SchemaContext,
  group: FilterGroup | undefined,
  sorts: SortSpec[],
): { equal: string[]; sorts: { name: string; direction: 'asc' | 'desc' }[] } | null {
  const ordered = sortColumns(ctx, sorts);
  if (!ordered.length) return null;
  return { equal: pinnedColumns(ctx, group), sorts: ordered };
}

/** The columns a filter pins to one value for every row (a composite index's leading columns, three at most). */
function pinnedColumns(ctx: SchemaContext, group: FilterGroup | undefined): string[] {
  const equal: string[] = [];
  // Only a top-level AND pins a column for every row the view shows.
  if (group && group.op === 'and') {
    for (const c of group.conditions) {
      if ('conditions' in c) continue;
      const column = columnOf(ctx, c.field);
      const pins = ['eq', 'in', 'isTrue', 'isMe'].includes(c.operator);
      if (
        pins &&
        column.family !== 'list' &&
        column.family !== 'people' &&
        column.family !== 'date' &&
        column.family !== 'moment'
      )
        if (!equal.includes(column.name)) equal.push(column.name);
    }
  }
  return equal.slice(0, 3);
}

/** Columns every data table indexes from the start (schemas/physical.ts). */
const BUILT_IN = new Set(['id', 'created_at', 'created_by', 'wf_state', 'wf_node']);

/** Whether a filter searches text anywhere in it ("contains"): such lists never walk an order index. */
export const mentionsContains = (group: FilterGroup | undefined): boolean =>
  Boolean(group && JSON.stringify(group).includes('"contains"'));

/** The index a sorted text list walks in its order (`(col is null), col <direction>, …, id`). */
export const orderIndexSpec = (sorts: SortColumn[]): IndexSpec => ({ kind: 'view', equal: [], sorts });

/**
 * What decides whether a filtered list (no text search) walks its order first (issue 15, service.ts
 * `walksFiltered`): the order's index, which the walk reads; the composite indexes (pinned columns,
 * then this order) that answer the page by themselves — a saved view's, a list of the same shape —
 * when one is ready the database walks it and the walk is not needed; and the single-column indexes
 * the filter's conditions read, or null when a condition has none (a list or people field, a
 * "contains"): when all are ready, counting the hits up to the walk's budget is a short index read
 * that tells a selective filter (read its hits and sort them) from a broad one (walk the order).
 */
export function filteredWalkIndexes(
  table: string,
  parts: { ctx: SchemaContext; group: FilterGroup | undefined }[],
  sorts: SortColumn[],
): { order: string | null; composites: string[]; columns: string[] | null } {
  const composites: string[] = [];
  let columns: string[] | null = [];
  for (const { ctx, group } of parts) {
    if (!group) continue;
    const equal = sorts.length ? pinnedColumns(ctx, group) : [];
    if (equal.length) composites.push(indexName(table, { kind: 'view', equal, sorts }));
    const indexed = filterColumns(ctx, group);
    columns = columns && indexed ? [...columns, ...indexed] : null;
  }
  return {
    order: sorts.length ? indexName(table, orderIndexSpec(sorts)) : null,
    composites,
    columns: columns
      ? [...new Set(columns)]
          .filter((c) => !BUILT_IN.has(c))
          .map((column) => indexName(table, { kind: 'column', column }))
      : null,
  };
}

/** The columns a filter's conditions read, or null when one of them has no single-column index to read. */
function filterColumns(ctx: SchemaContext, group: FilterGroup): string[] | null {
  const out: string[] = [];
  for (const c of group.conditions) {
    if ('conditions' in c) {
      const inner = filterColumns(ctx, { op: c.op, conditions: c.conditions });
      if (!inner) return null;
      out.push(...inner);
      continue;
    }
    const column = columnOf(ctx, c.field);
    if (column.family === 'list' || column.family === 'people' || c.operator === 'contains') return null;
    out.push(column.name);
  }
  return out;
}

/**
 * The indexes a list reads through: each column its filter or sorts read (lists are matched with
 * LIKE; no plain index helps them), and the full-text index of each column it searches for a
 * substring ("contains", the search box). A sorted list that pins columns to one value gets their
 * composite with its order (a saved view's shape); one that searches text, or filters without
 * pinning, gets its order's index, which the ordered walk reads (repository.ts). Built in the
 * background (indexes.ts), within the table's budgets.
 */
export function listIndexSpecs(
  ctx: SchemaContext,
  group: FilterGroup | undefined,
  sorts: SortColumn[],
  search: boolean,
): IndexSpec[] {
  const columns = new Set<string>();
  const texts = new Set<string>(search ? searchColumns(ctx) : []);
  const walk = (g: FilterGroup) => {
    for (const c of g.conditions) {
      if ('conditions' in c) walk({ op: c.op, conditions: c.conditions });
      else {
        const column = columnOf(ctx, c.field);
        if (column.family === 'list' || column.family === 'people') continue;
        if (c.operator === 'contains') texts.add(column.name);
        else columns.add(column.name);
      }
    }
  };
  if (group) walk(group);
  for (const s of sorts) columns.add(s.name);
  // A sorted list that pins columns (status = open) reads its pages from the composite of those
  // columns and its order, as a saved view does; one that searches text or filters otherwise walks
  // its order first (service.ts), and one that only sorts reads its order's index.
  const equal = sorts.length ? pinnedColumns(ctx, group) : [];
  return [
    ...[...columns].filter((c) => !BUILT_IN.has(c)).map((column) => ({ kind: 'column' as const, column })),
    ...[...texts].map((column) => ({ kind: 'text' as const, column })),
    ...(equal.length ? [{ kind: 'view' as const, equal, sorts }] : []),
    // Any other sorted list reads its first page from its order's index: a sort alone read and sorted
    // every row of the table for it (query-plans.test.ts found `SCAN` + a temporary B-tree).
    ...(!equal.length && sorts.length ? [orderIndexSpec(sorts)] : []),
  ];
}
