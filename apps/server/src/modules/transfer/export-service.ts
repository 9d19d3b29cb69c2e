import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  ErrorCode,
  type ExportFormat,
  type ExportJob,
  escapeFormula,
  type Language,
  RecordLimits,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, FieldsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { type JobQueue, type JobRun, LeaseLost } from '../../jobs/queue.js';
import { recordAudit } from '../audit/record.js';
import type { TransferLetters } from '../notices/transfer-letters.js';
import { requireRight } from '../records/access.js';
import type { RecordQueryService } from '../records/query-service.js';
import type { SavedQuery } from '../records/saved-view.js';
import type { SchemaContext } from '../schema-context/context.js';
import { savedQueryOf, type ViewService } from '../views/service.js';
import { exportCell, type NameBook } from './cells.js';
import type { ContextResolver } from './context-resolver.js';
import { type ExportJobs, newExportRow, toExportJob } from './export-jobs.js';
import { loadNames } from './names.js';
import { backpressure, csvSink, type RowSink, xlsxSink } from './sinks.js';

export const EXPORT_JOB = 'export';

/** What the queued job needs to see the table as the member who started it, in any process. */
interface ExportPayload {
  exportId: string;
  tenant: TenantContext;
  appCode: string;
  schemaCode: string;
  adminMode: boolean;
  lang: Language;
  format: ExportFormat;
  view?: string;
  search?: string;
}

const notFound = () => new AppError(404, ErrorCode.notFound, 'export.notFound');

/**
 * Exports a table as this member sees it through a view: the view's filter, sorts and visible
 * columns, within the member's row and field rules. Text that a spreadsheet would run as a formula
 * is escaped.
 *
 * An export is a queued job (jobs/queue.ts; issue 16): starting checks everything and answers at
 * once with the job; the job pages through the records query into a local file (never the whole
 * table in memory), stores it in the file store and writes the member's letter. A process that dies
 * mid-export leaves the job to another one when its lease runs out, which writes the file again
 * under the same key.
 */
export class ExportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: RecordQueryService,
    private readonly views: ViewService,
    private readonly exports: ExportJobs,
    private readonly jobs: JobQueue,
    private readonly contextOf: ContextResolver,
    private readonly letters: TransferLetters | null = null,
    private readonly now: () => number = Date.now,
  ) {
    jobs.register<ExportPayload>(EXPORT_JOB, {
      maxAttempts: 3,
      run: (payload, run) => this.runJob(payload, run),
      giveUp: (payload) => this.exports.fail(payload.exportId, { key: 'export.failed' }),
    });
  }

  async start(
    ctx: SchemaContext,
    input: { format: ExportFormat; view?: string; search?: string },
    lang: Language,
    userId: string,
  ): Promise<ExportJob> {
    requireRight(ctx, 'view');
    requireRight(ctx, 'export');
    const { saved } = await this.plan(ctx, input.view);
    const search = input.search ? { search: input.search } : {};
    // The whole query is checked before the job is queued: a view the member may not use is a
    // clear error now, not a failed job later.
    await this.records.checkQuery(ctx, search, saved);
    const { count } = await this.records.count(ctx, search, saved);
    const t = ctx.access.tenant;
    const day = new Date(this.now()).toISOString().slice(0, 10);
    const tableName = ctx.schema.display_name || 'export';
    const row = newExportRow(
      {
        id: randomUUID(),
        kind: 'table',
        engine_code: t.engineCode,
        user_id: userId,
        member_id: t.memberId,
        app_code: ctx.schema.app_code,
        schema_code: ctx.schema.code,
        format: input.format,
        file_name: `${tableName}-${day}.${input.format}`.slice(0, 255),
        total: count,
      },
      this.now(),
    );
    const payload: ExportPayload = {
      exportId: row.id,
      tenant: t,
      appCode: ctx.schema.app_code,
      schemaCode: ctx.schema.code,
      adminMode: ctx.access.adminMode,
      lang,
      format: input.format,
      ...(input.view ? { view: input.view } : {}),
      ...(input.search ? { search: input.search } : {}),
    };
    // The job's row and the queued job commit together; this process runs it at once.
    const queued = await this.db.transaction().execute(async (trx) => {
      await this.exports.insert(row, trx);
      return this.jobs.enqueue(EXPORT_JOB, payload, { trx, here: true });
    });
    this.jobs.launch(queued);
    return toExportJob(row, lang);
  }

  /** The member's own export of this table. */
  async get(ctx: SchemaContext, id: string, lang: Language, userId: string): Promise<ExportJob> {
    const row = await this.exports.find('table', ctx.schema.engine_code, userId, id);
    if (!row || row.schema_code !== ctx.schema.code) throw notFound();
    return toExportJob(row, lang);
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

  /** The queued job, in whichever process took it (again from the start after a crash). */
  private async runJob(p: ExportPayload, run: JobRun): Promise<void> {
    const row = await this.exports.byId(p.exportId);
    if (row?.state !== 'running') return;
    let ctx: SchemaContext;
    let plan: { fields: FieldsTable[]; saved?: SavedQuery };
    try {
      // The member's rights as they are now: one who lost them meanwhile gets nothing.
      ctx = await this.contextOf(p.tenant, p.appCode, p.schemaCode, p.adminMode);
      requireRight(ctx, 'view');
      requireRight(ctx, 'export');
      plan = await this.plan(ctx, p.view);
    } catch (error) {
      if (error instanceof AppError) return this.exports.fail(row.id, { key: 'export.failed' });
      throw error;
    }
    const local = await this.exports.tmpFile(row.id, p.format);
    try {
      const out = fs.createWriteStream(local);
      const sink = p.format === 'csv' ? csvSink(out) : await xlsxSink(out, ctx.schema.display_name || 'export');
      const search = p.search ? { search: p.search } : {};
      const rows = await this.pump(ctx, sink, out, plan, search, p.lang, (n) => this.exports.progress(row.id, n));
      await finished(out);
      const total = Math.max(rows, Number(row.total));
      await this.exports.complete(run, row, local, { processed: rows, total }, async (trx, now) => {
        // The file is there: the member's letter says so (with the job's id, so a retry writes one),
        // and the application log has one entry for the whole export, with its count.
        const t = ctx.access.tenant;
        await recordAudit(
          trx,
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
          now,
        );
        await this.letters?.finished(
          trx,
          {
            kind: 'export',
            engineCode: t.engineCode,
            appCode: ctx.schema.app_code,
            schemaCode: ctx.schema.code,
            memberId: t.memberId,
            eventId: row.id,
            params: { rows: String(rows) },
          },
          now,
        );
      });
    } catch (error) {
      if (error instanceof LeaseLost) throw error;
      if (error instanceof AppError) return this.exports.fail(row.id, { key: 'export.failed' });
      throw error;
    } finally {
      await fs.promises.rm(local, { force: true });
    }
  }

  /** Header and rows, a page of the records query at a time; answers the number of rows. */
  private async pump(
    ctx: SchemaContext,
    sink: RowSink,
    out: Writable,
    plan: { fields: FieldsTable[]; saved?: SavedQuery },
    search: { search?: string },
    lang: Language,
    progress: (rows: number) => Promise<void>,
  ): Promise<number> {
    const { fields, saved } = plan;
    const names: NameBook = await loadNames(this.db, ctx.schema.engine_code);
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
      await backpressure(out);
      await progress(rows);
    } while (cursor);
    await sink.end();
    return rows;
  }
}
