import { randomBytes } from 'node:crypto';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { type DialectName, dialectOf } from '../../db/dialect.js';
import { COPY_MARK } from '../../db/fixed.js';
import type { Database } from '../../db/schema.js';
import { SideConnection } from '../../db/side-connection.js';
import type { ImportIds } from '../records/import-ids.js';

/** The bound values a SQLite statement may carry (its limit is 32,766). */
const SQLITE_PARAMS = 30_000;
/** Characters of COPY data handed to the connection at a time (PostgreSQL). */
const PG_PIECE = 1 << 18;

const SYSTEM_COLUMNS = ['id', 'engine_code', 'version', 'created_by', 'created_at', 'modified_by', 'modified_at'];
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Who and when: the same for every record of an import. */
export interface BulkStamp {
  engineCode: string;
  memberId: string;
  now: number;
}

/**
 * Writes an import's converted rows (converter.ts) fast (issue 15), with statements whose text
 * depends only on the table, its columns and the row count, so SQLite's kept statements
 * (db/database.ts StatementCache) serve every chunk of an import and Kysely compiles nothing:
 *
 * - SQLite: multi-row `insert … select column1, <stamp>, … from (values (…), (…))`, the stamp bound
 *   once a statement; either straight into the table ("skip bad rows", each chunk its own short
 *   transaction) or into a TEMP staging table then moved into the table in chunks of short
 *   transactions (`moveStage`, staged-move.ts) — "all or nothing" without holding the one
 *   connection for the whole load. On a database file the staging table and the move live on a
 *   side connection of the import's own, in a worker thread (db/side-connection.ts, issue 30), so
 *   the main connection and its thread keep answering requests while rows are staged and moved.
 *   A TEMP table lives in its connection's own temp file: a process that dies takes it along.
 * - PostgreSQL: `copy … from stdin` (text format, copyText) of each chunk's rows, inside the
 *   caller's transaction (other connections never wait on it); no bound value a row, no array.
 */
export class BulkWriter {
  readonly dialect: DialectName;
  /** The temp staging table (SQLite "all or nothing"), once created. */
  private stage: string | null = null;
  /** The side connection the staging table lives on; none on an in-memory database (the main one). */
  private sideConnection: SideConnection | null = null;
  private readonly texts = new Map<string, string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: string,
    /** The physical field (and formula) columns of each row's values, in order. */
    private readonly columns: string[],
    private readonly stamp: BulkStamp,
    private readonly ids: ImportIds,
  ) {
    this.dialect = dialectOf(db as Kysely<unknown>);
  }

  private get targetColumns(): string {
    return [...SYSTEM_COLUMNS, ...this.columns].map(ident).join(', ');
  }

  /**
   * Creates the staging table (SQLite): the row's id and its values, no constraints, no indexes — on
   * a side connection of its own when the database is a file (`sqliteFile`).
   */
  async openStage(sqliteFile?: string): Promise<void> {
    this.stage = `import_stage_${randomBytes(6).toString('hex')}`;
    if (sqliteFile) this.sideConnection = new SideConnection(sqliteFile);
    const columns = ['id', ...this.columns.map((_, i) => `c${i}`)].map(ident).join(', ');
    await this.onStage(CompiledQuery.raw(`create temp table ${ident(this.stage)} (${columns})`));
  }

  /** The staging table's side connection, where the move's chunks are written (staged-move.ts); null: the main one. */
  get side(): SideConnection | null {
    return this.sideConnection;
  }

  /** A statement on the staging table's connection. */
  private async onStage(query: CompiledQuery): Promise<void> {
    if (this.sideConnection) await this.sideConnection.run(query);
    else await this.db.executeQuery(query);
  }

  /** Drops the staging table, whether or not its rows were moved, and closes its side connection. */
  async dropStage(): Promise<void> {
    if (!this.stage) return;
    const name = this.stage;
    const side = this.sideConnection;
    this.stage = null;
    // Closing the side connection takes its TEMP table along.
    if (side) {
      this.sideConnection = null;
      await side.close();
    } else await sql.raw(`drop table if exists temp.${ident(name)}`).execute(this.db);
  }

  /** The staging table's name (tests look for leftovers). */
  get stageName(): string | null {
    return this.stage;
  }

  /** Rows into the staging table, each statement on its own (others get the connection in between). */
  async toStage(rows: unknown[][]): Promise<string[]> {
    if (!this.stage) throw new Error('no staging table');
    const width = this.columns.length + 1;
    const per = Math.max(1, Math.floor(SQLITE_PARAMS / width));
    const ids: string[] = [];
    for (let at = 0; at < rows.length; at += per) {
      const part = rows.slice(at, at + per);
      const text = this.text(`stage:${part.length}`, () => {
        const one = `(${new Array(width).fill('?').join(',')})`;
        return `insert into temp.${ident(this.stage as string)} values ${new Array(part.length).fill(one).join(',')}`;
      });
      const params: unknown[] = [];
      for (const values of part) {
        const id = this.ids.next();
        ids.push(id);
        params.push(id);
        for (const v of values) params.push(v);
      }
      await this.onStage(CompiledQuery.raw(text, params));
    }
    return ids;
  }

  /**
   * The statement that moves staged rows `from` < rowid ≤ `to` (the staging table's rowids count its
   * rows from 1, in the order staged: ids ascending) into the table — one chunk of the move
   * (staged-move.ts), run in a transaction of the staging table's connection.
   */
  moveStage(from: number, to: number): CompiledQuery {
    if (!this.stage) throw new Error('no staging table');
    const stage = this.stage;
    const text = this.text('move', () => {
      const staged = this.columns.map((_, i) => ident(`c${i}`)).join(', ');
      return `insert into ${ident(this.table)} (${this.targetColumns}) select "id", ?, 1, ?, ?, ?, ?${
        staged ? `, ${staged}` : ''
      } from temp.${ident(stage)} where rowid > ? and rowid <= ? order by rowid`;
    });
    const { engineCode, memberId, now } = this.stamp;
    return CompiledQuery.raw(text, [engineCode, memberId, now, memberId, now, from, to]);
  }

  /** Rows straight into the table, inside `trx`; answers their ids. */
  async insert(trx: Kysely<Database>, rows: unknown[][]): Promise<string[]> {
    return this.dialect === 'postgres' ? this.insertPg(trx, rows) : this.insertSqlite(trx, rows);
  }

  private async insertSqlite(trx: Kysely<Database>, rows: unknown[][]): Promise<string[]> {
    const width = this.columns.length + 1;
    const per = Math.max(1, Math.floor((SQLITE_PARAMS - 5) / width));
    const { engineCode, memberId, now } = this.stamp;
    const ids: string[] = [];
    for (let at = 0; at < rows.length; at += per) {
      const part = rows.slice(at, at + per);
      const text = this.text(`table:${part.length}`, () => {
        const one = `(${new Array(width).fill('?').join(',')})`;
        const picked = ['column1', '?', '1', '?', '?', '?', '?', ...this.columns.map((_, i) => `column${i + 2}`)];
        return `insert into ${ident(this.table)} (${this.targetColumns}) select ${picked.join(', ')} from (values ${new Array(
          part.length,
        )
          .fill(one)
          .join(',')})`;
      });
      // The stamp's five values come first: `select` binds before `from (values …)`.
      const params: unknown[] = [engineCode, memberId, now, memberId, now];
      for (const values of part) {
        const id = this.ids.next();
        ids.push(id);
        params.push(id);
        for (const v of values) params.push(v);
      }
      await trx.executeQuery(CompiledQuery.raw(text, params));
    }
    return ids;
  }

  /**
   * PostgreSQL: `copy … from stdin` in text format (one line a row, tab between values, `\N` for
   * null; copyText escapes the rest), sent in pieces of about PG_PIECE characters through the
   * transaction's own client (db/database.ts CopyClient). The stamp's part of every line is made
   * once. PostgreSQL parses the text into each column's type as an insert would its bound values,
   * and the table's indexes and constraints take the rows as they come.
   */
  private async insertPg(trx: Kysely<Database>, rows: unknown[][]): Promise<string[]> {
    const text = this.text('copy', () => `${COPY_MARK} copy ${ident(this.table)} (${this.targetColumns}) from stdin`);
    const { engineCode, memberId, now } = this.stamp;
    const stamp = `\t${copyText(engineCode)}\t1\t${copyText(memberId)}\t${now}\t${copyText(memberId)}\t${now}`;
    const ids: string[] = [];
    const pieces: string[] = [];
    let piece = '';
    for (const values of rows) {
      const id = this.ids.next();
      ids.push(id);
      let line = id + stamp;
      for (let i = 0; i < values.length; i++) line += `\t${copyText(values[i])}`;
      piece += `${line}\n`;
      if (piece.length >= PG_PIECE) {
        pieces.push(piece);
        piece = '';
      }
    }
    if (piece) pieces.push(piece);
    if (pieces.length) await trx.executeQuery(CompiledQuery.raw(text, pieces));
    return ids;
  }

  private text(key: string, make: () => string): string {
    let text = this.texts.get(key);
    if (!text) {
      text = make();
      this.texts.set(key, text);
    }
    return text;
  }
}

const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A value as a field of PostgreSQL's COPY text format: null is `\N`; backslash, newline, carriage
 * return and tab are escaped (`\\`, `\n`, `\r`, `\t`), every other character — quotes, commas,
 * emoji, other control characters but NUL, which no text column holds — stands as it is. Numbers
 * and booleans are written as node-postgres binds them (their `String`), objects as JSON.
 */
export function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  else if (value instanceof Date) text = value.toISOString();
  else text = JSON.stringify(value);
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPED[c] as string) : text;
}
