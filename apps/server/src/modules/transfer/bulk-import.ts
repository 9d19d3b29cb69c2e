import { type Language, RecordLimits } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, ImportJobsTable } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import type { JobRun } from '../../jobs/queue.js';
import { ImportIds } from '../records/import-ids.js';
import type { SchemaContext } from '../schema-context/context.js';
import { BulkWriter } from './bulk-writer.js';
import type { NameBook } from './cells.js';
import { type ColumnPlan, compileConverter } from './converter.js';
import {
  describe,
  type ImportOutcome,
  type ImportWork,
  problemReport,
  type RowProblem,
  rolledBack,
} from './import-work.js';
import { readSheetChunks, type SheetFormat } from './sheets.js';
import { MOVE_CHUNK_ROWS } from './staged-move.js';

/** An atomic bulk import on PostgreSQL met a bad row: its transaction rolls back. */
class BulkRolledBack extends Error {}

/**
 * Tables whose rows need nothing from the database per row (issue 15): each row converted by a
 * converter compiled once (converter.ts), written by the bulk writer (bulk-writer.ts) with ids of
 * one range (records/import-ids.ts), and one history entry for the import (`record_imports`)
 * instead of one per record. "All or nothing": SQLite loads a TEMP staging table chunk by chunk
 * (other requests run in between) and moves it into the table in chunks of short transactions
 * (staged-move.ts), taken back out if the move stops; PostgreSQL writes into the table inside one
 * transaction (other connections never wait on it). Either way a bad row leaves nothing, and so
 * does a crash: the transaction rolls back, the temp table goes, or a half-done move is undone.
 */
export async function runBulkImport(
  work: ImportWork,
  ctx: SchemaContext,
  job: ImportJobsTable,
  lang: Language,
  held: JobRun,
  plan: ColumnPlan[],
  names: NameBook,
): Promise<ImportOutcome> {
  const now = work.now();
  const converter = compileConverter(ctx, plan, names, new Date(now), await work.records.defaultEnv(ctx));
  const ids = new ImportIds(now);
  const writer = new BulkWriter(
    work.db,
    ctx.schema.table_name,
    converter.columns,
    { engineCode: ctx.schema.engine_code, memberId: ctx.access.tenant.memberId, now },
    ids,
  );
  const entry = {
    import_id: job.id,
    engine_code: ctx.schema.engine_code,
    schema_code: ctx.schema.code,
    member_id: ctx.access.tenant.memberId,
    file_name: job.file_name,
    first_id: ids.first,
    created_at: now,
  };
  const listens = await work.records.listensToCreates(ctx, work.db);
  const chunkRows = RecordLimits.importBatchRows;
  let processed = 0;
  let failed = 0;
  /** Rows committed to the table ("all or nothing": only in the transaction that moves them all). */
  let created = 0;
  /** Rows written so far but not committed ("all or nothing"). */
  let staged = 0;
  const report = problemReport(work.repo, job.id);
  /** Converts the sheet chunk by chunk, handing the good rows of each chunk to `write`. */
  const convert = async (write: (good: unknown[][]) => Promise<void>) => {
    let line = 1;
    /**
     * The previous chunk's write, still running while this chunk is read and converted: on
     * PostgreSQL the server takes a COPY in while this process converts the next rows (two cores
     * instead of one after the other). Writes stay one at a time and in order; the counts a
     * chunk's progress update shows may lag one chunk behind. A test's look between chunks
     * (the `betweenChunks` test hook) waits for each write first.
     */
    let writing: Promise<void> | null = null;
    // SQLite writes on this thread anyway: nothing to overlap there.
    const overlap = writer.dialect === 'postgres' && !work.hooks.betweenChunks;
    try {
      for await (const rows of readSheetChunks(job.file_path, job.format as SheetFormat, chunkRows)) {
        const good: unknown[][] = [];
        const problems: RowProblem[] = [];
        for (const row of rows) {
          line += 1;
          processed += 1;
          const result = converter.convert(row);
          if (result.ok) good.push(result.values);
          else {
            failed += 1;
            problems.push(...describe(ctx, line, new FieldValidationError(result.problems), lang));
          }
        }
        await report(problems);
        if (writing) await writing;
        writing = write(good);
        // Awaited before the next write or at the end; a failure meanwhile must not count as unhandled.
        writing.catch(() => undefined);
        if (!overlap) {
          await writing;
          writing = null;
        }
        await work.repo.update(job.id, { processed, created, failed, updated_at: work.now() });
        await work.hooks.betweenChunks?.(job, { staged, stage: writer.stageName });
      }
      if (writing) await writing;
    } finally {
      // A failed read or conversion: the write in flight ends before the caller rolls back or drops.
      if (writing) await writing.catch(() => undefined);
    }
  };
  /** The records' ids, for the write hooks (only read when one listens). */
  const allIds = () => Array.from({ length: ids.taken }, (_, i) => ids.at(i));

  if (job.mode !== 'atomic') {
    // Skip bad rows: each chunk's good rows commit on their own, the import's entry growing with them.
    await convert(async (good) => {
      if (!good.length) return;
      await work.db.transaction().execute(async (trx) => {
        const written = await writer.insert(trx, good);
        if (created === 0) await work.repo.addImport(trx, { ...entry, last_id: ids.last, count: written.length });
        else await work.repo.growImport(trx, job.id, ids.last, created + written.length);
        if (listens) await work.records.tellImported(ctx, trx, written);
        await held.hold(trx);
      });
      created += good.length;
      work.records.changed(ctx);
    });
    return { state: 'done', counts: { processed, created, failed } };
  }

  /** The end of an atomic import, in the transaction that makes its rows visible. */
  const commit = async (trx: Kysely<Database>) => {
    created = staged;
    await work.repo.addImport(trx, { ...entry, last_id: ids.last, count: created });
    if (listens) await work.records.tellImported(ctx, trx, allIds());
    // Committed with the rows: a process that takes the job over after a crash sees them written.
    await work.repo.update(job.id, { processed, created, updated_at: work.now() }, trx);
    // Last: only the process that holds the job commits (a fence), and its row stays locked until then.
    await held.hold(trx);
  };

  if (writer.dialect === 'postgres') {
    const written = await work.db
      .transaction()
      .execute(async (trx) => {
        await convert(async (good) => {
          if (failed) return; // a bad row: nothing more is written, the rest is only checked
          await writer.insert(trx, good);
          staged += good.length;
        });
        if (failed) throw new BulkRolledBack();
        await commit(trx);
      })
      .then(() => true)
      .catch((error: unknown) => {
        if (error instanceof BulkRolledBack) return false;
        throw error;
      });
    if (!written) return rolledBack(processed, failed);
  } else {
    await writer.openStage(work.sqliteFile);
    try {
      await convert(async (good) => {
        if (failed || !good.length) return;
        await writer.toStage(good);
        staged += good.length;
      });
      if (failed) {
        // Dropped before the job says it failed, so whoever sees "failed" finds no staging table left.
        await writer.dropStage();
        return rolledBack(processed, failed);
      }
      await work.moves.move({
        jobId: job.id,
        marker: { table: ctx.schema.table_name, schema: ctx.schema.code, first: ids.first, fts: null, moved: 0 },
        writer,
        held,
        total: staged,
        chunkRows: work.hooks.moveChunkRows ?? MOVE_CHUNK_ROWS,
        // Read at each chunk, like betweenChunks: a test may set or clear it meanwhile.
        between: async (moved) => work.hooks.betweenMoves?.(job, moved),
        during: () => {
          const look = work.hooks.duringMove;
          return look ? (moved) => look(job, moved) : null;
        },
        finish: commit,
      });
    } finally {
      // A failure, a lost lease or the end: the staging table goes (a dead process takes it along).
      await writer.dropStage().catch(() => undefined);
    }
  }
  work.records.changed(ctx);
  return { state: 'done', counts: { processed, created, failed: 0 } };
}
