import { createHash } from 'node:crypto';
import type { DateGranularity, WidgetQuery } from '@canopy/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { columnOf } from '../records/query.js';
import { ruleContext } from '../records/row-scope.js';
import type { SchemaContext } from '../schema-context/context.js';
import { rulesOf } from '../schema-context/permissions.js';
import { filterFields, planDimension } from './dimension.js';
import { dayNumberSql } from './local-day.js';

/**
 * A kept roll-up of one data table (issue 13): the records grouped by a few low-cardinality columns
 * as stored (`raw`, under their own names, so the viewer's row rule and the widget's filter read it
 * exactly as they read the records) and by the team's local day of date-times (`days`, as
 * d_<column>; or the first day of the week, month, quarter or year the widgets bucket it by), each
 * group with its record count (n) and, per number column, its sum (s_<column>) and its count of
 * non-empty values (c_<column>). Counts, sums and averages add up from those parts;
 * minimum, maximum and distinct counts do not, and are never read from a roll-up.
 *
 * Kept exact by triggers on the data table: every insert, update and delete — through any code path,
 * in the write's own transaction — appends its difference (+1 row, −1 row, the values' signs alike).
 * Groups are never updated in place, so concurrent writers never wait on one group's row; a group's
 * figures are the sum of its rows, and the roll-up is compacted (rows of a group summed into one)
 * when its dashboard's indexes are built again and by the tidy job once it has grown (tidyRollups),
 * which also drops the roll-ups no dashboard reads any more.
 */
export interface RollupSpec {
  /** Columns kept as stored, sorted. */
  raw: string[];
  /** Date-time (epoch ms) columns kept as the local day number in `zone`, sorted. */
  days: string[];
  /** Number columns summed and counted, sorted. */
  sums: string[];
  /** The zone of `days`; null when there are none. */
  zone: string | null;
  /**
   * Per `days` column kept coarser than its day: as the first day (a day number still) of its week,
   * month, quarter or year — what every widget reading the roll-up buckets it by. Absent: days.
   */
  grains?: Record<string, Exclude<DateGranularity, 'day'>>;
}

/** Whether days kept at `kept`'s grain can be bucketed by `wanted` (each kept bucket within one). */
function grainServes(kept: DateGranularity, wanted: DateGranularity): boolean {
  if (kept === 'day' || kept === wanted) return true;
  if (kept === 'month') return wanted === 'quarter' || wanted === 'year';
  return kept === 'quarter' && wanted === 'year';
}

/** Coarsest first: the grain a roll-up keeps a date-time at is the coarsest that serves every bucketing. */
const GRAINS: DateGranularity[] = ['year', 'quarter', 'month', 'week', 'day'];
const grainOf = (spec: RollupSpec, column: string): DateGranularity => spec.grains?.[column] ?? 'day';

export interface Rollup {
  name: string;
  spec: RollupSpec;
}

/** What a column may be kept as stored: few distinct values, compared by filters as they are. */
const RAW_FAMILIES = new Set(['choice', 'list', 'people', 'member', 'date']);
/** At most this many key columns: more would make a roll-up as big as its table. */
const MAX_KEYS = 8;

export const dayColumn = (column: string) => `d_${column}`;
export const sumColumn = (column: string) => `s_${column}`;
export const filledColumn = (column: string) => `c_${column}`;

interface Needs {
  raw: string[];
  days: string[];
  /** Per days column, the granularities the widget buckets it by. */
  buckets: Map<string, Set<DateGranularity>>;
  sums: string[];
}

/** The keys and sums a widget's dimensions and measures need; null when a roll-up cannot serve them. */
function widgetNeeds(ctx: SchemaContext, q: WidgetQuery): Needs | null {
  // Approval figures are read from the work items, never from a roll-up of the records.
  if (q.source === 'approvals') return null;
  const needs: Needs = { raw: [], days: [], buckets: new Map(), sums: [] };
  const dims = [...(q.dimension ? [q.dimension] : []), ...(q.pivot ? [...q.pivot.rows, ...q.pivot.columns] : [])];
  for (const d of dims) {
    const plan = planDimension(ctx, d);
    // Free text has too many values to keep groups of; a flow's state changes under the record.
    if (plan.kind === 'text' || plan.kind === 'state') return null;
    (plan.storage === 'moment' ? needs.days : needs.raw).push(plan.column);
    if (plan.storage === 'moment')
      needs.buckets.set(plan.column, (needs.buckets.get(plan.column) ?? new Set()).add(plan.granularity));
  }
  for (const m of q.measures) {
    if (m.aggregate === 'count') continue;
    if (m.aggregate !== 'sum' && m.aggregate !== 'avg') return null;
    const column = columnOf(ctx, m.field ?? '');
    if (column.family !== 'number') return null;
    needs.sums.push(column.name);
  }
  return needs;
}

/** The columns filters on these fields read, when every one can be kept as stored; else null. */
function rawColumns(ctx: SchemaContext, fields: string[]): string[] | null {
  const out: string[] = [];
  for (const f of fields) {
    let column: ReturnType<typeof columnOf>;
    try {
      column = columnOf(ctx, f);
    } catch {
      return null;
    }
    if (!RAW_FAMILIES.has(column.family)) return null;
    out.push(column.name);
  }
  return out;
}

const sorted = (xs: string[]) => [...new Set(xs)].sort();

/**
 * The roll-up to keep for a saved widget: its dimensions and measures, the columns its filter, the
 * dashboard's filters on this table and the table's row rules read (those that can be kept as
 * stored: a date-time filter is left to the records), the creator when a rule is "mine" or "my
 * departments". Null when the widget cannot be served from a roll-up.
 */
export function rollupSpecFor(
  ctx: SchemaContext,
  q: WidgetQuery,
  dashboardFilterFields: string[],
  zone: string,
): RollupSpec | null {
  const needs = widgetNeeds(ctx, q);
  if (!needs) return null;
  const own = rawColumns(ctx, filterFields(q.filter));
  if (!own) return null;
  const rules = Object.values(ctx.permissions.roles).map((r) => r.rows);
  const optional = [
    ...dashboardFilterFields.flatMap((f) => rawColumns(ctx, [f]) ?? []),
    ...(rules.some((r) => r.scope !== 'all' && r.scope !== 'filter') ? ['created_by'] : []),
    ...rules.flatMap((r) =>
      r.scope === 'filter' ? filterFields(r.filter).flatMap((f) => rawColumns(ruleContext(ctx), [f]) ?? []) : [],
    ),
  ];
  const days = sorted(needs.days);
  const raw = sorted([...needs.raw, ...own, ...optional]).filter((c) => !days.includes(c));
  if (raw.length + days.length > MAX_KEYS) return null;
  // A date-time is kept at the widget's own granularity (its quarters, not their days), coarsest
  // first: a date-time filter never reads a roll-up, so nothing else needs its days.
  const grains: Record<string, Exclude<DateGranularity, 'day'>> = {};
  for (const c of days) {
    const wanted = [...(needs.buckets.get(c) ?? [])];
    const grain = GRAINS.find((g) => wanted.every((w) => grainServes(g, w))) ?? 'day';
    if (grain !== 'day') grains[c] = grain;
  }
  return {
    raw,
    days,
    sums: sorted(needs.sums),
    zone: days.length ? zone : null,
    ...(Object.keys(grains).length ? { grains } : {}),
  };
}

export function rollupName(table: string, spec: RollupSpec): string {
  return `${table}_r_${createHash('sha1').update(JSON.stringify(spec)).digest('hex').slice(0, 10)}`;
}

/**
 * A ready roll-up that answers this widget for this viewer, exactly: it keeps every dimension (a
 * date-time by its local day in the team's zone), every measured column, and every column the
 * viewer's row rule and the widget's filter read; the smallest such. Undefined otherwise.
 */
export async function findRollup(
  db: Kysely<Database>,
  ctx: SchemaContext,
  q: WidgetQuery,
  zone: string,
): Promise<Rollup | undefined> {
  const needs = widgetNeeds(ctx, q);
  if (!needs) return undefined;
  const filtered = rawColumns(ctx, filterFields(q.filter));
  // The columns the member's row rules read (several roles: every rule's).
  const ruledEach = rulesOf(ctx.rights.rows).map((rule) =>
    rule.scope === 'all'
      ? []
      : rule.scope === 'filter'
        ? rawColumns(ruleContext(ctx), filterFields(rule.filter))
        : rule.scope === 'mine' && rule.memberField
          ? ((rawColumns(ruleContext(ctx), [rule.memberField]) ?? null)?.concat('created_by') ?? null)
          : ['created_by'],
  );
  if (!filtered || ruledEach.some((r) => !r)) return undefined;
  const ruled = [...new Set(ruledEach.flat() as string[])];
  const raw = [...needs.raw, ...filtered, ...ruled];
  const rows = await db
    .selectFrom('dashboard_rollups')
    .select(['name', 'spec'])
    .where('table_name', '=', ctx.schema.table_name)
    .where('engine_code', '=', ctx.schema.engine_code)
    .execute();
  let best: Rollup | undefined;
  for (const row of rows) {
    const spec = JSON.parse(row.spec) as RollupSpec;
    const serves =
      (!needs.days.length || spec.zone === zone) &&
      needs.days.every(
        (c) =>
          spec.days.includes(c) && [...(needs.buckets.get(c) ?? [])].every((g) => grainServes(grainOf(spec, c), g)),
      ) &&
      raw.every((c) => spec.raw.includes(c)) &&
      needs.sums.every((c) => spec.sums.includes(c));
    // Fewest keys first, then the coarsest date-times (fewest groups).
    const size = (x: RollupSpec) =>
      (x.raw.length + x.days.length) * 100 - x.days.reduce((n, c) => n + (4 - GRAINS.indexOf(grainOf(x, c))), 0);
    if (serves && (!best || size(spec) < size(best.spec))) best = { name: row.name, spec };
  }
  return best;
}

/** The roll-up's key columns (as named in it) and its part columns, in table order. */
function columnsOf(spec: RollupSpec): string[] {
  return [
    'engine_code',
    ...spec.raw,
    ...spec.days.map(dayColumn),
    'n',
    ...spec.sums.flatMap((c) => [sumColumn(c), filledColumn(c)]),
  ];
}

/** One record's difference to its group, as the values of a roll-up row (`rec`: new or old). */
function differenceOf(spec: RollupSpec, rec: 'new' | 'old', sign: 1 | -1, pg: boolean): RawBuilder<unknown>[] {
  // Column names come from our own metadata (validated identifiers), quoted.
  const col = (c: string) => sql.raw(`${rec}."${c}"`);
  const zone = spec.zone ?? 'UTC';
  return [
    col('engine_code'),
    ...spec.raw.map(col),
    ...spec.days.map((c) => grainSql(pg, dayNumberSql(col(c), zone), grainOf(spec, c))),
    sql.lit(sign),
    ...spec.sums.flatMap((c) => [
      sign === 1 ? col(c) : sql`-${col(c)}`,
      sql`case when ${col(c)} is null then 0 else ${sql.lit(sign)} end`,
    ]),
  ];
}

/**
 * The first day (a day number) of the week (from Monday), month, quarter or year of the day number
 * `d`: how a roll-up keeps a date-time coarser than its day. Bucketed by aggregate.ts as any day.
 */
function grainSql(pg: boolean, d: RawBuilder<unknown>, grain: DateGranularity): RawBuilder<unknown> {
  switch (grain) {
    case 'day':
      return d;
    case 'week':
      // Day 0 (1970-01-01) is a Thursday; the modulo is kept non-negative before 1970.
      return sql`(${d} - (((${d} + 3) % 7) + 7) % 7)`;
    default: {
      if (pg)
        return sql`(cast(date_trunc(${sql.lit(grain)}, date '1970-01-01' + cast(${d} as integer)) as date) - date '1970-01-01')`;
      const day = sql`${d} * 86400, 'unixepoch'`;
      const start =
        grain === 'year'
          ? sql`date(${day}, 'start of year')`
          : grain === 'month'
            ? sql`date(${day}, 'start of month')`
            : sql`date(${day}, 'start of month', '-' || ((cast(strftime('%m', ${day}) as integer) - 1) % 3) || ' months')`;
      return sql`cast(julianday(${start}) - 2440587.5 as integer)`;
    }
  }
}

/**
 * Builds a roll-up and its triggers, in one transaction that keeps writers out of the data table
 * meanwhile (SQLite: the transaction itself; PostgreSQL: a lock that lets readers on), so no write
 * falls between the roll-up's first fill and its triggers; then marks it ready. A roll-up built
 * already is compacted instead.
 */
export async function buildRollup(
  db: Kysely<Database>,
  engineCode: string,
  table: string,
  spec: RollupSpec,
  now: number,
): Promise<string> {
  const name = rollupName(table, spec);
  const pg = dialectOf(db as unknown as Kysely<unknown>) === 'postgres';
  const columns = columnsOf(spec);
  const list = sql.join(columns.map((c) => sql.id(c)));
  await db.transaction().execute(async (trx) => {
    // Builders, the tidy job and removals take turns on the registry (readers go on), so a roll-up
    // is never dropped while it is built or compacted. Then SHARE ROW EXCLUSIVE on the data table:
    // writers wait, readers go on. SQLite: one writer at a time already.
    if (pg) {
      await lockRegistry(trx);
      await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(trx);
    }
    const ready = await trx.selectFrom('dashboard_rollups').select('name').where('name', '=', name).executeTakeFirst();
    if (ready) {
      await compact(trx, name, spec, pg);
      return;
    }
    await sql`drop table if exists ${sql.table(name)}`.execute(trx);
    const zone = spec.zone ?? 'UTC';
    const keys = [
      sql`base.engine_code`,
      ...spec.raw.map((c) => sql.ref(`base.${c}`)),
      ...spec.days.map((c) => dayNumberSql(sql.ref(`base.${c}`), zone)),
    ];
    const parts = [
      sql`count(*)`,
      ...spec.sums.flatMap((c) => [sql`sum(${sql.ref(`base.${c}`)})`, sql`count(${sql.ref(`base.${c}`)})`]),
    ];
    const select = sql.join([...keys, ...parts].map((e, i) => sql`${e} as ${sql.id(columns[i] as string)}`));
    const byKeys = sql.join(keys.map((_, i) => sql.lit(i + 1)));
    const byDay = sql`select ${select} from ${sql.table(table)} as base group by ${byKeys}`;
    if (!spec.grains) await sql`create table ${sql.table(name)} as ${byDay}`.execute(trx);
    else {
      // Days first (the zone's offset worked out once per record), then their coarser buckets.
      const keyCount = keys.length;
      const outer = columns.map((c, i) => {
        const ref = sql.ref(`g.${c}`);
        // Counts stay integers (PostgreSQL sums bigints as numeric); sums keep their type.
        if (i >= keyCount)
          return c === 'n' || c.startsWith('c_')
            ? sql`cast(sum(${ref}) as bigint) as ${sql.id(c)}`
            : sql`sum(${ref}) as ${sql.id(c)}`;
        const day = spec.days.find((d) => dayColumn(d) === c);
        return sql`${day ? grainSql(pg, ref, grainOf(spec, day)) : ref} as ${sql.id(c)}`;
      });
      await sql`create table ${sql.table(name)} as select ${sql.join(outer)} from (${byDay}) as g group by ${byKeys}`.execute(
        trx,
      );
    }
    const plus = sql.join(differenceOf(spec, 'new', 1, pg));
    const minus = sql.join(differenceOf(spec, 'old', -1, pg));
    const watched = sql.join(
      [...new Set(['engine_code', ...spec.raw, ...spec.days, ...spec.sums])].map((c) => sql.id(c)),
    );
    const into = sql`insert into ${sql.table(name)} (${list})`;
    if (pg) {
      const fn = sql.id(`${name}_f`);
      await sql`create or replace function ${fn}() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then ${into} values (${minus}); end if;
          if tg_op <> 'DELETE' then ${into} values (${plus}); end if;
          return null;
        end $$`.execute(trx);
      await sql`create trigger ${sql.id(`${name}_t`)} after insert or delete or update of ${watched} on ${sql.table(
        table,
      )} for each row execute function ${fn}()`.execute(trx);
    } else {
      const on = sql.table(table);
      await sql`create trigger ${sql.id(`${name}_i`)} after insert on ${on} begin ${into} values (${plus}); end`.execute(
        trx,
      );
      await sql`create trigger ${sql.id(`${name}_d`)} after delete on ${on} begin ${into} values (${minus}); end`.execute(
        trx,
      );
      await sql`create trigger ${sql.id(`${name}_u`)} after update of ${watched} on ${on} begin ${into} values (${minus}); ${into} values (${plus}); end`.execute(
        trx,
      );
    }
    await trx
      .insertInto('dashboard_rollups')
      .values({
        name,
        engine_code: engineCode,
        table_name: table,
        spec: JSON.stringify(spec),
        built_at: now,
        kept_rows: await rowsOf(trx, name),
      })
      .execute();
  });
  return name;
}

/** PostgreSQL: the lock builders, the tidy job and removals take on `dashboard_rollups` (readers go on). */
async function lockRegistry(trx: Kysely<Database>): Promise<void> {
  await sql`lock table dashboard_rollups in share row exclusive mode`.execute(trx);
}

async function rowsOf(trx: Kysely<Database>, name: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Drops roll-ups for good: the table, the triggers on the data table (PostgreSQL: the trigger
 * function, its trigger going with it) and the registry row. The data table may be gone already.
 */
async function dropRollups(trx: Kysely<Database>, names: string[]): Promise<void> {
  if (!names.length) return;
  const pg = dialectOf(trx as unknown as Kysely<unknown>) === 'postgres';
  for (const name of names) {
    if (pg) await sql`drop function if exists ${sql.id(`${name}_f`)}() cascade`.execute(trx);
    else for (const t of ['i', 'd', 'u']) await sql`drop trigger if exists ${sql.id(`${name}_${t}`)}`.execute(trx);
    await sql`drop table if exists ${sql.table(name)}`.execute(trx);
  }
  await trx.deleteFrom('dashboard_rollups').where('name', 'in', names).execute();
}

/**
 * Drops every roll-up of a team or of some data tables, inside the transaction that removes them
 * (team purge, app purge, table purge); call it first there, so the registry's lock comes before
 * the data tables' (as builders take them).
 */
export async function dropRollupsOf(
  trx: Kysely<Database>,
  of: { engineCode: string } | { tables: string[] },
): Promise<void> {
  if ('tables' in of && !of.tables.length) return;
  if (dialectOf(trx as unknown as Kysely<unknown>) === 'postgres') await lockRegistry(trx);
  const rows = await trx
    .selectFrom('dashboard_rollups')
    .select('name')
    .$call((q) =>
      'tables' in of ? q.where('table_name', 'in', of.tables) : q.where('engine_code', '=', of.engineCode),
    )
    .execute();
  await dropRollups(
    trx,
    rows.map((r) => r.name),
  );
}

/** A roll-up is compacted once it has gained this share of the rows it had when last compacted. */
const REGROWTH = 0.1;

/**
 * The tidy job's round (a schedule, never inside a request): drops the roll-ups no dashboard lists
 * any more (a widget removed or changed, a dashboard deleted) and compacts those in use that grew by
 * a tenth since built or last compacted — each group's rows summed into one, groups without records
 * dropped —, one transaction each, writers of that roll-up's table waiting meanwhile.
 */
export async function tidyRollups(db: Kysely<Database>): Promise<{ dropped: string[]; compacted: string[] }> {
  const pg = dialectOf(db as unknown as Kysely<unknown>) === 'postgres';
  const dropped = await db.transaction().execute(async (trx) => {
    if (pg) await lockRegistry(trx);
    const used = new Set<string>();
    for (const { rollups } of await trx
      .selectFrom('dashboards')
      .select('rollups')
      .where('rollups', 'is not', null)
      .execute())
      for (const name of JSON.parse(rollups as string) as string[]) used.add(name);
    const unused = (await trx.selectFrom('dashboard_rollups').select('name').execute())
      .map((r) => r.name)
      .filter((name) => !used.has(name));
    await dropRollups(trx, unused);
    return unused;
  });
  const compacted: string[] = [];
  for (const { name } of await db.selectFrom('dashboard_rollups').select('name').orderBy('name').execute()) {
    const done = await db.transaction().execute(async (trx) => {
      if (pg) await lockRegistry(trx);
      // Read again under the lock: a removal may have dropped it meanwhile.
      const row = await trx
        .selectFrom('dashboard_rollups')
        .select(['spec', 'kept_rows'])
        .where('name', '=', name)
        .executeTakeFirst();
      if (!row) return false;
      const kept = Number(row.kept_rows);
      if ((await rowsOf(trx, name)) - kept < Math.max(1, kept * REGROWTH)) return false;
      await compact(trx, name, JSON.parse(row.spec) as RollupSpec, pg);
      return true;
    });
    if (done) compacted.push(name);
  }
  return { dropped, compacted };
}

/** A group's rows summed into one (groups left without records go); writers wait meanwhile. */
async function compact(trx: Kysely<Database>, name: string, spec: RollupSpec, pg: boolean): Promise<void> {
  const keys = columnsOf(spec).slice(0, 1 + spec.raw.length + spec.days.length);
  const parts = ['n', ...spec.sums.flatMap((c) => [sumColumn(c), filledColumn(c)])];
  const temp = sql.table(`${name}_c`);
  if (pg) await sql`lock table ${sql.table(name)} in exclusive mode`.execute(trx);
  await sql`create temporary table ${temp} as select ${sql.join(keys.map((c) => sql.ref(c)))}, ${sql.join(
    parts.map((c) => sql`sum(${sql.ref(c)}) as ${sql.id(c)}`),
  )} from ${sql.table(name)} group by ${sql.join(keys.map((c) => sql.ref(c)))} having sum(n) <> 0`.execute(trx);
  await sql`delete from ${sql.table(name)}`.execute(trx);
  await sql`insert into ${sql.table(name)} select * from ${temp}`.execute(trx);
  await sql`drop table ${temp}`.execute(trx);
  await trx
    .updateTable('dashboard_rollups')
    .set({ kept_rows: await rowsOf(trx, name) })
    .where('name', '=', name)
    .execute();
}
