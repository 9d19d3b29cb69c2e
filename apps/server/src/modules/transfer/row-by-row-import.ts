import { type Language, RecordLimits } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, ImportJobsTable } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import { type JobRun, LeaseLost } from '../../jobs/queue.js';
import type { SchemaContext } from '../schema-context/context.js';
import { importCell, type NameBook, UNKNOWN_NAME } from './cells.js';
import type { ColumnPlan } from './converter.js';
import {
  describe,
  type ImportOutcome,
  type ImportWork,
  problemReport,
  type RowProblem,
  rolledBack,
} from './import-work.js';
import { readSheet, type SheetFormat } from './sheets.js';

/** A row the database refused while writing (say a value another row already holds), with its line. */
class RowFailure extends Error {
  constructor(
    readonly line: number,
    override readonly cause: unknown,
  ) {
    super('row failed');
  }
}

/** Row → record data by the mapping; unknown people are a problem of that row. */
function rowData(
  row: unknown[],
  plan: ColumnPlan[],
  names: NameBook,
): { data: Record<string, unknown>; problems: { field: string; key: 'field.people.unknown' }[] } {
  const data: Record<string, unknown> = {};
  const problems: { field: string; key: 'field.people.unknown' }[] = [];
  for (const { index, field } of plan) {
    const value = importCell(field, row[index], names);
    if (value === UNKNOWN_NAME) problems.push({ field: field.code, key: 'field.people.unknown' });
    else data[field.code] = value;
  }
  return { data, problems };
}

/** The sheet's rows after the header, each with its line number in the sheet (the header is line 1). */
async function* sheetRows(filePath: string, format: SheetFormat) {
  let first = true;
  let line = 1;
  for await (const row of readSheet(filePath, format)) {
    if (first) {
      first = false;
      continue;
    }
    line += 1;
    yield { row, line };
  }
}

/**
 * Tables with unique, auto-number, relation or file fields: each row checked against the database
 * through the records' own create path (createIn), one history row per record as for any create.
 */
export async function runRowByRowImport(
  work: ImportWork,
  ctx: SchemaContext,
  job: ImportJobsTable,
  lang: Language,
  held: JobRun,
  plan: ColumnPlan[],
  names: NameBook,
): Promise<ImportOutcome> {
  const batchSize = RecordLimits.importBatchRows;
  let processed = 0;
  let created = 0;
  let failed = 0;
  const report = problemReport(work.repo, job.id);
  // The importer and the import's start: what dynamic defaults (当前用户, 今天 …) of left-out fields become.
  const env = await work.records.defaultEnv(ctx);

  /** Checks one row in memory: its record data, or its problems. */
  const check = (row: unknown[], rowNumber: number): { data: Record<string, unknown> } | RowProblem[] => {
    const { data, problems } = rowData(row, plan, names);
    try {
      work.records.prepare(ctx, data, env);
    } catch (error) {
      const all =
        error instanceof FieldValidationError ? new FieldValidationError([...problems, ...error.problems]) : error;
      return describe(ctx, rowNumber, all, lang);
    }
    if (problems.length) return describe(ctx, rowNumber, new FieldValidationError(problems), lang);
    return { data };
  };
  /** Writes rows one by one in the given transaction, their events told once for the batch. */
  const write = (trx: Kysely<Database>, rows: { data: Record<string, unknown>; line?: number }[]) =>
    work.records.inBatch(ctx, trx, async () => {
      for (const r of rows) {
        try {
          await work.records.createIn(ctx, trx, r.data);
        } catch (error) {
          throw new RowFailure(r.line ?? 0, error);
        }
      }
    });
  const dataOf = (row: unknown[]) => rowData(row, plan, names).data;

  if (job.mode === 'atomic') {
    // First every row is checked; only a clean sheet is written, all in one transaction.
    for await (const { row, line } of sheetRows(job.file_path, job.format as SheetFormat)) {
      const result = check(row, line);
      if (Array.isArray(result)) {
        failed += 1;
        await report(result);
      }
      processed += 1;
      if (processed % batchSize === 0) await work.repo.update(job.id, { processed, failed, updated_at: work.now() });
    }
    if (failed) return rolledBack(processed, failed);
    const written = await work.db
      .transaction()
      .execute(async (trx) => {
        // Only the process that holds the job writes (and the job cannot be taken until this commits).
        await held.hold(trx);
        let batch: { data: Record<string, unknown>; line: number }[] = [];
        for await (const { row, line } of sheetRows(job.file_path, job.format as SheetFormat)) {
          batch.push({ data: dataOf(row), line });
          if (batch.length >= batchSize) {
            await write(trx, batch);
            created += batch.length;
            batch = [];
          }
        }
        await write(trx, batch);
        created += batch.length;
        // Committed with the rows: a process that takes the job over after a crash sees them written.
        await work.repo.update(job.id, { processed, created, updated_at: work.now() }, trx);
      })
      .then(() => true)
      .catch(async (error: unknown) => {
        // A row the database refused (say a value another row already holds): nothing was written.
        if (error instanceof LeaseLost) throw error;
        const failure = error instanceof RowFailure ? error : null;
        const cause = failure ? failure.cause : error;
        if (!(cause instanceof AppError)) throw error;
        await report(describe(ctx, failure?.line ?? 0, cause, lang));
        return false;
      });
    if (!written) return rolledBack(processed, 1);
    work.records.changed(ctx);
    return { state: 'done', counts: { processed, created, failed: 0 } };
  }

  // Skip bad rows: row by row, each row its own check against the database (unique values, links).
  let batch: { data: Record<string, unknown> }[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const current = batch;
    batch = [];
    for (const r of current) {
      try {
        await work.db.transaction().execute((trx) => work.records.createIn(ctx, trx, r.data));
        created += 1;
      } catch (error) {
        failed += 1;
        await report(describe(ctx, 0, error, lang));
      }
    }
    work.records.changed(ctx);
    await work.repo.update(job.id, { processed, created, failed, updated_at: work.now() });
  };
  for await (const { row, line } of sheetRows(job.file_path, job.format as SheetFormat)) {
    processed += 1;
    const result = check(row, line);
    if (Array.isArray(result)) {
      failed += 1;
      await report(result);
    } else batch.push(result);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return { state: 'done', counts: { processed, created, failed } };
}
