import { RecordLimits } from '@canopy/contract';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lazy-libraries.js';
import { ZipRefused, zipEntries } from '../../zip/reader.js';
import { CsvRowTooBig, csvChunks } from './csv.js';

export type SheetFormat = 'xlsx' | 'csv';
export type SheetRow = unknown[];

type SheetErrorKey = 'import.fileType' | 'import.unreadable' | 'import.unpackedTooBig' | 'import.rowTooBig';

export class SheetError extends Error {
  constructor(
    readonly key: SheetErrorKey,
    readonly params: Record<string, number> = {},
  ) {
    super(key);
  }
}

export function formatOf(fileName: string): SheetFormat | null {
  const ext = fileName.toLowerCase().split('.').pop();
  return ext === 'xlsx' ? 'xlsx' : ext === 'csv' ? 'csv' : null;
}

/** An xlsx holds a handful of parts; thousands of entries is not a sheet. */
const MAX_XLSX_ENTRIES = 2_000;

/**
 * Refuses an xlsx the sheet library should not open: unreadable (a broken zip, paths outside itself,
 * links, bytes its central directory does not list — the library walks the local headers), or more
 * than `maxBytes` unpacked. Every entry is inflated here through the shared zip reader
 * (zip/reader.ts), its bytes counted as they come and stopping at the limit (cheap: nothing is parsed,
 * and at most `maxBytes` are ever inflated).
 */
export async function checkZip(path: string, maxBytes: number = RecordLimits.importMaxUnpackedBytes): Promise<void> {
  const limits = { maxEntries: MAX_XLSX_ENTRIES, maxTotalBytes: maxBytes, maxEntryBytes: maxBytes };
  try {
    for await (const entry of zipEntries(path, limits, { everyByteListed: true })) await entry.drain();
  } catch (error) {
    if (error instanceof ZipRefused && error.reason === 'tooBig')
      throw new SheetError('import.unpackedTooBig', { mb: Math.round(maxBytes / 1024 / 1024) });
    throw new SheetError('import.unreadable');
  }
}

/**
 * A CSV sheet's rows a chunk at a time; a row longer than RecordLimits.importMaxRowChars (most often
 * a missing closing quote, which makes the rest of the file one field) fails the sheet, naming it.
 */
async function* csvRows(path: string): AsyncGenerator<string[][]> {
  const max = RecordLimits.importMaxRowChars;
  try {
    yield* csvChunks(path, max);
  } catch (error) {
    if (error instanceof CsvRowTooBig)
      throw new SheetError('import.rowTooBig', { row: error.row, mb: Math.round(max / 1024 / 1024) });
    throw error;
  }
}

/** A cell as plain data: text, number, date or boolean (rich text and formulas reduced to their value). */
function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== 'object') return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  if ('error' in value) return null;
  return String(value);
}

/** The sheet's rows, one at a time (the first is the header), without loading the file into memory. */
export async function* readSheet(path: string, format: SheetFormat): AsyncGenerator<SheetRow> {
  if (format === 'csv') {
    for await (const rows of csvRows(path)) yield* rows;
    return;
  }
  const Excel = await loadExcel();
  const reader = new Excel.stream.xlsx.WorkbookReader(path, {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellValue);
      if (values.some((v) => v !== null && v !== '')) yield values;
    }
    return; // the first worksheet only
  }
}

/** The sheet's data rows (the header skipped), `size` at a time: what an import converts and writes per chunk. */
export async function* readSheetChunks(path: string, format: SheetFormat, size: number): AsyncGenerator<SheetRow[]> {
  let header = true;
  let chunk: SheetRow[] = [];
  const source: AsyncIterable<SheetRow[]> =
    format === 'csv'
      ? csvRows(path)
      : (async function* () {
          for await (const row of readSheet(path, format)) yield [row];
        })();
  for await (const rows of source) {
    for (const row of rows) {
      if (header) {
        header = false;
        continue;
      }
      chunk.push(row);
      if (chunk.length >= size) {
        yield chunk;
        chunk = [];
      }
    }
  }
  if (chunk.length) yield chunk;
}
