import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  ErrorCode,
  type ImportError,
  type ImportJob,
  type ImportMode,
  type Language,
  RecordLimits,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, ImportJobsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { saveUpload } from '../../http/upload.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { FileStore } from '../../storage/store.js';
import type { ImportHooks } from '../../test-hooks.js';
import type { TransferLetters } from '../notices/transfer-letters.js';
import type { RecordService } from '../records/service.js';
import type { SchemaContext } from '../schema-context/context.js';
import type { ContextResolver } from './context-resolver.js';
import { IMPORT_JOB, ImportJobs, type ImportPayload, localSheetPath, sheetKey } from './import-jobs.js';
import { checkedMapping, suggestMapping } from './import-mapping.js';
import { ImportRepository, toJob } from './import-repository.js';
import { scanSheet } from './sheet-scan.js';
import { formatOf } from './sheets.js';
import { StagedMove } from './staged-move.js';

const notFound = () => new AppError(404, ErrorCode.notFound, 'import.notFound');

declare module 'fastify' {
  interface FastifyInstance {
    imports: ImportService;
  }
}

/**
 * Imports a sheet into a table as a persisted job: upload (header, preview, row count, suggested
 * mapping), then start with the member's mapping and mode. "All or nothing" checks every row first
 * and writes all of them or none, so a crash leaves nothing behind (bulk-import.ts: on SQLite a bulk
 * load's rows are moved in chunks, seen as they go, and taken out again if the move stops); "skip bad
 * rows" writes batch by batch and reports the rows it skipped.
 *
 * This is the member's side: the requests that create the job, queue it and answer its status.
 * Starting queues an `import` job (import-jobs.ts) that the starting process holds and runs at once.
 * If that process dies, another takes the job when its lease runs out: an "all or nothing" import
 * runs again from the sheet (or, if its last transaction had committed, just finishes); a "skip bad
 * rows" one fails, saying how many rows it had written.
 */
export class ImportService {
  private readonly repo: ImportRepository;
  private readonly tmp: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: RecordService,
    private readonly store: FileStore,
    dataDir: string,
    letters: TransferLetters | null,
    private readonly jobs: JobQueue,
    contextOf: ContextResolver,
    private readonly now: () => number = Date.now,
    /** Tests' looks between chunks and the move's chunk size (test-hooks.ts); none in production. */
    hooks: ImportHooks = {},
    /** SQLite on a file: its path (bulk imports stage and move on a side connection of their own). */
    sqliteFile?: string,
  ) {
    this.repo = new ImportRepository(db);
    this.tmp = path.join(dataDir, 'tmp');
    const moves = new StagedMove(db, records, this.repo);
    // Registers the job kind with the queue; kept by the queue, not here.
    new ImportJobs(
      db,
      { db, records, repo: this.repo, moves, hooks, now, sqliteFile },
      store,
      this.tmp,
      letters,
      jobs,
      contextOf,
    );
  }

  private requireImport(ctx: SchemaContext): void {
    this.records.require(ctx, 'add');
    this.records.require(ctx, 'import');
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
    const filePath = localSheetPath(this.tmp, id, format);
    await saveUpload(file.stream, filePath);
    try {
      if (file.stream.truncated)
        throw new AppError(400, ErrorCode.validationFailed, 'import.tooBig', {
          mb: RecordLimits.importMaxBytes / 1024 / 1024,
        });
      const scan = await scanSheet(filePath, format);
      const mapping = suggestMapping(ctx, scan.columns);
      const now = this.now();
      const row: ImportJobsTable = {
        id,
        engine_code: ctx.schema.engine_code,
        app_code: ctx.schema.app_code,
        schema_code: ctx.schema.code,
        member_id: ctx.access.tenant.memberId,
        file_name: file.filename.slice(0, 255),
        file_path: sheetKey({ id, format }),
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
    const mapping = checkedMapping(ctx, JSON.parse(row.columns) as string[], input.mapping);
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
}
