import { createHash } from 'node:crypto';
import { DashboardLimits, type WidgetDimension, type WidgetMeasure, type WidgetQuery } from '@canopy/contract';
import { type Expression, expressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { type DialectName, dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { columnOf } from '../records/query.js';
import { type RecordWhere, ruleContext } from '../records/row-scope.js';
import type { SchemaContext } from '../schema-context/context.js';
import { approvalMeasureSql, approvalsBase, planApprovalDimension } from './approvals.js';
import { type DimensionPlan, filterFields, invalidField, numberAggregate, planDimension } from './dimension.js';
import { dayNumberSql, offsetSql } from './local-day.js';
import { dayColumn, filledColumn, type Rollup, sumColumn } from './rollup.js';

export interface AggregateAnswer {
  rows: { key: string | null; values: (number | null)[] }[];
  rest: { values: (number | null)[] } | null;
}

const NUMERIC = new Set(['number']);

/** A measure's SQL over the filtered rows (`base`), checking its field can be measured that way. */
function measureSql(ctx: SchemaContext, m: WidgetMeasure): RawBuilder<unknown> {
  if (m.aggregate === 'count') return sql`count(*)`;
  if (!m.field) throw invalidField(m.aggregate);
  const column = columnOf(ctx, m.field);
  const ref = sql.ref(`base.${column.name}`);
  if (m.aggregate === 'distinct') {
    if (column.family === 'list' || column.family === 'people') throw invalidField(column.label);
    return sql`count(distinct ${ref})`;
  }
  if (!NUMERIC.has(column.family)) throw invalidField(column.label);
  return numberAggregate(m.aggregate, ref);
}

/**
 * A date column as the team's local calendar day: SQLite 'YYYY-MM-DD' text, PostgreSQL a date. A
 * date field is a calendar day already; a date-time (epoch ms) is shifted by the zone's offset at that
 * instant — PostgreSQL through its own zone data (AT TIME ZONE), SQLite through offsetSql, built from
 * the runtime's zone data, so both agree, daylight saving time included (1970–2100).
 */
function localDay(
  dialect: DialectName,
  plan: DimensionPlan,
  ref: RawBuilder<unknown>,
  zone: string,
): RawBuilder<unknown> {
  if (plan.storage === 'localDay')
    return dialect === 'sqlite'
      ? sql`date(${ref} * 86400, 'unixepoch')`
      : sql`(date '1970-01-01' + cast(${ref} as integer))`;
  if (dialect === 'sqlite') {
    return plan.storage === 'moment'
      ? sql`date((${ref} + ${offsetSql(ref, zone)}) / 1000, 'unixepoch')`
      : sql`date(nullif(${ref}, ''))`;
  }
  return plan.storage === 'moment'
    ? sql`(to_timestamp(${ref} / 1000.0) at time zone ${zone})::date`
    : sql`cast(nullif(${ref}, '') as date)`;
}

/**
 * What rows are grouped by first, before their keys are worked out: the stored value itself, or for
 * a date-time its local day as a day number since 1970 (integer arithmetic, no date functions).
 * Grouping by the stored value lets the database walk an index in order and leaves the key's work
 * (bucket names, spreading JSON lists) to one row per distinct value instead of one per record.
 */
function preKey(plan: DimensionPlan, zone: string): RawBuilder<unknown> {
  const ref = sql.ref(`base.${plan.column}`);
  if (plan.storage !== 'moment') return ref;
  return dayNumberSql(ref, zone);
}

/** The plan of a dimension whose rows were first grouped by preKey. */
const afterPreKey = (plan: DimensionPlan): DimensionPlan =>
  plan.storage === 'moment' ? { ...plan, storage: 'localDay' } : plan;

/**
 * A date bucket as sortable text: day and week 'YYYY-MM-DD' (a week is named by its Monday),
 * month 'YYYY-MM', quarter 'YYYY-Qn', year 'YYYY'. The same text on both databases.
 */
function dateBucket(dialect: DialectName, plan: DimensionPlan, ref: RawBuilder<unknown>, zone: string) {
  const day = localDay(dialect, plan, ref, zone);
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

/** A dimension's group key as SQL and, for JSON lists, the join that spreads a row over its elements. */
interface KeyPart {
  key: RawBuilder<unknown>;
  join: RawBuilder<unknown> | null;
}

function keyPart(
  dialect: DialectName,
  plan: DimensionPlan,
  alias: string,
  zone: string,
  ref: RawBuilder<unknown> = sql.ref(`base.${plan.column}`),
): KeyPart {
  const e = sql.ref(`${alias}.value`);
  switch (plan.kind) {
    case 'text':
    case 'select':
    case 'member':
      return { key: sql`nullif(${ref}, '')`, join: null };
    case 'state':
      return { key: sql`cast(${ref} as text)`, join: null };
    case 'date':
      return { key: dateBucket(dialect, plan, ref, zone), join: null };
    case 'list':
    case 'people':
      // A record with two options counts in both groups; one with none in the empty group.
      return dialect === 'sqlite'
        ? {
            key: e,
            join: sql`left join json_each(case when json_valid(${ref}) then ${ref} else '[]' end) as ${sql.id(alias)} on 1 = 1`,
          }
        : {
            key: e,
            join: sql`left join lateral jsonb_array_elements_text(cast(coalesce(nullif(${ref}, ''), '[]') as jsonb)) as ${sql.id(alias)}(value) on true`,
          };
  }
}

const joins = (parts: KeyPart[]) =>
  sql.join(
    parts.flatMap((p) => (p.join ? [p.join] : [])),
    sql` `,
  );

const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/**
 * The rows `where` selects (the viewer's row rule and the widget's filter), as the subquery `base`:
 * of the records, or of a roll-up's groups — which keep the columns `where` reads under their own
 * names and with their stored values, so the same condition selects the groups of the same records.
 */
function baseOf(ctx: SchemaContext, where: RecordWhere, rollup?: Rollup): RawBuilder<unknown> {
  // biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
  const filter: Expression<SqlBool> = where(expressionBuilder<any, any>());
  const table = rollup ? rollup.name : ctx.schema.table_name;
  return sql`(select * from ${sql.table(table)} where engine_code = ${ctx.schema.engine_code} and ${filter}) as base`;
}

/** A dimension as a roll-up keeps it: a date-time by its local day (already in the team's zone). */
const inRollup = (plan: DimensionPlan, rollup?: Rollup): DimensionPlan =>
  rollup && plan.storage === 'moment' ? { ...plan, column: dayColumn(plan.column), storage: 'localDay' } : plan;

/** Groups a roll-up holds no records of any more (all deleted) are no groups. */
const keptGroups = (rollup?: Rollup) => (rollup ? sql`having sum(base.n) <> 0` : sql``);

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
  zone: string,
  rollup?: Rollup,
  /** The approvals of the selected records instead of the records (approvals.ts). */
  approvals = false,
): Promise<AggregateAnswer> {
  const dialect = dialectOf(db as unknown as Kysely<unknown>);
  const plan = dimension ? (approvals ? planApprovalDimension(dimension) : planDimension(ctx, dimension)) : null;
  const values = measures.map((m) => (approvals ? approvalMeasureSql(m) : measureSql(ctx, m)));
  const base = approvals ? approvalsBase(ctx, where) : baseOf(ctx, where);
  const measureList = sql.join(values.map((v, i) => sql`${v} as ${sql.ref(`m${i}`)}`));
  const cap = DashboardLimits.groups;
  const additive = approvals ? null : additiveParts(ctx, measures, 'raw', rollup);
  // A roll-up serves only measures with additive parts (findRollup): otherwise the records.
  const kept = additive ? rollup : undefined;

  if (!plan) {
    const { rows } = await (kept && additive
      ? sql<Record<string, unknown>>`select ${additive.combined} from (select ${additive.parts} from ${baseOf(
          ctx,
          where,
          kept,
        )}) as raw`
      : sql<Record<string, unknown>>`select ${measureList} from ${base}`
    ).execute(db);
    const row = rows[0] ?? {};
    return { rows: [{ key: '', values: measures.map((_, i) => toNumber(row[`m${i}`])) }], rest: null };
  }

  const { key, join } = keyPart(dialect, plan, 'e', zone);
  const spread = join ?? sql``;
  // Additive measures: grouped by the stored value first, then by the key (see preKey).
  const grouped = additive
    ? (() => {
        const source = inRollup(plan, kept);
        const post = keyPart(dialect, afterPreKey(source), 'e', zone, sql.ref('raw.r'));
        const raw = sql`select ${preKey(source, zone)} as r, ${additive.parts} from ${baseOf(
          ctx,
          where,
          kept,
        )} group by 1 ${keptGroups(kept)}`;
        return sql`select ${post.key} as k, ${additive.combined} from (${raw}) as raw ${post.join ?? sql``} group by 1`;
      })()
    : sql`select ${key} as k, ${measureList} from ${base} ${spread} group by 1`;
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
  // The groups past the first ones, from the records (a roll-up's groups do not name them).
  if (rows.length > cap) {
    const keys = top.map((r) => r.key).filter((k): k is string => k !== null);
    const hasEmpty = top.some((r) => r.key === null);
    const outside = hasEmpty
      ? sql`${key} is not null and ${key} not in (${sql.join(keys)})`
      : sql`(${key} is null or ${key} not in (${sql.join(keys)}))`;
    const { rows: restRows } = await sql<
      Record<string, unknown>
    >`select ${measureList} from ${base} ${spread} where ${outside}`.execute(db);
    const row = restRows[0] ?? {};
    rest = { values: measures.map((_, i) => toNumber(row[`m${i}`])) };
  }
  return { rows: top, rest };
}

/**
 * A measure split into parts that add up across groups, and how the parts combine: a count is a sum
 * of counts, an average a sum of sums over a sum of counts. A distinct count has no such parts.
 */
function partsOf(
  ctx: SchemaContext,
  m: WidgetMeasure,
  rollup?: Rollup,
): { parts: RawBuilder<unknown>[]; combine: (p: RawBuilder<unknown>[]) => RawBuilder<unknown> } | null {
  if (m.aggregate === 'distinct') return null;
  if (rollup) return rollupPartsOf(ctx, m);
  if (m.aggregate === 'count') return { parts: [sql`count(*)`], combine: ([p]) => sql`coalesce(sum(${p}), 0)` };
  const ref = sql.ref(`base.${columnOf(ctx, m.field ?? '').name}`);
  switch (m.aggregate) {
    case 'sum':
      return { parts: [sql`sum(${ref})`], combine: ([p]) => sql`sum(${p})` };
    case 'min':
      return { parts: [sql`min(${ref})`], combine: ([p]) => sql`min(${p})` };
    case 'max':
      return { parts: [sql`max(${ref})`], combine: ([p]) => sql`max(${p})` };
    case 'avg':
      return {
        parts: [sql`sum(${ref})`, sql`count(${ref})`],
        combine: ([s, c]) => sql`sum(${s}) * 1.0 / nullif(sum(${c}), 0)`,
      };
  }
}

/**
 * The same parts over a roll-up's groups: counts are sums of their counts; a sum is empty (null) where
 * no record had a value, as over the records; an average is the sums over the non-empty counts.
 * Minimum and maximum have no parts a deletion can take back: never read from a roll-up.
 */
function rollupPartsOf(
  ctx: SchemaContext,
  m: WidgetMeasure,
): { parts: RawBuilder<unknown>[]; combine: (p: RawBuilder<unknown>[]) => RawBuilder<unknown> } | null {
  if (m.aggregate === 'count') return { parts: [sql`sum(base.n)`], combine: ([p]) => sql`coalesce(sum(${p}), 0)` };
  if (m.aggregate !== 'sum' && m.aggregate !== 'avg') return null;
  const column = columnOf(ctx, m.field ?? '').name;
  const s = sql.ref(`base.${sumColumn(column)}`);
  const c = sql.ref(`base.${filledColumn(column)}`);
  if (m.aggregate === 'sum')
    return { parts: [sql`case when sum(${c}) <> 0 then sum(${s}) end`], combine: ([p]) => sql`sum(${p})` };
  return {
    parts: [sql`sum(${s})`, sql`sum(${c})`],
    combine: ([x, n]) => sql`sum(${x}) * 1.0 / nullif(sum(${n}), 0)`,
  };
}

/**
 * The measures' additive parts, as a select list over `base` (p<i>_<j>), and their combination over
 * the grouped parts in `alias` (m<i>); null when a measure has none (a distinct count; over a
 * roll-up, a minimum or maximum too).
 */
function additiveParts(ctx: SchemaContext, measures: WidgetMeasure[], alias: string, rollup?: Rollup) {
  const split = measures.map((m) => partsOf(ctx, m, rollup));
  if (!split.every((p) => p !== null)) return null;
  const parts = split.flatMap((p, i) => p.parts.map((x, j) => sql`${x} as ${sql.ref(`p${i}_${j}`)}`));
  const combined = split.map(
    (p, i) => sql`${p.combine(p.parts.map((_, j) => sql.ref(`${alias}.p${i}_${j}`)))} as ${sql.ref(`m${i}`)}`,
  );
  return { parts: sql.join(parts), combined: sql.join(combined) };
}

export interface PivotAnswer {
  tooMany: boolean;
  cells: { r: (string | null)[]; c: (string | null)[]; values: (number | null)[] }[];
}

/**
 * A pivot's cells, subtotals and totals, each computed by the database over the records themselves
 * (never added up from cells: a record in two groups of a multi-select counts once in their total,
 * and averages and distinct counts do not add up). The levels are the row dimensions' prefixes
 * (none = the column totals) crossed with the column dimensions' (none = the total across columns),
 * answered by one statement: UNION ALL of one GROUP BY per level. When every measure has additive
 * parts the table is read once: the records are grouped by every dimension's stored value first (a
 * materialized CTE), and each level groups those groups by its keys (spreading lists there).
 */
export async function pivot(
  db: Kysely<Database>,
  ctx: SchemaContext,
  where: RecordWhere,
  rowDims: WidgetDimension[],
  columnDims: WidgetDimension[],
  measures: WidgetMeasure[],
  zone: string,
  rollup?: Rollup,
): Promise<PivotAnswer> {
  const dialect = dialectOf(db as unknown as Kysely<unknown>);
  const plans = [...rowDims, ...columnDims].map((d) => planDimension(ctx, d));
  const keys = plans.map((p, i) => keyPart(dialect, p, `e${i}`, zone));
  const base = baseOf(ctx, where);
  const nRows = rowDims.length;
  const levels: number[][] = [];
  for (let i = nRows; i >= 0; i--)
    for (let j = columnDims.length; j >= 0; j--)
      levels.push([...Array.from({ length: i }, (_, k) => k), ...Array.from({ length: j }, (_, k) => nRows + k)]);
  const nul = sql`cast(null as text)`;
  const kAs = (k: number) => sql.ref(`k${k}`);
  const mAs = (i: number) => sql.ref(`m${i}`);
  // A roll-up serves only measures with additive parts (findRollup): otherwise the records.
  const kept = additiveParts(ctx, measures, 'cells', rollup) ? rollup : undefined;
  const additive = additiveParts(ctx, measures, 'cells', kept);

  let statement: RawBuilder<unknown>;
  if (additive) {
    // The records (or a roll-up's groups of them) grouped once by every dimension's stored value
    // (preKey); each level from those groups.
    const sources = plans.map((p) => inRollup(p, kept));
    const cells = sql`select ${sql.join(sources.map((p, i) => sql`${preKey(p, zone)} as ${kAs(i)}`))}, ${
      additive.parts
    } from ${kept ? baseOf(ctx, where, kept) : base} group by ${sql.join(
      plans.map((_, i) => sql.lit(i + 1)),
    )} ${keptGroups(kept)}`;
    const post = sources.map((p, k) => keyPart(dialect, afterPreKey(p), `e${k}`, zone, sql.ref(`cells.k${k}`)));
    const branch = (level: number[], g: number) => {
      const ks = plans.map((_, k) => (level.includes(k) ? (post[k] as KeyPart).key : nul));
      const select = sql`select ${sql.lit(g)} as g, ${sql.join(ks.map((k, i) => sql`${k} as ${kAs(i)}`))}, ${
        additive.combined
      } from cells ${joins(level.map((k) => post[k] as KeyPart))}`;
      return level.length ? sql`${select} group by ${sql.join(level.map((k) => sql.lit(k + 2)))}` : select;
    };
    statement = sql`with cells as materialized (${cells}) ${sql.join(
      levels.map((l, g) => branch(l, g)),
      sql` union all `,
    )}`;
  } else {
    const values = measures.map((m) => measureSql(ctx, m));
    const branch = (level: number[], g: number) => {
      const ks = plans.map((_, k) => (level.includes(k) ? (keys[k] as KeyPart).key : nul));
      const select = sql`select ${sql.lit(g)} as g, ${sql.join(ks.map((k, i) => sql`${k} as ${kAs(i)}`))}, ${sql.join(
        values.map((v, i) => sql`${v} as ${mAs(i)}`),
      )} from ${base} ${joins(level.map((k) => keys[k] as KeyPart))}`;
      // Grouped by the key columns' positions (2 = the first key after g).
      const byPosition = sql.join(level.map((k) => sql.lit(k + 2)));
      return level.length ? sql`${select} group by ${byPosition}` : select;
    };
    statement = sql.join(
      levels.map((l, g) => branch(l, g)),
      sql` union all `,
    );
  }
  const cap = DashboardLimits.pivotGroups;
  const { rows } = await sql<Record<string, unknown>>`${statement} limit ${levels.length * cap + 1}`.execute(db);
  const perLevel = new Map<number, number>();
  for (const r of rows) perLevel.set(Number(r.g), (perLevel.get(Number(r.g)) ?? 0) + 1);
  if (rows.length > levels.length * cap || [...perLevel.values()].some((n) => n > cap))
    return { tooMany: true, cells: [] };
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    tooMany: false,
    cells: rows.map((r) => {
      const level = levels[Number(r.g)] ?? [];
      return {
        r: level.filter((k) => k < nRows).map((k) => text(r[`k${k}`])),
        c: level.filter((k) => k >= nRows).map((k) => text(r[`k${k}`])),
        values: measures.map((_, i) => toNumber(r[`m${i}`])),
      };
    }),
  };
}

/** Refuses a dimension or measure its field cannot serve (without running anything). */
export function checkWidget(
  ctx: SchemaContext,
  dimension: WidgetDimension | undefined,
  measures: WidgetMeasure[],
  pivotDims: WidgetDimension[] = [],
  approvals = false,
): void {
  if (approvals) {
    // Approval figures are charts and numbers: a pivot of them is not offered.
    if (pivotDims.length) throw invalidField('pivot');
    if (dimension) planApprovalDimension(dimension);
    for (const m of measures) approvalMeasureSql(m);
    return;
  }
  if (dimension) planDimension(ctx, dimension);
  for (const d of pivotDims) planDimension(ctx, d);
  for (const m of measures) measureSql(ctx, m);
}

/**
 * A covering index for a widget: the team column, the dimensions' columns, the measures' columns,
 * then what the rows are narrowed by — the widget's filter and the table's row rules (the creator
 * for "mine" and "my departments", a rule filter's fields). The figures then read the index alone, a
 * narrow ordered copy of those columns, instead of every whole row of the table; grouping by one
 * dimension's stored value walks it in order. Built when the dashboard is saved (like a view's
 * indexes), once per set of columns; at most 16 columns (PostgreSQL allows 32).
 */
export async function indexWidget(db: Kysely<Database>, ctx: SchemaContext, q: WidgetQuery): Promise<void> {
  // Approval figures read work_items_approvals_idx, and the records only by id after their filter.
  if (q.source === 'approvals') return;
  const dims = [...(q.dimension ? [q.dimension] : []), ...(q.pivot ? [...q.pivot.rows, ...q.pivot.columns] : [])];
  const rules = Object.values(ctx.permissions.roles).map((r) => r.rows);
  const ruleContextOf = ruleContext(ctx);
  const narrowing = [
    ...filterFields(q.filter).map((f) => columnOf(ctx, f).name),
    ...(rules.some((r) => r.scope !== 'all' && r.scope !== 'filter') ? ['created_by'] : []),
    ...rules.flatMap((r) =>
      r.scope === 'filter'
        ? filterFields(r.filter).flatMap((f) => {
            try {
              return [columnOf(ruleContextOf, f).name];
            } catch {
              return [];
            }
          })
        : [],
    ),
  ];
  const columns = [
    ...new Set([
      ...dims.map((d) => columnOf(ctx, d.field).name),
      ...q.measures.flatMap((m) => (m.field ? [columnOf(ctx, m.field).name] : [])),
      ...narrowing,
    ]),
  ]
    .filter((c) => c !== 'engine_code')
    .slice(0, 15);
  const table = ctx.schema.table_name;
  const name = `${table}_w_${createHash('sha1').update(columns.join(',')).digest('hex').slice(0, 10)}`;
  await sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} (${sql.join(
    ['engine_code', ...columns].map((c) => sql.ref(c)),
  )})`.execute(db);
}
