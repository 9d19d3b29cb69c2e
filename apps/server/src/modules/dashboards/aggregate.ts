import {
  DashboardLimits,
  type DateGranularity,
  ErrorCode,
  type WidgetDimension,
  type WidgetMeasure,
} from '@canopy/contract';
import { type Expression, expressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { type DialectName, dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { columnOf } from '../records/query.js';
import type { RecordWhere } from '../records/row-scope.js';
import type { SchemaContext } from '../schema-context/context.js';

/**
 * Date buckets are the local day of the product's users: UTC+8, the same fixed offset relative
 * dates use (records/relative-dates.ts). The codebase has no per-team time zone.
 */
const LOCAL_OFFSET_MS = 8 * 3_600_000;

/** How a widget's dimension groups the rows. */
export type DimensionKind = 'text' | 'select' | 'list' | 'people' | 'member' | 'date';

export interface DimensionPlan {
  kind: DimensionKind;
  column: string;
  /** The field's type (singleSelect, multiSelect, member, department, createdBy …). */
  type: string;
  granularity: DateGranularity;
  /** date: a 'YYYY-MM-DD' text column; moment: epoch milliseconds. */
  storage: 'date' | 'moment' | 'value';
}

export interface AggregateAnswer {
  rows: { key: string | null; values: (number | null)[] }[];
  rest: { values: (number | null)[] } | null;
}

function invalid(detail: string): AppError {
  return new AppError(400, ErrorCode.validationFailed, 'dashboard.fieldInvalid', { detail }, 'VALIDATION');
}

const NUMERIC = new Set(['number']);

/** Checks a dimension against the table (refusing what cannot be grouped) and plans it. */
export function planDimension(ctx: SchemaContext, d: WidgetDimension): DimensionPlan {
  const column = columnOf(ctx, d.field);
  const base = { column: column.name, type: column.type, granularity: d.granularity ?? 'month' } as const;
  switch (column.family) {
    case 'text':
      if (column.type === 'richText') throw invalid(column.label);
      return { ...base, kind: 'text', storage: 'value' };
    case 'choice':
      return { ...base, kind: 'select', storage: 'value' };
    case 'list':
      if (column.type !== 'multiSelect') throw invalid(column.label);
      return { ...base, kind: 'list', storage: 'value' };
    case 'people':
      return { ...base, kind: 'people', storage: 'value' };
    case 'member':
      return { ...base, kind: 'member', storage: 'value' };
    case 'date':
      return { ...base, kind: 'date', storage: 'date' };
    case 'moment':
      return { ...base, kind: 'date', storage: 'moment' };
    default:
      throw invalid(column.label);
  }
}

/** A measure's SQL over the filtered rows (`base`), checking its field can be measured that way. */
function measureSql(ctx: SchemaContext, m: WidgetMeasure): RawBuilder<unknown> {
  if (m.aggregate === 'count') return sql`count(*)`;
  if (!m.field) throw invalid(m.aggregate);
  const column = columnOf(ctx, m.field);
  const ref = sql.ref(`base.${column.name}`);
  if (m.aggregate === 'distinct') {
    if (column.family === 'list' || column.family === 'people') throw invalid(column.label);
    return sql`count(distinct ${ref})`;
  }
  if (!NUMERIC.has(column.family)) throw invalid(column.label);
  switch (m.aggregate) {
    case 'sum':
      return sql`sum(${ref})`;
    case 'avg':
      return sql`avg(${ref})`;
    case 'min':
      return sql`min(${ref})`;
    case 'max':
      return sql`max(${ref})`;
  }
}

/** A date column as the local calendar day: SQLite 'YYYY-MM-DD' text, PostgreSQL a date. */
function localDay(dialect: DialectName, plan: DimensionPlan): RawBuilder<unknown> {
  const ref = sql.ref(`base.${plan.column}`);
  if (dialect === 'sqlite') {
    return plan.storage === 'moment'
      ? sql`date((${ref} + ${sql.lit(LOCAL_OFFSET_MS)}) / 1000, 'unixepoch')`
      : sql`date(nullif(${ref}, ''))`;
  }
  return plan.storage === 'moment'
    ? sql`(to_timestamp((${ref} + ${sql.lit(LOCAL_OFFSET_MS)}) / 1000.0) at time zone 'UTC')::date`
    : sql`cast(nullif(${ref}, '') as date)`;
}

/**
 * A date bucket as sortable text: day and week 'YYYY-MM-DD' (a week is named by its Monday),
 * month 'YYYY-MM', quarter 'YYYY-Qn', year 'YYYY'. The same text on both databases.
 */
function dateBucket(dialect: DialectName, plan: DimensionPlan): RawBuilder<unknown> {
  const day = localDay(dialect, plan);
  if (dialect === 'sqlite') {
    switch (plan.granularity) {
      case 'day':
        return day;
      case 'week':
        return sql`date(${day}, 'weekday 0', '-6 days')`;
      case 'month':
        return sql`strftime('%Y-%m', ${day})`;
      case 'quarter':
        return sql`strftime('%Y', ${day}) || '-Q' || ((cast(strftime('%m', ${day}) as integer) + 2) / 3)`;
      case 'year':
        return sql`strftime('%Y', ${day})`;
    }
  }
  switch (plan.granularity) {
    case 'day':
      return sql`to_char(${day}, 'YYYY-MM-DD')`;
    case 'week':
      return sql`to_char(date_trunc('week', ${day}), 'YYYY-MM-DD')`;
    case 'month':
      return sql`to_char(${day}, 'YYYY-MM')`;
    case 'quarter':
      return sql`to_char(${day}, 'YYYY-"Q"Q')`;
    case 'year':
      return sql`to_char(${day}, 'YYYY')`;
  }
}

/** The group key's SQL and, for JSON lists, the join that spreads a row over its elements. */
function keySql(
  dialect: DialectName,
  plan: DimensionPlan | null,
): { key: RawBuilder<unknown>; join: RawBuilder<unknown> } {
  const none = sql``;
  if (!plan) return { key: sql`''`, join: none };
  const ref = sql.ref(`base.${plan.column}`);
  switch (plan.kind) {
    case 'text':
    case 'select':
    case 'member':
      return { key: sql`nullif(${ref}, '')`, join: none };
    case 'date':
      return { key: dateBucket(dialect, plan), join: none };
    case 'list':
    case 'people':
      // A record with two options counts in both groups; one with none in the empty group.
      return dialect === 'sqlite'
        ? {
            key: sql`e.value`,
            join: sql`left join json_each(case when json_valid(${ref}) then ${ref} else '[]' end) as e on 1 = 1`,
          }
        : {
            key: sql`e.value`,
            join: sql`left join lateral jsonb_array_elements_text(cast(coalesce(nullif(${ref}, ''), '[]') as jsonb)) as e(value) on true`,
          };
  }
}

const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/**
 * One widget's figures, computed by the database: the rows `where` selects (the viewer's row rule
 * and the widget's filter), grouped by the dimension, one aggregate per measure. Only groups leave
 * the database: the first DashboardLimits.groups (the biggest by the first measure; for dates the
 * latest, answered in time order), the rest summed up by a second query over the other keys.
 */
export async function aggregate(
  db: Kysely<Database>,
  ctx: SchemaContext,
  where: RecordWhere,
  dimension: WidgetDimension | undefined,
  measures: WidgetMeasure[],
): Promise<AggregateAnswer> {
  const dialect = dialectOf(db as unknown as Kysely<unknown>);
  const plan = dimension ? planDimension(ctx, dimension) : null;
  const values = measures.map((m) => measureSql(ctx, m));
  const { key, join } = keySql(dialect, plan);
  // biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
  const filter: Expression<SqlBool> = where(expressionBuilder<any, any>());
  const base = sql`(select * from ${sql.table(ctx.schema.table_name)} where engine_code = ${ctx.schema.engine_code} and ${filter}) as base`;
  const measureList = sql.join(values.map((v, i) => sql`${v} as ${sql.ref(`m${i}`)}`));
  const cap = DashboardLimits.groups;

  if (!plan) {
    const { rows } = await sql<Record<string, unknown>>`select ${measureList} from ${base}`.execute(db);
    const row = rows[0] ?? {};
    return { rows: [{ key: '', values: measures.map((_, i) => toNumber(row[`m${i}`])) }], rest: null };
  }

  const grouped = sql`select ${key} as k, ${measureList} from ${base} ${join} group by 1`;
  const order =
    plan.kind === 'date' ? sql`(g.k is null), g.k desc` : sql`(g.m0 is null), g.m0 desc, (g.k is null), g.k`;
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from (${grouped}) as g order by ${order} limit ${cap + 1}`.execute(db);
  const top = rows.slice(0, cap).map((r) => ({
    key: r.k === null || r.k === undefined ? null : String(r.k),
    values: measures.map((_, i) => toNumber(r[`m${i}`])),
  }));
  if (plan.kind === 'date') {
    // Latest first from the database; answered in time order, the empty date last.
    top.sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
  let rest: AggregateAnswer['rest'] = null;
  if (rows.length > cap) {
    const keys = top.map((r) => r.key).filter((k): k is string => k !== null);
    const hasEmpty = top.some((r) => r.key === null);
    const outside = hasEmpty
      ? sql`${key} is not null and ${key} not in (${sql.join(keys)})`
      : sql`(${key} is null or ${key} not in (${sql.join(keys)}))`;
    const { rows: restRows } = await sql<
      Record<string, unknown>
    >`select ${measureList} from ${base} ${join} where ${outside}`.execute(db);
    const row = restRows[0] ?? {};
    rest = { values: measures.map((_, i) => toNumber(row[`m${i}`])) };
  }
  return { rows: top, rest };
}

/** Refuses a dimension or measure its field cannot serve (without running anything). */
export function checkWidget(
  ctx: SchemaContext,
  dimension: WidgetDimension | undefined,
  measures: WidgetMeasure[],
): void {
  if (dimension) planDimension(ctx, dimension);
  for (const m of measures) measureSql(ctx, m);
}
