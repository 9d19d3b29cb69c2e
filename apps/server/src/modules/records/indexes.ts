import { createHash } from 'node:crypto';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, RecordIndexesTable } from '../../db/schema.js';
import { analyzeTable } from '../../db/statistics.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { SortColumn } from './repository.js';

/** The job that builds the indexes lists asked for. */
export const RECORD_INDEX_JOB = 'records.indexes';

/**
 * An index a list needs: one column a filter or sort reads; a view's composite order (the columns
 * its filter pins, then each sort as lists order by it, then id); a text column's full-text index.
 */
export type IndexSpec =
  | { kind: 'column'; column: string }
  | { kind: 'view'; equal: string[]; sorts: SortColumn[] }
  | { kind: 'text'; column: string };

/** The table an index is for. */
export interface IndexTable {
  engineCode: string;
  schemaCode: string;
  table: string;
}

/** What a bulk load took off a table's full-text indexes (SQLite): their names and the rowid it started past. */
export interface BulkLoadState {
  names: string[];
  after: number;
}

/** Who asked for an index: a saved view (at its save) or a list request (capped a table). */
export type IndexOrigin = 'view' | 'list';

/**
 * Indexes a table's lists may ask for on their own, first come first served: every index slows each
 * write of the table and a build costs a pass over it, so what any client can make the server build
 * is bounded. Order indexes (`view`: one per distinct sorts of a searched list — without a bound, a
 * client sending ever new sorts gets ever new indexes) and one-field indexes (`column`, `text`: at
 * most two a field, but a wide table has hundreds) count apart, so the many combinations of one never
 * take the other's places. Eight orders cover the few ways a table's members actually sort what they
 * search; saved views ask for theirs beyond both (they are few and made by people).
 */
export const ON_DEMAND_PER_TABLE = { order: 8, field: 24 } as const;

/** Which of the two on-demand budgets an index counts against. */
const budgetOf = (kind: IndexSpec['kind']): keyof typeof ON_DEMAND_PER_TABLE => (kind === 'view' ? 'order' : 'field');

/** Rows a full-text backfill batch copies (SQLite): a writer waits at most one batch. */
const FILL_BATCH = 2_000;

/** The name of the index a spec describes (the names views used before the job keep working). */
export function indexName(table: string, spec: IndexSpec): string {
  if (spec.kind === 'column') return `${table}_${spec.column}_ix`.slice(0, 63);
  if (spec.kind === 'text') return `${table}_${spec.column}_tx`.slice(0, 63);
  const key = [...spec.equal, ...spec.sorts.map((s) => `${s.name}${s.direction === 'desc' ? 'd' : 'a'}`)].join('_');
  return `${table}_v_${createHash('sha1').update(key).digest('hex').slice(0, 10)}`;
}

/** How long `readyNames` keeps a table's answer: an index built in another process is walked this much later. */
const READY_NAMES_MS = 5_000;

/** At least three characters: what a trigram index can answer (shorter needles scan). */
export const trigramServes = (needle: string) => [...needle].length >= 3;

/**
 * Indexes for the records' lists (issue 15), built in the background by the job queue — never
 * inside a request. A list or a saved view `request`s what it reads; the first request of a name
 * writes its row (`record_indexes`, unique by name) and one job builds every new name. Until an
 * index is ready the list answers by scanning, as before; after, the same query finds it. What
 * lists ask for on their own is capped a table (ON_DEMAND_PER_TABLE); saved views' indexes are not.
 *
 * PostgreSQL: `CREATE INDEX CONCURRENTLY` outside any transaction (writers never wait); full text is
 * a pg_trgm GIN index on `lower(column)`, which the unchanged `lower(column) like '%…%'` uses (no
 * pg_trgm extension: the index fails and the scan stays).
 *
 * SQLite: one connection, so `CREATE INDEX` on a column holds writers for the build (about a second
 * per million rows, measured in bench/). Full text is an FTS5 trigram table per text column keyed
 * by the data table's rowid, kept in step by triggers in the writer's own statement; it is filled
 * in batches of 2,000 rows, each its own short transaction, so writers wait one batch at most.
 * Product code never runs VACUUM (which could renumber rowids); a manual VACUUM must be followed by
 * dropping the `_tx` tables (they are rebuilt on the next request).
 */
export class RecordIndexes {
  /**
   * Names this process asked for already, with who asked: a list asks once per process, not per
   * request; a saved view asking for a name a list asked for takes it over (it stops counting).
   */
  private readonly asked = new Map<string, IndexOrigin>();
  /**
   * A table's budgets (`table:order`, `table:field`) its lists used up, as this process saw: a list
   * with new sorts goes unindexed without a round trip. Only a saved view taking an index over frees
   * a place, rare enough to wait for the next start.
   */
  private readonly full = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  /** `readyNames`' answers by table, with when they were read. */
  private readonly readySeen = new Map<string, { at: number; names: Set<string> }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly jobs: JobQueue,
    private readonly now: () => number = Date.now,
  ) {
    jobs.register<{ names: string[]; after?: number }>(RECORD_INDEX_JOB, {
      // One build at a time in a process: two concurrent builds on one PostgreSQL table deadlock.
      run: ({ names, after }, job) => {
        const run = this.queue.then(() => this.build(names, job.attempt < job.maxAttempts, after ?? 0));
        this.queue = run.catch(() => undefined);
        return run;
      },
      maxAttempts: 3,
    });
  }

  /**
   * Asks for these indexes: new ones get a row and one job between them; known ones nothing.
   * `origin`: `view` — a saved view's, at its save (every one it needs); `list` — what a list request
   * reads (its own sorts, filter, search), within the table's budgets (`ON_DEMAND_PER_TABLE`). Past
   * them a list's new index is refused without a word: the list answers by scanning, as it does
   * before any index is built.
   */
  async request(table: IndexTable, specs: IndexSpec[], origin: IndexOrigin = 'view'): Promise<void> {
    const fresh = new Map<string, IndexSpec>();
    for (const spec of specs) {
      const name = indexName(table.table, spec);
      const had = this.asked.get(name);
      if (had && !(origin === 'view' && had === 'list')) continue;
      if (origin === 'list' && this.full.has(`${table.table}:${budgetOf(spec.kind)}`)) continue;
      fresh.set(name, spec);
    }
    if (!fresh.size) return;
    const filled: string[] = [];
    await this.db.transaction().execute(async (trx) => {
      const known = await trx
        .selectFrom('record_indexes')
        .select(['name', 'origin'])
        .where('name', 'in', [...fresh.keys()])
        .execute();
      for (const k of known) {
        // A saved view's own index from now on: it no longer takes a list's place.
        if (origin === 'view' && k.origin === 'list')
          await trx.updateTable('record_indexes').set({ origin: 'view' }).where('name', '=', k.name).execute();
        fresh.delete(k.name);
        this.asked.set(k.name, origin === 'view' ? 'view' : k.origin);
      }
      if (!fresh.size) return;
      const room = { order: Number.POSITIVE_INFINITY, field: Number.POSITIVE_INFINITY };
      if (origin === 'list') {
        // Processes asking at once for one table count one after the other (PostgreSQL; SQLite has
        // one writer already), so the budgets hold across a cluster.
        if (this.dialect === 'postgres')
          await sql`select pg_advisory_xact_lock(hashtext(${`record_indexes:${table.table}`}))`.execute(trx);
        const used = await trx
          .selectFrom('record_indexes')
          .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
          .where('table_name', '=', table.table)
          .where('origin', '=', 'list')
          .groupBy('kind')
          .execute();
        room.order = ON_DEMAND_PER_TABLE.order;
        room.field = ON_DEMAND_PER_TABLE.field;
        for (const u of used) room[budgetOf(u.kind as IndexSpec['kind'])] -= Number(u.n);
      }
      const added: string[] = [];
      for (const [name, spec] of fresh) {
        const budget = budgetOf(spec.kind);
        if (room[budget] <= 0) {
          filled.push(`${table.table}:${budget}`);
          continue;
        }
        const { kind, ...definition } = spec;
        const result = await trx
          .insertInto('record_indexes')
          .values({
            name,
            engine_code: table.engineCode,
            schema_code: table.schemaCode,
            table_name: table.table,
            kind,
            definition: JSON.stringify(definition),
            state: 'requested',
            progress: 0,
            error: null,
            job_id: null,
            requested_at: this.now(),
            built_at: null,
            origin,
          })
          .onConflict((oc) => oc.column('name').doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) {
          added.push(name);
          room[budget] -= 1;
        }
      }
      if (added.length) {
        const job = await this.jobs.enqueue(RECORD_INDEX_JOB, { names: added }, { trx });
        await trx.updateTable('record_indexes').set({ job_id: job.id }).where('name', 'in', added).execute();
      }
      for (const name of added) this.asked.set(name, origin);
    });
    for (const key of filled) this.full.add(key);
  }

  /** The state of a table's indexes (tests, support). */
  states(table: string): Promise<RecordIndexesTable[]> {
    return this.db.selectFrom('record_indexes').selectAll().where('table_name', '=', table).execute();
  }

  /**
   * What a text list can read through, in one indexed read of `record_indexes`: the names of the
   * table's ready indexes (an ordered walk needs its order index), and on SQLite the text columns
   * whose full-text index is ready with that index's FTS5 table (PostgreSQL's GIN index serves the
   * query as written).
   */
  async ready(table: string): Promise<{ names: Set<string>; fulltext: Map<string, string> }> {
    const rows = await this.db
      .selectFrom('record_indexes')
      .select(['name', 'kind', 'definition'])
      .where('table_name', '=', table)
      .where('state', '=', 'ready')
      .execute();
    const fulltext = new Map<string, string>();
    if (this.dialect === 'sqlite')
      for (const r of rows)
        if (r.kind === 'text') fulltext.set((JSON.parse(r.definition) as { column: string }).column, r.name);
    return { names: new Set(rows.map((r) => r.name)), fulltext };
  }

  /**
   * The names of a table's ready indexes as this process saw them up to a few seconds ago (one
   * read of `record_indexes` a table per READY_NAMES_MS), for plan choices whose answers do not
   * depend on it: a filtered list's ordered walk (records/where-planner.ts walksFiltered) is as right
   * without its index, only slower. Never for full text, whose ready state decides which rows a
   * search finds (`ready`).
   */
  async readyNames(table: string): Promise<Set<string>> {
    const at = this.now();
    const kept = this.readySeen.get(table);
    if (kept && at - kept.at < READY_NAMES_MS) return kept.names;
    const names = (await this.ready(table)).names;
    this.readySeen.set(table, { at, names });
    return names;
  }

  /**
   * Starts a bulk load (an import's move from its staging table, transfer/staged-move.ts) inside
   * `trx`: the table's ready full-text indexes lose their insert triggers (SQLite: one FTS5 insert a
   * row would make the move many times longer, holding the one connection) and go back to
   * `building` — lists scan the column meanwhile, so answers stay right whatever transaction the
   * load's rows commit in. Answers what `endBulkLoad` gives back, or null when nothing was taken off.
   */
  async beginBulkLoad(trx: Kysely<Database>, table: string): Promise<BulkLoadState | null> {
    if (this.dialect !== 'sqlite') return null;
    const ready = await trx
      .selectFrom('record_indexes')
      .select('name')
      .where('table_name', '=', table)
      .where('kind', '=', 'text')
      .where('state', '=', 'ready')
      .execute();
    if (!ready.length) return null;
    const top = await sql<{ m: number | null }>`select max(rowid) as m from ${sql.table(table)}`.execute(trx);
    const after = Number(top.rows[0]?.m ?? 0);
    const names = ready.map((r) => r.name);
    for (const name of names) await sql`drop trigger if exists ${sql.id(`${name}_ai`)}`.execute(trx);
    await trx
      .updateTable('record_indexes')
      .set({ state: 'building', progress: 0, job_id: null })
      .where('name', 'in', names)
      .execute();
    this.readySeen.delete(table);
    return { names, after };
  }

  /**
   * Ends a bulk load inside `trx` (the load's last transaction, or its undo's): the triggers are
   * back on the indexes that still exist, and one job fills in every row past the old end — the
   * load's and any other writer's meanwhile — then marks them ready again.
   */
  async endBulkLoad(trx: Kysely<Database>, table: string, state: BulkLoadState | null): Promise<void> {
    if (!state || this.dialect !== 'sqlite') return;
    const still = await trx
      .selectFrom('record_indexes')
      .select(['name', 'definition'])
      .where('name', 'in', state.names)
      .execute();
    if (!still.length) return;
    for (const { name, definition } of still) {
      const column = (JSON.parse(definition) as { column: string }).column;
      await this.insertTrigger(trx, table, name, column);
    }
    const names = still.map((r) => r.name);
    const job = await this.jobs.enqueue(RECORD_INDEX_JOB, { names, after: state.after }, { trx });
    await trx
      .updateTable('record_indexes')
      .set({ state: 'building', progress: 0, job_id: job.id })
      .where('name', 'in', names)
      .execute();
    this.readySeen.delete(table);
  }

  private insertTrigger(trx: Kysely<Database>, table: string, name: string, column: string) {
    const col = sql.ref(column);
    return sql`create trigger if not exists ${sql.id(`${name}_ai`)} after insert on ${sql.table(table)} begin
        insert or replace into ${sql.id(name)} (rowid, ${col}) values (new.rowid, new.${col}); end`.execute(trx);
  }

  /** Builds what is not ready yet; a failure is tried again by the job's next attempt, then marked failed. */
  private async build(names: string[], canRetry: boolean, after = 0): Promise<void> {
    let failed = 0;
    const built = new Set<string>();
    for (const name of names) {
      const row = await this.db.selectFrom('record_indexes').selectAll().where('name', '=', name).executeTakeFirst();
      if (!row || row.state === 'ready') continue;
      const spec = { kind: row.kind, ...JSON.parse(row.definition) } as IndexSpec;
      await this.mark(name, { state: 'building', progress: 0, error: null });
      try {
        if (spec.kind === 'text') await this.buildText(row.table_name, name, spec.column, after);
        else await this.create(name, row.table_name, spec);
        await this.mark(name, { state: 'ready', progress: 100, built_at: this.now() });
        built.add(row.table_name);
      } catch (e) {
        // A failed index leaves the list as it was (a scan); a half-built one is dropped.
        await this.drop(name, spec.kind).catch(() => undefined);
        const error = String((e as Error).message ?? e).slice(0, 1000);
        await this.mark(name, { state: canRetry ? 'requested' : 'failed', error });
        failed++;
      }
    }
    // The planner learns what the new indexes hold (statistics.ts): without it PostgreSQL guesses a
    // trigram index's hits and SQLite guesses every index alike. A failure only leaves the guesses.
    for (const table of built) await analyzeTable(this.db, table).catch(() => undefined);
    if (failed && canRetry) throw new Error(`${failed} of ${names.length} indexes failed; retrying`);
  }

  private async mark(name: string, set: Partial<RecordIndexesTable>) {
    const row = await this.db
      .updateTable('record_indexes')
      .set(set)
      .where('name', '=', name)
      .returning('table_name')
      .executeTakeFirst();
    // This process sees its own builds at once; others within READY_NAMES_MS.
    if (row) this.readySeen.delete(row.table_name);
  }

  private async create(name: string, table: string, spec: IndexSpec): Promise<void> {
    const parts: RawBuilder<unknown>[] =
      spec.kind === 'view'
        ? [
            ...spec.equal.map((c) => sql`${sql.ref(c)}`),
            ...spec.sorts.flatMap((s) => [
              sql`(${sql.ref(s.name)} is null)`,
              s.direction === 'desc' ? sql`${sql.ref(s.name)} desc` : sql`${sql.ref(s.name)} asc`,
            ]),
            sql`${sql.ref('id')}`,
          ]
        : [sql`${sql.ref(spec.column)}`];
    const concurrently = sql.raw(this.dialect === 'postgres' ? 'concurrently ' : '');
    await sql`create index ${concurrently}if not exists ${sql.id(name)} on ${sql.table(table)} (${sql.join(parts)})`.execute(
      this.db,
    );
  }

  private async drop(name: string, kind: IndexSpec['kind']): Promise<void> {
    if (this.dialect === 'postgres') {
      await sql`drop index concurrently if exists ${sql.id(name)}`.execute(this.db);
      return;
    }
    if (kind !== 'text') return;
    for (const t of ['ai', 'ad', 'au']) await sql`drop trigger if exists ${sql.id(`${name}_${t}`)}`.execute(this.db);
    await sql`drop table if exists ${sql.id(name)}`.execute(this.db);
  }

  /** `after`: the rows up to this rowid are in the index already (a refill after a bulk load). */
  private async buildText(table: string, name: string, column: string, after = 0): Promise<void> {
    if (this.dialect === 'postgres') {
      // The migrations put pg_trgm in `public` (an instance may have it elsewhere): its operator
      // class is named with its schema, whatever the connection's search_path.
      const ext = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(this.db);
      const schema = ext.rows[0]?.schema;
      if (!schema) throw new Error('pg_trgm is not installed');
      await sql`create index concurrently if not exists ${sql.id(name)} on ${sql.table(table)}
        using gin (lower(${sql.ref(column)}) ${sql.id(schema, 'gin_trgm_ops')})`.execute(this.db);
      return;
    }
    const fts = sql.id(name);
    const col = sql.ref(column);
    // The table and its triggers at once: from here every write keeps it in step, in the writer's
    // own statement; a batch below copying a row a trigger wrote already writes the same value.
    await this.db.transaction().execute(async (trx) => {
      await sql`create virtual table if not exists ${fts} using fts5(${col}, tokenize = 'trigram')`.execute(trx);
      await this.insertTrigger(trx, table, name, column);
      await sql`create trigger if not exists ${sql.id(`${name}_ad`)} after delete on ${sql.table(table)} begin
        delete from ${fts} where rowid = old.rowid; end`.execute(trx);
      await sql`create trigger if not exists ${sql.id(`${name}_au`)} after update of ${col} on ${sql.table(table)} begin
        insert or replace into ${fts} (rowid, ${col}) values (new.rowid, new.${col}); end`.execute(trx);
    });
    const top = await sql<{ m: number | null }>`select max(rowid) as m from ${sql.table(table)}`.execute(this.db);
    const end = Number(top.rows[0]?.m ?? 0);
    let done = after;
    while (done < end) {
      const upTo = Math.min(done + FILL_BATCH, end);
      await sql`insert or replace into ${fts} (rowid, ${col}) select rowid, ${col} from ${sql.table(table)}
        where rowid > ${done} and rowid <= ${upTo} and ${col} is not null`.execute(this.db);
      done = upTo;
      await this.mark(name, { progress: Math.floor(((done - after) / (end - after)) * 99) });
      // Let the writers queued behind this batch in before the next one.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
