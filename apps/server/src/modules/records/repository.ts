import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { departmentTreeOf } from '../apps/role-holders.js';
import type { DepartmentNode } from '../apps/role-reach.js';
import { importFirstId } from './import-ids.js';
import type { RecordWhere } from './row-scope.js';

/** Rows of a user-designed table: table and column names come only from our own metadata. */
export type RecordRow = Record<string, unknown> & {
  id: string;
  version: number;
  created_by: string;
  created_at: number;
  modified_by: string;
  modified_at: number;
};

/** A sort key as the list orders by it (query.ts sortColumns). */
export interface SortColumn {
  name: string;
  direction: 'asc' | 'desc';
}

/** Where a page starts: an offset (cursors from before keysets), after (created_at, id), after sort keys. */
export type Position =
  | { offset: number }
  | { after: [number, string] | null }
  | { keys: { k: unknown[]; i: string } | null };

/** A page's row before its whole row is read: the id, created_at and the sort keys. */
type Narrow = Record<string, unknown> & { id: string };

/**
 * Whether rows come in the list's order, as far as can be told without the database's collation:
 * numbers (and empty values last) by each key, created_at for the default order. Text keys are
 * taken as ordered. A walk whose rows fail this is not used (the caller falls back).
 */
export function inOrder(rows: Narrow[], sorts: SortColumn[]): boolean {
  const keys: SortColumn[] = sorts.length ? sorts : [{ name: 'created_at', direction: 'desc' }];
  for (let n = 1; n < rows.length; n++) {
    const a = rows[n - 1] as Narrow;
    const b = rows[n] as Narrow;
    for (const k of keys) {
      const x = a[k.name] ?? null;
      const y = b[k.name] ?? null;
      if (x === null && y === null) continue;
      if (x === null) return false;
      if (y === null) break;
      const nx = typeof x === 'string' && sorts.length ? Number.NaN : Number(x);
      const ny = typeof y === 'string' && sorts.length ? Number.NaN : Number(y);
      if (Number.isNaN(nx) || Number.isNaN(ny)) break;
      if (nx === ny) continue;
      if ((k.direction === 'asc') !== nx < ny) return false;
      break;
    }
  }
  return true;
}

/**
 * Rows after a keyset position in the list order `(k is null), k <direction>, …, id`: for some key
 * i, every earlier key equal and key i further on (a value → a further value or empty; empty → none
 * further within that key), or all keys equal and a greater id. The first key's bound is repeated as
 * a plain range so an index on it can start there.
 */
// biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
function afterKeys(eb: ExpressionBuilder<any, any>, sorts: SortColumn[], values: unknown[], id: string) {
  const equal = (i: number) => {
    const s = sorts[i] as SortColumn;
    return values[i] === null ? eb(s.name, 'is', null) : eb(s.name, '=', values[i]);
  };
  const further = (i: number) => {
    const s = sorts[i] as SortColumn;
    if (values[i] === null) return null;
    return eb.or([eb(s.name, 'is', null), eb(s.name, s.direction === 'asc' ? '>' : '<', values[i])]);
  };
  const branches: Expression<SqlBool>[] = [];
  for (let i = 0; i <= sorts.length; i++) {
    const step = i < sorts.length ? further(i) : eb('id', '>', id);
    if (!step) continue;
    const prefix = Array.from({ length: i }, (_, j) => equal(j));
    branches.push(prefix.length ? eb.and([...prefix, step]) : step);
  }
  const first = sorts[0] as SortColumn;
  const range =
    values[0] === null
      ? eb(first.name, 'is', null)
      : eb.or([eb(first.name, 'is', null), eb(first.name, first.direction === 'asc' ? '>=' : '<=', values[0])]);
  return eb.and([range, eb.or(branches)]);
}

/**
 * After a keyset whose first key has a value, among the rows that have a value there (the caller
 * pins `(first is null) = false`): the first key further on, or equal and the rest further, or all
 * equal and a greater id. Its first key's bound is a plain range (`first <= value` for a descending
 * key) right after the pinned `(first is null)` of the order index (`(col is null), col, …, id`), so
 * both databases seek to the page in the index and read only its rows — where `afterKeys`' OR with
 * the empty values made them read every index entry before it (page 1,000: 50,000 entries).
 */
// biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
function afterValue(eb: ExpressionBuilder<any, any>, sorts: SortColumn[], values: unknown[], id: string) {
  const first = sorts[0] as SortColumn;
  const past = first.direction === 'asc' ? '>' : '<';
  return eb.and([
    eb(first.name, first.direction === 'asc' ? '>=' : '<=', values[0]),
    eb.or([
      eb(first.name, past, values[0]),
      eb.and([eb(first.name, '=', values[0]), afterRest(eb, sorts, values, id)]),
    ]),
  ]);
}

/** Past the keyset on every key but the first (which the caller holds equal): the rest's keys, then the id. */
// biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
function afterRest(eb: ExpressionBuilder<any, any>, sorts: SortColumn[], values: unknown[], id: string) {
  return sorts.length > 1 ? afterKeys(eb, sorts.slice(1), values.slice(1), id) : eb('id', '>', id);
}

/** The system columns every record fills (schemas/physical.ts: not null). */
const FILLED = new Set(['created_at', 'created_by', 'modified_at', 'modified_by']);

/**
 * A segment's order: the list's without the first key's `is null` term, which the segment pins —
 * SQLite sorts in a temporary B-tree when an ORDER BY term is the pinned expression itself, and
 * walks the index in order without it (EXPLAIN QUERY PLAN at a million rows).
 */
// biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
function inSegment<Q extends SelectQueryBuilder<any, any, any>>(q: Q, sorts: SortColumn[]): Q {
  // biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
  let o = q as SelectQueryBuilder<any, any, any>;
  sorts.forEach((s, i) => {
    if (i > 0) o = o.orderBy(sql`${sql.ref(s.name)} is null`);
    o = o.orderBy(sql.ref(s.name), s.direction);
  });
  return o.orderBy('id') as Q;
}

/** One row of a many-row update: its id, the version it must still have, and its columns' new values. */
export interface UpdateRow {
  id: string;
  version: number;
  set: Record<string, unknown>;
}

// biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time by users' designs
type DynamicDb = Kysely<any>;

export class RecordRepository {
  private readonly db: DynamicDb;
  constructor(db: Kysely<Database>) {
    this.db = db as DynamicDb;
  }

  private on(trx?: Kysely<Database>): DynamicDb {
    return (trx as DynamicDb | undefined) ?? this.db;
  }

  /**
   * How these records' finished flows ended: one query by the instances' unique (schema, record)
   * index. The team's condition is written `engine_code || ''` so no index can serve it: SQLite
   * without statistics took the team's engine_code-led index instead and read every flow of the
   * team (202,002 rows, 366 ms; issue 37). The plan is asserted in test/query-plans.test.ts.
   */
  async flowResults(engineCode: string, schemaCode: string, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await (this.db as unknown as Kysely<Database>)
      .selectFrom('workflow_instances')
      .select(['record_id', 'result'])
      .where('schema_code', '=', schemaCode)
      .where('record_id', 'in', ids)
      .where(sql<string>`engine_code || ''`, '=', engineCode)
      .execute();
    return new Map(rows.map((r) => [r.record_id, r.result]));
  }

  /** One record; with `scope`, only when the member's row rule reaches it. */
  async find(
    table: string,
    engineCode: string,
    id: string,
    trx?: Kysely<Database>,
    scope?: RecordWhere,
  ): Promise<RecordRow | undefined> {
    let q = this.on(trx).selectFrom(table).selectAll().where('engine_code', '=', engineCode).where('id', '=', id);
    if (scope) q = q.where(scope);
    const row = await q.executeTakeFirst();
    return row as RecordRow | undefined;
  }

  /**
   * Whether one row that is not stored passes a where-clause written for `table`: the row stands in
   * for the table under its name (PostgreSQL: json_populate_record gives it the table's column types;
   * SQLite: a one-row select of the values). Reads only.
   */
  async matchesRow(
    table: string,
    row: Record<string, unknown>,
    where: RecordWhere,
    trx?: Kysely<Database>,
  ): Promise<boolean> {
    const db = this.on(trx);
    const source =
      dialectOf(db) === 'postgres'
        ? sql`json_populate_record(null::${sql.table(table)}, ${JSON.stringify(row)}::json)`
        : sql`(select ${sql.join(Object.entries(row).map(([column, value]) => sql`${value} as ${sql.ref(column)}`))})`;
    const hit = await db.selectFrom(source.as(table)).select(sql<number>`1`.as('hit')).where(where).executeTakeFirst();
    return Boolean(hit);
  }

  async insert(trx: Kysely<Database>, table: string, row: Record<string, unknown>): Promise<void> {
    await this.on(trx).insertInto(table).values(row).execute();
  }

  /**
   * Many rows in multi-row inserts, sized under SQLite's limit of bound values per statement
   * (32,766) and PostgreSQL's (65,535).
   */
  async insertMany(trx: Kysely<Database>, table: string, rows: Record<string, unknown>[]): Promise<void> {
    if (!rows.length) return;
    const width = Math.max(...rows.map((r) => Object.keys(r).length));
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const full = rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null])));
    const per = Math.max(1, Math.floor(30_000 / Math.max(width, columns.length)));
    for (let i = 0; i < full.length; i += per)
      await this.on(trx)
        .insertInto(table)
        .values(full.slice(i, i + per))
        .execute();
  }

  async addHistoryMany(
    trx: Kysely<Database>,
    entries: {
      schema_code: string;
      record_id: string;
      engine_code: string;
      member_id: string;
      action: string;
      changes: string;
      created_at: number;
      log: string | null;
    }[],
  ): Promise<void> {
    for (let i = 0; i < entries.length; i += 2_000) {
      await trx
        .insertInto('record_history')
        .values(entries.slice(i, i + 2_000))
        .execute();
    }
  }

  /**
   * Many records in one statement: each column set by a `case id when …` (rows that leave a column
   * out keep it), each row only at its expected version and within `scope`; the version goes up
   * unless `keepVersion` (derived values such as formulas computed afresh). Answers how many rows it
   * changed: fewer than asked means a stale version (or a row gone). Only a write too big for one
   * statement's bound values (30,000, under SQLite's 32,766) takes several.
   */
  async updateMany(
    trx: Kysely<Database>,
    table: string,
    engineCode: string,
    rows: UpdateRow[],
    options: { common?: Record<string, unknown>; scope?: RecordWhere | undefined; keepVersion?: boolean } = {},
  ): Promise<number> {
    const width = new Set(rows.flatMap((r) => Object.keys(r.set))).size;
    const per = Math.max(1, Math.floor(30_000 / (2 * width + 3)));
    let changed = 0;
    for (let i = 0; i < rows.length; i += per) {
      changed += await this.updateChunk(trx, table, engineCode, rows.slice(i, i + per), options);
    }
    return changed;
  }

  private async updateChunk(
    trx: Kysely<Database>,
    table: string,
    engineCode: string,
    rows: UpdateRow[],
    {
      common = {},
      scope,
      keepVersion = false,
    }: { common?: Record<string, unknown>; scope?: RecordWhere | undefined; keepVersion?: boolean },
  ): Promise<number> {
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r.set)))];
    const cases = Object.fromEntries(
      columns.map((column) => {
        const setting = rows.filter((r) => Object.hasOwn(r.set, column));
        // `else` names the column so PostgreSQL types the parameters by it.
        return [
          column,
          sql`case id ${sql.join(
            setting.map((r) => sql`when ${r.id} then ${r.set[column]}`),
            sql` `,
          )} else ${sql.ref(column)} end`,
        ];
      }),
    );
    const expected = sql`case id ${sql.join(
      rows.map((r) => sql`when ${r.id} then ${r.version}`),
      sql` `,
    )} else ${sql.raw('-1')} end`;
    let q = this.on(trx)
      .updateTable(table)
      .set({ ...cases, ...common, ...(keepVersion ? {} : { version: sql`version + 1` }) })
      .where('engine_code', '=', engineCode)
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .where('version', '=', expected);
    if (scope) q = q.where(scope);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async remove(trx: Kysely<Database>, table: string, engineCode: string, id: string, version: number | undefined) {
    let q = this.on(trx).deleteFrom(table).where('engine_code', '=', engineCode).where('id', '=', id);
    if (version !== undefined) q = q.where('version', '=', version);
    const result = await q.executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The records holding any of these values in a column (for friendly unique messages before the index says no). */
  async holders(
    trx: Kysely<Database>,
    table: string,
    column: string,
    values: unknown[],
  ): Promise<{ id: string; value: unknown }[]> {
    const rows = await this.on(trx)
      .selectFrom(table)
      .select(['id', `${column} as value`])
      .where(column, 'in', [...new Set(values)])
      .execute();
    return rows as { id: string; value: unknown }[];
  }

  async findMany(
    table: string,
    engineCode: string,
    ids: string[],
    scope?: RecordWhere,
    trx?: Kysely<Database>,
  ): Promise<RecordRow[]> {
    if (!ids.length) return [];
    let q = this.on(trx).selectFrom(table).selectAll().where('engine_code', '=', engineCode).where('id', 'in', ids);
    if (scope) q = q.where(scope);
    return (await q.execute()) as RecordRow[];
  }

  /**
   * How many records match, stopping at `cap` so a huge table never costs a full count per request
   * (the subquery's LIMIT ends the scan).
   */
  async count(table: string, engineCode: string, where: RecordWhere, cap: number): Promise<number> {
    const row = await this.db
      .selectFrom((eb) =>
        eb.selectFrom(table).select('id').where('engine_code', '=', engineCode).where(where).limit(cap).as('capped'),
      )
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number((row as { n: number | string } | undefined)?.n ?? 0);
  }

  /** Which of these records exist (within `scope`, when given: a member's row rule). */
  /**
   * Computed text values (formulas) for many records in one statement joined to a VALUES list —
   * far cheaper than a `case id` per row on big batches. Each row only at the version it was read
   * (a person's newer write computed its own); versions stay as they are. The first VALUES row
   * carries the types (PostgreSQL types the rest by it).
   */
  async writeComputed(
    trx: Kysely<Database>,
    table: string,
    engineCode: string,
    columns: string[],
    rows: { id: string; version: number; values: Record<string, unknown> }[],
  ): Promise<void> {
    if (!rows.length || !columns.length) return;
    const per = Math.max(1, Math.floor(30_000 / (columns.length + 2)));
    for (let i = 0; i < rows.length; i += per) {
      const tuples = rows.slice(i, i + per).map((r, n) => {
        const cells = [r.id, r.version, ...columns.map((c) => r.values[c] ?? null)];
        const typed = cells.map((v, k) =>
          n > 0 ? sql`${v}` : sql`cast(${v} as ${sql.raw(k === 0 ? 'varchar(36)' : k === 1 ? 'integer' : 'text')})`,
        );
        return sql`(${sql.join(typed)})`;
      });
      const set = columns.map((c, k) => sql`${sql.ref(c)} = ${sql.ref(`v.column${k + 3}`)}`);
      await sql`update ${sql.table(table)} set ${sql.join(set)} from (values ${sql.join(tuples)}) as v
        where ${sql.ref(`${table}.engine_code`)} = ${engineCode} and ${sql.ref(`${table}.id`)} = ${sql.ref('v.column1')}
        and ${sql.ref(`${table}.version`)} = ${sql.ref('v.column2')}`.execute(this.on(trx));
    }
  }

  /** The physical table of a data table of this team ('' when there is none). */
  async tableOf(engineCode: string, schemaCode: string, trx?: Kysely<Database>): Promise<string> {
    const row = await this.on(trx)
      .selectFrom('schemas')
      .select('table_name')
      .where('engine_code', '=', engineCode)
      .where('code', '=', schemaCode)
      .executeTakeFirst();
    return (row as { table_name: string } | undefined)?.table_name ?? '';
  }

  /** How many records the table holds (a job's total; not for requests on big tables). */
  async total(trx: Kysely<Database>, table: string, engineCode: string): Promise<number> {
    const row = await this.on(trx)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('engine_code', '=', engineCode)
      .executeTakeFirst();
    return Number((row as { n: number | string } | undefined)?.n ?? 0);
  }

  /** The next records after `afterId` in id order (a job walking a whole table, batch by batch). */
  async batchAfter(table: string, engineCode: string, afterId: string, limit: number): Promise<RecordRow[]> {
    const rows = await this.db
      .selectFrom(table)
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows as RecordRow[];
  }

  /** Distinct non-empty values of a column among the rows `where` selects, at most `limit` of them. */
  async distinctValues(
    table: string,
    engineCode: string,
    column: string,
    where: RecordWhere,
    limit: number,
  ): Promise<unknown[]> {
    const rows = await this.db
      .selectFrom(table)
      .select(`${column} as v`)
      .distinct()
      .where('engine_code', '=', engineCode)
      .where(column, 'is not', null)
      .where(where)
      .limit(limit)
      .execute();
    return rows.map((r: { v: unknown }) => r.v);
  }

  async existingIds(
    trx: Kysely<Database>,
    table: string,
    engineCode: string,
    ids: string[],
    scope?: RecordWhere,
  ): Promise<string[]> {
    let q = this.on(trx).selectFrom(table).select('id').where('engine_code', '=', engineCode).where('id', 'in', ids);
    if (scope) q = q.where(scope);
    const rows = await q.execute();
    return rows.map((r: { id: string }) => r.id);
  }

  /**
   * A filtered page, ids first: the filter, order and limit run on the narrow columns alone (the
   * id, the sort keys, created_at — an index walk or a sort carrying a few values, never whole wide
   * rows), then the page's rows are joined by id — one statement. With sorts: by those columns (empty values last in
   * both directions), then id; paged by keyset (`keys`: the last row's sort values and id) or, for
   * cursors from before keysets, an offset. Without sorts: newest first, keyset over (created_at, id).
   *
   * `walk` (a text search, its order's index ready): first the ordered walk (see `walk`); when it
   * does not fill the page, the plan above with `where` (the full-text index, then the sort).
   */
  async query(
    table: string,
    engineCode: string,
    where: RecordWhere,
    sorts: SortColumn[],
    limit: number,
    position: Position,
    /** `hits`: a text search's cap for reading its hits first when the walk fails (PostgreSQL, `hitsFirst`). */
    walk?: { where: RecordWhere; rows: number; hits?: number },
  ): Promise<RecordRow[]> {
    if (walk && !('offset' in position)) {
      const walked = await this.walk(table, engineCode, sorts, limit, position, walk);
      if (walked) return walked;
      if (walk.hits && dialectOf(this.db) === 'postgres') {
        const found = await this.hitsFirst(table, engineCode, where, sorts, limit, position, walk.hits);
        if (found) return found;
      }
    }
    // One statement: the page's narrow columns (the index walk or the sort carries only them) in a
    // CTE, then its rows joined by id, in the page's order again (50 rows, nothing to it).
    const narrow = [...new Set(['id', 'created_at', ...sorts.map((s) => s.name)])];
    const keys = 'keys' in position ? position.keys : null;
    const first = sorts[0];
    // A keyset page reads its rows segment by segment, each a plain index range (see `afterValue`):
    // past a key with a value, the rows with a value past it, then the empties from their start;
    // past an empty key, the empties past it.
    const segmented = first && keys && keys.k.length === sorts.length ? { first, keys } : null;
    // biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
    let q = (this.db as Kysely<any>)
      .with('page', (qc) => {
        const base = () => qc.selectFrom(table).select(narrow).where('engine_code', '=', engineCode).where(where);
        if (segmented) {
          const empty = sql<SqlBool>`(${sql.ref(segmented.first.name)} is null)`;
          const { k, i } = segmented.keys;
          const emptyBase = base().where(sql<SqlBool>`${empty} = true`);
          if (k[0] === null)
            return inSegment(
              emptyBase.where((eb) => afterRest(eb, sorts, k, i)),
              sorts,
            ).limit(limit);
          const valued = inSegment(
            base()
              .where(sql<SqlBool>`${empty} = false`)
              .where((eb) => afterValue(eb, sorts, k, i)),
            sorts,
          ).limit(limit);
          // A column every row fills has no empties to read (a scan of the table for none).
          if (FILLED.has(segmented.first.name)) return valued;
          const empties = inSegment(emptyBase, sorts).limit(limit);
          return qc
            .selectFrom(valued.as('valued'))
            .selectAll()
            .unionAll(qc.selectFrom(empties.as('empties')).selectAll());
        }
        let inner = this.ordered(base(), sorts, position);
        if ('offset' in position && position.offset) inner = inner.offset(position.offset);
        return inner.limit(limit);
      })
      .selectFrom('page')
      .innerJoin(`${table} as r`, 'r.id', 'page.id')
      .selectAll('r')
      .where('r.engine_code', '=', engineCode);
    if (sorts.length) {
      for (const s of sorts)
        q = q.orderBy(sql`${sql.ref(`page.${s.name}`)} is null`).orderBy(sql.ref(`page.${s.name}`), s.direction);
      q = q.orderBy('page.id');
    } else q = q.orderBy('page.created_at', 'desc').orderBy('page.id', 'desc');
    if (segmented) q = q.limit(limit);
    return (await q.execute()) as RecordRow[];
  }

  /**
   * A selective text search's page on PostgreSQL (issue 37): its hits first — a MATERIALIZED CTE,
   * which the planner plans alone, so the trigram index finds them (a Bitmap Index Scan) — then
   * only those sorted. Left to itself with the ORDER BY … LIMIT, the planner expected thousands of
   * hits where there were 280, walked the order's index and filtered 172,173 rows (2,961 ms). At
   * most `cap` hits are taken: past that the needle is broad, and null sends the caller to the
   * plain plan (the order's index, walked while testing rows, fills the page soon enough). The
   * caller has tried the ordered walk first, so this runs only for needles it found rare.
   */
  private async hitsFirst(
    table: string,
    engineCode: string,
    where: RecordWhere,
    sorts: SortColumn[],
    limit: number,
    position: Position,
    cap: number,
  ): Promise<RecordRow[] | null> {
    const narrow = [...new Set(['id', 'created_at', ...sorts.map((s) => s.name)])];
    // biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
    const db = this.db as Kysely<any>;
    const hits = () =>
      db
        .selectFrom(table)
        .select(narrow)
        .where('engine_code', '=', engineCode)
        .where(where)
        .limit(cap + 1);
    let q = db
      .with((cte) => cte('hits').materialized(), hits)
      .with('page', (qc) =>
        this.ordered(
          qc.selectFrom('hits').select(narrow).where(sql<SqlBool>`(select count(*) from hits) <= ${cap}`),
          sorts,
          position,
        ).limit(limit),
      )
      .selectFrom('page')
      .innerJoin(`${table} as r`, 'r.id', 'page.id')
      .selectAll('r')
      .where('r.engine_code', '=', engineCode);
    if (sorts.length) {
      for (const s of sorts)
        q = q.orderBy(sql`${sql.ref(`page.${s.name}`)} is null`).orderBy(sql.ref(`page.${s.name}`), s.direction);
      q = q.orderBy('page.id');
    } else q = q.orderBy('page.created_at', 'desc').orderBy('page.id', 'desc');
    const rows = (await q.execute()) as RecordRow[];
    if (rows.length) return rows;
    // Nothing: no hits past the position, or more hits than the cap (the page was not read).
    const counted = await db
      .selectFrom(hits().as('h'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number((counted as { n: number | string } | undefined)?.n ?? 0) <= cap ? rows : null;
  }

  /** The list's order and keyset position on a query over the table (or over a walk of it). */
  // biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
  private ordered<Q extends SelectQueryBuilder<any, any, any>>(q: Q, sorts: SortColumn[], position: Position): Q {
    // biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
    let o = q as SelectQueryBuilder<any, any, any>;
    if (sorts.length) {
      const keys = 'keys' in position ? position.keys : null;
      if (keys && keys.k.length === sorts.length) o = o.where((eb) => afterKeys(eb, sorts, keys.k, keys.i));
      for (const s of sorts) o = o.orderBy(sql`${sql.ref(s.name)} is null`).orderBy(sql.ref(s.name), s.direction);
      return o.orderBy('id') as Q;
    }
    const after = 'after' in position ? position.after : null;
    if (after) {
      const [createdAt, id] = after;
      o = o.where((eb) =>
        eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
      );
    }
    return o.orderBy('created_at', 'desc').orderBy('id', 'desc') as Q;
  }

  /**
   * The ordered walk (issue 15: a broad "contains" or search with a sort): the table's first
   * `walk.rows` rows in the list's order from the position (its order's index, read in order),
   * tested against the where-clause as they stream, stopping once the page is full. A needle that
   * matches a good share of the rows fills the page after a few hundred rows, where the full-text
   * index would hand over every hit to be read and sorted. Null when the page is not full within
   * those rows (a selective needle: the caller reads the full-text hits instead) or when the rows
   * did not come in the list's order.
   *
   * The outer query has no ORDER BY on purpose: one would make the database read all `walk.rows`
   * rows before answering. Both databases stream a LIMITed ordered subquery in its order to a
   * plain filter above it (SQLite: a co-routine; PostgreSQL: a subquery scan), which `inOrder`
   * checks on the answer rather than trusts.
   */
  private async walk(
    table: string,
    engineCode: string,
    sorts: SortColumn[],
    limit: number,
    position: Position,
    walk: { where: RecordWhere; rows: number },
  ): Promise<RecordRow[] | null> {
    const prefix = this.ordered(
      this.db.selectFrom(table).selectAll().where('engine_code', '=', engineCode),
      sorts,
      position,
    ).limit(walk.rows);
    // The walk reads whole rows anyway: the page is its rows, no second read.
    const found = (await this.db
      .selectFrom(prefix.as('w'))
      .selectAll()
      .where(walk.where)
      .limit(limit)
      .execute()) as RecordRow[];
    return found.length === limit && inOrder(found as unknown as Narrow[], sorts) ? found : null;
  }

  async departmentsOfMember(memberId: string, trx?: Kysely<Database>): Promise<string[]> {
    const rows = await this.on(trx)
      .selectFrom('member_departments')
      .select('department_id')
      .where('member_id', '=', memberId)
      .execute();
    return rows.map((r: { department_id: string }) => r.department_id);
  }

  /** The team's departments as a tree (row rules with sub-departments). */
  departmentTree(engineCode: string, trx?: Kysely<Database>): Promise<DepartmentNode[]> {
    return departmentTreeOf(this.on(trx) as unknown as Kysely<Database>, engineCode);
  }

  /** Members of these departments (at most a few hundred: a filter lists them one by one). */
  async membersOfDepartments(departmentIds: string[], trx?: Kysely<Database>): Promise<string[]> {
    if (!departmentIds.length) return [];
    const rows = await this.on(trx)
      .selectFrom('member_departments')
      .select('member_id')
      .distinct()
      .where('department_id', 'in', departmentIds)
      .limit(500)
      .execute();
    return rows.map((r: { member_id: string }) => r.member_id);
  }

  /** Next value of an auto-number field: one atomic statement, so concurrent inserts never share one. */
  async nextNumber(trx: Kysely<Database>, schemaCode: string, fieldCode: string): Promise<number> {
    const row = await trx
      .updateTable('schema_counters')
      .set({ value: sql`value + 1` })
      .where('schema_code', '=', schemaCode)
      .where('field_code', '=', fieldCode)
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  }

  async wasDeleted(schemaCode: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('record_history')
      .select('id')
      .where('schema_code', '=', schemaCode)
      .where('record_id', '=', id)
      .where('action', '=', 'delete')
      .executeTakeFirst();
    return Boolean(row);
  }

  async addHistory(
    trx: Kysely<Database>,
    entry: {
      schemaCode: string;
      recordId: string;
      engineCode: string;
      memberId: string;
      action: string;
      changes: unknown[];
      /** The write's application-log entry riding on the row (RecordLog.historyTag), if it does. */
      log: string | null;
    },
    now: number,
  ): Promise<void> {
    await trx
      .insertInto('record_history')
      .values({
        schema_code: entry.schemaCode,
        record_id: entry.recordId,
        engine_code: entry.engineCode,
        member_id: entry.memberId,
        action: entry.action,
        changes: JSON.stringify(entry.changes),
        created_at: now,
        log: entry.log,
      })
      .execute();
  }

  /** The import that wrote this record in bulk (its one history entry), if one did. */
  importOf(schemaCode: string, engineCode: string, id: string) {
    const first = importFirstId(id);
    if (!first) return Promise.resolve(undefined);
    return this.db
      .selectFrom('record_imports')
      .leftJoin('members', 'members.member_id', 'record_imports.member_id')
      .leftJoin('users', 'users.id', 'members.user_id')
      .select([
        'record_imports.import_id',
        'record_imports.member_id',
        'record_imports.file_name',
        'record_imports.created_at',
        'users.user_name',
      ])
      .where('record_imports.schema_code', '=', schemaCode)
      .where('record_imports.engine_code', '=', engineCode)
      .where('record_imports.first_id', '=', first)
      .where('record_imports.last_id', '>=', id)
      .executeTakeFirst();
  }

  history(schemaCode: string, engineCode: string, id: string) {
    return this.db
      .selectFrom('record_history')
      .leftJoin('members', 'members.member_id', 'record_history.member_id')
      .leftJoin('users', 'users.id', 'members.user_id')
      .select([
        'record_history.id',
        'record_history.action',
        'record_history.member_id',
        'record_history.changes',
        'record_history.created_at',
        'users.user_name',
      ])
      .where('record_history.schema_code', '=', schemaCode)
      .where('record_history.engine_code', '=', engineCode)
      .where('record_history.record_id', '=', id)
      .orderBy('record_history.id')
      .execute();
  }

  /** The team's members' names by member id (lookups show names, lookups.ts). */
  async memberNames(engineCode: string, memberIds: string[]): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['members.member_id', 'users.user_name'])
      .where('members.engine_code', '=', engineCode)
      .where('members.member_id', 'in', memberIds)
      .execute();
    return new Map(rows.map((r) => [r.member_id, r.user_name ?? '']));
  }

  /** The team's departments' names by id (as memberNames). */
  async departmentNames(engineCode: string, ids: string[]): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('departments')
      .select(['object_id', 'name'])
      .where('engine_code', '=', engineCode)
      .where('object_id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.object_id, r.name]));
  }
}
