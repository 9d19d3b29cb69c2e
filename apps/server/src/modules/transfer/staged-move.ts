import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type JobRun, LeaseLost } from '../../jobs/queue.js';
import { importLastPossibleId } from '../records/import-ids.js';
import type { BulkLoadState } from '../records/indexes.js';
import type { RecordService } from '../records/service.js';
import type { BulkWriter } from './bulk-writer.js';
import type { ImportRepository } from './import-repository.js';

/**
 * Rows a chunk of the move writes in its transaction: 4–11 µs a row (bench/README.md "Imports: how
 * long a request waits"), so a request arriving meanwhile waits 0.1–0.3 s — well under the second
 * issue 15 allows, with room for a loaded machine.
 */
export const MOVE_CHUNK_ROWS = 25_000;
/** Rows an undo deletes a transaction. */
const UNDO_CHUNK_ROWS = 25_000;

/** One turn of the event loop: the requests that arrived meanwhile are read and run. */
const letOthersIn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What a moving import has put where (`import_jobs.moving`): enough for any process to take it back out. */
export interface MoveMarker {
  /** The physical table and the table's code (its cached counts). */
  table: string;
  schema: string;
  /** The import's first record id: its records are the id range of that id's prefix (records/import-ids.ts). */
  first: string;
  /** The full-text indexes the move took off their triggers (records/indexes.ts beginBulkLoad). */
  fts: BulkLoadState | null;
  /** Rows moved so far (the job's progress, `written`). */
  moved: number;
}

/** The move failed and so did its undo: the job runs again, and that run takes the moved rows out first. */
export class MoveUndoPending extends Error {}

/** One move of an import's staged rows into its table (SQLite "all or nothing"). */
export interface MovePlan {
  jobId: string;
  marker: MoveMarker;
  writer: BulkWriter;
  held: JobRun;
  /** Rows staged (the staging table's rowids are 1 … total). */
  total: number;
  chunkRows: number;
  /** A test's look after each chunk but the last. */
  between: (moved: number) => Promise<void>;
  /** A test's look inside each chunk's transaction, its rows written but not committed (read at each chunk). */
  during: () => ((moved: number) => Promise<void>) | null;
  /** The import's end, inside the last chunk's transaction: its entry, its hooks, `created`, the fence last. */
  finish: (trx: Kysely<Database>) => Promise<void>;
}

/**
 * Moves an SQLite "all or nothing" import's staged rows (bulk-writer.ts) into its table in chunks,
 * each its own short transaction fenced by the job's lease, so other requests run in between even at
 * a million rows (one statement moving them all held the one connection 3.8 s). On a database file
 * the chunks are written by the staging table's side connection in its own thread (issue 30): the
 * main connection and thread answer reads — the import's status poll — at once, even mid-chunk. The
 * import's rows are therefore seen chunk by chunk for the few seconds the move takes. What stays all
 * or nothing is the outcome: a first transaction marks the job (`moving`) and takes the full-text
 * indexes off their triggers, each chunk moves the mark on, a last one writes the import's entry,
 * `created` and its hooks and clears the mark — and a move that stops in between is taken back out:
 * here on a failure, by the process that takes the job over after a crash (or gives it up) when it
 * finds the mark. A lost lease leaves the undo to the new holder.
 */
export class StagedMove {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: RecordService,
    private readonly repo: ImportRepository,
  ) {}

  async move(plan: MovePlan): Promise<void> {
    const { marker, held } = plan;
    let marked = false;
    try {
      // The move's start: the full-text indexes off their triggers and the job marked, together.
      await this.db.transaction().execute(async (trx) => {
        marker.fts = await this.records.beginBulkLoad(trx, marker.table);
        await this.mark(trx, plan.jobId, { ...marker, moved: 0 });
        await held.hold(trx);
      });
      marked = true;
      let moved = 0;
      while (moved < plan.total) {
        const to = Math.min(plan.total, moved + plan.chunkRows);
        await this.chunk(plan, moved, to);
        moved = to;
        this.records.changedTable(marker.schema);
        // The queued requests' turn: a transaction's promises resolve without the event loop ever
        // reaching its I/O phase, so chunk after chunk would otherwise run as one long hold.
        await letOthersIn();
        if (moved < plan.total) await plan.between(moved);
      }
      // The end: triggers back, the mark cleared, the import's entry, hooks, `created` and the fence.
      await this.db.transaction().execute(async (trx) => {
        await this.records.endBulkLoad(trx, marker.table, marker.fts);
        await this.mark(trx, plan.jobId, null);
        await plan.finish(trx);
      });
      this.records.changedTable(marker.schema);
    } catch (error) {
      if (marked && !(error instanceof LeaseLost)) {
        try {
          await this.undo(plan.jobId, marker, held);
        } catch (undoError) {
          // The lease went meanwhile: the new holder undoes. Anything else: the job's next run does.
          if (undoError instanceof LeaseLost) throw undoError;
          throw new MoveUndoPending(`the move of import ${plan.jobId} stopped and could not be taken back out`, {
            cause: undoError,
          });
        }
      }
      throw error;
    }
  }

  /**
   * One chunk's transaction: its rows into the table, the mark moved on, the job held (the fence).
   * On a database file it runs on the staging table's side connection in its own thread
   * (bulk-writer.ts), sent whole, so this thread answers requests — status polls — meanwhile.
   */
  private async chunk(plan: MovePlan, from: number, to: number): Promise<void> {
    const { writer, held, marker } = plan;
    const side = writer.side;
    if (!side) {
      // An in-memory database has no side: the main connection writes the chunk.
      await this.db.transaction().execute(async (trx) => {
        await trx.executeQuery(writer.moveStage(from, to));
        await this.mark(trx, plan.jobId, { ...marker, moved: to });
        await held.hold(trx);
        await plan.during()?.(to);
      });
      return;
    }
    const mark = this.db
      .updateTable('import_jobs')
      .set({ moving: JSON.stringify({ ...marker, moved: to }) })
      .where('id', '=', plan.jobId)
      .compile();
    const look = plan.during();
    const refused = await side.batch(
      [{ query: writer.moveStage(from, to) }, { query: mark }, { query: held.holdQuery(), expect: 1 }],
      look ? { after: 2, reached: () => look(to) } : undefined,
    );
    // The hold changed no row: another process took the job over (this one stalled past its lease).
    if (refused !== null) throw new LeaseLost(held.id);
  }

  /**
   * Takes a stopped move's rows back out, a chunk a transaction (each fenced by `held` when the job is
   * still held), then puts the full-text triggers back and clears the mark. The rows are the import's
   * id range: no other write makes ids there (records/import-ids.ts).
   */
  async undo(jobId: string, marker: MoveMarker, held: JobRun | null): Promise<void> {
    const table = sql.table(marker.table);
    const upTo = importLastPossibleId(marker.first);
    for (;;) {
      const gone = await this.db.transaction().execute(async (trx) => {
        const top = await sql<{ top: string | null; n: number }>`select max(id) as top, count(*) as n from
          (select id from ${table} where id >= ${marker.first} and id <= ${upTo} order by id limit ${UNDO_CHUNK_ROWS})`.execute(
          trx,
        );
        const { top: end = null, n = 0 } = top.rows[0] ?? {};
        if (end !== null) await sql`delete from ${table} where id >= ${marker.first} and id <= ${end}`.execute(trx);
        if (held) await held.hold(trx);
        return Number(n);
      });
      if (gone) this.records.changedTable(marker.schema);
      if (gone < UNDO_CHUNK_ROWS) break;
      await letOthersIn();
    }
    await this.db.transaction().execute(async (trx) => {
      await this.records.endBulkLoad(trx, marker.table, marker.fts);
      await this.mark(trx, jobId, null);
      if (held) await held.hold(trx);
    });
  }

  /** Takes back out the move a job's mark says stopped half-way (a takeover, a give-up); nothing when unmarked. */
  async takeBack(jobId: string, held: JobRun | null): Promise<void> {
    const row = await this.repo.byId(jobId);
    if (row?.moving) await this.undo(jobId, JSON.parse(row.moving) as MoveMarker, held);
  }

  private mark(trx: Kysely<Database>, jobId: string, marker: MoveMarker | null) {
    return this.repo.update(jobId, { moving: marker ? JSON.stringify(marker) : null }, trx);
  }
}
