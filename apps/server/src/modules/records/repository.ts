import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
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
    }[],
  ): Promise<void> {
    for (let i = 0; i < entries.length; i += 2_000) {
      await trx
        .insertInto('record_history')
        .values(entries.slice(i, i + 2_000))
        .execute();
    }
  }

  /** Only when the version still matches: a stale writer changes nothing. */
  async update(
    trx: Kysely<Database>,
    table: string,
    engineCode: string,
    id: string,
    version: number,
    set: Record<string, unknown>,
  ) {
    const result = await this.on(trx)
      .updateTable(table)
      .set({ ...set, version: sql`version + 1` })
      .where('engine_code', '=', engineCode)
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async remove(trx: Kysely<Database>, table: string, engineCode: string, id: string, version: number | undefined) {
    let q = this.on(trx).deleteFrom(table).where('engine_code', '=', engineCode).where('id', '=', id);
    if (version !== undefined) q = q.where('version', '=', version);
    const result = await q.executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Whether another record already holds this value (for a friendly unique message before the index says no). */
  async valueTaken(
    trx: Kysely<Database>,
    table: string,
    column: string,
    value: unknown,
    exceptId: string,
  ): Promise<boolean> {
    const row = await this.on(trx)
      .selectFrom(table)
      .select('id')
      .where(column, '=', value)
      .where('id', '!=', exceptId)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }

  async findMany(table: string, engineCode: string, ids: string[], scope?: RecordWhere): Promise<RecordRow[]> {
    if (!ids.length) return [];
    let q = this.db.selectFrom(table).selectAll().where('engine_code', '=', engineCode).where('id', 'in', ids);
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

  async existingIds(trx: Kysely<Database>, table: string, engineCode: string, ids: string[]): Promise<string[]> {
    const rows = await this.on(trx)
      .selectFrom(table)
      .select('id')
      .where('engine_code', '=', engineCode)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r: { id: string }) => r.id);
  }

  /**
   * A filtered page. With sorts: by those columns (empty values last), then id, paged by offset.
   * Without: newest first, paged by keyset over (created_at, id) — no offset scan however deep.
   */
  async query(
    table: string,
    engineCode: string,
    // biome-ignore lint/suspicious/noExplicitAny: physical tables are defined at run time
    where: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>,
    sorts: { name: string; direction: 'asc' | 'desc' }[],
    limit: number,
    position: { offset: number } | { after: [number, string] | null },
  ): Promise<RecordRow[]> {
    let q = this.db.selectFrom(table).selectAll().where('engine_code', '=', engineCode).where(where);
    if (sorts.length) {
      for (const s of sorts) q = q.orderBy(sql`${sql.ref(s.name)} is null`).orderBy(sql.ref(s.name), s.direction);
      q = q.orderBy('id').offset('offset' in position ? position.offset : 0);
    } else {
      const after = 'after' in position ? position.after : null;
      if (after) {
        const [createdAt, id] = after;
        q = q.where((eb) =>
          eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
        );
      }
      q = q.orderBy('created_at', 'desc').orderBy('id', 'desc');
    }
    return (await q.limit(limit).execute()) as RecordRow[];
  }

  async departmentsOfMember(memberId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('member_departments')
      .select('department_id')
      .where('member_id', '=', memberId)
      .execute();
    return rows.map((r: { department_id: string }) => r.department_id);
  }

  /** Members of these departments (at most a few hundred: a filter lists them one by one). */
  async membersOfDepartments(departmentIds: string[]): Promise<string[]> {
    if (!departmentIds.length) return [];
    const rows = await this.db
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
      })
      .execute();
  }

  history(schemaCode: string, engineCode: string, id: string) {
    return this.db
      .selectFrom('record_history')
      .leftJoin('members', 'members.member_id', 'record_history.member_id')
      .leftJoin('users', 'users.id', 'members.user_id')
      .select([
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
}
