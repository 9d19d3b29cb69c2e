import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, Kysely, PostgresDialect, SqliteDialect, SqliteDriver } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DialectName } from './dialect.js';
import { COPY_MARK, FIXED_MARK } from './fixed.js';
import type { Database } from './schema.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Human-readable location for logs (never includes a password). */
  location: string;
  /** SQLite on a file: its path (a side connection opens it too, db/side-connection.ts). */
  sqliteFile?: string;
  /** PostgreSQL: the server and database this handle uses (data sources may not connect to it). */
  server?: DatabaseServer;
  close(): Promise<void>;
  /**
   * SQLite: runs `fn` once the transaction now open commits (dropped if it rolls back). There is
   * one connection, so the open transaction is the caller's. (Live signals, modules/live.)
   */
  afterCommit?: (fn: () => void) => void;
  /**
   * PostgreSQL: this handle's one LISTEN connection hears `channel` too; resolves to its stop
   * function. `onResume` runs when the connection is back after a loss (notifications were missed).
   */
  listen?: (
    channel: string,
    onPayload: (payload: string) => void,
    onResume?: () => void,
  ) => Promise<() => Promise<void>>;
  /** PostgreSQL: the LISTEN connection's state (healthz), and its losses and returns as they happen (logs). */
  listener?: { state(): ListenerState; watch(fn: (event: ListenerEvent) => void): () => void };
}

/** Work waiting for the open SQLite transaction to commit. */
class CommitQueue {
  private pending: (() => void)[] = [];
  add(fn: () => void): void {
    this.pending.push(fn);
  }
  flush(): void {
    const run = this.pending;
    this.pending = [];
    for (const fn of run) fn();
  }
  drop(): void {
    this.pending = [];
  }
}

/**
 * SQLite writes take the write lock at BEGIN (`BEGIN IMMEDIATE`) so two processes never deadlock
 * upgrading a read lock mid-transaction; readers keep going thanks to WAL.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly queue: CommitQueue,
  ) {
    super(config);
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.queue.drop();
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await super.commitTransaction(connection);
    this.queue.flush();
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.queue.drop();
    await super.rollbackTransaction(connection);
  }
}

/**
 * better-sqlite3 statements kept by their SQL text (issue 15: "fixed statements prepared once"). Kysely
 * prepares every query anew — SQLite parses and plans it each time — while a request repeats the same
 * few texts with other parameters. Reads and writes are kept (at most `limit`, the least recently used
 * go first); DDL is prepared each time. SQLite re-prepares a kept statement by itself after a schema
 * change. A statement still busy (a stream iterating it) is never handed out twice.
 */
export class StatementCache {
  private readonly kept = new Map<string, SQLite.Statement>();

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly limit = 1000,
  ) {}

  prepare(sql: string): SQLite.Statement {
    if (!/^\s*(select|insert|update|delete|with)\b/i.test(sql)) return this.sqlite.prepare(sql);
    const hit = this.kept.get(sql);
    if (hit && !hit.busy) {
      // Most recently used last: the Map's order is the eviction order.
      this.kept.delete(sql);
      this.kept.set(sql, hit);
      return hit;
    }
    const statement = this.sqlite.prepare(sql);
    if (!hit) {
      this.kept.set(sql, statement);
      if (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value as string);
    }
    return statement;
  }

  get size(): number {
    return this.kept.size;
  }

  close(): void {
    this.kept.clear();
    this.sqlite.close();
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly queue: CommitQueue,
  ) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config, this.queue);
  }
}

/** The LISTEN connection's state: none needed yet (idle), listening (up), or lost and being opened again. */
export type ListenerState = 'idle' | 'up' | 'reconnecting';

/** What the LISTEN connection went through: lost (with the error, if any), or up again after a loss. */
export type ListenerEvent = { state: 'reconnecting'; error?: unknown; attempt: number } | { state: 'up' };

interface Subscriber {
  onPayload: (payload: string) => void;
  /** Called once the connection is back after a loss: notifications sent meanwhile were missed. */
  onResume?: (() => void) | undefined;
}

/** Backoff of the LISTEN connection's reconnects: doubling from `minMs` up to `maxMs`, with jitter. */
export interface ListenerBackoff {
  minMs: number;
  maxMs: number;
}

/**
 * One LISTEN connection per process for every channel (live signals, cache invalidation): a
 * connection of its own (a pooled one would be handed to queries), opened with the first channel.
 * A lost connection (the database restarted, the backend was terminated, the network dropped) is
 * opened again with backoff and every channel LISTENed again; then each subscriber's `onResume`
 * runs, since whatever was notified meanwhile never arrived.
 */
class PgListener {
  private client: pg.Client | null = null;
  private opening: Promise<pg.Client> | null = null;
  /** Channels LISTENed on the current connection. */
  private readonly listening = new Set<string>();
  private readonly handlers = new Map<string, Set<Subscriber>>();
  private readonly watchers = new Set<(event: ListenerEvent) => void>();
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  state: ListenerState = 'idle';

  constructor(
    private readonly connectionString: string,
    private readonly applicationName: string,
    private readonly backoff: ListenerBackoff,
  ) {}

  private open(): Promise<pg.Client> {
    this.opening ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString, application_name: this.applicationName });
      // A broken connection must not crash the process: it is opened again (lost()).
      client.on('error', (error) => this.lost(client, error));
      client.on('end', () => this.lost(client));
      client.on('notification', (msg) => {
        if (!msg.payload) return;
        for (const sub of this.handlers.get(msg.channel) ?? []) sub.onPayload(msg.payload);
      });
      try {
        await client.connect();
        const channels = [...this.handlers.keys()];
        for (const channel of channels) await client.query(`listen ${client.escapeIdentifier(channel)}`);
        this.listening.clear();
        for (const channel of channels) this.listening.add(channel);
        this.client = client;
        this.state = 'up';
        return client;
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      } finally {
        this.opening = null;
      }
    })();
    return this.opening;
  }

  private tell(event: ListenerEvent): void {
    for (const watch of this.watchers) {
      try {
        watch(event);
      } catch {
        // a watcher's failure is its own
      }
    }
  }

  /** The current connection ended or failed: open another after a pause (unless nobody listens any more). */
  private lost(client: pg.Client, error?: unknown): void {
    if (client !== this.client) return;
    this.client = null;
    this.listening.clear();
    this.state = 'reconnecting';
    client.end().catch(() => undefined);
    this.tell({ state: 'reconnecting', error, attempt: this.failures });
    this.schedule();
  }

  private schedule(): void {
    if (this.retry) return;
    const ceiling = Math.min(this.backoff.maxMs, this.backoff.minMs * 2 ** Math.min(this.failures, 20));
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    this.retry = setTimeout(() => void this.reconnect(), delay);
    this.retry.unref();
  }

  private async reconnect(): Promise<void> {
    this.retry = null;
    if (!this.handlers.size) {
      this.state = 'idle';
      return;
    }
    try {
      await this.open();
    } catch (error) {
      this.failures += 1;
      this.tell({ state: 'reconnecting', error, attempt: this.failures });
      this.schedule();
      return;
    }
    this.failures = 0;
    this.tell({ state: 'up' });
    for (const set of [...this.handlers.values()]) for (const sub of [...set]) sub.onResume?.();
  }

  watch(fn: (event: ListenerEvent) => void): () => void {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  }

  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResume?: () => void,
  ): Promise<() => Promise<void>> {
    const sub: Subscriber = { onPayload, onResume };
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(sub);
    const channelSet = set;
    try {
      // While reconnecting, the next connection LISTENs every channel, this one among them.
      if (this.state !== 'reconnecting') {
        const client = this.client ?? (await this.open());
        if (!this.listening.has(channel)) {
          await client.query(`listen ${client.escapeIdentifier(channel)}`);
          this.listening.add(channel);
        }
      }
    } catch (error) {
      channelSet.delete(sub);
      if (!channelSet.size && this.handlers.get(channel) === channelSet) this.handlers.delete(channel);
      throw error;
    }
    return async () => {
      channelSet.delete(sub);
      if (channelSet.size || this.handlers.get(channel) !== channelSet) return;
      this.handlers.delete(channel);
      const client = this.client;
      if (this.handlers.size) {
        if (client && this.listening.delete(channel))
          await client.query(`unlisten ${client.escapeIdentifier(channel)}`).catch(() => undefined);
        return;
      }
      await this.close();
    };
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.handlers.clear();
    this.listening.clear();
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.state = 'idle';
    if (client) await client.end().catch(() => undefined);
  }
}

/** Statement names by SQL text: a name is a hash of the text, so one name never means two texts. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `canopy_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * node-postgres client that sends statements marked fixed (db/fixed.ts) as named prepared
 * statements (issue 15: "fixed statements prepared once"): each connection parses and plans them
 * once, later runs send only the values. Kysely prepares nothing itself: every other statement is
 * parsed and planned on each run, as before. A kept plan that a migration made stale (the table's
 * columns changed under it) fails once with 0A000; it is prepared again under a new name.
 */
/**
 * node-postgres client that runs a statement marked COPY_MARK (db/fixed.ts) as `copy … from stdin`,
 * streaming its values (text-format data in pieces) with backpressure through pg-copy-streams: a
 * bulk import's rows reach PostgreSQL without a bound parameter each (issue 15). Kysely hands every
 * statement of a transaction to that transaction's client, so the COPY is inside it.
 */
class CopyClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query has a dozen overloads; Kysely calls (text, values)
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && config.startsWith(COPY_MARK) && Array.isArray(values) && !callback)
      return this.copyIn(config, values as string[]);
    return super.query(config, values, callback);
  }

  private async copyIn(text: string, pieces: string[]): Promise<pg.QueryResult> {
    const stream = super.query(copyFrom(text));
    await pipeline(Readable.from(pieces), stream);
    return { command: 'COPY', rowCount: stream.rowCount, rows: [], oid: 0, fields: [] };
  }
}

class NamedStatementClient extends CopyClient {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query has a dozen overloads; Kysely calls (text, values)
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config !== 'string' || !Array.isArray(values) || callback || !config.includes(FIXED_MARK))
      return super.query(config, values, callback);
    const run = (name: string) => super.query({ name, text: config, values }) as Promise<pg.QueryResult>;
    return run(statementName(config)).catch((e: { code?: string }) => {
      if (e?.code !== '0A000') throw e;
      const renamed = `${statementName(config)}_${randomUUID().slice(0, 8)}`;
      statementNames.set(config, renamed);
      return run(renamed);
    });
  }
}

export interface DatabaseServer {
  /** The host name or address of the URL (`localhost` when it names none, or a socket directory). */
  host: string;
  port: number;
  database: string;
}

/** The server a PostgreSQL URL names, with libpq's defaults (host localhost, port 5432, database = user). */
export function serverOf(databaseUrl: string): DatabaseServer {
  const url = new URL(databaseUrl);
  const param = url.searchParams.get('host') ?? '';
  const host = decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1') || param || 'localhost';
  const user = decodeURIComponent(url.username) || process.env.PGUSER || 'postgres';
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || url.searchParams.get('dbname') || user;
  return { host, port: Number(url.port || url.searchParams.get('port') || 5432), database };
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate each suite in its own schema). */
  pgSchema?: string;
  poolSize?: number;
  /**
   * Keep prepared statements: SQLite all of them (StatementCache), PostgreSQL the fixed ones
   * (NamedStatementClient). Off only to measure them (bench/).
   */
  statementCache?: boolean;
  /** The LISTEN connection's reconnect backoff (default 250 ms doubling up to 10 s). */
  listenerBackoff?: ListenerBackoff;
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
      Client: options.statementCache === false ? CopyClient : NamedStatementClient,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // Named so an operator (or a test) can tell it among the connections in pg_stat_activity.
    const listener = new PgListener(
      options.databaseUrl,
      `canopy-listen${options.pgSchema ? ` ${options.pgSchema}` : ''}`,
      options.listenerBackoff ?? { minMs: 250, maxMs: 10_000 },
    );
    return {
      db,
      dialect: 'postgres',
      location: `postgres://${url.host}${url.pathname}${options.pgSchema ? ` (schema ${options.pgSchema})` : ''}`,
      server: serverOf(options.databaseUrl),
      close: async () => {
        await listener.close();
        await db.destroy();
      },
      listen: (channel, onPayload, onResume) => listener.listen(channel, onPayload, onResume),
      listener: { state: () => listener.state, watch: (fn) => listener.watch(fn) },
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const queue = new CommitQueue();
  const database = options.statementCache === false ? sqlite : new StatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }, queue) });
  return {
    db,
    dialect: 'sqlite',
    location: file,
    ...(file !== ':memory:' ? { sqliteFile: file } : {}),
    close: () => db.destroy(),
    afterCommit: (fn) => queue.add(fn),
  };
}
