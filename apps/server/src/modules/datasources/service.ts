import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import {
  type CreateSyncTableBody,
  type DataSourceBody,
  type DataSourceError,
  type DataSourceInfo,
  DataSourceLimits,
  type DataSourceTest,
  formatMessage,
  type Language,
  SchemaTag,
  type SourcePreview,
  type SourceTables,
  SYNC_SCHEDULE_MS,
  type SyncLog,
  type SyncSchedule,
  type SyncSource,
  type SyncTableInfo,
} from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import type { Kysely } from 'kysely';
import type { Database, DataSourcesTable, FieldsTable, FunctionNodesTable, SyncLogsTable } from '../../db/schema.js';
import { type FieldProblem, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { JobQueue } from '../../jobs/queue.js';
import { checkHost, normalizeHost } from '../../net/guard.js';
import { type AppAccess, appError, requireEdit, resolveApp } from '../apps/access.js';
import { checkNodeName } from '../apps/nodes-service.js';
import type { AppRepository } from '../apps/repository.js';
import { addPhysicalColumn, columnNameFor } from '../schemas/physical.js';
import { type ColumnSpec, previewValue } from './columns.js';
import { type ConnectorOptions, connectorFor, SourceFailure } from './connectors.js';
import { OwnDatabase, resolveSourceHost, sourceReach } from './own-database.js';
import type { DataSourceRepository, SyncTableRow } from './repository.js';
import type { SecretBox } from './secrets.js';
import { SYNC_JOB, type SyncedColumn, type SyncJob, settingsOf } from './sync.js';

const DEFAULT_PORT: Record<string, number> = { postgres: 5432, mysql: 3306, http: 0 };
/** A sync asked for while one has been running this long is started anyway (its process died). */
const RUNNING_FOR_MS = 30 * 60_000;

/**
 * Data sources and sync tables of an app (issue 14), managed by those who design the app
 * (`canEdit`, as for tables). Passwords and tokens are sealed with DATASOURCE_KEY before they are
 * stored and never answered; a source's failures are answered in the requester's words.
 */
export class DataSourceService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly apps: AppRepository,
    private readonly repo: DataSourceRepository,
    private readonly secrets: SecretBox,
    private readonly jobs: JobQueue,
    /** Where sources may connect: DATASOURCE_ALLOW_PRIVATE and the instance's own database. */
    private readonly reach: ConnectorOptions,
    /** Creates a data table's metadata and physical table in the node's transaction (schemas module). */
    private readonly createSchema: (trx: Kysely<Database>, node: FunctionNodesTable) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  private async access(tenant: TenantContext | null, appCode: string, admin: boolean): Promise<AppAccess> {
    const access = await resolveApp(this.apps, tenant, appCode, admin);
    requireEdit(access);
    return access;
  }

  private async sourceOf(access: AppAccess, id: string): Promise<DataSourcesTable> {
    const row = await this.repo.source(access.tenant.engineCode, id);
    if (!row || row.app_code !== access.app.code) throw appError(404, 'datasource.notFound');
    return row;
  }

  private info(row: DataSourcesTable, usage: Map<string, number>): DataSourceInfo {
    return {
      id: row.id,
      name: row.name,
      kind: row.kind as DataSourceInfo['kind'],
      host: row.host,
      port: row.port,
      database: row.database_name,
      user: row.user_name,
      url: row.url,
      passwordSet: row.secret !== '',
      syncTables: usage.get(row.id) ?? 0,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  async list(tenant: TenantContext | null, appCode: string, admin: boolean): Promise<DataSourceInfo[]> {
    const access = await this.access(tenant, appCode, admin);
    const [rows, usage] = await Promise.all([
      this.repo.sources(access.tenant.engineCode, appCode),
      this.repo.usage(access.tenant.engineCode, appCode),
    ]);
    return rows.map((r) => this.info(r, usage));
  }

  /** The settings a kind needs, checked; the password is sealed, or kept when an edit leaves it out. */
  private settings(
    body: DataSourceBody,
    keep: string,
  ): Omit<DataSourcesTable, 'id' | 'engine_code' | 'app_code' | 'created_by' | 'created_at' | 'updated_at'> {
    const problems: FieldProblem[] = [];
    const name = body.name.trim();
    if (!name) problems.push({ field: 'name', key: 'datasource.settingMissing' });
    const secret = body.password === undefined ? keep : this.secrets.seal(body.password);
    if (body.kind === 'http') {
      const url = body.url?.trim() ?? '';
      if (!url) problems.push({ field: 'url', key: 'datasource.settingMissing' });
      else if (!/^https?:\/\/[^/\s]+/i.test(url) || !URL.canParse(url))
        problems.push({ field: 'url', key: 'datasource.urlInvalid' });
      if (problems.length) throw new FieldValidationError(problems);
      // The host as the resolver sees it (no trailing dots: `LOCALHOST.` is localhost).
      const parsed = new URL(url);
      const host = normalizeHost(parsed.hostname);
      if (!net.isIPv6(host) && host !== parsed.hostname) parsed.hostname = host;
      const stored = parsed.toString();
      return { name, kind: body.kind, host: '', port: 0, database_name: '', user_name: '', url: stored, secret };
    }
    for (const f of ['host', 'database', 'user'] as const)
      if (!body[f]?.trim()) problems.push({ field: f, key: 'datasource.settingMissing' });
    if (problems.length) throw new FieldValidationError(problems);
    return {
      name,
      kind: body.kind,
      host: normalizeHost(body.host ?? ''),
      port: body.port ?? DEFAULT_PORT[body.kind] ?? 0,
      database_name: body.database?.trim() ?? '',
      user_name: body.user?.trim() ?? '',
      url: '',
      secret,
    };
  }

  /**
   * A source's address when it is saved: a name that resolves to nothing, an address the installation
   * refuses (ConnectorOptions) or the instance's own database is a field error. Connecting checks again.
   */
  private async checkAddress(settings: {
    kind: string;
    host: string;
    port: number;
    database_name: string;
    url: string;
  }) {
    const field = settings.kind === 'http' ? 'url' : 'host';
    const host = settings.kind === 'http' ? new URL(settings.url).hostname : settings.host;
    const verdict = await checkHost(host, sourceReach(this.reach.allowPrivate));
    if (verdict !== 'ok')
      throw new FieldValidationError([
        { field, key: verdict === 'refused' ? 'datasource.error.blocked' : 'datasource.hostUnresolved' },
      ]);
    if (settings.kind !== 'postgres') return;
    const own = { server: this.reach.ownDatabase, port: settings.port, database: settings.database_name };
    try {
      await resolveSourceHost(normalizeHost(host), this.reach.allowPrivate, own);
    } catch (e) {
      if (e instanceof OwnDatabase) throw new FieldValidationError([{ field, key: 'datasource.error.ownDatabase' }]);
    }
  }

  async create(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    body: DataSourceBody,
  ): Promise<DataSourceInfo> {
    const access = await this.access(tenant, appCode, admin);
    const existing = await this.repo.sources(access.tenant.engineCode, appCode);
    if (existing.length >= DataSourceLimits.perApp) throw appError(409, 'datasource.tooMany');
    const settings = this.settings(body, '');
    await this.checkAddress(settings);
    const now = this.now();
    const row: DataSourcesTable = {
      id: randomUUID(),
      engine_code: access.tenant.engineCode,
      app_code: appCode,
      ...settings,
      created_by: access.tenant.memberId,
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('data_sources').values(row).execute();
    return this.info(row, new Map());
  }

  async update(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    id: string,
    body: DataSourceBody,
  ): Promise<DataSourceInfo> {
    const access = await this.access(tenant, appCode, admin);
    const row = await this.sourceOf(access, id);
    // Another kind's secret means something else (a password is not a token).
    const patch = { ...this.settings(body, body.kind === row.kind ? row.secret : ''), updated_at: this.now() };
    await this.checkAddress(patch);
    await this.db.updateTable('data_sources').set(patch).where('id', '=', id).execute();
    return this.info({ ...row, ...patch }, await this.repo.usage(access.tenant.engineCode, appCode));
  }

  async remove(tenant: TenantContext | null, appCode: string, admin: boolean, id: string): Promise<null> {
    const access = await this.access(tenant, appCode, admin);
    await this.sourceOf(access, id);
    const used = await this.db
      .selectFrom('sync_tables')
      .select('schema_code')
      .where('source_id', '=', id)
      .executeTakeFirst();
    if (used) throw appError(409, 'datasource.inUse');
    await this.db.deleteFrom('data_sources').where('id', '=', id).execute();
    return null;
  }

  private connector(row: DataSourcesTable) {
    return connectorFor(settingsOf(row, this.secrets), this.reach);
  }

  /** A source's failure in the requester's words; anything else is a server fault. */
  private failure(e: unknown, lang: Language): DataSourceError {
    if (!(e instanceof SourceFailure)) throw e;
    return { code: e.code, message: formatMessage(`datasource.error.${e.code}`, lang), detail: e.detail };
  }

  async test(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    id: string,
    lang: Language,
  ): Promise<DataSourceTest> {
    const access = await this.access(tenant, appCode, admin);
    try {
      await this.connector(await this.sourceOf(access, id)).test();
      return { ok: true, error: null };
    } catch (e) {
      return { ok: false, error: this.failure(e, lang) };
    }
  }

  /** Browse and preview answer a source's failure as a 400 in words (nothing to change on our side). */
  private async readSource<T>(lang: Language, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (e) {
      const f = this.failure(e, lang);
      throw new FieldValidationError([
        { field: 'source', key: `datasource.error.${f.code}`, params: { detail: f.detail } },
      ]);
    }
  }

  async tables(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    id: string,
    lang: Language,
  ): Promise<SourceTables> {
    const access = await this.access(tenant, appCode, admin);
    const row = await this.sourceOf(access, id);
    const tables = await this.readSource(lang, () => this.connector(row).tables());
    return { tables: tables.map((t) => ({ name: t.name, columns: t.columns.map(plainColumn) })) };
  }

  private checkSource(kind: string, source: SyncSource): SyncSource {
    if (kind === 'http') return { path: source.path?.trim() ?? '' };
    const table = source.table?.trim();
    const query = source.query?.trim();
    if (Boolean(table) === Boolean(query))
      throw new FieldValidationError([{ field: 'source', key: 'datasource.sourceOne' }]);
    return table ? { table } : { query };
  }

  async preview(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    id: string,
    source: SyncSource,
    lang: Language,
  ): Promise<SourcePreview> {
    const access = await this.access(tenant, appCode, admin);
    const row = await this.sourceOf(access, id);
    const checked = row.kind === 'http' && source.path === undefined ? {} : this.checkSource(row.kind, source);
    const p = await this.readSource(lang, () => this.connector(row).preview(checked));
    return {
      columns: p.columns.map(plainColumn),
      rows: p.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, previewValue(v)]))),
      paths: p.paths,
    };
  }

  /**
   * A new sync table: a data table (tag SyncSchema) at the top of the app's menu with one field per
   * chosen column (types as mapped, or as chosen), then its first sync as a job.
   */
  async createSync(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    id: string,
    body: CreateSyncTableBody,
    lang: Language,
  ): Promise<SyncTableInfo> {
    const access = await this.access(tenant, appCode, admin);
    const row = await this.sourceOf(access, id);
    const name = checkNodeName(body.name);
    const source = this.checkSource(row.kind, body.source);
    const preview = await this.readSource(lang, () => this.connector(row).preview(source));
    const columns = chooseColumns(preview.columns, body);
    const now = this.now();
    const engine = access.tenant.engineCode;
    const node: FunctionNodesTable = {
      code: `n${randomBytes(6).toString('hex')}`,
      app_code: appCode,
      engine_code: engine,
      parent_code: '',
      type: 'Schema',
      tag: SchemaTag.sync,
      display_name: name,
      sort_key: 0,
      created_at: now,
      deleted_at: null,
      hidden: 0,
      url: '',
    };
    const fields: FieldsTable[] = columns.map((c, i) => {
      const type = fieldType(c.fieldType);
      if (!type) throw new Error(`no field type ${c.fieldType}`);
      const code = `f${randomBytes(5).toString('hex')}`;
      const settings =
        c.fieldType === 'number' ? { ...type.defaultSettings, precision: c.precision } : type.defaultSettings;
      return {
        code,
        schema_code: node.code,
        engine_code: engine,
        name: c.name.trim().slice(0, 64) || `column ${i + 1}`,
        type: c.fieldType,
        column_name: columnNameFor(code),
        settings: JSON.stringify(settings),
        required: 0,
        unique_flag: 0,
        description: '',
        sort_key: i,
        created_at: now,
        deleted_at: null,
        default_value: '',
      };
    });
    dedupeNames(fields);
    const synced: SyncedColumn[] = columns.map((c, i) => ({
      name: c.name,
      fieldCode: fields[i]?.code ?? '',
      fieldType: c.fieldType,
    }));
    const logId = randomUUID();
    const job = await this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('function_nodes')
        .select((eb) => eb.fn.max('sort_key').as('max'))
        .where('app_code', '=', appCode)
        .where('parent_code', '=', '')
        .executeTakeFirst();
      node.sort_key = Number(last?.max ?? -1) + 1;
      await trx.insertInto('function_nodes').values(node).execute();
      await this.createSchema(trx, node);
      if (fields.length) await trx.insertInto('fields').values(fields).execute();
      for (const f of fields) {
        const storage = fieldType(f.type)?.storage;
        if (storage) await addPhysicalColumn(trx, `d_${node.code}`, f.column_name, storage, false);
      }
      // The title: the first text column (a name, usually), else the key.
      const title =
        synced.find((c) => c.fieldType === 'text' && c.name !== body.keyColumn) ??
        synced.find((c) => c.name === body.keyColumn) ??
        synced[0];
      await trx
        .updateTable('schemas')
        .set({ title_field_code: title?.fieldCode ?? '' })
        .where('code', '=', node.code)
        .execute();
      await trx
        .insertInto('sync_tables')
        .values({
          schema_code: node.code,
          engine_code: engine,
          app_code: appCode,
          source_id: row.id,
          source: JSON.stringify(source),
          key_column: body.keyColumn,
          columns: JSON.stringify(synced),
          schedule: body.schedule,
          next_run_at: nextRun(body.schedule, now),
          created_by: access.tenant.memberId,
          created_at: now,
        })
        .execute();
      return this.startLog(trx, engine, node.code, logId, 'create');
    });
    this.jobs.launch(job);
    return this.syncInfo(access, node.code, lang);
  }

  private async startLog(
    trx: Kysely<Database>,
    engineCode: string,
    schemaCode: string,
    logId: string,
    trigger: string,
  ) {
    await trx
      .insertInto('sync_logs')
      .values({
        id: logId,
        schema_code: schemaCode,
        engine_code: engineCode,
        state: 'running',
        trigger,
        started_at: this.now(),
        ended_at: null,
        rows: 0,
        inserted: 0,
        updated: 0,
        removed: 0,
        error_code: '',
        error_detail: '',
      })
      .execute();
    const payload: SyncJob = { engineCode, schemaCode, logId };
    return this.jobs.enqueue(SYNC_JOB, payload, { trx, here: trigger !== 'schedule' });
  }

  private async syncOf(access: AppAccess, schemaCode: string): Promise<SyncTableRow> {
    const sync = await this.repo.syncTable(access.tenant.engineCode, schemaCode);
    if (!sync || sync.app_code !== access.app.code) throw appError(404, 'datasource.syncNotFound');
    return sync;
  }

  private async syncInfo(access: AppAccess, schemaCode: string, lang: Language): Promise<SyncTableInfo> {
    const sync = await this.syncOf(access, schemaCode);
    return (await this.infos([sync], access, lang))[0] as SyncTableInfo;
  }

  private async infos(rows: SyncTableRow[], access: AppAccess, lang: Language): Promise<SyncTableInfo[]> {
    const [logs, sources] = await Promise.all([
      this.repo.lastLogs(rows.map((r) => r.schema_code)),
      this.repo.sources(access.tenant.engineCode, access.app.code),
    ]);
    const names = new Map(sources.map((s) => [s.id, s.name]));
    return rows.map((r) => {
      const log = logs.get(r.schema_code);
      return {
        schemaCode: r.schema_code,
        name: r.display_name,
        sourceId: r.source_id,
        sourceName: names.get(r.source_id) ?? '',
        source: JSON.parse(r.source) as SyncSource,
        keyColumn: r.key_column,
        schedule: r.schedule as SyncSchedule,
        nextRunAt: r.next_run_at === null ? null : Number(r.next_run_at),
        lastSync: log ? toLog(log, lang) : null,
      };
    });
  }

  async syncTables(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    lang: Language,
  ): Promise<SyncTableInfo[]> {
    const access = await this.access(tenant, appCode, admin);
    return this.infos(await this.repo.syncTables(access.tenant.engineCode, appCode), access, lang);
  }

  async updateSync(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    schemaCode: string,
    schedule: SyncSchedule,
    lang: Language,
  ): Promise<SyncTableInfo> {
    const access = await this.access(tenant, appCode, admin);
    await this.syncOf(access, schemaCode);
    await this.db
      .updateTable('sync_tables')
      .set({ schedule, next_run_at: nextRun(schedule, this.now()) })
      .where('schema_code', '=', schemaCode)
      .execute();
    return this.syncInfo(access, schemaCode, lang);
  }

  /** Sync now: a job started in this process, unless a sync of the table is already running. */
  async runSync(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    schemaCode: string,
    lang: Language,
  ): Promise<SyncTableInfo> {
    const access = await this.access(tenant, appCode, admin);
    const sync = await this.syncOf(access, schemaCode);
    if (!(await this.repo.running(schemaCode, this.now() - RUNNING_FOR_MS))) {
      const job = await this.db
        .transaction()
        .execute((trx) => this.startLog(trx, sync.engine_code, schemaCode, randomUUID(), 'manual'));
      this.jobs.launch(job);
    }
    return this.syncInfo(access, schemaCode, lang);
  }

  async logs(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    schemaCode: string,
    lang: Language,
  ): Promise<SyncLog[]> {
    const access = await this.access(tenant, appCode, admin);
    await this.syncOf(access, schemaCode);
    return (await this.repo.logs(schemaCode, DataSourceLimits.logs)).map((l) => toLog(l, lang));
  }

  /** The schedule's round (once per cluster a minute): due sync tables get a sync job each. */
  async enqueueDue(): Promise<number> {
    const now = this.now();
    let started = 0;
    for (const sync of await this.repo.due(now, 100)) {
      const was = Number(sync.next_run_at);
      const next = nextRun(sync.schedule as SyncSchedule, now);
      if (!(await this.repo.claim(sync.schema_code, was, next ?? Number.MAX_SAFE_INTEGER))) continue;
      if (await this.repo.running(sync.schema_code, now - RUNNING_FOR_MS)) continue;
      await this.db
        .transaction()
        .execute((trx) => this.startLog(trx, sync.engine_code, sync.schema_code, randomUUID(), 'schedule'));
      started += 1;
    }
    return started;
  }
}

function nextRun(schedule: SyncSchedule, now: number): number | null {
  const every = SYNC_SCHEDULE_MS[schedule];
  return every ? now + every : null;
}

function plainColumn(c: ColumnSpec) {
  return { name: c.name, sourceType: c.sourceType, fieldType: c.fieldType };
}

/** The columns to copy: all (as mapped), or the chosen ones with their chosen types; the key must be one of them. */
function chooseColumns(available: ColumnSpec[], body: CreateSyncTableBody): ColumnSpec[] {
  const problems: FieldProblem[] = [];
  const byName = new Map(available.map((c) => [c.name, c]));
  const chosen = body.columns
    ? body.columns.flatMap((c, i) => {
        const col = byName.get(c.name);
        if (!col) {
          problems.push({ field: `columns[${i}].name`, key: 'datasource.columnUnknown' });
          return [];
        }
        return [{ ...col, fieldType: c.fieldType, precision: c.fieldType === 'number' ? col.precision || 0 : 0 }];
      })
    : available.slice(0, DataSourceLimits.columns);
  if (body.keyColumn && !chosen.some((c) => c.name === body.keyColumn))
    problems.push({ field: 'keyColumn', key: 'datasource.columnUnknown' });
  if (!chosen.length && !problems.length) problems.push({ field: 'columns', key: 'datasource.columnUnknown' });
  if (problems.length) throw new FieldValidationError(problems);
  return chosen;
}

/** Field names are unique in a table: a repeated column name gets a number. */
function dedupeNames(fields: FieldsTable[]): void {
  const seen = new Set<string>();
  for (const f of fields) {
    let name = f.name;
    for (let n = 2; seen.has(name); n += 1) name = `${f.name.slice(0, 60)} ${n}`;
    f.name = name;
    seen.add(name);
  }
}

function toLog(l: SyncLogsTable, lang: Language): SyncLog {
  const code = l.error_code as DataSourceError['code'];
  return {
    id: l.id,
    state: l.state as SyncLog['state'],
    trigger: l.trigger,
    startedAt: Number(l.started_at),
    endedAt: l.ended_at === null ? null : Number(l.ended_at),
    rows: Number(l.rows),
    inserted: Number(l.inserted),
    updated: Number(l.updated),
    removed: Number(l.removed),
    error: code ? { code, message: formatMessage(`datasource.error.${code}`, lang), detail: l.error_detail } : null,
  };
}
