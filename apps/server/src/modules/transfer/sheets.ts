import fs from 'node:fs';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

export type SheetFormat = 'xlsx' | 'csv';
export type SheetRow = unknown[];

/** An xlsx is a zip: before a library unpacks it, its entries are counted and sized (zip bombs). */
const ZIP_LIMITS = { entries: 2_000, bytes: 1024 * 1024 * 1024 };

export class SheetError extends Error {
  constructor(readonly key: 'import.fileType' | 'import.unreadable') {
    super(key);
  }
}

export function formatOf(fileName: string): SheetFormat | null {
  const ext = fileName.toLowerCase().split('.').pop();
  return ext === 'xlsx' ? 'xlsx' : ext === 'csv' ? 'csv' : null;
}

/** Refuses an xlsx whose zip holds too many entries, unpacks too big, or names paths outside itself. */
export function checkZip(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(new SheetError('import.unreadable'));
      let entries = 0;
      let bytes = 0;
      zip.on('error', () => reject(new SheetError('import.unreadable')));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        bytes += entry.uncompressedSize;
        const name = entry.fileName;
        if (entries > ZIP_LIMITS.entries || bytes > ZIP_LIMITS.bytes || name.startsWith('/') || name.includes('..')) {
          zip.close();
          return reject(new SheetError('import.unreadable'));
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.readEntry();
    });
  });
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
    const parser = fs
      .createReadStream(path)
      .pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }));
    for await (const record of parser) yield record as string[];
    return;
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
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
