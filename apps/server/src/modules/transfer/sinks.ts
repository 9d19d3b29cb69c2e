import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { loadExcel } from '../../lazy-libraries.js';

/** Sheets take rows one at a time; CSV and each xlsx sheet are written through this. */
export interface RowSink {
  write(cells: (string | number | null)[]): Promise<void>;
  end(): Promise<void>;
}

/**
 * Waits while `out` holds more than it wants (a slow disk or object store): the producer reads its
 * next page only then, so the file never sits in memory.
 */
export async function backpressure(out: Writable): Promise<void> {
  if (out.writableNeedDrain) await once(out, 'drain');
  await new Promise((resolve) => setImmediate(resolve));
}

export function csvSink(out: Writable): RowSink {
  // A byte-order mark, so spreadsheet programs read the Chinese text as UTF-8.
  out.write('\uFEFF');
  const csv = stringify();
  csv.pipe(out);
  return {
    async write(cells) {
      if (!csv.write(cells.map((c) => (c === null ? '' : c)))) await once(csv, 'drain');
    },
    async end() {
      csv.end();
      await once(csv, 'end');
    },
  };
}

/** A sheet name Excel accepts: no \ / ? * [ ] :, at most 31 characters, unique in its book. */
export function sheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';
  let candidate = base;
  for (let i = 2; taken.has(candidate.toLowerCase()); i += 1) candidate = `${base.slice(0, 27)} (${i})`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * An xlsx book streamed into `out`, one sheet after another: a sheet is written out and committed
 * before the next is opened (sheets open at once would wait in memory for their turn in the zip).
 */
export async function xlsxBook(out: Writable) {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const names = new Set<string>();
  return {
    sheet(name: string): RowSink {
      const sheet = book.addWorksheet(sheetName(name, names));
      return {
        async write(cells) {
          sheet.addRow(cells).commit();
        },
        async end() {
          sheet.commit();
        },
      };
    },
    async end(): Promise<void> {
      await book.commit();
    },
  };
}

/** A one-sheet xlsx (a view's export). */
export async function xlsxSink(out: Writable, name: string): Promise<RowSink> {
  const book = await xlsxBook(out);
  const sheet = book.sheet(name);
  return {
    write: (cells) => sheet.write(cells),
    async end() {
      await sheet.end();
      await book.end();
    },
  };
}
