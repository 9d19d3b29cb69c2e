import { formatMessage, type Language } from '@canopy/contract';
import type { FieldsTable } from '../../db/schema.js';
import type { FieldProblem } from '../../http/app-error.js';
import type { NameBook } from './cells.js';
import { compileConverter } from './converter.js';
import { readSheetChunks, type SheetFormat } from './sheets.js';

/** A problem of one sheet row as the import's error list shows it. */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

/**
 * What converting an import's sheet needs, as plain data (structured-clonable): the converter is
 * compiled from it on whichever thread converts (convert-worker.ts, or this one for small sheets).
 */
export interface ConvertSpec {
  filePath: string;
  format: SheetFormat;
  chunkRows: number;
  /** The table's fields (ctx.fields) and the member's hidden and read-only ones. */
  fields: FieldsTable[];
  hidden: string[];
  readonly: string[];
  /** Sheet column index → field code. */
  plan: { index: number; code: string }[];
  names: NameBook;
  /** The import's moment (formulas' "now"). */
  now: number;
  lang: Language;
}

/**
 * One chunk of converted rows. `values` holds the good rows one after another, `columns + 1` slots a
 * row: slot 0 is left for the record's id (the writer hands ids out), then the converter's columns.
 * One array a chunk, not one a row: cheap to build, and one message between threads.
 */
export interface ConvertedChunk {
  values: unknown[];
  /** Good rows in `values`. */
  good: number;
  /** Sheet rows this chunk read, and how many of them were bad. */
  rows: number;
  failed: number;
  problems: RowProblem[];
}

/** A row's field problems as error-list entries (labels from the field, messages in the member's language). */
export function describeProblems(
  fields: FieldsTable[],
  row: number,
  problems: FieldProblem[],
  lang: Language,
): RowProblem[] {
  const label = (code: string) => fields.find((f) => f.code === code)?.name ?? code;
  return problems.map((p) => ({
    row,
    field: p.label ?? label(p.field),
    message: formatMessage(p.key, lang, p.params),
  }));
}

/** The physical columns a converted row fills (the writer's `columns`), without reading the sheet. */
export function convertedColumns(spec: Pick<ConvertSpec, 'fields' | 'hidden' | 'readonly' | 'plan' | 'names' | 'now'>) {
  return compile(spec).columns;
}

function compile(spec: Pick<ConvertSpec, 'fields' | 'hidden' | 'readonly' | 'plan' | 'names' | 'now'>) {
  const byCode = new Map(spec.fields.map((f) => [f.code, f]));
  const plan = spec.plan.flatMap((p) => {
    const field = byCode.get(p.code);
    return field ? [{ index: p.index, field }] : [];
  });
  const scope = { fields: spec.fields, rights: { hidden: new Set(spec.hidden), readonly: new Set(spec.readonly) } };
  return compileConverter(scope, plan, spec.names, new Date(spec.now));
}

/**
 * The sheet's data rows converted, a chunk at a time. Row numbers count the header as row 1 and each
 * data row after it, as the import always did.
 */
export async function* convertSheet(spec: ConvertSpec): AsyncGenerator<ConvertedChunk> {
  const converter = compile(spec);
  const stride = converter.columns.length + 1;
  let line = 1;
  for await (const rows of readSheetChunks(spec.filePath, spec.format, spec.chunkRows)) {
    const values: unknown[] = [];
    let good = 0;
    let failed = 0;
    const problems: RowProblem[] = [];
    for (const row of rows) {
      line += 1;
      const at = good * stride;
      values[at] = null;
      const bad = converter.convertInto(row, values, at + 1);
      if (bad) {
        failed += 1;
        for (const p of describeProblems(spec.fields, line, bad, spec.lang)) problems.push(p);
      } else good += 1;
    }
    // A bad last row leaves its slots behind.
    values.length = good * stride;
    yield { values, good, rows: rows.length, failed, problems };
  }
}
