import { ErrorCode, RecordLimits } from '@canopy/contract';
import { AppError } from '../../http/app-error.js';
import { checkZip, readSheet, SheetError, type SheetFormat } from './sheets.js';

/** Rows an upload shows the member before they map the columns. */
const PREVIEW_ROWS = 10;

/** What an upload learns of its sheet: header, first rows and the row count. */
export interface SheetScan {
  columns: string[];
  preview: string[][];
  total: number;
}

/**
 * Header, first rows and the row count, reading the file once as a stream. Any problem is the
 * upload's 400 (what the reader knows, or "unreadable"), so a sheet that cannot be imported never
 * becomes a job.
 */
export async function scanSheet(filePath: string, format: SheetFormat): Promise<SheetScan> {
  try {
    if (format === 'xlsx') await checkZip(filePath);
    let columns: string[] | null = null;
    const preview: string[][] = [];
    let total = 0;
    for await (const row of readSheet(filePath, format)) {
      if (!columns) {
        columns = row.map((c, i) => String(c ?? '').trim() || `#${i + 1}`);
        continue;
      }
      total += 1;
      if (total > RecordLimits.importMaxRows)
        throw new AppError(400, ErrorCode.validationFailed, 'import.tooManyRows', {
          max: RecordLimits.importMaxRows,
        });
      if (preview.length < PREVIEW_ROWS)
        preview.push(row.map((c) => (c instanceof Date ? c.toISOString() : String(c ?? ''))));
    }
    if (!columns || total === 0) throw new AppError(400, ErrorCode.validationFailed, 'import.empty');
    return { columns, preview, total };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof SheetError) throw new AppError(400, ErrorCode.validationFailed, error.key, error.params);
    throw new AppError(400, ErrorCode.validationFailed, 'import.unreadable');
  }
}
