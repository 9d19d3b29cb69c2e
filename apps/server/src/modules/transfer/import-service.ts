import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  ErrorCode,
  formatMessage,
  IMPORTABLE_FIELD_TYPES,
  type ImportError,
  type ImportJob,
  type ImportMode,
  type Language,
  RecordLimits,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, FieldsTable, ImportJobsTable } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import { saveUpload } from '../../http/upload.js';
import type { TransferLetters } from '../notices/transfer-letters.js';
import type { RecordService } from '../records/service.js';
import type { SchemaContext } from '../schema-context/context.js';
import { importCell, type NameBook, UNKNOWN_NAME } from './cells.js';
import { ImportRepository, type StoredMessage, toJob } from './import-repository.js';
import { loadNames } from './names.js';
import { checkZip, formatOf, readSheet, SheetError, type SheetFormat } from './sheets.js';

const PREVIEW_ROWS = 10;

/** A row the database refused while writing (say a value another row already holds), with its line. */
class RowFailure extends Error {
  constructor(
    readonly line: number,
    override readonly cause: unknown,
  ) {
    super('row failed');
  }
}
const notFound = () => new AppError(404, ErrorCode.notFound, 'import.notFound');
const message = (m: StoredMessage) => JSON.stringify(m);

interface RowProblem {
  row: number;
  field: string;
  message: string;
}

type Prepared = { columns: Record<string, unknown>; values: Record<string, unknown> };

/**
 * Imports a sheet into a table as a persisted job: upload (header, preview, row count, suggested
 * mapping), then start with the member's mapping and mode. "All or nothing" checks every row first
 * and writes all of them in one transaction, so a restart leaves nothing behind; "skip bad rows"
 * writes batch by batch and reports the rows it skipped.
 */
export class ImportService {
  private readonly repo: ImportRepository;
  private readonly root: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: RecordService,
    dataDir: string,
    private readonly letters: TransferLetters | null = null,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = new ImportRepository(db);
    this.root = path.join(dataDir, 'imports');
  }

  /** Jobs a restart cut off are marked failed (an atomic one wrote nothing: its transaction never committed). */
  async recover(): Promise<void> {
    for (const job of await this.repo.running()) {
      const text: StoredMessage =
        job.mode === 'atomic'
          ? { key: 'import.interrupted' }
          : { key: 'import.interruptedPartial', params: { created: Number(job.created) } };
      await this.repo.update(job.id, { state: 'failed', message: message(text), updated_at: this.now() });
    }
  }

  private requireImport(ctx: SchemaContext): void {
    this.records.require(ctx, 'add');
    this.records.require(ctx, 'import');
  }

  /** Fields a column may fill for this member. */
  private targets(ctx: SchemaContext): FieldsTable[] {
    return ctx.fields.filter(
      (f) =>
        f.deleted_at === null &&
        IMPORTABLE_FIELD_TYPES.has(f.type) &&
        !ctx.rights.hidden.has(f.code) &&
        !ctx.rights.readonly.has(f.code),
    );
  }

  async upload(
    ctx: SchemaContext,
    file: { filename: string; stream: Readable & { truncated?: boolean } },
    lang: Language,
  ) {
    this.requireImport(ctx);
    const format = formatOf(file.filename);
    if (!format) throw new AppError(400, ErrorCode.validationFailed, 'import.fileType');
    const id = randomUUID();
    await fs.promises.mkdir(this.root, { recursive: true });
    const filePath = path.join(this.root, `${id}.${format}`);
    await saveUpload(file.stream, filePath);
    try {
      if (file.stream.truncated)
        throw new AppError(400, ErrorCode.validationFailed, 'import.tooBig', {
          mb: RecordLimits.importMaxBytes / 1024 / 1024,
        });
      const scan = await this.scan(filePath, format);
      const mapping = this.suggest(ctx, scan.columns);
      const now = this.now();
      const row: ImportJobsTable = {
        id,
        engine_code: ctx.schema.engine_code,
        app_code: ctx.schema.app_code,
        schema_code: ctx.schema.code,
        member_id: ctx.access.tenant.memberId,
        file_name: file.filename.slice(0, 255),
        file_path: filePath,
        format,
        state: 'uploaded',
        mode: 'atomic',
        columns: JSON.stringify(scan.columns),
        mapping: JSON.stringify(mapping),
        preview: JSON.stringify(scan.preview),
        total: scan.total,
        processed: 0,
        created: 0,
        failed: 0,
        message: '',
        created_at: now,
        updated_at: now,
      };
      await this.repo.insert(row);
      return toJob(row, lang);
    } catch (error) {
      await fs.promises.rm(filePath, { force: true });
      throw error;
    }
  }

  /** Header, first rows and the row count, reading the file once as a stream. */
  private async scan(filePath: string, format: SheetFormat) {
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

  /** Columns whose header is a field's name map to it. */
  private suggest(ctx: SchemaContext, columns: string[]): Record<string, string> {
    const mapping: Record<string, string> = {};
    const targets = this.targets(ctx);
    for (const column of columns) {
      const field = targets.find((f) => f.name === column.trim());
      if (field) mapping[column] = field.code;
    }
    return mapping;
  }

  private async job(ctx: SchemaContext, id: string) {
    const row = await this.repo.find(ctx.schema.engine_code, ctx.schema.code, id);
    if (!row) throw notFound();
    // Each member follows their own imports; the table's owner side (unrestricted) sees all.
    if (row.member_id !== ctx.access.tenant.memberId && ctx.rights.role !== null) throw notFound();
    return row;
  }

  async get(ctx: SchemaContext, id: string, lang: Language): Promise<ImportJob> {
    return toJob(await this.job(ctx, id), lang);
  }

  async errors(ctx: SchemaContext, id: string): Promise<ImportError[]> {
    await this.job(ctx, id);
    return (await this.repo.errors(id)).map((e) => ({ row: Number(e.row_number), field: e.field, message: e.message }));
  }

  async start(
    ctx: SchemaContext,
    id: string,
    input: { mapping: Record<string, string>; mode: ImportMode },
    lang: Language,
  ): Promise<ImportJob> {
    this.requireImport(ctx);
    const row = await this.job(ctx, id);
    const columns = JSON.parse(row.columns) as string[];
    const targets = new Map(this.targets(ctx).map((f) => [f.code, f]));
    const mapping: Record<string, string> = {};
    for (const [column, code] of Object.entries(input.mapping)) {
      if (!code) continue;
      if (!columns.includes(column) || !targets.has(code))
        throw new FieldValidationError([{ field: column, key: 'import.badMapping', params: { column } }]);
      mapping[column] = code;
    }
    if (!Object.keys(mapping).length) throw new FieldValidationError([{ field: 'mapping', key: 'import.noMapping' }]);
    const started = await this.repo.transition(id, 'uploaded', {
      state: 'running',
      mode: input.mode,
      mapping: JSON.stringify(mapping),
      updated_at: this.now(),
    });
    if (!started) throw new AppError(409, ErrorCode.conflict, 'import.notStartable');
    const job = { ...row, state: 'running', mode: input.mode, mapping: JSON.stringify(mapping) };
    void this.run(ctx, job, lang).catch(async () => {
      // Whatever stopped it (a row the database refused, a broken file): the job says so, the
      // uploaded sheet goes, and in "all or nothing" mode the transaction wrote nothing.
      await this.repo
        .update(id, { state: 'failed', message: message({ key: 'import.failed' }), updated_at: this.now() })
        .catch(() => undefined);
      await fs.promises.rm(job.file_path, { force: true });
    });
    return toJob(job, lang);
  }

  /** Row → record data by the mapping; unknown people are a problem of that row. */
  private toData(
    row: unknown[],
    plan: { index: number; field: FieldsTable }[],
    names: NameBook,
  ): { data: Record<string, unknown>; problems: { field: string; key: 'field.people.unknown' }[] } {
    const data: Record<string, unknown> = {};
    const problems: { field: string; key: 'field.people.unknown' }[] = [];
    for (const { index, field } of plan) {
      const value = importCell(field, row[index], names);
      if (value === UNKNOWN_NAME) problems.push({ field: field.code, key: 'field.people.unknown' });
      else data[field.code] = value;
    }
    return { data, problems };
  }

  private describe(ctx: SchemaContext, rowNumber: number, error: unknown, lang: Language): RowProblem[] {
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

  private async run(ctx: SchemaContext, job: ImportJobsTable, lang: Language): Promise<void> {
    const names = await loadNames(this.db, ctx.schema.engine_code);
    const columns = JSON.parse(job.columns) as string[];
    const mapping = JSON.parse(job.mapping) as Record<string, string>;
    const plan = Object.entries(mapping).flatMap(([column, code]) => {
      const field = ctx.fields.find((f) => f.code === code);
      return field ? [{ index: columns.indexOf(column), field }] : [];
    });
    const rowByRow = this.records.needsRowByRow(ctx);
    const batchSize = RecordLimits.importBatchRows;
    let processed = 0;
    let created = 0;
    let failed = 0;
    let kept = 0;
    const report = async (problems: RowProblem[]) => {
      if (!problems.length) return;
      await this.repo.addErrors(job.id, problems, kept);
      kept += problems.length;
    };

    /** Checks one row in memory: its prepared values, or its problems. */
    const check = (
      row: unknown[],
      rowNumber: number,
    ): (Prepared & { data: Record<string, unknown> }) | RowProblem[] => {
      const { data, problems } = this.toData(row, plan, names);
      let prepared: Prepared;
      try {
        prepared = this.records.prepare(ctx, data);
      } catch (error) {
        const all =
          error instanceof FieldValidationError ? new FieldValidationError([...problems, ...error.problems]) : error;
        return this.describe(ctx, rowNumber, all, lang);
      }
      if (problems.length) return this.describe(ctx, rowNumber, new FieldValidationError(problems), lang);
      return { ...prepared, data };
    };
    /** Writes one batch of good rows in the given transaction. */
    const write = async (
      trx: Kysely<Database>,
      rows: { prepared: Prepared; data: Record<string, unknown>; line?: number }[],
    ) => {
      if (rowByRow)
        // Each row checked against the database; their events told once for the batch.
        await this.records.inBatch(ctx, trx, async () => {
          for (const r of rows) {
            try {
              await this.records.createIn(ctx, trx, r.data);
            } catch (error) {
              throw new RowFailure(r.line ?? 0, error);
            }
          }
        });
      else
        await this.records.insertPrepared(
          ctx,
          trx,
          rows.map((r) => r.prepared),
        );
    };
    const rows = async function* (filePath: string, format: SheetFormat) {
      let first = true;
      let line = 1;
      for await (const row of readSheet(filePath, format)) {
        if (first) {
          first = false;
          continue;
        }
        line += 1;
        yield { row, line };
      }
    };
    const dataOf = (row: unknown[]) => this.toData(row, plan, names).data;

    if (job.mode === 'atomic') {
      // First every row is checked; only a clean sheet is written, all in one transaction.
      for await (const { row, line } of rows(job.file_path, job.format as SheetFormat)) {
        const result = check(row, line);
        if (Array.isArray(result)) {
          failed += 1;
          await report(result);
        }
        processed += 1;
        if (processed % batchSize === 0) await this.repo.update(job.id, { processed, failed, updated_at: this.now() });
      }
      if (failed) {
        await this.finish(
          job,
          'failed',
          { processed, created: 0, failed },
          { key: 'import.rolledBack', params: { count: failed } },
        );
        return;
      }
      const written = await this.db
        .transaction()
        .execute(async (trx) => {
          let batch: { prepared: Prepared; data: Record<string, unknown>; line: number }[] = [];
          for await (const { row, line } of rows(job.file_path, job.format as SheetFormat)) {
            const data = dataOf(row);
            batch.push({ prepared: this.records.prepare(ctx, data), data, line });
            if (batch.length >= batchSize) {
              await write(trx, batch);
              created += batch.length;
              batch = [];
            }
          }
          await write(trx, batch);
          created += batch.length;
        })
        .then(() => true)
        .catch(async (error: unknown) => {
          // A row the database refused (say a value another row already holds): nothing was written.
          const failure = error instanceof RowFailure ? error : null;
          const cause = failure ? failure.cause : error;
          if (!(cause instanceof AppError)) throw error;
          await report(this.describe(ctx, failure?.line ?? 0, cause, lang));
          await this.finish(
            job,
            'failed',
            { processed, created: 0, failed: 1 },
            { key: 'import.rolledBack', params: { count: 1 } },
          );
          return false;
        });
      if (!written) return;
      this.records.changed(ctx);
      await this.finish(job, 'done', { processed, created, failed: 0 });
      return;
    }

    // Skip bad rows: batch by batch, each in its own transaction, progress after each.
    let batch: { prepared: Prepared; data: Record<string, unknown> }[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const current = batch;
      batch = [];
      if (rowByRow) {
        // Row by row, each row its own check against the database (unique values, links).
        for (const r of current) {
          try {
            await this.db.transaction().execute((trx) => this.records.createIn(ctx, trx, r.data));
            created += 1;
          } catch (error) {
            failed += 1;
            await report(this.describe(ctx, 0, error, lang));
          }
        }
      } else {
        await this.db.transaction().execute((trx) => write(trx, current));
        created += current.length;
      }
      this.records.changed(ctx);
      await this.repo.update(job.id, { processed, created, failed, updated_at: this.now() });
    };
    for await (const { row, line } of rows(job.file_path, job.format as SheetFormat)) {
      processed += 1;
      const result = check(row, line);
      if (Array.isArray(result)) {
        failed += 1;
        await report(result);
      } else batch.push({ prepared: result, data: result.data });
      if (batch.length >= batchSize) await flush();
    }
    await flush();
    await this.finish(job, 'done', { processed, created, failed });
  }

  private async finish(
    job: ImportJobsTable,
    state: 'done' | 'failed',
    counts: { processed: number; created: number; failed: number },
    text?: StoredMessage,
  ): Promise<void> {
    const now = this.now();
    // The job's end and the member's letter commit together.
    await this.db.transaction().execute(async (trx) => {
      await this.repo.update(job.id, { state, ...counts, message: text ? message(text) : '', updated_at: now }, trx);
      await this.letters?.finished(
        trx,
        {
          kind: 'import',
          engineCode: job.engine_code,
          appCode: job.app_code,
          schemaCode: job.schema_code,
          memberId: job.member_id,
          eventId: job.id,
          params: { done: String(counts.created), failed: String(counts.failed) },
        },
        now,
      );
    });
    await fs.promises.rm(job.file_path, { force: true });
  }
}
