import type { Language } from '@canopy/contract';
import type { ImportJobsTable } from '../../db/schema.js';
import type { JobRun } from '../../jobs/queue.js';
import type { SchemaContext } from '../schema-context/context.js';
import { runBulkImport } from './bulk-import.js';
import type { ColumnPlan } from './converter.js';
import type { ImportOutcome, ImportWork } from './import-work.js';
import { loadNames } from './names.js';
import { runRowByRowImport } from './row-by-row-import.js';

/**
 * The work of one import run: the member's mapping becomes a plan of columns, and the table decides
 * the path — row by row where rules need the database per row (unique, auto-number, relation, file
 * fields), in bulk otherwise (decision 0036). `job.file_path` is this process's local copy of the sheet.
 */
export async function runImport(
  work: ImportWork,
  ctx: SchemaContext,
  job: ImportJobsTable,
  lang: Language,
  held: JobRun,
): Promise<ImportOutcome> {
  const names = await loadNames(work.db, ctx.schema.engine_code);
  const columns = JSON.parse(job.columns) as string[];
  const mapping = JSON.parse(job.mapping) as Record<string, string>;
  const plan: ColumnPlan[] = Object.entries(mapping).flatMap(([column, code]) => {
    const field = ctx.fields.find((f) => f.code === code);
    return field ? [{ index: columns.indexOf(column), field }] : [];
  });
  if (work.records.needsRowByRow(ctx)) return runRowByRowImport(work, ctx, job, lang, held, plan, names);
  return runBulkImport(work, ctx, job, lang, held, plan, names);
}
