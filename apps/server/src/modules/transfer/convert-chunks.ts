import { formatMessage, type Language } from '@canopy/contract';
import type { FieldsTable } from '../../db/schema.js';
import type { FieldProblem } from '../../http/app-error.js';
import type { RowConverter } from './converter.js';
import { readSheetChunks, type SheetFormat } from './sheets.js';

/** A problem of one sheet row as the import's error list shows it. */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

/** The sheet to convert, `chunkRows` rows at a time. */
export interface SheetSource {
  filePath: string;
  format: SheetFormat;
  chunkRows: number;
}

/**
 * One chunk of converted rows. `values` holds the good rows one after another, `columns + 1` slots a
 * row: slot 0 is left for the record's id (the writer hands ids out), then the converter's columns.
 * One array a chunk, not one a row (garbage collection was a quarter of an import's CPU), and the
 * writer binds a statement's part of it as it stands.
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

/**
 * The sheet's data rows converted, a chunk at a time. Row numbers count the header as row 1 and each
 * data row after it, as the import always did.
 */
export async function* convertSheet(
  converter: RowConverter,
  sheet: SheetSource,
  describe: (row: number, problems: FieldProblem[]) => RowProblem[],
): AsyncGenerator<ConvertedChunk> {
  const stride = converter.columns.length + 1;
  let line = 1;
  for await (const rows of readSheetChunks(sheet.filePath, sheet.format, sheet.chunkRows)) {
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
        for (const p of describe(line, bad)) problems.push(p);
      } else good += 1;
    }
    // A bad last row leaves its slots behind.
    values.length = good * stride;
    yield { values, good, rows: rows.length, failed, problems };
  }
}
