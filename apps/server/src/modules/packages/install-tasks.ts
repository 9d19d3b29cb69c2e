import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { formatMessage, type InstallTask, type Language, type ServerMessageKey } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, InstallTasksTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { FileService } from '../files/service.js';
import type { CrashPoint } from './crash-points.js';
import type { InstallRun } from './install-work.js';
import { writeNewApp } from './install-write.js';
import { moveFiles, stagingPath } from './package-files.js';
import { readManifestText, unpackPackage } from './package-unpack.js';
import { refuse } from './refuse.js';
import { writeUpgrade } from './upgrade-write.js';
import { PackageRefused } from './zip-read.js';

export interface InstallOptions {
  /** How long a running task's process holds it without renewing (PostgreSQL; SQLite has one process). */
  leaseMs: number;
  /** Tests only (TestHooks.packageCrashAt): the step at which the process kills itself. */
  crashAt?: CrashPoint | undefined;
}

/** What a task installs: a package on disk and how it got there (spec §7 source). */
export interface InstallSpec {
  source: number;
  /** The uploaded package's id or the template's id. */
  packageRef: string;
  zipPath: string;
  withBizData: boolean;
  /** Remove the zip once installed (an upload; a template's package stays). */
  removeZip: boolean;
  /** Upgrade this app of the team in place (upgrade-service.ts checked it) instead of installing a new one. */
  upgradeOf?: string;
}

/** A task's message as stored: put into words in the reader's language when asked. */
interface StoredMessage {
  key: ServerMessageKey;
  params?: Record<string, string | number> | undefined;
  /** Formatted in the reader's language as the `{detail}` parameter. */
  detail?: { key: ServerMessageKey; params?: Record<string, string | number> | undefined } | undefined;
}

/**
 * The lifecycle of install tasks (`install_tasks`): created running with a lease, run in the
 * background in this process (lease renewed on PostgreSQL, progress kept in memory), ended done by
 * the work's own transaction (install-work.ts `done`) or failed here, and failed when their process
 * died — at start-up on SQLite, once the lease passed on PostgreSQL (start-up, the minute's sweep or
 * a status read) — with their staging removed. The work (unpacking, writing the app) is in
 * package-unpack.ts, install-write.ts and upgrade-write.ts.
 */
export class InstallTasks {
  /** Progress of the tasks this process runs (their rows only change at commit). */
  private readonly progress = new Map<string, number>();
  private readonly runs = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    /** `DATA_DIR/packages`: staging lives under it. */
    private readonly root: string,
    private readonly files: FileService,
    private readonly options: InstallOptions,
    private readonly now: () => number,
  ) {}

  /** Starts an install task (an upload's, or a template's later) and runs it in the background. */
  async start(tenant: TenantContext, spec: InstallSpec): Promise<{ taskId: string; appCode: string }> {
    const now = this.now();
    const task: InstallTasksTable = {
      id: randomUUID(),
      engine_code: tenant.engineCode,
      member_id: tenant.memberId,
      app_code: spec.upgradeOf ?? `a${randomBytes(6).toString('hex')}`,
      source: spec.source,
      package_ref: spec.packageRef,
      with_biz_data: spec.withBizData ? 1 : 0,
      state: 'running',
      progress: 0,
      message: '',
      lease_until: now + this.leaseMs(),
      code_map: '',
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('install_tasks').values(task).execute();
    this.progress.set(task.id, 1);
    const run = this.run(task, spec).finally(() => {
      this.progress.delete(task.id);
      this.runs.delete(run);
    });
    this.runs.add(run);
    return { taskId: task.id, appCode: task.app_code };
  }

  /** SQLite is one process: a lease only has to outlast it. PostgreSQL tasks renew theirs. */
  private leaseMs(): number {
    return this.dialect === 'sqlite' ? 24 * 60 * 60 * 1000 : this.options.leaseMs;
  }

  /** Waits for the installs this process runs (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.runs.size) await Promise.allSettled([...this.runs]);
  }

  async task(tenant: TenantContext | null, taskId: string, lang: Language): Promise<InstallTask> {
    if (!tenant) throw refuse(403, 'org.noTeam');
    let row = await this.db
      .selectFrom('install_tasks')
      .selectAll()
      .where('engine_code', '=', tenant.engineCode)
      .where('member_id', '=', tenant.memberId)
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (!row) throw refuse(404, 'package.taskNotFound');
    // A task nobody runs any more (its process died and its lease passed) is failed now.
    if (row.state === 'running' && !this.progress.has(row.id) && row.lease_until < this.now()) {
      await this.abandon(row);
      row = { ...row, state: 'failed', message: JSON.stringify({ key: 'package.interrupted' }) };
    }
    const message = row.message ? (JSON.parse(row.message) as StoredMessage) : null;
    return {
      taskId: row.id,
      appCode: row.app_code,
      isCompleted: row.state !== 'running',
      state: row.state,
      progress: row.state === 'running' ? (this.progress.get(row.id) ?? row.progress) : 100,
      message: message
        ? formatMessage(message.key, lang, {
            ...message.params,
            ...(message.detail ? { detail: formatMessage(message.detail.key, lang, message.detail.params) } : {}),
          })
        : '',
    };
  }

  /**
   * Start-up: tasks cut off by a dead process are failed and their staging removed (nothing of them
   * committed); committed tasks whose files were still staged get them moved.
   */
  async recover(): Promise<void> {
    const now = this.now();
    const stale = await this.db
      .selectFrom('install_tasks')
      .selectAll()
      .where('state', '=', 'running')
      .$if(this.dialect !== 'sqlite', (q) => q.where('lease_until', '<', now))
      .execute();
    for (const task of stale) await this.abandon(task);
    const staging = path.join(this.root, 'staging');
    for (const id of fs.existsSync(staging) ? await fs.promises.readdir(staging) : []) {
      const task = await this.db.selectFrom('install_tasks').selectAll().where('id', '=', id).executeTakeFirst();
      if (task?.state === 'done') await moveFiles(this.files, task, stagingPath(this.root, task.id));
      if (task?.state !== 'running') await fs.promises.rm(path.join(staging, id), { recursive: true, force: true });
    }
  }

  /**
   * Every minute: running tasks of other processes whose lease passed (the process died and nobody
   * restarted it or asked for the task) are failed and their staging removed.
   */
  startSweeping(everyMs = 60_000): () => void {
    const timer = setInterval(() => void this.sweep().catch(() => undefined), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  async sweep(): Promise<void> {
    const stale = await this.db
      .selectFrom('install_tasks')
      .selectAll()
      .where('state', '=', 'running')
      .where('lease_until', '<', this.now())
      .execute();
    for (const task of stale) if (!this.progress.has(task.id)) await this.abandon(task);
  }

  /** A task whose process died: failed (only if still running), its staging removed. */
  private async abandon(task: InstallTasksTable): Promise<void> {
    await this.db
      .updateTable('install_tasks')
      .set({ state: 'failed', message: JSON.stringify({ key: 'package.interrupted' }), updated_at: this.now() })
      .where('id', '=', task.id)
      .where('state', '=', 'running')
      .execute();
    await fs.promises.rm(stagingPath(this.root, task.id), { recursive: true, force: true });
  }

  private crash(point: CrashPoint): void {
    // A test stands in for a power cut here: no clean-up of any kind runs.
    if (this.options.crashAt === point) process.kill(process.pid, 'SIGKILL');
  }

  /** The task's end inside the work's transaction: done only if still running, else nothing of it may stay. */
  private async done(trx: Kysely<Database>, task: InstallTasksTable, codeMap: string): Promise<void> {
    const done = await trx
      .updateTable('install_tasks')
      .set({ state: 'done', progress: 100, code_map: codeMap, updated_at: this.now() })
      .where('id', '=', task.id)
      .where('state', '=', 'running')
      .executeTakeFirst();
    // Failed meanwhile (its lease ran out): nothing of it may stay.
    if (Number(done.numUpdatedRows) !== 1) throw new PackageRefused('package.interrupted');
  }

  /** One task in this process: lease renewed while it runs, the work, then its files and clean-up — or failed. */
  private async run(task: InstallTasksTable, spec: InstallSpec): Promise<void> {
    const staging = stagingPath(this.root, task.id);
    const heartbeat =
      this.dialect === 'sqlite'
        ? null
        : setInterval(
            () => {
              void this.db
                .updateTable('install_tasks')
                .set({ lease_until: this.now() + this.options.leaseMs })
                .where('id', '=', task.id)
                .where('state', '=', 'running')
                .execute()
                .catch(() => undefined);
            },
            Math.max(this.options.leaseMs / 3, 200),
          );
    const work: InstallRun = {
      db: this.db,
      dialect: this.dialect,
      now: this.now,
      task,
      staging,
      progress: (percent) => this.progress.set(task.id, percent),
      crash: (point) => this.crash(point),
      done: (trx, codeMap) => this.done(trx, task, codeMap),
    };
    try {
      await unpackPackage(spec.zipPath, staging);
      this.progress.set(task.id, 20);
      this.crash('extracted');
      const text = await readManifestText(staging);
      if (spec.upgradeOf) await writeUpgrade(work, text);
      else await writeNewApp(work, spec.withBizData, text);
      this.crash('committed');
      await moveFiles(this.files, task, staging);
      await fs.promises.rm(staging, { recursive: true, force: true });
      if (spec.removeZip) await fs.promises.rm(spec.zipPath, { force: true });
    } catch (error) {
      const message: StoredMessage =
        error instanceof PackageRefused
          ? { key: error.key, params: error.params, detail: error.detail }
          : error instanceof AppError
            ? { key: error.messageKey, params: error.params }
            : { key: 'package.failed' };
      await fs.promises.rm(staging, { recursive: true, force: true }).catch(() => undefined);
      await this.db
        .updateTable('install_tasks')
        .set({ state: 'failed', message: JSON.stringify(message), updated_at: this.now() })
        .where('id', '=', task.id)
        .where('state', '=', 'running')
        .execute()
        .catch(() => undefined);
    } finally {
      if (heartbeat) clearInterval(heartbeat);
    }
  }
}
