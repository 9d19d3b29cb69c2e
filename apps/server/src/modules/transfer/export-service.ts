import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { ErrorCode, type ExportFormat, escapeFormula, type Language, RecordLimits } from '@canopy/contract';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/record.js';
import type { TransferLetters } from '../notices/transfer-letters.js';
import type { SavedQuery } from '../records/saved-view.js';
import type { RecordService } from '../records/service.js';
import type { SchemaContext } from '../schema-context/context.js';
import { savedQueryOf, type ViewService } from '../views/service.js';
import { exportCell } from './cells.js';
import { loadNames } from './names.js';

export interface ExportFile {
  fileName: string;
  contentType: string;
  stream: PassThrough;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Sheets write rows one at a time; both formats below take them through this. */
interface RowSink {
  write(cells: (string | number | null)[]): Promise<void>;
  end(): Promise<void>;
}

function csvSink(out: Writable): RowSink {
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

function xlsxSink(out: Writable, sheetName: string): RowSink {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1');
  return {
    async write(cells) {
      sheet.addRow(cells).commit();
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}

/**
 * Exports a table as this member sees it through a view: the view's filter, sorts and visible
 * columns, within the member's row and field rules, page by page into a streamed file, so a big
 * table never sits in memory. Text that a spreadsheet would run as a formula is escaped.
 */
export class ExportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: RecordService,
    private readonly views: ViewService,
    private readonly letters: TransferLetters | null = null,
  ) {}

  async open(
    ctx: SchemaContext,
    input: { format: ExportFormat; view?: string; search?: string },
    lang: Language,
    tableName: string,
  ): Promise<ExportFile> {
    this.records.require(ctx, 'view');
    this.records.require(ctx, 'export');
    const { fields, saved } = await this.plan(ctx, input.view);
    const search = input.search ? { search: input.search } : {};
    // The whole query is built before the first byte goes out: a view the member may not use is a
    // clear error, not a 200 whose connection breaks halfway.
    await this.records.checkQuery(ctx, search, saved);
    const stream = new PassThrough();
    const sink = input.format === 'csv' ? csvSink(stream) : xlsxSink(stream, tableName);
    void this.pump(ctx, sink, fields, search, saved, lang).catch((error: unknown) =>
      stream.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    const day = new Date().toISOString().slice(0, 10);
    return { fileName: `${tableName}-${day}.${input.format}`, contentType: CONTENT_TYPES[input.format], stream };
  }

  /** The columns of the view and its saved filter and sorts (or the whole table without one). */
  private async plan(
    ctx: SchemaContext,
    viewCode: string | undefined,
  ): Promise<{ fields: FieldsTable[]; saved?: SavedQuery }> {
    const live = ctx.fields.filter((f) => f.deleted_at === null && !ctx.rights.hidden.has(f.code));
    if (!viewCode) return { fields: live };
    const view = (await this.views.list(ctx)).find((v) => v.code === viewCode);
    if (!view) throw new AppError(404, ErrorCode.notFound, 'view.notFound');
    const byCode = new Map(live.map((f) => [f.code, f]));
    const listed = view.config.columns.filter((c) => !c.hidden).map((c) => byCode.get(c.field));
    const unlisted = live.filter((f) => !view.config.columns.some((c) => c.field === f.code));
    const fields = [...listed.filter((f): f is FieldsTable => Boolean(f)), ...unlisted];
    return { fields, saved: savedQueryOf(view) };
  }

  private async pump(
    ctx: SchemaContext,
    sink: RowSink,
    fields: FieldsTable[],
    search: { search?: string },
    saved: SavedQuery | undefined,
    lang: Language,
  ): Promise<void> {
    const names = await loadNames(this.db, ctx.schema.engine_code);
    await sink.write(fields.map((f) => escapeFormula(f.name)));
    let cursor = '';
    let rows = 0;
    do {
      const page = await this.records.query(
        ctx,
        { ...search, limit: RecordLimits.exportPageRows, ...(cursor ? { cursor } : {}) },
        saved,
      );
      const titles = await this.records.relationTitles(ctx, page.resultList);
      for (const item of page.resultList) {
        await sink.write(fields.map((f) => escapeFormula(exportCell(f, item.data[f.code], names, lang, titles))));
      }
      rows += page.resultList.length;
      cursor = page.nextCursor;
    } while (cursor);
    await sink.end();
    const t = ctx.access.tenant;
    // One entry of the application log for the whole export, with its count.
    await recordAudit(
      this.db,
      {
        engineCode: t.engineCode,
        actorMemberId: t.memberId,
        action: 'record.export',
        targetType: 'schema',
        targetId: ctx.schema.code,
        appCode: ctx.schema.app_code,
        schemaCode: ctx.schema.code,
        detail: { rows },
      },
      Date.now(),
    );
    // The whole file went out: the member's letter says so.
    const letters = this.letters;
    if (!letters) return;
    const done = {
      kind: 'export' as const,
      engineCode: t.engineCode,
      appCode: ctx.schema.app_code,
      schemaCode: ctx.schema.code,
      memberId: t.memberId,
      eventId: randomUUID(),
      params: { rows: String(rows) },
    };
    await this.db.transaction().execute((trx) => letters.finished(trx, done, Date.now()));
  }
}
