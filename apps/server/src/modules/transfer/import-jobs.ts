import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, ImportJobsTable } from '../../db/schema.js';
import { analyzeTable, BIG_LOAD_ROWS } from '../../db/statistics.js';
import type { TenantContext } from '../../http/context.js';
import { type JobQueue, type JobRun, LeaseLost } from '../../jobs/queue.js';
import type { FileStore } from '../../storage/store.js';
import { recordAudit } from '../audit/record.js';
import type { TransferLetters } from '../notices/transfer-letters.js';
import type { SchemaContext } from '../schema-context/context.js';
import type { ContextResolver } from './context-resolver.js';
import type { ImportRepository, StoredMessage } from './import-repository.js';
import type { ImportOutcome, ImportWork } from './import-work.js';
import { runImport } from './run-import.js';
import { SheetError } from './sheets.js';
import { MoveUndoPending } from './staged-move.js';

export const IMPORT_JOB = 'import';

/** What the queued job needs to see the table as the member who started it, in any process. */
export interface ImportPayload {
  importId: string;
  tenant: TenantContext;
  appCode: string;
  schemaCode: string;
  adminMode: boolean;
  lang: Language;
}

/** Where the sheet lives in the file store, between upload and the job's end (any process reads it). */
export function sheetKey(row: Pick<ImportJobsTable, 'id' | 'format'>): string {
  return `imports/${row.id}.${row.format}`;
}

/** A local file for reading (sheets are parsed from disk); the caller removes it. */
export function localSheetPath(tmp: string, id: string, format: string): string {
  return path.join(tmp, `import-${id}-${randomUUID().slice(0, 8)}.${format}`);
}

/**
 * The `import` job of the queue (jobs/queue.ts) in whichever process holds it: a takeover after a
 * crash, fetching the sheet, running the work (run-import.ts), and the job's end — done or failed,
 * with its audit entry and letter in one transaction — or the queue giving it up. The work itself
 * never ends the job: it answers an outcome and this records it.
 */
export class ImportJobs {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly work: ImportWork,
    private readonly store: FileStore,
    /** This process's scratch directory for local copies of sheets. */
    private readonly tmp: string,
    private readonly letters: TransferLetters | null,
    jobs: JobQueue,
    private readonly contextOf: ContextResolver,
  ) {
    jobs.register<ImportPayload>(IMPORT_JOB, {
      maxAttempts: 3,
      run: (payload, run) => this.run(payload, run),
      giveUp: async (payload) => {
        // No process holds the job any more: a move it left half-way is taken back out first. An undo
        // that fails even now (the database refusing writes) leaves the mark; the import still fails.
        await this.work.moves.takeBack(payload.importId, null).catch(() => undefined);
        const row = await this.work.repo.byId(payload.importId);
        if (row?.state === 'running') await this.fail(row, this.interrupted(row));
      },
    });
  }

  private get repo(): ImportRepository {
    return this.work.repo;
  }

  private interrupted(row: ImportJobsTable): StoredMessage {
    return row.mode === 'atomic'
      ? { key: 'import.interrupted' }
      : { key: 'import.interruptedPartial', params: { created: Number(row.created) } };
  }

  /** Marks the import failed (with a letter to its member) and lets go of its sheet. */
  private async fail(row: ImportJobsTable, text: StoredMessage): Promise<void> {
    await this.finish(row, {
      state: 'failed',
      counts: { processed: Number(row.processed), created: Number(row.created), failed: Number(row.failed) },
      text,
    });
  }

  /** The queued job, in whichever process took it. */
  private async run(payload: ImportPayload, run: JobRun): Promise<void> {
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
        return this.finish(row, { state: 'done', counts });
      }
      if (row.moving) await this.work.moves.takeBack(row.id, run);
      await this.repo.clearErrors(row.id);
    }
    let ctx: SchemaContext;
    try {
      ctx = await this.contextOf(payload.tenant, payload.appCode, payload.schemaCode, payload.adminMode);
      // The import is one entry of the application log (finish), not one per record.
      this.work.records.log.silence(ctx);
    } catch {
      return this.fail(row, { key: 'import.failed' });
    }
    // This process's own copy of the sheet from the store (another process may have uploaded it).
    await fs.promises.mkdir(this.tmp, { recursive: true });
    const local = localSheetPath(this.tmp, row.id, row.format);
    if (!(await this.store.fetch(sheetKey(row), local).catch(() => false)))
      return this.fail(row, { key: 'import.failed' });
    await runImport(this.work, ctx, { ...row, file_path: local }, payload.lang, run)
      .then(async (outcome) => {
        await this.finish(row, outcome);
        // A big load changes what the planner should expect of the table (statistics.ts).
        if (outcome.counts.created >= BIG_LOAD_ROWS)
          await analyzeTable(this.db, ctx.schema.table_name).catch(() => undefined);
      })
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

  /** The job's end: its state and counts, an audit entry and the member's letter, then the sheet goes. */
  private async finish(job: ImportJobsTable, { state, counts, text }: ImportOutcome): Promise<void> {
    const now = this.work.now();
    // The job's end and the member's letter commit together.
    await this.db.transaction().execute(async (trx) => {
      await this.repo.update(
        job.id,
        { state, ...counts, message: text ? JSON.stringify(text) : '', updated_at: now },
        trx,
      );
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
    await this.store.remove(sheetKey(job)).catch(() => undefined);
  }
}
