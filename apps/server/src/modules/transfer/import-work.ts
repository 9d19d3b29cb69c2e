import { formatMessage, type Language } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { ImportHooks } from '../../test-hooks.js';
import type { RecordService } from '../records/service.js';
import type { SchemaContext } from '../schema-context/context.js';
import type { ImportRepository, StoredMessage } from './import-repository.js';
import type { StagedMove } from './staged-move.js';

/**
 * What the work of an import (reading the sheet, checking and writing its rows) needs. The job's
 * lifecycle (import-jobs.ts) owns the job: the work only reports progress and problems on its row
 * and answers how it ended, which the lifecycle then records (state, audit, letter) — so the two
 * never call each other back.
 */
export interface ImportWork {
  db: Kysely<Database>;
  records: RecordService;
  repo: ImportRepository;
  moves: StagedMove;
  /** SQLite on a file: its path, for the side connection an "all or nothing" bulk import writes through. */
  sqliteFile?: string | undefined;
  /** Tests' looks between chunks and the move's chunk size (test-hooks.ts); none in production. */
  hooks: ImportHooks;
  now: () => number;
}

/** How the work ended: the job's final state, its counts and, for a failure, why. */
export interface ImportOutcome {
  state: 'done' | 'failed';
  counts: { processed: number; created: number; failed: number };
  text?: StoredMessage;
}

/** "All or nothing" met bad rows: nothing was written. */
export const rolledBack = (processed: number, failed: number): ImportOutcome => ({
  state: 'failed',
  counts: { processed, created: 0, failed },
  text: { key: 'import.rolledBack', params: { count: failed } },
});

/** One problem of one row, as the error report lists it (`import_errors`). */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

/** A row's validation or business error in the member's words; anything else is not the row's fault and is thrown. */
export function describe(ctx: SchemaContext, rowNumber: number, error: unknown, lang: Language): RowProblem[] {
  const label = (code: string) => ctx.fields.find((f) => f.code === code)?.name ?? code;
  if (error instanceof FieldValidationError)
    return error.problems.map((p) => ({
      row: rowNumber,
      field: p.label ?? label(p.field),
      message: formatMessage(p.key, lang, p.params),
    }));
  if (error instanceof AppError)
    return [{ row: rowNumber, field: '', message: formatMessage(error.messageKey, lang, error.params) }];
  throw error;
}

/** Appends problems to the job's error report in order (the repository keeps the first ERRORS_KEPT). */
export function problemReport(repo: ImportRepository, jobId: string): (problems: RowProblem[]) => Promise<void> {
  let kept = 0;
  return async (problems) => {
    if (!problems.length) return;
    await repo.addErrors(jobId, problems, kept);
    kept += problems.length;
  };
}
