import path from 'node:path';
import { FeatureCode, type InstallTask, type Language, type UploadedPackage } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { FileService } from '../files/service.js';
import { type InstallOptions, type InstallSpec, InstallTasks } from './install-tasks.js';
import { PackageUploads } from './package-uploads.js';
import { refuse } from './refuse.js';

export type { InstallOptions, InstallSpec } from './install-tasks.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** App package installs (tests wait for them with `idle()`). */
    packageInstalls: PackageInstallService;
  }
}

/**
 * Installs app packages as new apps (issue 12) — the one entry point routes, upgrades and templates
 * use. An install is a task: the package is unpacked into a staging directory (zip-read.ts refuses
 * what is unsafe), every code gets a fresh one, and the app's rows, its physical tables and its
 * records are written in ONE transaction that also marks the task done — PostgreSQL and SQLite both
 * roll DDL back — so a failure or a crash leaves no app and no table. Files wait in the staging
 * directory and move under the team's files only after the commit; a restart finishes the moves of
 * a committed task and removes the staging of one that never committed (its task is failed when the
 * job queue gives up the job of the process that died, install-tasks.ts).
 *
 * Here: the team's feature switch and uploads (package-uploads.ts); the task's lifecycle is
 * install-tasks.ts, the work it runs install-write.ts / upgrade-write.ts.
 */
export class PackageInstallService {
  private readonly uploads: PackageUploads;
  private readonly tasks: InstallTasks;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
    dataDir: string,
    files: FileService,
    jobs: JobQueue,
    options: InstallOptions,
    private readonly now: () => number = Date.now,
  ) {
    const root = path.join(dataDir, 'packages');
    this.uploads = new PackageUploads(root);
    this.tasks = new InstallTasks(db, dialect, root, files, jobs, options, now);
  }

  /** An uploaded package of the team on disk, or '' when there is none of that id. */
  uploadedZip(engineCode: string, packagePath: string): string {
    return this.uploads.find(engineCode, packagePath);
  }

  /** Spec §5: one zip of at most 50 MB, kept for the install that follows. */
  async upload(
    tenant: TenantContext | null,
    upload: { filename: string; file: NodeJS.ReadableStream & { truncated?: boolean } },
  ): Promise<Omit<UploadedPackage, 'matches' | 'filePath' | 'storageKey'>> {
    if (!tenant) throw refuse(403, 'org.noTeam');
    await this.requireFeature(tenant);
    return this.uploads.save(tenant.engineCode, upload);
  }

  /** Spec §7 `POST /v2/app/installpackage`: starts the task and answers at once. */
  async installUpload(
    tenant: TenantContext | null,
    input: { packagePath: string; withBizData: boolean; source: number },
  ): Promise<{ taskId: string; appCode: string }> {
    if (!tenant) throw refuse(403, 'org.noTeam');
    await this.requireFeature(tenant);
    const zipPath = this.uploadedZip(tenant.engineCode, input.packagePath);
    if (!zipPath) throw refuse(404, 'package.notFound');
    return this.start(tenant, {
      source: input.source,
      packageRef: input.packagePath,
      zipPath,
      withBizData: input.withBizData,
      removeZip: true,
    });
  }

  async requireFeature(tenant: TenantContext): Promise<void> {
    const row = await this.db
      .selectFrom('engine_features')
      .select('feature_code')
      .where('engine_code', '=', tenant.engineCode)
      .where('feature_code', '=', FeatureCode.templateInstallByUpload)
      .executeTakeFirst();
    if (!row) throw refuse(403, 'package.featureOff');
  }

  /** Starts an install task (an upload's, or a template's later) and runs it in the background. */
  start(tenant: TenantContext, spec: InstallSpec): Promise<{ taskId: string; appCode: string }> {
    return this.tasks.start(tenant, spec);
  }

  /** Spec §7 `GET /v2/app/installtask/:taskId`. */
  task(tenant: TenantContext | null, taskId: string, lang: Language): Promise<InstallTask> {
    return this.tasks.task(tenant, taskId, lang);
  }

  /** Waits for the installs this process runs (tests, graceful shutdown). */
  idle(): Promise<void> {
    return this.tasks.idle();
  }

  /** Start-up: committed tasks' files moved, ended tasks' staging and old uploads removed. */
  async recover(): Promise<void> {
    const now = this.now();
    await this.tasks.recover();
    await this.uploads.removeOld(now);
  }
}
