import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { EngineState, ErrorCode, type ExportJob, escapeFormula, type Language, RecordLimits } from '@canopy/contract';
import type { SubField } from '@canopy/fields';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import type { Database, FieldsTable, UsersTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { toTenant } from '../../http/tenant.js';
import { type JobQueue, type JobRun, LeaseLost } from '../../jobs/queue.js';
import type { EngineRepository, Membership } from '../engines/repository.js';
import type { FileService } from '../files/service.js';
import type { Letters } from '../notices/letters.js';
import type { PackageExportService } from '../packages/export-service.js';
import type { RecordQueryService } from '../records/query-service.js';
import { settingsOf } from '../records/validation.js';
import type { SchemaContext } from '../schema-context/context.js';
import { exportCell, type NameBook } from './cells.js';
import type { ContextResolver } from './context-resolver.js';
import { type ExportJobs, newExportRow, toExportJob } from './export-jobs.js';
import { loadNames } from './names.js';
import { backpressure, type RowSink, xlsxBook } from './sinks.js';

export const TEAM_EXPORT_JOB = 'teamExport';
export const TEAM_EXPORT_PAGE = '/expired/engine/export-corp-data';

interface TeamExportPayload {
  exportId: string;
  userId: string;
  lang: Language;
}

const ID_COLUMN = 'ID';
const SUB_ROWS: Record<Language, string> = { zh: '行', en: 'rows', jp: '行' };

/** A name every desktop accepts: no path separators, reserved marks or control characters. */
function safeName(name: string): string {
  return [...name].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('');
}

/** A file or folder name a zip and every desktop accept, unique among its siblings. */
function entryName(name: string, taken: Set<string>): string {
  const base = safeName(name).trim().slice(0, 100) || '_';
  let candidate = base;
  for (let i = 2; taken.has(candidate.toLowerCase()); i += 1) candidate = `${base} (${i})`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** A sub-table's column as a field, so its cells are written like top-level ones. */
function asField(parent: FieldsTable, sub: SubField): FieldsTable {
  return { ...parent, code: sub.code, name: sub.name, type: sub.type, settings: JSON.stringify(sub.settings) };
}

/**
 * A whole team's data as one zip (issue 14): per app a folder holding one xlsx per data table (its
 * sub-tables as further sheets), the records' attachments, and the app's package (its design, as
 * PackageExportService writes it). Owners and admins only — also of a closed team during its 7 days.
 *
 * A queued job like a view's export: the zip is written to a local file entry by entry, each table
 * page by page (the xlsx streams into the zip with backpressure), then stored; the download link
 * expires after a day; a letter says it is ready.
 */
export class TeamExportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engines: EngineRepository,
    private readonly records: RecordQueryService,
    private readonly packages: PackageExportService,
    private readonly files: FileService,
    private readonly exports: ExportJobs,
    private readonly jobs: JobQueue,
    private readonly contextOf: ContextResolver,
    private readonly letters: Letters | null,
    private readonly now: () => number = Date.now,
  ) {
    jobs.register<TeamExportPayload>(TEAM_EXPORT_JOB, {
      maxAttempts: 3,
      run: (payload, run) => this.runJob(payload, run),
      giveUp: (payload) => this.exports.fail(payload.exportId, { key: 'export.failed' }),
    });
  }

  /** The user's membership if they may export the team: owner or admin, open or closed (not purged). */
  private async manager(userId: string, engineCode: string): Promise<Membership> {
    const m = await this.engines.findMembershipByEngine(userId, engineCode);
    if (!m || (m.state !== EngineState.active && m.state !== EngineState.closed))
      throw new AppError(404, ErrorCode.notFound, 'team.notFound');
    if (m.role !== 'owner' && m.role !== 'admin')
      throw new AppError(403, ErrorCode.forbidden, 'teamExport.ownerAdminOnly');
    return m;
  }

  async start(user: UsersTable, engineCode: string, lang: Language): Promise<ExportJob> {
    const m = await this.manager(user.id, engineCode);
    const day = new Date(this.now()).toISOString().slice(0, 10);
    const row = newExportRow(
      {
        id: randomUUID(),
        kind: 'team',
        engine_code: engineCode,
        user_id: user.id,
        member_id: m.member_id,
        app_code: '',
        schema_code: '',
        format: 'zip',
        file_name: `${m.corp_name}-${day}.zip`.slice(0, 255),
        total: 0,
      },
      this.now(),
    );
    const payload: TeamExportPayload = { exportId: row.id, userId: user.id, lang };
    const queued = await this.db.transaction().execute(async (trx) => {
      await this.exports.insert(row, trx);
      return this.jobs.enqueue(TEAM_EXPORT_JOB, payload, { trx, here: true });
    });
    this.jobs.launch(queued);
    return toExportJob(row, lang);
  }

  async get(user: UsersTable, engineCode: string, id: string, lang: Language): Promise<ExportJob> {
    await this.manager(user.id, engineCode);
    const row = await this.exports.find('team', engineCode, user.id, id);
    if (!row) throw new AppError(404, ErrorCode.notFound, 'export.notFound');
    return toExportJob(row, lang);
  }

  /** The user's last few exports of the team (the page shows the newest after a reload). */
  async latest(user: UsersTable, engineCode: string, lang: Language): Promise<ExportJob[]> {
    await this.manager(user.id, engineCode);
    return (await this.exports.latest('team', engineCode, user.id, 5)).map((r) => toExportJob(r, lang));
  }

  private async runJob(p: TeamExportPayload, run: JobRun): Promise<void> {
    const row = await this.exports.byId(p.exportId);
    if (row?.state !== 'running') return;
    let m: Membership;
    try {
      m = await this.manager(p.userId, row.engine_code);
    } catch (error) {
      if (error instanceof AppError) return this.exports.fail(row.id, { key: 'export.failed' });
      throw error;
    }
    const local = await this.exports.tmpFile(row.id, 'zip');
    try {
      const counts = await this.writeZip(m, local, p.lang, (n, total) => this.exports.progress(row.id, n, total));
      const to = await this.letterTo(p.userId, m);
      await this.exports.complete(run, row, local, counts, async (trx, now) => {
        if (to) await this.letter(trx, to, m, row.id, now);
      });
    } catch (error) {
      if (error instanceof LeaseLost) throw error;
      if (error instanceof AppError) return this.exports.fail(row.id, { key: 'export.failed' });
      throw error;
    } finally {
      await fs.promises.rm(local, { force: true });
    }
  }

  /** Every app's folder into the zip at `local`; answers the items written (rows and packages). */
  private async writeZip(
    m: Membership,
    local: string,
    lang: Language,
    progress: (processed: number, total: number) => Promise<void>,
  ): Promise<{ processed: number; total: number }> {
    const tenant = toTenant(m);
    const engineCode = m.engine_code;
    const apps = await this.db
      .selectFrom('apps')
      .select(['code', 'display_name'])
      .where('engine_code', '=', engineCode)
      .where('state', '=', 'ACTIVE')
      .orderBy('created_at')
      .orderBy('code')
      .execute();
    const nodes = apps.length
      ? await this.db
          .selectFrom('function_nodes')
          .select(['app_code', 'code'])
          .where('engine_code', '=', engineCode)
          .where('type', '=', 'Schema')
          .where('deleted_at', 'is', null)
          .where(
            'app_code',
            'in',
            apps.map((a) => a.code),
          )
          .orderBy('sort_key')
          .orderBy('code')
          .execute()
      : [];
    // The team's managers in admin mode: every record, every field.
    const contexts = new Map<string, SchemaContext>();
    let total = apps.length;
    for (const n of nodes) {
      const ctx = await this.contextOf(tenant, n.app_code, n.code, true);
      contexts.set(n.code, ctx);
      total += (await this.records.count(ctx, {})).count;
    }
    await progress(0, total);
    const names = await loadNames(this.db, engineCode);

    const zip = new yazl.ZipFile();
    const out = fs.createWriteStream(local);
    zip.outputStream.pipe(out);
    const folders = new Set<string>();
    let processed = 0;
    for (const app of apps) {
      const folder = entryName(app.display_name, folders);
      const entries = new Set<string>();
      for (const n of nodes.filter((x) => x.app_code === app.code)) {
        const ctx = contexts.get(n.code);
        if (!ctx) continue;
        const name = entryName(ctx.schema.display_name || ctx.schema.code, entries);
        const attachments = new Map<string, string>();
        const pass = new PassThrough();
        zip.addReadStream(pass, `${folder}/${name}.xlsx`);
        await this.writeBook(ctx, pass, names, lang, attachments, async (rows) => {
          processed += rows;
          await progress(processed, total);
        });
        await this.addAttachments(zip, engineCode, `${folder}/附件/${name}`, attachments);
      }
      // The app's package (its design), as the packages module writes it.
      const pkg = await this.packages.open(tenant, app.code, true, false);
      zip.addReadStream(pkg.stream as Readable, `${folder}/${entryName(pkg.fileName, entries)}`);
      processed += 1;
      await progress(processed, total);
    }
    zip.end();
    await finished(out);
    return { processed, total: Math.max(total, processed) };
  }

  /** One table's book: its records on the first sheet, then a sheet per sub-table field. */
  private async writeBook(
    ctx: SchemaContext,
    out: PassThrough,
    names: NameBook,
    lang: Language,
    attachments: Map<string, string>,
    progress: (rows: number) => Promise<void>,
  ): Promise<void> {
    const fields = ctx.fields.filter((f) => f.deleted_at === null && !ctx.rights.hidden.has(f.code));
    const subTables = fields.filter((f) => f.type === 'subTable');
    const book = await xlsxBook(out);
    const main = book.sheet(ctx.schema.display_name || ctx.schema.code);
    await main.write([ID_COLUMN, ...fields.map((f) => escapeFormula(f.name))]);
    await this.pages(ctx, out, async (items) => {
      const titles = await this.records.relationTitles(ctx, items);
      for (const item of items) {
        const cells = fields.map((f) => {
          const value = item.data[f.code];
          if (f.type === 'subTable')
            return Array.isArray(value) && value.length ? `${value.length} ${SUB_ROWS[lang]}` : null;
          if ((f.type === 'attachment' || f.type === 'image') && Array.isArray(value))
            for (const file of value as { id?: unknown; name?: unknown }[])
              if (typeof file?.id === 'string') attachments.set(file.id, String(file.name ?? ''));
          return escapeFormula(exportCell(f, value, names, lang, titles));
        });
        await main.write([item.id, ...cells]);
      }
      await progress(items.length);
    });
    await main.end();
    for (const f of subTables) {
      const columns = ((settingsOf(f) as { fields?: SubField[] }).fields ?? []).map((sub) => asField(f, sub));
      const sheet: RowSink = book.sheet(f.name);
      await sheet.write([ID_COLUMN, ...columns.map((c) => escapeFormula(c.name))]);
      await this.pages(ctx, out, async (items) => {
        for (const item of items) {
          const rows = item.data[f.code];
          if (!Array.isArray(rows)) continue;
          for (const sub of rows as Record<string, unknown>[])
            await sheet.write([
              item.id,
              ...columns.map((c) => escapeFormula(exportCell(c, sub[c.code], names, lang, new Map()))),
            ]);
        }
      });
      await sheet.end();
    }
    await book.end();
  }

  /** The table's records a page at a time (the records query's cursor), waiting for the zip between pages. */
  private async pages(
    ctx: SchemaContext,
    out: PassThrough,
    each: (items: Awaited<ReturnType<RecordQueryService['query']>>['resultList']) => Promise<void>,
  ): Promise<void> {
    let cursor = '';
    do {
      const page = await this.records.query(ctx, { limit: RecordLimits.exportPageRows, ...(cursor ? { cursor } : {}) });
      await each(page.resultList);
      cursor = page.nextCursor;
      await backpressure(out);
    } while (cursor);
  }

  /** The files a table's records name, under the table's folder (`<id>-<name>`; bytes as stored). */
  private async addAttachments(
    zip: yazl.ZipFile,
    engineCode: string,
    folder: string,
    attachments: Map<string, string>,
  ): Promise<void> {
    const ids = [...attachments.keys()];
    for (let i = 0; i < ids.length; i += 500) {
      for (const f of await this.files.byIds(engineCode, ids.slice(i, i + 500))) {
        // Rows whose bytes the store has lost are left out (the zip would break half-way).
        if (!(await this.files.has(f))) continue;
        const name = `${folder}/${f.id}-${safeName(f.name)}`;
        zip.addReadStreamLazy(name, { compress: false }, (cb) => {
          this.files.open(f).then(
            (body) => cb(null, body),
            (error: Error) => cb(error, undefined as never),
          );
        });
      }
    }
  }

  /**
   * Who reads the "ready" letter: the member who asked, in the team; a closed team's letters reach
   * nobody, so then the member they are in the team they work in now (if any).
   */
  private async letterTo(userId: string, m: Membership): Promise<{ engineCode: string; memberId: string } | null> {
    if (m.state !== EngineState.closed) return { engineCode: m.engine_code, memberId: m.member_id };
    const user = await this.db
      .selectFrom('users')
      .select('active_engine_code')
      .where('id', '=', userId)
      .executeTakeFirst();
    const active = user?.active_engine_code
      ? await this.engines.findMembershipByEngine(userId, user.active_engine_code)
      : undefined;
    return active?.state === EngineState.active ? { engineCode: active.engine_code, memberId: active.member_id } : null;
  }

  /** The letter, linking to the export page, in the transaction that ends the job. */
  private async letter(
    trx: Kysely<Database>,
    to: { engineCode: string; memberId: string },
    m: Membership,
    id: string,
    now: number,
  ) {
    await this.letters?.write(
      trx,
      [
        {
          ...to,
          kind: 'teamExport',
          params: { team: m.corp_name },
          link: {
            href: `${TEAM_EXPORT_PAGE}?engine=${encodeURIComponent(m.engine_code)}`,
            target: '_self',
            payload: { type: 'teamExport', engineCode: m.engine_code },
            label: 'view',
          },
          eventId: id,
        },
      ],
      now,
    );
  }
}
