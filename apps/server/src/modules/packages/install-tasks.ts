import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { formatMessage, type InstallTask, type Language, type ServerMessageKey } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, InstallTasksTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { type JobQueue, type JobRun, LeaseLost } from '../../jobs/queue.js';
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

/** The queue's job kind that runs an install task (jobs/queue.ts). */
export const INSTALL_JOB = 'packages.install';

interface InstallPayload {
  taskId: string;
  spec: InstallSpec;
}

/** A task's message as stored: put into words in the reader's language when asked. */
interface StoredMessage {
  key: ServerMessageKey;
  params?: Record<string, string | number> | undefined;
  /** Formatted in the reader's language as the `{detail}` parameter. */
  detail?: { key: ServerMessageKey; params?: Record<string, string | number> | undefined } | undefined;
}

const INTERRUPTED: StoredMessage = { key: 'package.interrupted' };
/** A committed install's progress until its staged files are in place (then 100: complete). */
const COMMITTED_PROGRESS = 99;

/**
 * The lifecycle of install tasks (`install_tasks`) on the job queue (jobs/queue.ts, issue 36). A
 * task is its row (state, message, code map: what the poll shows) and a queue job `packages.install`
 * written with it, running in this process (`here`), in one transaction. The queue's lease says
 * which process works on it and its heartbeat renews it; the work's transaction takes the job
 * (`JobRun.hold`) as it marks the task done, so a process that stalled past its lease cannot commit
 * once another took the job. The job has ONE attempt: a task is one transaction, so a takeover
 * (its process died) never runs it again but gives it up — the task is failed as interrupted and
 * its staging removed, or, when it had committed, its staged files are moved in. Progress is kept
 * in memory (the row only changes at commit). The work (unpacking, writing the app) is in
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
    private readonly jobs: JobQueue,
    private readonly options: InstallOptions,
    private readonly now: () => number,
  ) {
    jobs.register<InstallPayload>(INSTALL_JOB, {
      maxAttempts: 1,
      run: (payload, job) => this.run(payload, job),
      giveUp: ({ taskId }) => this.giveUp(taskId),
    });
  }

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
      code_map: '',
      created_at: now,
      updated_at: now,
    };
    // The task and the job that runs it commit together: neither is ever without the other.
    const queued = await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('install_tasks').values(task).execute();
      return this.jobs.enqueue<InstallPayload>(INSTALL_JOB, { taskId: task.id, spec }, { trx, here: true });
    });
    this.progress.set(task.id, 1);
    const run = this.jobs.runHere(queued).finally(() => {
      this.progress.delete(task.id);
      this.runs.delete(run);
    });
    this.runs.add(run);
    return { taskId: task.id, appCode: task.app_code };
  }

  /** Waits for the installs this process runs (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.runs.size) await Promise.allSettled([...this.runs]);
  }

  async task(tenant: TenantContext | null, taskId: string, lang: Language): Promise<InstallTask> {
    if (!tenant) throw refuse(403, 'org.noTeam');
    const row = await this.db
      .selectFrom('install_tasks')
      .selectAll()
      .where('engine_code', '=', tenant.engineCode)
      .where('member_id', '=', tenant.memberId)
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (!row) throw refuse(404, 'package.taskNotFound');
    const message = row.message ? (JSON.parse(row.message) as StoredMessage) : null;
    return {
      taskId: row.id,
      appCode: row.app_code,
      // A committed install is complete once its files are in place too (progress 100, filesMoved).
      isCompleted: row.state === 'failed' || (row.state === 'done' && row.progress >= 100),
      state: row.state,
      progress:
        row.state === 'running'
          ? (this.progress.get(row.id) ?? row.progress)
          : row.state === 'done'
            ? row.progress
            : 100,
      message: message
        ? formatMessage(message.key, lang, {
            ...message.params,
            ...(message.detail ? { detail: formatMessage(message.detail.key, lang, message.detail.params) } : {}),
          })
        : '',
    };
  }

  /**
   * Start-up, before the queue runs: committed tasks whose files were still staged get them moved,
   * and the staging of ended tasks goes. A task still running is its job's: the queue gives it up
   * once its lease has passed (giveUp below).
   */
  async recover(): Promise<void> {
    const staging = path.join(this.root, 'staging');
    for (const id of fs.existsSync(staging) ? await fs.promises.readdir(staging) : []) {
      const task = await this.db.selectFrom('install_tasks').selectAll().where('id', '=', id).executeTakeFirst();
      if (task?.state === 'done') await this.moveFilesOf(task, stagingPath(this.root, task.id));
      if (task?.state !== 'running') await fs.promises.rm(path.join(staging, id), { recursive: true, force: true });
    }
  }

  /**
   * The queue took the job of a process that died (its lease passed) and gives it up (one attempt):
   * a task that committed gets the files its process did not move; any other is failed as
   * interrupted — nothing of it committed — and its staging removed first, so a failed task never
   * shows while its staged files are still there.
   */
  private async giveUp(taskId: string): Promise<void> {
    const task = await this.db.selectFrom('install_tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!task) return;
    const staging = stagingPath(this.root, task.id);
    if (task.state === 'done') await this.moveFilesOf(task, staging);
    await fs.promises.rm(staging, { recursive: true, force: true });
    if (task.state === 'running') await this.fail(task.id, INTERRUPTED);
  }

  /** A committed task's staged files moved into the store: only then is the task complete (progress 100). */
  private async moveFilesOf(task: InstallTasksTable, staging: string): Promise<void> {
    await moveFiles(this.files, task, staging);
    await this.db
      .updateTable('install_tasks')
      .set({ progress: 100, updated_at: this.now() })
      .where('id', '=', task.id)
      .where('state', '=', 'done')
      .execute();
  }

  /** The task failed with its reason (only if still running: a done task stays done). */
  private async fail(taskId: string, message: StoredMessage): Promise<void> {
    await this.db
      .updateTable('install_tasks')
      .set({ state: 'failed', message: JSON.stringify(message), updated_at: this.now() })
      .where('id', '=', taskId)
      .where('state', '=', 'running')
      .execute();
  }

  private crash(point: CrashPoint): void {
    // A test stands in for a power cut here: no clean-up of any kind runs.
    if (this.options.crashAt === point) process.kill(process.pid, 'SIGKILL');
  }

  /**
   * The task's end inside the work's transaction: the queue's job held (LeaseLost when another
   * process took it over: then the whole transaction rolls back), then the task done only if it is
   * still running.
   */
  private async done(trx: Kysely<Database>, job: JobRun, taskId: string, codeMap: string): Promise<void> {
    await job.hold(trx);
    const done = await trx
      .updateTable('install_tasks')
      .set({ state: 'done', progress: COMMITTED_PROGRESS, code_map: codeMap, updated_at: this.now() })
      .where('id', '=', taskId)
      .where('state', '=', 'running')
      .executeTakeFirst();
    // Failed meanwhile: nothing of it may stay.
    if (Number(done.numUpdatedRows) !== 1) throw new PackageRefused('package.interrupted');
  }

  /** The queue's job: the work, then its files and clean-up — or the task failed with its reason. */
  private async run({ taskId, spec }: InstallPayload, job: JobRun): Promise<void> {
    const task = await this.db.selectFrom('install_tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (task?.state !== 'running') return;
    const staging = stagingPath(this.root, task.id);
    const work: InstallRun = {
      db: this.db,
      dialect: this.dialect,
      now: this.now,
      task,
      staging,
      progress: (percent) => this.progress.set(task.id, percent),
      crash: (point) => this.crash(point),
      done: (trx, codeMap) => this.done(trx, job, task.id, codeMap),
    };
    try {
      await unpackPackage(spec.zipPath, staging);
      this.progress.set(task.id, 20);
      this.crash('extracted');
      const text = await readManifestText(staging);
      if (spec.upgradeOf) await writeUpgrade(work, text);
      else await writeNewApp(work, spec.withBizData, text);
      this.crash('committed');
      await this.moveFilesOf(task, staging);
      await fs.promises.rm(staging, { recursive: true, force: true });
      if (spec.removeZip) await fs.promises.rm(spec.zipPath, { force: true });
    } catch (error) {
      await fs.promises.rm(staging, { recursive: true, force: true }).catch(() => undefined);
      // Another process took the job over (this one stalled past its lease) and gave the task up.
      if (error instanceof LeaseLost) throw error;
      const message: StoredMessage =
        error instanceof PackageRefused
          ? { key: error.key, params: error.params, detail: error.detail }
          : error instanceof AppError
            ? { key: error.messageKey, params: error.params }
            : { key: 'package.failed' };
      await this.fail(task.id, message).catch(() => undefined);
    }
  }
}
