import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { EXPORT_LINK_TTL_MS, type ExportJob, formatMessage, type Language } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, ExportJobsTable } from '../../db/schema.js';
import type { JobRun } from '../../jobs/queue.js';
import type { FileStore } from '../../storage/store.js';
import type { StoredMessage } from './import-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Export jobs' rows and files (tests move their expiry; maintenance removes the expired). */
    exportJobs: ExportJobs;
  }
}

export const CONTENT_TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
};

export function toExportJob(row: ExportJobsTable, lang: Language): ExportJob {
  const message = row.message ? (JSON.parse(row.message) as StoredMessage) : null;
  const total = Number(row.total);
  const processed = Number(row.processed);
  const percent = row.state === 'done' ? 100 : total > 0 ? Math.min(99, Math.floor((processed / total) * 100)) : 0;
  return {
    id: row.id,
    state: row.state as ExportJob['state'],
    fileName: row.file_name,
    processed,
    total,
    percent,
    downloadUrl: row.state === 'done' ? `/v1/downloads/${row.token}` : '',
    expiresAt: Number(row.expires_at),
    message: message ? formatMessage(message.key, lang, message.params) : '',
    createdAt: Number(row.created_at),
  };
}

/** A new export's row: running, with its download token (a random secret; the download also needs its user). */
export function newExportRow(
  fields: Pick<
    ExportJobsTable,
    'id' | 'kind' | 'engine_code' | 'user_id' | 'member_id' | 'app_code' | 'schema_code' | 'format' | 'file_name'
  > & { total: number },
  now: number,
): ExportJobsTable {
  return {
    ...fields,
    file_key: '',
    state: 'running',
    processed: 0,
    token: randomBytes(24).toString('base64url'),
    expires_at: now + EXPORT_LINK_TTL_MS,
    message: '',
    created_at: now,
    updated_at: now,
  };
}

/**
 * Export jobs' rows and files (table exports and team exports alike). A job writes its file to a
 * local temporary file first (page by page, never the whole table in memory), then stores it under
 * one key per job — `exports/<team>/<job>.<ext>` — so a job run again after its process died
 * overwrites the same key and never leaves two files.
 */
export class ExportJobs {
  readonly tmp: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: FileStore,
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.tmp = path.join(dataDir, 'tmp');
  }

  insert(row: ExportJobsTable, trx: Kysely<Database> = this.db) {
    return trx.insertInto('export_jobs').values(row).execute();
  }

  byId(id: string) {
    return this.db.selectFrom('export_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One job of a user in a team, of one kind (anything else is nobody's). */
  find(kind: string, engineCode: string, userId: string, id: string) {
    return this.db
      .selectFrom('export_jobs')
      .selectAll()
      .where('kind', '=', kind)
      .where('engine_code', '=', engineCode)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  latest(kind: string, engineCode: string, userId: string, limit: number) {
    return this.db
      .selectFrom('export_jobs')
      .selectAll()
      .where('kind', '=', kind)
      .where('engine_code', '=', engineCode)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  byToken(token: string) {
    return this.db.selectFrom('export_jobs').selectAll().where('token', '=', token).executeTakeFirst();
  }

  async progress(id: string, processed: number, total?: number): Promise<void> {
    await this.db
      .updateTable('export_jobs')
      .set({ processed, ...(total !== undefined ? { total } : {}), updated_at: this.now() })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute();
  }

  /** A fresh local path for a job's file (removed by the caller). */
  async tmpFile(id: string, ext: string): Promise<string> {
    await fs.promises.mkdir(this.tmp, { recursive: true });
    return path.join(this.tmp, `export-${id}-${randomBytes(4).toString('hex')}.${ext}`);
  }

  keyOf(row: Pick<ExportJobsTable, 'engine_code' | 'id' | 'format'>): string {
    return `exports/${row.engine_code}/${row.id}.${row.format}`;
  }

  /**
   * The job's file goes into the store and the job ends, in one transaction that holds the job's
   * lease: a process that lost the job meanwhile stores nothing and ends nothing (`LeaseLost`).
   * `after` writes what commits with it (the letter).
   */
  async complete(
    run: JobRun,
    row: ExportJobsTable,
    local: string,
    counts: { processed: number; total: number },
    after: (trx: Kysely<Database>, now: number) => Promise<void>,
  ): Promise<void> {
    const key = this.keyOf(row);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await run.hold(trx);
      await this.store.put(key, local, CONTENT_TYPES[row.format]);
      await trx
        .updateTable('export_jobs')
        .set({
          state: 'done',
          file_key: key,
          processed: counts.processed,
          total: counts.total,
          expires_at: now + EXPORT_LINK_TTL_MS,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .execute();
      await after(trx, now);
    });
  }

  async fail(id: string, text: StoredMessage): Promise<void> {
    await this.db
      .updateTable('export_jobs')
      .set({ state: 'failed', message: JSON.stringify(text), updated_at: this.now() })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute();
  }

  /**
   * The file behind a download link, for its user alone while they are still in its team (a closed
   * team's owner or admin included): else why not, as a message key and status for a page in words.
   */
  async download(
    userId: string,
    token: string,
  ): Promise<
    | { ok: true; row: ExportJobsTable; body: Readable }
    | {
        ok: false;
        status: number;
        key: 'export.linkInvalid' | 'export.linkExpired' | 'export.notReady' | 'export.failed';
      }
  > {
    const row = await this.byToken(token);
    const member = row
      ? await this.db
          .selectFrom('members')
          .select('member_id')
          .where('engine_code', '=', row.engine_code)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
    if (!row || row.user_id !== userId || !member) return { ok: false, status: 404, key: 'export.linkInvalid' };
    if (row.state === 'running') return { ok: false, status: 409, key: 'export.notReady' };
    if (row.state === 'failed') return { ok: false, status: 410, key: 'export.failed' };
    if (Number(row.expires_at) <= this.now()) return { ok: false, status: 410, key: 'export.linkExpired' };
    const body = await this.store.read(row.file_key);
    if (!body) return { ok: false, status: 410, key: 'export.linkExpired' };
    return { ok: true, row, body };
  }

  /**
   * Maintenance: exports whose link has expired go with their files; so do jobs left failed or
   * running a week after they began.
   */
  async expire(now: number): Promise<number> {
    const week = 7 * 24 * 60 * 60_000;
    const rows = await this.db
      .selectFrom('export_jobs')
      .select(['id', 'file_key', 'engine_code', 'format'])
      .where((eb) =>
        eb.or([eb.and([eb('state', '<>', 'running'), eb('expires_at', '<', now)]), eb('created_at', '<', now - week)]),
      )
      .limit(1_000)
      .execute();
    for (const row of rows) {
      await this.store.remove(row.file_key || this.keyOf(row)).catch(() => undefined);
      await this.db.deleteFrom('export_jobs').where('id', '=', row.id).execute();
    }
    return rows.length;
  }
}
