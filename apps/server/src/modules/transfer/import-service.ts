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
import type { TenantContext } from '../../http/context.js';
import { saveUpload } from '../../http/upload.js';
import { type JobQueue, type JobRun, LeaseLost } from '../../jobs/queue.js';
import type { FileStore } from '../../storage/store.js';
import type { ImportHooks } from '../../test-hooks.js';
import { recordAudit } from '../audit/record.js';
import type { TransferLetters } from '../notices/transfer-letters.js';
import { ImportIds } from '../records/import-ids.js';
import type { RecordService } from '../records/service.js';
import type { SchemaContext } from '../schema-context/context.js';
import { BulkWriter } from './bulk-writer.js';
import { importCell, type NameBook, UNKNOWN_NAME } from './cells.js';
import { type ColumnPlan, compileConverter } from './converter.js';
import { ImportRepository, type StoredMessage, toJob } from './import-repository.js';
import { loadNames } from './names.js';
import { checkZip, formatOf, readSheet, readSheetChunks, SheetError, type SheetFormat } from './sheets.js';
import { MOVE_CHUNK_ROWS, MoveUndoPending, StagedMove } from './staged-move.js';

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
/** An atomic bulk import on PostgreSQL met a bad row: its transaction rolls back. */
class BulkRolledBack extends Error {}
const notFound = () => new AppError(404, ErrorCode.notFound, 'import.notFound');
const message = (m: StoredMessage) => JSON.stringify(m);

interface RowProblem {
  row: number;
  field: string;
  message: string;
}

/** What the queued job needs to see the table as the member who started it, in any process. */
interface ImportPayload {
  importId: string;
  tenant: TenantContext;
  appCode: string;
  schemaCode: string;
  adminMode: boolean;
  lang: Language;
}

/** The table as a member sees it (SchemaContexts.context). */
export type ContextResolver = (
  tenant: TenantContext,
  appCode: string,
  schemaCode: string,
  adminMode: boolean,
) => Promise<SchemaContext>;

export const IMPORT_JOB = 'import';

declare module 'fastify' {
  interface FastifyInstance {
    imports: ImportService;
  }
}

/**
 * Imports a sheet into a table as a persisted job: upload (header, preview, row count, suggested
 * mapping), then start with the member's mapping and mode. "All or nothing" checks every row first
 * and writes all of them or none, so a crash leaves nothing behind (runBulk: on SQLite a bulk load's
 * rows are moved in chunks, seen as they go, and taken out again if the move stops); "skip bad rows"
 * writes batch by batch and reports the rows it skipped.
 *
 * Starting queues an `import` job (jobs/queue.ts) that the starting process holds and runs at once.
 * If that process dies, another takes the job when its lease runs out: an "all or nothing" import
 * runs again from the sheet (or, if its last transaction had committed, just finishes); a "skip bad
 * rows" one fails, saying how many rows it had written.
 */
export class ImportService {
  private readonly repo: ImportRepository;
  private readonly tmp: string;
  private readonly moves: StagedMove;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: RecordService,
    private readonly store: FileStore,
    dataDir: string,
    private readonly letters: TransferLetters | null,
    private readonly jobs: JobQueue,
    private readonly contextOf: ContextResolver,
    private readonly now: () => number = Date.now,
    /** Tests' looks between chunks and the move's chunk size (test-hooks.ts); none in production. */
    private readonly hooks: ImportHooks = {},
  ) {
    this.repo = new ImportRepository(db);
    this.moves = new StagedMove(db, records, this.repo);
    this.tmp = path.join(dataDir, 'tmp');
    jobs.register<ImportPayload>(IMPORT_JOB, {
      maxAttempts: 3,
      run: (payload, run) => this.runJob(payload, run),
      giveUp: async (payload) => {
        // No process holds the job any more: a move it left half-way is taken back out first. An undo
        // that fails even now (the database refusing writes) leaves the mark; the import still fails.
        await this.moves.takeBack(payload.importId, null).catch(() => undefined);
        const row = await this.repo.byId(payload.importId);
        if (row?.state === 'running') await this.fail(row, this.interrupted(row));
      },
    });
  }

  /** Where the sheet lives in the file store, between upload and the job's end (any process reads it). */
  private keyOf(row: Pick<ImportJobsTable, 'id' | 'format'>): string {
    return `imports/${row.id}.${row.format}`;
  }

  /** A local file for reading (sheets are parsed from disk); the caller removes it. */
  private tmpFile(id: string, format: string): string {
    return path.join(this.tmp, `import-${id}-${randomUUID().slice(0, 8)}.${format}`);
  }

  private interrupted(row: ImportJobsTable): StoredMessage {
    return row.mode === 'atomic'
      ? { key: 'import.interrupted' }
      : { key: 'import.interruptedPartial', params: { created: Number(row.created) } };
  }

  /** Marks the import failed (with a letter to its member) and lets go of its sheet. */
  private async fail(row: ImportJobsTable, text: StoredMessage): Promise<void> {
    await this.finish(
      row,
      'failed',
      { processed: Number(row.processed), created: Number(row.created), failed: Number(row.failed) },
      text,
    );
  }

  /** The queued job, in whichever process took it. */
  private async runJob(payload: ImportPayload, run: JobRun): Promise<void> {
    const row = await this.repo.byId(payload.importId);
    if (row?.state !== 'running') return;
    if (run.attempt > 1) {
      // The process that ran it died. "Skip bad rows" committed some batches: it stops here, saying
      // how many. "All or nothing" is done when its last transaction committed (it records `created`
      // inside it): then only the end is missing. Else it starts over — after taking out the rows
      // of a move that stopped half-way (SQLite, staged-move.ts).
      if (row.mode !== 'atomic') return this.fail(row, this.interrupted(row));
      if (Number(row.created) > 0) {
        const counts = { processed: Number(row.processed), created: Number(row.created), failed: 0 };
        return this.finish(row, 'done', counts);
      }
      if (row.moving) await this.moves.takeBack(row.id, run);
      await this.repo.clearErrors(row.id);
    }
    let ctx: SchemaContext;
    try {
      ctx = await this.contextOf(payload.tenant, payload.appCode, payload.schemaCode, payload.adminMode);
      // The import is one entry of the application log (finish), not one per record.
      this.records.log.silence(ctx);
    } catch {
      return this.fail(row, { key: 'import.failed' });
    }
    // This process's own copy of the sheet from the store (another process may have uploaded it).
    await fs.promises.mkdir(this.tmp, { recursive: true });
    const local = this.tmpFile(row.id, row.format);
    if (!(await this.store.fetch(this.keyOf(row), local).catch(() => false)))
      return this.fail(row, { key: 'import.failed' });
    await this.run(ctx, { ...row, file_path: local }, payload.lang, run)
      .finally(() => fs.promises.rm(local, { force: true }))
      .catch(async (error: unknown) => {
        // Another process took the job over while this one stalled: it is that one's now. A move
        // that could not be taken back out: the job's next run does it (the queue retries it).
        if (error instanceof LeaseLost || error instanceof MoveUndoPending) throw error;
        // Whatever stopped it (a row the database refused, a broken file): the job says so — what
        // was wrong with the sheet when the reader knows (a row too long: which) — the uploaded
        // sheet goes, and in "all or nothing" mode the transaction wrote nothing.
        const now = await this.repo.byId(row.id);
        const text: StoredMessage =
          error instanceof SheetError ? { key: error.key, params: error.params } : { key: 'import.failed' };
        await this.fail(now ?? row, text).catch(() => undefined);
      });
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
    await fs.promises.mkdir(this.tmp, { recursive: true });
    const filePath = this.tmpFile(id, format);
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
        file_path: this.keyOf({ id, format }),
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
        moving: null,
      };
      await this.store.put(row.file_path, filePath);
      await this.repo.insert(row);
      return toJob(row, lang);
    } finally {
      await fs.promises.rm(filePath, { force: true });
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
    const payload: ImportPayload = {
      importId: id,
      tenant: ctx.access.tenant,
      appCode: ctx.schema.app_code,
      schemaCode: ctx.schema.code,
      adminMode: ctx.access.adminMode,
      lang,
    };
    // The state change and the queued job commit together; this process runs the job at once.
    const queued = await this.db.transaction().execute(async (trx) => {
      const started = await this.repo.transition(
        id,
        'uploaded',
        { state: 'running', mode: input.mode, mapping: JSON.stringify(mapping), updated_at: this.now() },
        trx,
      );
      return started ? this.jobs.enqueue(IMPORT_JOB, payload, { trx, here: true }) : null;
    });
    if (!queued) throw new AppError(409, ErrorCode.conflict, 'import.notStartable');
    this.jobs.launch(queued);
    return toJob({ ...row, state: 'running', mode: input.mode, mapping: JSON.stringify(mapping) }, lang);
  }

  /** Row → record data by the mapping; unknown people are a problem of that row. */
  private toData(
    row: unknown[],
    plan: ColumnPlan[],
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

  private async run(ctx: SchemaContext, job: ImportJobsTable, lang: Language, held: JobRun): Promise<void> {
    const names = await loadNames(this.db, ctx.schema.engine_code);
    const columns = JSON.parse(job.columns) as string[];
    const mapping = JSON.parse(job.mapping) as Record<string, string>;
    const plan = Object.entries(mapping).flatMap(([column, code]) => {
      const field = ctx.fields.find((f) => f.code === code);
      return field ? [{ index: columns.indexOf(column), field }] : [];
    });
    if (this.records.needsRowByRow(ctx)) return this.runRowByRow(ctx, job, lang, held, plan, names);
    return this.runBulk(ctx, job, lang, held, plan, names);
  }

  /**
   * Tables whose rows need nothing from the database per row (issue 15): each row converted by a
   * converter compiled once (converter.ts), written by the bulk writer (bulk-writer.ts) with ids of
   * one range (records/import-ids.ts), and one history entry for the import (`record_imports`)
   * instead of one per record. "All or nothing": SQLite loads a TEMP staging table chunk by chunk
   * (other requests run in between) and moves it into the table in chunks of short transactions
   * (staged-move.ts), taken back out if the move stops; PostgreSQL writes into the table inside one
   * transaction (other connections never wait on it). Either way a bad row leaves nothing, and so
   * does a crash: the transaction rolls back, the temp table goes, or a half-done move is undone.
   */
  private async runBulk(
    ctx: SchemaContext,
    job: ImportJobsTable,
    lang: Language,
    held: JobRun,
    plan: ColumnPlan[],
    names: NameBook,
  ): Promise<void> {
    const now = this.now();
    const converter = compileConverter(ctx, plan, names, new Date(now));
    const ids = new ImportIds(now);
    const writer = new BulkWriter(
      this.db,
      ctx.schema.table_name,
      converter.columns,
      { engineCode: ctx.schema.engine_code, memberId: ctx.access.tenant.memberId, now },
      ids,
    );
    const entry = {
      import_id: job.id,
      engine_code: ctx.schema.engine_code,
      schema_code: ctx.schema.code,
      member_id: ctx.access.tenant.memberId,
      file_name: job.file_name,
      first_id: ids.first,
      created_at: now,
    };
    const listens = await this.records.listensToCreates(ctx, this.db);
    const chunkRows = RecordLimits.importBatchRows;
    let processed = 0;
    let failed = 0;
    /** Rows committed to the table ("all or nothing": only in the transaction that moves them all). */
    let created = 0;
    /** Rows written so far but not committed ("all or nothing"). */
    let staged = 0;
    let kept = 0;
    const report = async (problems: RowProblem[]) => {
      if (!problems.length) return;
      await this.repo.addErrors(job.id, problems, kept);
      kept += problems.length;
    };
    /** Converts the sheet chunk by chunk, handing the good rows of each chunk to `write`. */
    const convert = async (write: (good: unknown[][]) => Promise<void>) => {
      let line = 1;
      /**
       * The previous chunk's write, still running while this chunk is read and converted: on
       * PostgreSQL the server takes a COPY in while this process converts the next rows (two cores
       * instead of one after the other). Writes stay one at a time and in order; the counts a
       * chunk's progress update shows may lag one chunk behind. A test's look between chunks
       * (the `betweenChunks` test hook) waits for each write first.
       */
      let writing: Promise<void> | null = null;
      // SQLite writes on this thread anyway: nothing to overlap there.
      const overlap = writer.dialect === 'postgres' && !this.hooks.betweenChunks;
      try {
        for await (const rows of readSheetChunks(job.file_path, job.format as SheetFormat, chunkRows)) {
          const good: unknown[][] = [];
          const problems: RowProblem[] = [];
          for (const row of rows) {
            line += 1;
            processed += 1;
            const result = converter.convert(row);
            if (result.ok) good.push(result.values);
            else {
              failed += 1;
              problems.push(...this.describe(ctx, line, new FieldValidationError(result.problems), lang));
            }
          }
          await report(problems);
          if (writing) await writing;
          writing = write(good);
          // Awaited before the next write or at the end; a failure meanwhile must not count as unhandled.
          writing.catch(() => undefined);
          if (!overlap) {
            await writing;
            writing = null;
          }
          await this.repo.update(job.id, { processed, created, failed, updated_at: this.now() });
          await this.hooks.betweenChunks?.(job, { staged, stage: writer.stageName });
        }
        if (writing) await writing;
      } finally {
        // A failed read or conversion: the write in flight ends before the caller rolls back or drops.
        if (writing) await writing.catch(() => undefined);
      }
    };
    /** The records' ids, for the write hooks (only read when one listens). */
    const allIds = () => Array.from({ length: ids.taken }, (_, i) => ids.at(i));

    if (job.mode !== 'atomic') {
      // Skip bad rows: each chunk's good rows commit on their own, the import's entry growing with them.
      await convert(async (good) => {
        if (!good.length) return;
        await this.db.transaction().execute(async (trx) => {
          const written = await writer.insert(trx, good);
          if (created === 0) await this.repo.addImport(trx, { ...entry, last_id: ids.last, count: written.length });
          else await this.repo.growImport(trx, job.id, ids.last, created + written.length);
          if (listens) await this.records.tellImported(ctx, trx, written);
          await held.hold(trx);
        });
        created += good.length;
        this.records.changed(ctx);
      });
      await this.finish(job, 'done', { processed, created, failed });
      return;
    }

    const rolledBack = () =>
      this.finish(
        job,
        'failed',
        { processed, created: 0, failed },
        { key: 'import.rolledBack', params: { count: failed } },
      );
    /** The end of an atomic import, in the transaction that makes its rows visible. */
    const commit = async (trx: Kysely<Database>) => {
      created = staged;
      await this.repo.addImport(trx, { ...entry, last_id: ids.last, count: created });
      if (listens) await this.records.tellImported(ctx, trx, allIds());
      // Committed with the rows: a process that takes the job over after a crash sees them written.
      await this.repo.update(job.id, { processed, created, updated_at: this.now() }, trx);
      // Last: only the process that holds the job commits (a fence), and its row stays locked until then.
      await held.hold(trx);
    };

    if (writer.dialect === 'postgres') {
      const written = await this.db
        .transaction()
        .execute(async (trx) => {
          await convert(async (good) => {
            if (failed) return; // a bad row: nothing more is written, the rest is only checked
            await writer.insert(trx, good);
            staged += good.length;
          });
          if (failed) throw new BulkRolledBack();
          await commit(trx);
        })
        .then(() => true)
        .catch((error: unknown) => {
          if (error instanceof BulkRolledBack) return false;
          throw error;
        });
      if (!written) {
        await rolledBack();
        return;
      }
    } else {
      await writer.openStage();
      try {
        await convert(async (good) => {
          if (failed || !good.length) return;
          await writer.toStage(good);
          staged += good.length;
        });
        if (failed) {
          // Dropped before the job says it failed, so whoever sees "failed" finds no staging table left.
          await writer.dropStage();
          await rolledBack();
          return;
        }
        await this.moves.move({
          jobId: job.id,
          marker: { table: ctx.schema.table_name, schema: ctx.schema.code, first: ids.first, fts: null, moved: 0 },
          writer,
          held,
          total: staged,
          chunkRows: this.hooks.moveChunkRows ?? MOVE_CHUNK_ROWS,
          // Read at each chunk, like betweenChunks: a test may set or clear it meanwhile.
          between: async (moved) => this.hooks.betweenMoves?.(job, moved),
          finish: commit,
        });
      } finally {
        // A failure, a lost lease or the end: the staging table goes (a dead process takes it along).
        await writer.dropStage().catch(() => undefined);
      }
    }
    this.records.changed(ctx);
    await this.finish(job, 'done', { processed, created, failed: 0 });
  }

  /**
   * Tables with unique, auto-number, relation or file fields: each row checked against the database
   * through the records' own create path (createIn), one history row per record as for any create.
   */
  private async runRowByRow(
    ctx: SchemaContext,
    job: ImportJobsTable,
    lang: Language,
    held: JobRun,
    plan: ColumnPlan[],
    names: NameBook,
  ): Promise<void> {
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

    /** Checks one row in memory: its record data, or its problems. */
    const check = (row: unknown[], rowNumber: number): { data: Record<string, unknown> } | RowProblem[] => {
      const { data, problems } = this.toData(row, plan, names);
      try {
        this.records.prepare(ctx, data);
      } catch (error) {
        const all =
          error instanceof FieldValidationError ? new FieldValidationError([...problems, ...error.problems]) : error;
        return this.describe(ctx, rowNumber, all, lang);
      }
      if (problems.length) return this.describe(ctx, rowNumber, new FieldValidationError(problems), lang);
      return { data };
    };
    /** Writes rows one by one in the given transaction, their events told once for the batch. */
    const write = (trx: Kysely<Database>, rows: { data: Record<string, unknown>; line?: number }[]) =>
      this.records.inBatch(ctx, trx, async () => {
        for (const r of rows) {
          try {
            await this.records.createIn(ctx, trx, r.data);
          } catch (error) {
            throw new RowFailure(r.line ?? 0, error);
          }
        }
      });
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
          // Only the process that holds the job writes (and the job cannot be taken until this commits).
          await held.hold(trx);
          let batch: { data: Record<string, unknown>; line: number }[] = [];
          for await (const { row, line } of rows(job.file_path, job.format as SheetFormat)) {
            batch.push({ data: dataOf(row), line });
            if (batch.length >= batchSize) {
              await write(trx, batch);
              created += batch.length;
              batch = [];
            }
          }
          await write(trx, batch);
          created += batch.length;
          // Committed with the rows: a process that takes the job over after a crash sees them written.
          await this.repo.update(job.id, { processed, created, updated_at: this.now() }, trx);
        })
        .then(() => true)
        .catch(async (error: unknown) => {
          // A row the database refused (say a value another row already holds): nothing was written.
          if (error instanceof LeaseLost) throw error;
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

    // Skip bad rows: row by row, each row its own check against the database (unique values, links).
    let batch: { data: Record<string, unknown> }[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const current = batch;
      batch = [];
      for (const r of current) {
        try {
          await this.db.transaction().execute((trx) => this.records.createIn(ctx, trx, r.data));
          created += 1;
        } catch (error) {
          failed += 1;
          await report(this.describe(ctx, 0, error, lang));
        }
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
      } else batch.push(result);
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
      await recordAudit(
        trx,
        {
          engineCode: job.engine_code,
          actorMemberId: job.member_id,
          action: 'record.import',
          targetType: 'schema',
          targetId: job.schema_code,
          appCode: job.app_code,
          schemaCode: job.schema_code,
          detail: { state, fileName: job.file_name, ...counts },
        },
        now,
      );
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
    await this.store.remove(this.keyOf(job)).catch(() => undefined);
  }
}
