import http from 'node:http';
import https from 'node:https';
import { type DataSourceErrorCode, DataSourceLimits, type SyncSource } from '@canopy/contract';
import type mysql from 'mysql2';
import pg from 'pg';
import type { DatabaseServer } from '../../db/database.js';
import { loadMysql } from '../../lazy-libraries.js';
import { guardedLookup, RefusedAddress, refusedLiteral } from '../../net/guard.js';
import { type ColumnSpec, inferJsonColumns, mapDatabaseType } from './columns.js';
import { OwnDatabase, resolveSourceHost, sourceReach } from './own-database.js';

/** A failure of a source, with its reason (words in messages.ts `datasource.error.<code>`) and the driver's words. */
export class SourceFailure extends Error {
  constructor(
    readonly code: DataSourceErrorCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

export interface SourceSettings {
  kind: string;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  url: string;
}

export type Row = Record<string, unknown>;

export interface Connector {
  test(): Promise<void>;
  tables(): Promise<{ name: string; columns: ColumnSpec[] }[]>;
  /** The source's columns and first rows; HTTP: also the paths of its arrays of objects. */
  preview(source: SyncSource): Promise<{ columns: ColumnSpec[]; rows: Row[]; paths: string[] }>;
  /** Every row, a chunk at a time, in one read-only transaction (databases); at most `limit` rows. */
  read(
    source: SyncSource,
    limit: number,
    onChunk: (rows: Row[], columns: ColumnSpec[]) => Promise<void>,
  ): Promise<void>;
}

export interface ConnectorOptions {
  allowPrivate: boolean;
  /** The instance's own PostgreSQL database, which a postgres source may never connect to. */
  ownDatabase?: DatabaseServer | undefined;
  timeoutMs?: number;
}

export function connectorFor(s: SourceSettings, opts: ConnectorOptions): Connector {
  if (s.kind === 'postgres') return new PostgresConnector(s, opts);
  if (s.kind === 'mysql') return new MysqlConnector(s, opts);
  return new HttpConnector(s, opts);
}

const detailOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 900);

/**
 * A failure before the source is connected and signed in to: refused by the address rules, or the
 * instance's own database; anything else is one "cannot connect", without the driver's words, so that
 * a designer cannot tell a closed port from a wrong password or a missing database (a port scanner).
 */
function connectFailure(e: unknown): SourceFailure {
  if (e instanceof RefusedAddress) return new SourceFailure('blocked', e.message);
  if (e instanceof OwnDatabase) return new SourceFailure('ownDatabase', e.message);
  return new SourceFailure('unreachable', '');
}

/** Network failures every driver shares. */
function networkFailure(e: unknown): SourceFailure | null {
  if (e instanceof SourceFailure) return e;
  if (e instanceof RefusedAddress || e instanceof OwnDatabase) return connectFailure(e);
  const code = (e as { code?: string }).code ?? '';
  const msg = detailOf(e);
  if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNRESET'].includes(code))
    return new SourceFailure('unreachable', msg);
  if (code === 'ETIMEDOUT' || code === 'PROTOCOL_SEQUENCE_TIMEOUT' || /timeout|timed out/i.test(msg))
    return new SourceFailure('timeout', msg);
  return null;
}

/**
 * Only one SELECT (or WITH … SELECT) statement: comments and quoted text are set aside before
 * looking for a second statement. The read-only transaction it runs in refuses writes anyway.
 */
export function checkReadOnlyQuery(query: string): string {
  const bare = query
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""')
    .replace(/`[^`]*`/g, '``')
    .trim()
    .replace(/;\s*$/, '');
  if (!/^(select|with)\b/i.test(bare) || bare.includes(';')) throw new SourceFailure('notReadOnly', '');
  return query.trim().replace(/;\s*$/, '');
}

function oneSource(source: SyncSource): 'table' | 'query' {
  if (source.query) return 'query';
  if (source.table) return 'table';
  throw new SourceFailure('tableMissing', '');
}

// ---------------------------------------------------------------------------------------- PostgreSQL

const PG_TYPES = {
  getTypeParser(oid: number, format?: string) {
    // A date stays the calendar date it is; a timestamp without zone is read as UTC.
    if (oid === 1082) return (v: string) => v;
    if (oid === 1114) return (v: string) => new Date(`${v.replace(' ', 'T')}Z`);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

function pgFailure(e: unknown): SourceFailure {
  if (e instanceof SourceFailure) return e;
  const code = (e as { code?: string }).code ?? '';
  const msg = detailOf(e);
  if (code === '28P01' || code === '28000') return new SourceFailure('auth', msg);
  if (code === '3D000') return new SourceFailure('databaseMissing', msg);
  if (code === '42P01' || code === '42501' || code === '3F000') return new SourceFailure('tableMissing', msg);
  if (code === '57014') return new SourceFailure('timeout', msg);
  if (code === '25006') return new SourceFailure('notReadOnly', msg);
  if (code.startsWith('42') || code.startsWith('22')) return new SourceFailure('queryInvalid', msg);
  return networkFailure(e) ?? new SourceFailure('other', msg);
}

const pgIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

class PostgresConnector implements Connector {
  constructor(
    private readonly s: SourceSettings,
    private readonly opts: ConnectorOptions,
  ) {}

  private async with<T>(fn: (c: pg.Client) => Promise<T>, statementMs?: number): Promise<T> {
    const timeout = this.opts.timeoutMs ?? DataSourceLimits.timeoutMs;
    let client: pg.Client | undefined;
    try {
      const host = await resolveSourceHost(this.s.host, this.opts.allowPrivate, {
        server: this.opts.ownDatabase,
        port: this.s.port,
        database: this.s.database,
      }).catch((e) => Promise.reject(connectFailure(e)));
      client = new pg.Client({
        host,
        port: this.s.port,
        database: this.s.database,
        user: this.s.user,
        password: this.s.password,
        connectionTimeoutMillis: timeout,
        statement_timeout: statementMs ?? timeout,
        types: PG_TYPES,
        application_name: 'canopy-sync',
      });
      client.on('error', () => undefined);
      await client.connect().catch((e) => Promise.reject(connectFailure(e)));
      return await fn(client);
    } catch (e) {
      throw pgFailure(e);
    } finally {
      await client?.end().catch(() => undefined);
    }
  }

  test(): Promise<void> {
    return this.with(async (c) => void (await c.query('select 1')));
  }

  async tables() {
    return this.with(async (c) => {
      const { rows } = await c.query<{
        table_schema: string;
        table_name: string;
        column_name: string;
        udt_name: string;
        character_maximum_length: number | null;
        numeric_scale: number | null;
      }>(
        `select c.table_schema, c.table_name, c.column_name, c.udt_name, c.character_maximum_length, c.numeric_scale
           from information_schema.columns c
           join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\\_%'
          order by c.table_schema, c.table_name, c.ordinal_position
          limit 20000`,
      );
      return groupTables(
        rows.map((r) => ({
          table: r.table_schema === 'public' ? r.table_name : `${r.table_schema}.${r.table_name}`,
          column: {
            ...mapDatabaseType(r.udt_name, { length: r.character_maximum_length, scale: r.numeric_scale }),
            name: r.column_name,
          },
        })),
      );
    });
  }

  private sqlOf(source: SyncSource): string {
    if (oneSource(source) === 'query') return checkReadOnlyQuery(source.query ?? '');
    const parts = (source.table ?? '').split('.');
    const name =
      parts.length > 1 ? `${pgIdent(parts[0] ?? '')}.${pgIdent(parts.slice(1).join('.'))}` : pgIdent(parts[0] ?? '');
    return `select * from ${name}`;
  }

  /** Result columns by type name (pg_type), like the browse list. */
  private async columnsOf(c: pg.Client, fields: pg.FieldDef[]): Promise<ColumnSpec[]> {
    const oids = [...new Set(fields.map((f) => f.dataTypeID))];
    const { rows } = await c.query<{ oid: number; typname: string }>(
      'select oid::int as oid, typname from pg_type where oid = any($1::oid[])',
      [oids],
    );
    const names = new Map(rows.map((r) => [Number(r.oid), r.typname]));
    return fields.map((f) => {
      const mod = f.dataTypeModifier;
      const type = names.get(f.dataTypeID) ?? `oid ${f.dataTypeID}`;
      const length = (type === 'varchar' || type === 'bpchar') && mod > 4 ? mod - 4 : null;
      const scale = type === 'numeric' && mod > 4 ? (mod - 4) & 0xffff : null;
      return { ...mapDatabaseType(type, { length, scale }), name: f.name };
    });
  }

  async preview(source: SyncSource) {
    const sql = this.sqlOf(source);
    return this.with(async (c) => {
      await c.query('begin read only');
      const r = await c.query(`select * from (\n${sql}\n) canopy_q limit ${DataSourceLimits.previewRows}`);
      const columns = await this.columnsOf(c, r.fields);
      await c.query('commit');
      return { columns, rows: r.rows as Row[], paths: [] };
    });
  }

  async read(source: SyncSource, limit: number, onChunk: (rows: Row[], columns: ColumnSpec[]) => Promise<void>) {
    const sql = this.sqlOf(source);
    await this.with(async (c) => {
      await c.query('begin transaction isolation level repeatable read read only');
      await c.query(`declare canopy_sync no scroll cursor for ${sql}`);
      let columns: ColumnSpec[] | null = null;
      let total = 0;
      for (;;) {
        const r = await c.query(`fetch ${DataSourceLimits.chunk} from canopy_sync`);
        columns ??= await this.columnsOf(c, r.fields);
        total += r.rows.length;
        if (total > limit) throw new SourceFailure('tooManyRows', String(total));
        await onChunk(r.rows as Row[], columns);
        if (r.rows.length < DataSourceLimits.chunk) break;
      }
      await c.query('commit');
    }, DataSourceLimits.timeoutMs * 4);
  }
}

function groupTables(items: { table: string; column: ColumnSpec }[]) {
  const tables = new Map<string, ColumnSpec[]>();
  for (const { table, column } of items) {
    const list = tables.get(table) ?? [];
    list.push(column);
    tables.set(table, list);
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

// ------------------------------------------------------------------------------------- MySQL/MariaDB

/** mysql2's column type numbers as MySQL type names. */
const MYSQL_TYPES: Record<number, string> = {
  0: 'decimal',
  1: 'tinyint',
  2: 'smallint',
  3: 'int',
  4: 'float',
  5: 'double',
  7: 'timestamp',
  8: 'bigint',
  9: 'mediumint',
  10: 'date',
  11: 'time',
  12: 'datetime',
  13: 'year',
  15: 'varchar',
  16: 'bit',
  245: 'json',
  246: 'decimal',
  247: 'enum',
  248: 'set',
  252: 'text',
  253: 'varchar',
  254: 'char',
};

function mysqlFailure(e: unknown): SourceFailure {
  if (e instanceof SourceFailure) return e;
  const code = (e as { code?: string }).code ?? '';
  const msg = detailOf(e);
  if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_DBACCESS_DENIED_ERROR') return new SourceFailure('auth', msg);
  if (code === 'ER_BAD_DB_ERROR') return new SourceFailure('databaseMissing', msg);
  if (code === 'ER_NO_SUCH_TABLE' || code === 'ER_TABLEACCESS_DENIED_ERROR')
    return new SourceFailure('tableMissing', msg);
  if (code === 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION') return new SourceFailure('notReadOnly', msg);
  if (code === 'ER_PARSE_ERROR' || code === 'ER_BAD_FIELD_ERROR') return new SourceFailure('queryInvalid', msg);
  return networkFailure(e) ?? new SourceFailure('other', msg);
}

const myIdent = (name: string) => `\`${name.replaceAll('`', '``')}\``;

class MysqlConnector implements Connector {
  constructor(
    private readonly s: SourceSettings,
    private readonly opts: ConnectorOptions,
  ) {}

  private async with<T>(fn: (c: mysql.Connection) => Promise<T>): Promise<T> {
    const timeout = this.opts.timeoutMs ?? DataSourceLimits.timeoutMs;
    let conn: mysql.Connection | undefined;
    try {
      const host = await resolveSourceHost(this.s.host, this.opts.allowPrivate).catch((e) =>
        Promise.reject(connectFailure(e)),
      );
      const { createConnection } = await loadMysql();
      conn = createConnection({
        host,
        port: this.s.port,
        user: this.s.user,
        password: this.s.password,
        database: this.s.database || undefined,
        connectTimeout: timeout,
        dateStrings: ['DATE'],
        timezone: 'Z',
        supportBigNumbers: true,
        decimalNumbers: true,
      });
      conn.on('error', () => undefined);
      await conn
        .promise()
        .connect()
        .catch((e) => Promise.reject(connectFailure(e)));
      return await fn(conn);
    } catch (e) {
      throw mysqlFailure(e);
    } finally {
      conn?.destroy();
    }
  }

  private query(c: mysql.Connection, sql: string, params: unknown[] = []) {
    return c.promise().query({ sql, timeout: this.opts.timeoutMs ?? DataSourceLimits.timeoutMs }, params);
  }

  test(): Promise<void> {
    return this.with(async (c) => void (await this.query(c, 'select 1')));
  }

  async tables() {
    return this.with(async (c) => {
      const [rows] = (await this.query(
        c,
        `select TABLE_NAME as t, COLUMN_NAME as c, DATA_TYPE as d, COLUMN_TYPE as ct,
                CHARACTER_MAXIMUM_LENGTH as len, NUMERIC_SCALE as scale
           from information_schema.COLUMNS where TABLE_SCHEMA = database()
          order by TABLE_NAME, ORDINAL_POSITION limit 20000`,
      )) as unknown as [{ t: string; c: string; d: string; ct: string; len: number | null; scale: number | null }[]];
      return groupTables(
        rows.map((r) => ({
          table: r.t,
          column: {
            ...mapDatabaseType(r.d, {
              length: r.len === null ? null : Number(r.len),
              scale: r.scale === null ? null : Number(r.scale),
              bit1: /^tinyint\(1\)/i.test(r.ct) || /^bit\(1\)/i.test(r.ct),
            }),
            name: r.c,
          },
        })),
      );
    });
  }

  private sqlOf(source: SyncSource): string {
    if (oneSource(source) === 'query') return checkReadOnlyQuery(source.query ?? '');
    return `select * from ${myIdent(source.table ?? '')}`;
  }

  private columnsOf(fields: mysql.FieldPacket[]): ColumnSpec[] {
    return fields.map((f) => {
      const type = MYSQL_TYPES[f.type ?? -1] ?? 'text';
      const charset = f.characterSet === 63 ? 1 : 4;
      return {
        ...mapDatabaseType(type, {
          length: f.columnLength ? Math.floor(f.columnLength / charset) : null,
          scale: type === 'decimal' ? (f.decimals ?? null) : null,
          bit1: (type === 'tinyint' || type === 'bit') && f.columnLength === 1,
        }),
        name: f.name,
      };
    });
  }

  async preview(source: SyncSource) {
    const sql = this.sqlOf(source);
    return this.with(async (c) => {
      await this.query(c, 'start transaction read only');
      const [rows, fields] = (await this.query(
        c,
        `select * from (\n${sql}\n) canopy_q limit ${DataSourceLimits.previewRows}`,
      )) as unknown as [Row[], mysql.FieldPacket[]];
      await this.query(c, 'commit');
      return { columns: this.columnsOf(fields), rows, paths: [] };
    });
  }

  async read(source: SyncSource, limit: number, onChunk: (rows: Row[], columns: ColumnSpec[]) => Promise<void>) {
    const sql = this.sqlOf(source);
    await this.with(async (c) => {
      await this.query(c, 'start transaction read only');
      let columns: ColumnSpec[] = [];
      const q = c.query({ sql, timeout: DataSourceLimits.timeoutMs * 40 });
      q.on('fields', (fields: mysql.FieldPacket[]) => {
        columns = this.columnsOf(fields);
      });
      let chunk: Row[] = [];
      let total = 0;
      // The stream pauses while a chunk is written (async iteration), so rows never pile up.
      for await (const row of q.stream({ highWaterMark: DataSourceLimits.chunk })) {
        chunk.push(row as Row);
        total += 1;
        if (total > limit) throw new SourceFailure('tooManyRows', String(total));
        if (chunk.length >= DataSourceLimits.chunk) {
          await onChunk(chunk, columns);
          chunk = [];
        }
      }
      await onChunk(chunk, columns);
      await this.query(c, 'commit');
    });
  }
}

// ------------------------------------------------------------------------------------------ HTTP JSON

/** The value at a dotted path ('' = the root; a number picks an array item). */
export function atPath(value: unknown, path: string): unknown {
  let v = value;
  for (const part of path.split('.').filter(Boolean)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

const isObjectArray = (v: unknown): v is Row[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x));

/** Paths of the arrays of objects in a JSON answer, shallow first (four levels at most). */
export function arrayPaths(value: unknown, path = '', depth = 0, out: string[] = []): string[] {
  if (isObjectArray(value)) out.push(path);
  if (depth >= 4 || value === null || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [k, v] of Object.entries(value)) arrayPaths(v, path ? `${path}.${k}` : k, depth + 1, out);
  return out;
}

class HttpConnector implements Connector {
  constructor(
    private readonly s: SourceSettings,
    private readonly opts: ConnectorOptions,
  ) {}

  /** One GET: no redirects followed, connected only to an allowed address, size- and time-limited. */
  fetchJson(): Promise<unknown> {
    const timeout = this.opts.timeoutMs ?? DataSourceLimits.timeoutMs;
    return new Promise((resolve, reject) => {
      let url: URL;
      try {
        url = new URL(this.s.url);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
      } catch {
        return reject(new SourceFailure('unreachable', ''));
      }
      // An address literal is connected to without a lookup: checked here.
      if (refusedLiteral(url, sourceReach(this.opts.allowPrivate)))
        return reject(new SourceFailure('blocked', url.hostname));
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(
        url,
        {
          method: 'GET',
          lookup: guardedLookup(sourceReach(this.opts.allowPrivate)),
          timeout,
          headers: {
            accept: 'application/json',
            'user-agent': 'Canopy-Sync/1',
            ...(this.s.password ? { authorization: `Bearer ${this.s.password}` } : {}),
          },
        },
        (res) => {
          // Until a JSON answer, every failure is one "cannot connect" (connectFailure): a status,
          // a non-JSON answer or a closed port would otherwise tell what listens where.
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            res.resume();
            return reject(new SourceFailure('unreachable', ''));
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > DataSourceLimits.httpBytes) {
              req.destroy(new SourceFailure('tooManyRows', `${size} bytes`));
              return;
            }
            chunks.push(c);
          });
          res.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
            } catch {
              reject(new SourceFailure('unreachable', ''));
            }
          });
          res.on('error', (e) => reject(e instanceof SourceFailure ? e : connectFailure(e)));
        },
      );
      req.on('timeout', () => req.destroy(new SourceFailure('unreachable', '')));
      req.on('error', (e) => reject(e instanceof SourceFailure ? e : connectFailure(e)));
      req.end();
    });
  }

  async test(): Promise<void> {
    await this.fetchJson();
  }

  async tables() {
    return [];
  }

  private rowsAt(json: unknown, path: string): Row[] {
    const v = atPath(json, path);
    if (Array.isArray(v) && v.length === 0) return [];
    if (!isObjectArray(v)) throw new SourceFailure('noArray', path || '/');
    return v;
  }

  async preview(source: SyncSource) {
    const json = await this.fetchJson();
    const paths = arrayPaths(json);
    const path = source.path ?? paths[0] ?? '';
    const rows = this.rowsAt(json, path);
    return { columns: inferJsonColumns(rows), rows: rows.slice(0, DataSourceLimits.previewRows), paths };
  }

  async read(source: SyncSource, limit: number, onChunk: (rows: Row[], columns: ColumnSpec[]) => Promise<void>) {
    const rows = this.rowsAt(await this.fetchJson(), source.path ?? '');
    if (rows.length > limit) throw new SourceFailure('tooManyRows', String(rows.length));
    const columns = inferJsonColumns(rows);
    for (let i = 0; i < rows.length; i += DataSourceLimits.chunk)
      await onChunk(rows.slice(i, i + DataSourceLimits.chunk), columns);
    if (!rows.length) await onChunk([], columns);
  }
}
