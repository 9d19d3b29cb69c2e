import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import {
  APP_ICONS,
  APP_NAME_MAX,
  ErrorCode,
  FeatureCode,
  formatMessage,
  type InstallTask,
  type Language,
  PackageLimits,
  type ServerMessageKey,
  type UploadedPackage,
} from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, InstallTasksTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { saveUpload } from '../../http/upload.js';
import { recordAudit } from '../audit/record.js';
import { cleanFileName, type FileService } from '../files/service.js';
import { columnNameFor, tableNameFor } from '../schemas/physical.js';
import type { CrashPoint } from './crash-points.js';
import { type Manifest, originOf, parseManifest, type RecordLine } from './manifest.js';
import { type InstallScope, PACKAGE_PARTS, type TableItem } from './parts.js';
import { CodeMap, derivedId } from './remap.js';
import { applyUpgrade, planUpgrade } from './upgrade.js';
import { extractPackage, PackageRefused } from './zip-read.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** App package installs (tests wait for them with `idle()`). */
    packageInstalls: PackageInstallService;
  }
}

/** A record's system columns an install writes (wf_state, wf_node and deleted_at stay empty). */
const SYSTEM_COLUMNS = ['id', 'engine_code', 'version', 'created_by', 'created_at', 'modified_by', 'modified_at'];

/**
 * One multi-row insert of a batch of records, written as SQL directly: building it through the query
 * builder cost more than the database's work for 100,000 rows. Names are generated identifiers
 * (physical.ts checks them); values are parameters.
 */
function insertRows(dialect: DialectName, table: string, columns: string[], rows: unknown[][]): CompiledQuery {
  let n = 0;
  const placeholder = dialect === 'postgres' ? () => `$${++n}` : () => '?';
  const tuples = rows.map((row) => `(${row.map(placeholder).join(', ')})`);
  const text = `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`;
  return CompiledQuery.raw(text, rows.flat());
}

const ID = /^[0-9a-f-]{36}$/;
/** An uploaded package nobody installed is removed after a day. */
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

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

interface StoredMessage {
  key: ServerMessageKey;
  params?: Record<string, string | number> | undefined;
  /** Formatted in the reader's language as the `{detail}` parameter. */
  detail?: { key: ServerMessageKey; params?: Record<string, string | number> | undefined } | undefined;
}

const refuse = (status: number, key: ServerMessageKey, params: Record<string, string | number> = {}) =>
  new AppError(
    status,
    status === 404 ? ErrorCode.notFound : status === 403 ? ErrorCode.forbidden : ErrorCode.validationFailed,
    key,
    params,
  );

/**
 * Installs app packages as new apps (issue 12). An install is a task: the package is unpacked into a
 * staging directory (zip-read.ts refuses what is unsafe), every code gets a fresh one, and the app's
 * rows, its physical tables and its records are written in ONE transaction that also marks the task
 * done — PostgreSQL and SQLite both roll DDL back — so a failure or a crash leaves no app and no
 * table. Files wait in the staging directory and move under the team's files only after the commit;
 * a restart finishes the moves of a committed task and removes the staging of one that never
 * committed (its task is failed: at start-up on SQLite, by lease expiry on PostgreSQL).
 */
export class PackageInstallService {
  private readonly root: string;
  /** Progress of the tasks this process runs (their rows only change at commit). */
  private readonly progress = new Map<string, number>();
  private readonly runs = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    dataDir: string,
    private readonly files: FileService,
    private readonly options: InstallOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.root = path.join(dataDir, 'packages');
  }

  private uploadPath(engineCode: string, id: string): string {
    return path.join(this.root, 'uploads', engineCode, `${id}.zip`);
  }

  /** An uploaded package of the team on disk, or '' when there is none of that id. */
  uploadedZip(engineCode: string, packagePath: string): string {
    const zipPath = ID.test(packagePath) ? this.uploadPath(engineCode, packagePath) : '';
    return zipPath && fs.existsSync(zipPath) ? zipPath : '';
  }
  private stagingPath(taskId: string): string {
    return path.join(this.root, 'staging', taskId);
  }

  /** Spec §5: one zip of at most 50 MB, kept for the install that follows. */
  async upload(
    tenant: TenantContext | null,
    upload: { filename: string; file: NodeJS.ReadableStream & { truncated?: boolean } },
  ): Promise<Omit<UploadedPackage, 'matches'>> {
    if (!tenant) throw refuse(403, 'org.noTeam');
    await this.requireFeature(tenant);
    if (!/\.zip$/i.test(upload.filename)) {
      upload.file.resume();
      throw refuse(400, 'package.notZip');
    }
    const id = randomUUID();
    const target = this.uploadPath(tenant.engineCode, id);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await saveUpload(upload.file, target);
    const { size } = await fs.promises.stat(target);
    if (upload.file.truncated || size > PackageLimits.uploadMaxBytes) {
      await fs.promises.rm(target, { force: true });
      throw refuse(400, 'package.tooLarge');
    }
    const head = Buffer.alloc(4);
    const handle = await fs.promises.open(target, 'r');
    await handle.read(head, 0, 4, 0);
    await handle.close();
    if (head.toString('hex') !== '504b0304') {
      await fs.promises.rm(target, { force: true });
      throw refuse(400, 'package.notZip');
    }
    return { packagePath: id, name: cleanFileName(upload.filename), size };
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
   * committed); committed tasks whose files were still staged get them moved; old uploads go.
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
      if (task?.state === 'done') await this.moveFiles(task);
      if (task?.state !== 'running') await fs.promises.rm(path.join(staging, id), { recursive: true, force: true });
    }
    const uploads = path.join(this.root, 'uploads');
    for (const team of fs.existsSync(uploads) ? await fs.promises.readdir(uploads) : []) {
      for (const name of await fs.promises.readdir(path.join(uploads, team))) {
        const file = path.join(uploads, team, name);
        const { mtimeMs } = await fs.promises.stat(file);
        if (mtimeMs < now - UPLOAD_TTL_MS) await fs.promises.rm(file, { force: true });
      }
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
    await fs.promises.rm(this.stagingPath(task.id), { recursive: true, force: true });
  }

  private crash(point: CrashPoint): void {
    // A test stands in for a power cut here: no clean-up of any kind runs.
    if (this.options.crashAt === point) process.kill(process.pid, 'SIGKILL');
  }

  private async run(task: InstallTasksTable, spec: InstallSpec): Promise<void> {
    const staging = this.stagingPath(task.id);
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
    try {
      await fs.promises.rm(staging, { recursive: true, force: true });
      await fs.promises.mkdir(staging, { recursive: true });
      await extractPackage(spec.zipPath, staging);
      this.progress.set(task.id, 20);
      this.crash('extracted');
      const manifestPath = path.join(staging, 'manifest.json');
      if (!fs.existsSync(manifestPath)) throw new PackageRefused('package.invalid', { reason: 'manifest.json' });
      if ((await fs.promises.stat(manifestPath)).size > PackageLimits.maxManifestBytes)
        throw new PackageRefused('package.tooBig');
      await this.write(task, spec, staging, await fs.promises.readFile(manifestPath, 'utf8'));
      this.crash('committed');
      await this.moveFiles(task);
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

  /** Everything of the new app in one transaction, ending with the task marked done. */
  private async write(task: InstallTasksTable, spec: InstallSpec, staging: string, text: string): Promise<void> {
    if (spec.upgradeOf) return this.writeUpgrade(task, staging, text);
    const original = parseManifest(text);
    const codes = new CodeMap();
    codes.set(original.app.code, task.app_code);
    for (const part of PACKAGE_PARTS) for (const c of part.codes(original.parts[part.key] ?? [])) codes.add(c);
    const manifest = parseManifest(codes.rewrite(text));
    const tables = (manifest.parts.tables ?? []) as TableItem[];
    const ownTables = new Set(tables.map((t) => t.code));
    // Every table is a menu item of type Schema and every such item has its table.
    const tableNodes = ((manifest.parts.nodes ?? []) as { code: string; type: string }[]).filter(
      (n) => n.type === 'Schema',
    );
    if (tableNodes.length !== ownTables.size || tableNodes.some((n) => !ownTables.has(n.code)))
      throw new PackageRefused('package.invalid', { reason: 'tables' });
    await this.checkExternal(task.engine_code, tables, ownTables);
    const withData = spec.withBizData && original.withBizData;
    const staged = await this.stageFiles(original, staging, withData);
    const now = this.now();
    const db = this.db;
    await db.transaction().execute(async (trx) => {
      const app = manifest.app;
      await trx
        .insertInto('apps')
        .values({
          code: task.app_code,
          engine_code: task.engine_code,
          display_name: [...String(app.displayName).trim()].slice(0, APP_NAME_MAX).join('') || 'App',
          color: Number.isInteger(app.color) ? app.color : 0,
          icon: APP_ICONS.includes(app.icon) ? app.icon : 'appstore',
          display_mode: app.displayMode === 'card' || app.displayMode === 'list' ? app.displayMode : 'list',
          description: typeof app.description === 'string' ? app.description : '',
          state: 'ACTIVE',
          deleted_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('app_members')
        .values({ app_code: task.app_code, member_id: task.member_id, role: 'owner', created_at: now })
        .execute();
      const scope: InstallScope = {
        trx,
        engineCode: task.engine_code,
        memberId: task.member_id,
        appCode: task.app_code,
        now,
        withBizData: withData,
        codes,
        fileId: (old) => (staged.has(old) ? derivedId(task.id, old) : null),
      };
      for (const part of PACKAGE_PARTS) await part.install(scope, manifest.parts[part.key] ?? []);
      this.progress.set(task.id, 40);
      this.crash('tables');
      if (withData) await this.writeRecords(trx, task, original, manifest, staging, staged);
      await this.insertFiles(trx, task, original, staged, now);
      this.crash('records');
      const origin = originOf(original);
      await trx
        .insertInto('app_origins')
        .values({
          app_code: task.app_code,
          engine_code: task.engine_code,
          origin_id: origin.id,
          version: origin.version,
          code_map: JSON.stringify(codes),
          updated_at: now,
        })
        .execute();
      await recordAudit(
        trx,
        {
          engineCode: task.engine_code,
          actorMemberId: task.member_id,
          action: 'app.install',
          targetType: 'app',
          targetId: task.app_code,
          detail: { name: manifest.app.displayName, source: task.source, withBizData: withData },
        },
        now,
      );
      const done = await trx
        .updateTable('install_tasks')
        .set({ state: 'done', progress: 100, code_map: JSON.stringify(codes), updated_at: this.now() })
        .where('id', '=', task.id)
        .where('state', '=', 'running')
        .executeTakeFirst();
      // Failed meanwhile (its lease ran out): nothing of it may stay.
      if (Number(done.numUpdatedRows) !== 1) throw new PackageRefused('package.interrupted');
    });
  }

  /**
   * The files that come with the package: with the data all it lists, without it only those the
   * configuration needs (custom pages' images). Anything else staged is removed, so only these move
   * in after the commit.
   */
  private async stageFiles(original: Manifest, staging: string, withData: boolean): Promise<Set<string>> {
    const configFiles = new Set(PACKAGE_PARTS.flatMap((part) => part.files?.(original.parts[part.key] ?? []) ?? []));
    const staged = new Set(
      original.files
        .filter((f) => withData || configFiles.has(f.id))
        .filter((f) => fs.existsSync(path.join(staging, 'files', f.id)))
        .map((f) => f.id),
    );
    const stagedFiles = path.join(staging, 'files');
    for (const name of fs.existsSync(stagedFiles) ? await fs.promises.readdir(stagedFiles) : [])
      if (!staged.has(name)) await fs.promises.rm(path.join(stagedFiles, name), { force: true });
    return staged;
  }

  /** The staged files' rows (their bytes move in after the commit). */
  private async insertFiles(
    trx: Kysely<Database>,
    task: InstallTasksTable,
    original: Manifest,
    staged: Set<string>,
    now: number,
  ): Promise<void> {
    for (let i = 0; i < original.files.length; i += 200) {
      const batch = original.files.slice(i, i + 200).filter((f) => staged.has(f.id));
      if (!batch.length) continue;
      await trx
        .insertInto('files')
        .values(
          batch.map((f) => ({
            id: derivedId(task.id, f.id),
            engine_code: task.engine_code,
            uploader_member_id: task.member_id,
            name: cleanFileName(f.name),
            content_type: f.isImage ? String(f.contentType) : 'application/octet-stream',
            is_image: f.isImage ? 1 : 0,
            size: Number(f.size) || 0,
            created_at: now,
          })),
        )
        .execute();
    }
  }

  /**
   * An upgrade in place (upgrade.ts): the app's configuration becomes the package's in one
   * transaction with its DDL, its records stay, the app's code map grows by the codes new to it,
   * and the task is marked done — or nothing of it stays.
   */
  private async writeUpgrade(task: InstallTasksTable, staging: string, text: string): Promise<void> {
    const original = parseManifest(text);
    const origin = originOf(original);
    const staged = await this.stageFiles(original, staging, false);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const app = await trx
        .selectFrom('apps')
        .select(['code', 'display_name'])
        .where('engine_code', '=', task.engine_code)
        .where('code', '=', task.app_code)
        .where('state', '=', 'ACTIVE')
        .executeTakeFirst();
      if (!app) throw refuse(404, 'app.notFound');
      const row = await trx
        .selectFrom('app_origins')
        .selectAll()
        .where('engine_code', '=', task.engine_code)
        .where('app_code', '=', task.app_code)
        .executeTakeFirst();
      if ((row?.origin_id ?? task.app_code) !== origin.id) throw new PackageRefused('package.upgradeOtherApp');
      const stored = row ? (JSON.parse(row.code_map) as Record<string, string>) : {};
      const { plan, current } = await planUpgrade(trx, task.engine_code, task.app_code, stored, text);
      const scope: InstallScope = {
        trx,
        engineCode: task.engine_code,
        memberId: task.member_id,
        appCode: task.app_code,
        now,
        withBizData: false,
        codes: plan.codes,
        fileId: (old) => (staged.has(old) ? derivedId(task.id, old) : null),
      };
      await applyUpgrade(scope, plan, current);
      this.progress.set(task.id, 60);
      this.crash('tables');
      await this.insertFiles(trx, task, original, staged, now);
      this.crash('records');
      const codeMap = JSON.stringify({ ...stored, ...plan.codes.toJSON() });
      if (row)
        await trx
          .updateTable('app_origins')
          .set({ version: origin.version, code_map: codeMap, updated_at: now })
          .where('app_code', '=', task.app_code)
          .execute();
      else
        await trx
          .insertInto('app_origins')
          .values({
            app_code: task.app_code,
            engine_code: task.engine_code,
            origin_id: origin.id,
            version: origin.version,
            code_map: codeMap,
            updated_at: now,
          })
          .execute();
      await recordAudit(
        trx,
        {
          engineCode: task.engine_code,
          actorMemberId: task.member_id,
          action: 'app.upgrade',
          targetType: 'app',
          targetId: task.app_code,
          detail: { name: app.display_name, version: origin.version, changes: plan.changes.length },
        },
        now,
      );
      const done = await trx
        .updateTable('install_tasks')
        .set({ state: 'done', progress: 100, code_map: codeMap, updated_at: this.now() })
        .where('id', '=', task.id)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new PackageRefused('package.interrupted');
    });
  }

  /** A relation to a table outside the package must find that table in this team. */
  private async checkExternal(engineCode: string, tables: TableItem[], own: Set<string>): Promise<void> {
    const external = new Set<string>();
    for (const t of tables)
      for (const f of t.fields) {
        if (f.type !== 'relation') continue;
        const target = (JSON.parse(f.settings) as { schemaCode?: string }).schemaCode ?? '';
        if (!own.has(target)) external.add(target);
      }
    if (!external.size) return;
    const found = await this.db
      .selectFrom('schemas')
      .select('code')
      .where('engine_code', '=', engineCode)
      .where('code', 'in', [...external])
      .execute();
    if (found.length !== external.size) throw new PackageRefused('package.externalTable');
  }

  /** Each table's JSON lines, read as a stream and written in multi-row inserts. */
  private async writeRecords(
    trx: Kysely<Database>,
    task: InstallTasksTable,
    original: Manifest,
    manifest: Manifest,
    staging: string,
    staged: Set<string>,
  ): Promise<void> {
    const salt = task.id;
    const members = new Set(
      (await trx.selectFrom('members').select('member_id').where('engine_code', '=', task.engine_code).execute()).map(
        (m) => m.member_id,
      ),
    );
    const departments = new Set(
      (
        await trx.selectFrom('departments').select('object_id').where('engine_code', '=', task.engine_code).execute()
      ).map((d) => d.object_id),
    );
    const tables = (manifest.parts.tables ?? []) as TableItem[];
    const ownTables = new Set(tables.map((t) => t.code));
    const oldTables = (original.parts.tables ?? []) as TableItem[];
    const total = original.data.reduce((n, d) => n + (Number(d.rows) || 0), 0) || 1;
    let written = 0;
    for (const [index, entry] of original.data.entries()) {
      const schemaCode = manifest.data[index]?.schemaCode ?? '';
      const table = tables.find((t) => t.code === schemaCode);
      const oldTable = oldTables.find((t) => t.code === entry.schemaCode);
      const file = path.join(staging, entry.entry);
      if (!table || !oldTable) throw new PackageRefused('package.invalid', { reason: entry.entry });
      if (!fs.existsSync(file)) throw new PackageRefused('package.invalid', { reason: entry.entry });
      // Old field code → how its value is written.
      const plan = new Map<string, { column: string; convert: (v: unknown) => unknown }>();
      for (const [i, f] of oldTable.fields.entries()) {
        const now = table.fields[i];
        const type = fieldType(f.type);
        if (!now || !type?.storage) continue;
        plan.set(f.code, {
          column: columnNameFor(now.code),
          convert: this.converter(type.references, now.settings, { salt, members, departments, staged, ownTables }),
        });
      }
      const columns = 10 + plan.size;
      const batchSize = Math.max(1, Math.min(1_000, Math.floor(20_000 / columns)));
      let batch: unknown[][] = [];
      const columnNames = [...SYSTEM_COLUMNS, ...[...plan.values()].map((p) => p.column)];
      const flush = async () => {
        if (!batch.length) return;
        await trx.executeQuery(insertRows(this.dialect, tableNameFor(schemaCode), columnNames, batch));
        written += batch.length;
        this.progress.set(task.id, 40 + Math.floor((55 * written) / total));
        batch = [];
      };
      const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
      for await (const text of lines) {
        if (!text.trim()) continue;
        let line: RecordLine;
        try {
          line = JSON.parse(text) as RecordLine;
        } catch {
          throw new PackageRefused('package.invalid', { reason: entry.entry });
        }
        if (typeof line?.id !== 'string' || typeof line.values !== 'object' || line.values === null)
          throw new PackageRefused('package.invalid', { reason: entry.entry });
        // In SYSTEM_COLUMNS' order, then the fields'.
        const row: unknown[] = [
          derivedId(salt, line.id),
          task.engine_code,
          Number(line.version) || 1,
          members.has(line.createdBy) ? line.createdBy : task.member_id,
          Number(line.createdAt) || this.now(),
          members.has(line.modifiedBy) ? line.modifiedBy : task.member_id,
          Number(line.modifiedAt) || this.now(),
        ];
        for (const [fieldCode, p] of plan) row.push(p.convert(line.values[fieldCode] ?? null));
        batch.push(row);
        if (batch.length >= batchSize) await flush();
      }
      await flush();
    }
  }

  /** How one field's stored value changes on the way in: new ids, people of this team, files in the package. */
  private converter(
    references: string | undefined,
    settings: string,
    ctx: { salt: string; members: Set<string>; departments: Set<string>; staged: Set<string>; ownTables: Set<string> },
  ): (v: unknown) => unknown {
    const list = (v: unknown): unknown[] | null => {
      if (typeof v !== 'string') return null;
      try {
        const parsed = JSON.parse(v) as unknown;
        return Array.isArray(parsed) ? parsed : null;
      } catch {
        return null;
      }
    };
    const out = (items: unknown[]) => (items.length ? JSON.stringify(items) : null);
    switch (references) {
      case 'record': {
        const target = (JSON.parse(settings) as { schemaCode?: string }).schemaCode ?? '';
        // Records of a table outside the package keep their ids (it is this team's table).
        if (!ctx.ownTables.has(target)) return (v) => v;
        return (v) => {
          const ids = list(v);
          return ids
            ? out(ids.filter((id) => typeof id === 'string').map((id) => derivedId(ctx.salt, id as string)))
            : null;
        };
      }
      case 'file':
        return (v) => {
          const refs = list(v);
          if (!refs) return null;
          return out(
            refs
              .filter(
                (r): r is { id: string } =>
                  typeof (r as { id?: unknown })?.id === 'string' && ctx.staged.has((r as { id: string }).id),
              )
              .map((r) => {
                const id = derivedId(ctx.salt, r.id);
                return { ...r, id, url: `/v1/files/${id}` };
              }),
          );
        };
      case 'member':
        return (v) => {
          const ids = list(v);
          return ids ? out(ids.filter((id) => ctx.members.has(id as string))) : null;
        };
      case 'department':
        return (v) => {
          const ids = list(v);
          return ids ? out(ids.filter((id) => ctx.departments.has(id as string))) : null;
        };
      default:
        // Stored values are text or numbers; anything else a crafted package holds is kept as text.
        return (v) =>
          v === undefined || v === null
            ? null
            : typeof v === 'boolean'
              ? Number(v)
              : typeof v === 'object'
                ? JSON.stringify(v)
                : v;
    }
  }

  /**
   * A committed task's staged files, put into the file store (the data directory or S3) under the
   * team's files with their new ids; each staged copy goes once stored, so a restart resumes.
   */
  private async moveFiles(task: InstallTasksTable): Promise<void> {
    const from = path.join(this.stagingPath(task.id), 'files');
    if (!fs.existsSync(from)) return;
    for (const name of await fs.promises.readdir(from)) {
      const source = path.join(from, name);
      await this.files.putLocal({ engine_code: task.engine_code, id: derivedId(task.id, name) }, source);
      await fs.promises.rm(source, { force: true });
    }
  }
}
