import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, Kysely, PostgresDialect, SqliteDialect, SqliteDriver } from 'kysely';
import pg from 'pg';
import type { DialectName } from './dialect.js';
import type { Database } from './schema.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Human-readable location for logs (never includes a password). */
  location: string;
  close(): Promise<void>;
}

/**
 * SQLite writes take the write lock at BEGIN (`BEGIN IMMEDIATE`) so two processes never deadlock
 * upgrading a read lock mid-transaction; readers keep going thanks to WAL.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate each suite in its own schema). */
  pgSchema?: string;
  poolSize?: number;
}

// int8 (bigint) columns hold epoch milliseconds: well inside Number's safe range.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: pgTypes,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      location: `postgres://${url.host}${url.pathname}${options.pgSchema ? ` (schema ${options.pgSchema})` : ''}`,
      close: () => db.destroy(),
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', location: file, close: () => db.destroy() };
}
