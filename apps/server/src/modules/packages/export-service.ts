import { Readable } from 'node:stream';
import { ErrorCode, PACKAGE_FORMAT_VERSION, PackageLimits } from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import type { Database, FieldsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { PRODUCT_VERSION } from '../../version.js';
import { requireEdit, resolveApp } from '../apps/access.js';
import type { AppRepository } from '../apps/repository.js';
import type { FileService } from '../files/service.js';
import type { CommentLine, Manifest, PackageFile, RecordLine } from './manifest.js';
import { exportScope, PACKAGE_PARTS, type TableItem } from './parts.js';
import { CodeMap } from './remap.js';

const PAGE = 2_000;

interface TablePlan {
  engineCode: string;
  schemaCode: string;
  table: string;
  entry: string;
  fields: FieldsTable[];
  /** Each field's code as the package names it. */
  keys: string[];
}

/**
 * An app as a zip package: manifest.json (the app and every package part), and with its business
 * data each table's records as JSON lines (read page by page while the zip streams out) and the
 * files they name. Only the app's designers may export it.
 */
export class PackageExportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly apps: AppRepository,
    private readonly files: FileService,
    private readonly now: () => number = Date.now,
  ) {}

  async open(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    withBizData: boolean,
  ): Promise<{ fileName: string; stream: NodeJS.ReadableStream }> {
    const access = await resolveApp(this.apps, tenant, appCode, adminHeader);
    requireEdit(access);
    const engineCode = access.tenant.engineCode;
    const scope = await exportScope(this.db, engineCode, appCode);
    const { schemaCodes } = scope;
    // An installed copy is written in its origin's codes (its code map read backwards), so a package
    // of it matches every other copy of the same origin; an app never installed is its own origin.
    const originRow = await this.db
      .selectFrom('app_origins')
      .select(['origin_id', 'code_map'])
      .where('engine_code', '=', engineCode)
      .where('app_code', '=', appCode)
      .executeTakeFirst();
    const backwards = new CodeMap();
    for (const [packageCode, here] of Object.entries(
      originRow ? (JSON.parse(originRow.code_map) as Record<string, string>) : {},
    ))
      if (packageCode !== here) backwards.set(here, packageCode);
    const parts: Record<string, unknown[]> = {};
    for (const part of PACKAGE_PARTS) parts[part.key] = await part.export(scope);

    const plans: TablePlan[] = [];
    const data: Manifest['data'] = [];
    let files: PackageFile[] = [];
    if (withBizData) {
      const tables = (parts.tables ?? []) as TableItem[];
      const schemas = await this.db
        .selectFrom('schemas')
        .select(['code', 'table_name'])
        .where('engine_code', '=', engineCode)
        .where('code', 'in', schemaCodes.length ? schemaCodes : [''])
        .execute();
      const fields = schemaCodes.length
        ? await this.db
            .selectFrom('fields')
            .selectAll()
            .where('engine_code', '=', engineCode)
            .where('schema_code', 'in', schemaCodes)
            .where('deleted_at', 'is', null)
            .execute()
        : [];
      for (const [index, t] of tables.entries()) {
        const schema = schemas.find((s) => s.code === t.code);
        if (!schema) continue;
        const own = fields.filter((f) => f.schema_code === t.code && f.column_name && fieldType(f.type)?.storage);
        const plan = {
          engineCode,
          schemaCode: t.code,
          table: schema.table_name,
          entry: `data/t${index}.jsonl`,
          fields: own,
          keys: own.map((f) => backwards.get(f.code) ?? f.code),
        };
        plans.push(plan);
        data.push({ schemaCode: t.code, entry: plan.entry, rows: await this.count(plan.table) });
      }
      files = await this.referencedFiles(engineCode, plans);
    }
    // Files the configuration needs (custom pages' images) go with or without the data.
    const configFiles = PACKAGE_PARTS.flatMap((part) => part.files?.(parts[part.key] ?? []) ?? []);
    const known = new Set(files.map((f) => f.id));
    files.push(
      ...(await this.describeFiles(
        engineCode,
        configFiles.filter((id) => !known.has(id)),
      )),
    );
    if (files.length + plans.length + 1 > PackageLimits.maxEntries)
      throw new AppError(400, ErrorCode.validationFailed, 'package.exportTooMany', {
        limit: PackageLimits.maxEntries - plans.length - 1,
      });
    const app = access.app;
    const manifest: Manifest = {
      format: PACKAGE_FORMAT_VERSION,
      kind: 'canopy-app-package',
      productVersion: PRODUCT_VERSION,
      exportedAt: this.now(),
      origin: { id: originRow?.origin_id ?? app.code, version: this.now() },
      withBizData,
      app: {
        code: app.code,
        displayName: app.display_name,
        color: app.color,
        icon: app.icon,
        displayMode: app.display_mode,
        description: app.description,
      },
      parts,
      data,
      files,
    };

    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(backwards.rewrite(JSON.stringify(manifest))), 'manifest.json');
    for (const plan of plans) {
      zip.addReadStreamLazy(plan.entry, (cb) => cb(null, Readable.from(this.lines(plan))));
    }
    for (const f of files) {
      const stored = { engine_code: engineCode, id: f.id };
      // Stored files are mostly compressed already (images, office files): kept as they are.
      zip.addReadStreamLazy(`files/${f.id}`, { compress: false }, (cb) => {
        this.files.open(stored as Parameters<FileService['open']>[0]).then(
          (body) => cb(null, body),
          (error: Error) => cb(error, undefined as never),
        );
      });
    }
    zip.end();
    const day = new Date(this.now()).toISOString().slice(0, 10);
    return { fileName: `${app.display_name}-${day}.zip`, stream: zip.outputStream };
  }

  private async count(table: string): Promise<number> {
    const row = await (this.db as unknown as Kysely<Record<string, { deleted_at: number | null }>>)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Raw rows of a physical table in id order, a page at a time. */
  private async *pages(table: string, columns: string[]): AsyncGenerator<Record<string, unknown>[]> {
    // biome-ignore lint/suspicious/noExplicitAny: physical tables are not in the typed schema
    const db = this.db as unknown as Kysely<any>;
    let after = '';
    for (;;) {
      const rows: Record<string, unknown>[] = await db
        .selectFrom(table)
        .select(columns)
        .where('deleted_at', 'is', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      if (!rows.length) return;
      yield rows;
      after = String(rows.at(-1)?.id);
      if (rows.length < PAGE) return;
    }
  }

  /** The comments of a page of records (not deleted, oldest first), by record id: one query per page. */
  private async commentsOf(engineCode: string, schemaCode: string, ids: string[]): Promise<Map<string, CommentLine[]>> {
    const byRecord = new Map<string, CommentLine[]>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .selectFrom('record_comments')
        .selectAll()
        .where('engine_code', '=', engineCode)
        .where('schema_code', '=', schemaCode)
        .where('record_id', 'in', ids.slice(i, i + 500))
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      for (const r of rows) {
        const list = byRecord.get(r.record_id) ?? [];
        list.push({
          id: r.id,
          authorId: r.author_member_id,
          body: r.body,
          mentions: JSON.parse(r.mentions) as string[],
          createdAt: Number(r.created_at),
          editedAt: r.edited_at === null ? null : Number(r.edited_at),
        });
        byRecord.set(r.record_id, list);
      }
    }
    return byRecord;
  }

  private async *lines(plan: TablePlan): AsyncGenerator<string> {
    const system = ['id', 'version', 'created_by', 'created_at', 'modified_by', 'modified_at'];
    for await (const rows of this.pages(plan.table, [...system, ...plan.fields.map((f) => f.column_name)])) {
      const comments = await this.commentsOf(
        plan.engineCode,
        plan.schemaCode,
        rows.map((r) => String(r.id)),
      );
      let chunk = '';
      for (const row of rows) {
        const values: Record<string, unknown> = {};
        for (const [i, f] of plan.fields.entries()) {
          const v = row[f.column_name];
          if (v !== null && v !== undefined) values[plan.keys[i] ?? f.code] = v;
        }
        const line: RecordLine = {
          id: String(row.id),
          version: Number(row.version),
          createdBy: String(row.created_by),
          createdAt: Number(row.created_at),
          modifiedBy: String(row.modified_by),
          modifiedAt: Number(row.modified_at),
          values,
        };
        const own = comments.get(line.id);
        if (own) line.comments = own;
        chunk += `${JSON.stringify(line)}\n`;
      }
      yield chunk;
    }
  }

  /** The team's files the records name (attachment and image fields). */
  private async referencedFiles(engineCode: string, plans: TablePlan[]): Promise<PackageFile[]> {
    const ids = new Set<string>();
    for (const plan of plans) {
      const columns = plan.fields.filter((f) => fieldType(f.type)?.references === 'file').map((f) => f.column_name);
      if (!columns.length) continue;
      for await (const rows of this.pages(plan.table, ['id', ...columns])) {
        for (const row of rows)
          for (const c of columns) {
            const v = row[c];
            if (typeof v !== 'string') continue;
            for (const ref of JSON.parse(v) as { id?: unknown }[]) if (typeof ref?.id === 'string') ids.add(ref.id);
          }
      }
    }
    return this.describeFiles(engineCode, [...ids]);
  }

  /** The team's stored files with these ids, as the manifest lists them (missing ones left out). */
  private async describeFiles(engineCode: string, list: string[]): Promise<PackageFile[]> {
    const found = [];
    for (let i = 0; i < list.length; i += 500)
      found.push(...(await this.files.byIds(engineCode, list.slice(i, i + 500))));
    // Rows whose bytes the store has lost are left out (the zip would break half-way).
    const kept = [];
    for (const f of found) if (await this.files.has(f)) kept.push(f);
    return kept.map((f) => ({
      id: f.id,
      name: f.name,
      contentType: f.content_type,
      isImage: f.is_image === 1,
      size: Number(f.size),
    }));
  }
}
