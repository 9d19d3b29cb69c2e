import { randomUUID } from 'node:crypto';
import {
  AMOUNT_IN_WORDS_TYPES,
  DEFAULT_PRINT_PAGE,
  ErrorCode,
  type FormLayout,
  type Language,
  type PrintBlock,
  type PrintBody,
  type PrintDocument,
  PrintLimits,
  type PrintTemplate,
  type PrintTemplateList,
  pageSizeMm,
  type RecordItem,
  type SavePrintTemplateBody,
  type TimelineEntry,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, PrintTemplatesTable } from '../../db/schema.js';
import { AppError, type FieldProblem, FieldValidationError } from '../../http/app-error.js';
import { requireEdit } from '../apps/access.js';
import { requireRight } from '../records/access.js';
import type { RecordQueryService } from '../records/query-service.js';
import type { SchemaContext } from '../schema-context/context.js';
import { loadNames } from '../transfer/names.js';
import { buildDocument } from './document.js';
import { type ImageLoader, renderPdf } from './pdf.js';
import { PrintRepository } from './repository.js';
import { PRINT_WORDS } from './words.js';

/** A record's flow timeline as the viewer may see it (the workflow module's), or null without a flow. */
export type TimelineOf = (ctx: SchemaContext, recordId: string) => Promise<TimelineEntry[] | null>;

const notFound = () => new AppError(404, ErrorCode.notFound, 'print.templateNotFound');
const FILE_URL = /^\/v1\/files\/([\w-]{1,64})$/;

/**
 * Print templates and printing. Templates belong to a table and are managed by those who design the
 * app (the same `canEdit` as designing the table); whoever may view the table's records may print
 * them. What is printed comes through the records service (view right, row rule, hidden fields), so
 * a record outside the viewer's rule is refused and a hidden field is not on the paper.
 */
export class PrintService {
  private readonly repo: PrintRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: RecordQueryService,
    private readonly layoutOf: (ctx: SchemaContext) => FormLayout,
    private readonly timelineOf: TimelineOf,
    private readonly readFile: (file: { engine_code: string; id: string }) => Promise<Buffer | null>,
    private readonly baseUrl: string,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = new PrintRepository(db);
  }

  private dto(row: PrintTemplatesTable): PrintTemplate {
    const layout = JSON.parse(row.layout) as Omit<SavePrintTemplateBody, 'name'>;
    return { id: row.id, schemaCode: row.schema_code, name: row.name, ...layout, updatedAt: Number(row.updated_at) };
  }

  /** Templates are read by whoever may view the records (they print with them) and by designers. */
  private requireRead(ctx: SchemaContext): void {
    if (!ctx.access.canEdit) requireRight(ctx, 'view');
  }

  async list(ctx: SchemaContext): Promise<PrintTemplateList> {
    this.requireRead(ctx);
    const rows = await this.repo.list(ctx.schema.engine_code, ctx.schema.code);
    return { templates: rows.map((r) => this.dto(r)), canDesign: ctx.access.canEdit };
  }

  async get(ctx: SchemaContext, id: string): Promise<PrintTemplate> {
    this.requireRead(ctx);
    const row = await this.repo.find(ctx.schema.engine_code, ctx.schema.code, id);
    if (!row) throw notFound();
    return this.dto(row);
  }

  async create(ctx: SchemaContext, body: SavePrintTemplateBody): Promise<PrintTemplate> {
    requireEdit(ctx.access);
    const clean = await this.check(ctx, body);
    if ((await this.repo.count(ctx.schema.engine_code, ctx.schema.code)) >= PrintLimits.templatesPerTable)
      throw new AppError(400, ErrorCode.validationFailed, 'print.tooManyTemplates', {
        limit: PrintLimits.templatesPerTable,
      });
    const now = this.now();
    const me = ctx.access.tenant.memberId;
    const row: PrintTemplatesTable = {
      id: randomUUID(),
      engine_code: ctx.schema.engine_code,
      schema_code: ctx.schema.code,
      name: clean.name,
      layout: JSON.stringify(layoutPart(clean)),
      created_by: me,
      updated_by: me,
      created_at: now,
      updated_at: now,
    };
    await this.repo.insert(row);
    return this.dto(row);
  }

  async save(ctx: SchemaContext, id: string, body: SavePrintTemplateBody): Promise<PrintTemplate> {
    requireEdit(ctx.access);
    if (!(await this.repo.find(ctx.schema.engine_code, ctx.schema.code, id))) throw notFound();
    const clean = await this.check(ctx, body);
    const values = {
      name: clean.name,
      layout: JSON.stringify(layoutPart(clean)),
      updated_by: ctx.access.tenant.memberId,
      updated_at: this.now(),
    };
    await this.repo.update(ctx.schema.engine_code, id, values);
    return this.get(ctx, id);
  }

  async remove(ctx: SchemaContext, id: string): Promise<{ id: string }> {
    requireEdit(ctx.access);
    if (!(await this.repo.remove(ctx.schema.engine_code, ctx.schema.code, id))) throw notFound();
    return { id };
  }

  /**
   * A template as saved: a name, a page that leaves room for content, fields of this table (the
   * designer's own view of it), a sub-table block on a sub-table field, images of the team. Every
   * refusal names the block or setting.
   */
  private async check(ctx: SchemaContext, body: SavePrintTemplateBody): Promise<SavePrintTemplateBody> {
    const problems: FieldProblem[] = [];
    const name = body.name.trim();
    if (!name) problems.push({ field: 'name', key: 'print.nameEmpty' });
    const p = body.page;
    if (p.size === 'custom' && (p.width === undefined || p.height === undefined))
      problems.push({ field: 'page.width', key: 'print.customSize' });
    const size = pageSizeMm(p);
    if (p.margins.left + p.margins.right > size.width - 20 || p.margins.top + p.margins.bottom > size.height - 20)
      problems.push({ field: 'page.margins', key: 'print.margins' });
    const live = new Map(ctx.fields.filter((f) => f.deleted_at === null).map((f) => [f.code, f]));
    const images = await this.repo.images(
      ctx.schema.engine_code,
      body.blocks.flatMap((b) => (b.kind === 'image' ? [b.fileId] : [])),
    );
    body.blocks.forEach((b, i) => {
      const index = i + 1;
      if (b.kind === 'field' || b.kind === 'subTable') {
        const f = live.get(b.field);
        if (!f) problems.push({ field: `blocks[${i}].field`, key: 'print.blockField', params: { index } });
        else if (b.kind === 'subTable' && f.type !== 'subTable')
          problems.push({ field: `blocks[${i}].field`, key: 'print.blockSubTable', params: { index, name: f.name } });
        else if (
          b.kind === 'field' &&
          b.amountInWords &&
          !(AMOUNT_IN_WORDS_TYPES as readonly string[]).includes(f.type)
        )
          problems.push({
            field: `blocks[${i}].amountInWords`,
            key: 'print.blockAmount',
            params: { index, name: f.name },
          });
      }
      if (b.kind === 'text' && !b.text.trim())
        problems.push({ field: `blocks[${i}].text`, key: 'print.blockText', params: { index } });
      if (b.kind === 'image' && !images.has(b.fileId))
        problems.push({ field: `blocks[${i}].fileId`, key: 'print.blockImage', params: { index } });
    });
    if (problems.length) throw new FieldValidationError(problems);
    return { ...body, name };
  }

  /** The table's form as a template: its fields in form order, sub-tables as tables, the flow's history. */
  private defaultTemplate(ctx: SchemaContext, lang: Language): SavePrintTemplateBody {
    const byCode = new Map(ctx.fields.map((f) => [f.code, f]));
    const layout = this.layoutOf(ctx);
    const blocks: PrintBlock[] = [{ kind: 'text', text: ctx.schema.display_name, style: 'title', align: 'center' }];
    for (const section of layout.sections) {
      const fields = section.fields.filter((f) => !f.hidden && byCode.get(f.code)?.type !== undefined);
      if (!fields.length) continue;
      if (section.title) blocks.push({ kind: 'text', text: section.title, style: 'heading', align: 'left' });
      for (const f of fields) {
        const type = byCode.get(f.code)?.type;
        if (type === 'subTable') blocks.push({ kind: 'subTable', field: f.code });
        else blocks.push({ kind: 'field', field: f.code, width: layout.columns === 2 && !f.wide ? 'half' : 'full' });
      }
    }
    blocks.push({ kind: 'timeline' });
    return { name: '', page: DEFAULT_PRINT_PAGE, header: '', footer: PRINT_WORDS.footer[lang], blocks };
  }

  /** The records to print, laid out: the template's (or the default) blocks within the viewer's rules. */
  async document(ctx: SchemaContext, body: PrintBody, lang: Language): Promise<PrintDocument> {
    // Printing is a right of its own (issue 27); the records printed are those viewing reaches.
    requireRight(ctx, 'view');
    requireRight(ctx, 'print');
    const ids = [...new Set(body.ids)];
    if (ids.length > PrintLimits.records)
      throw new AppError(400, ErrorCode.validationFailed, 'print.tooMany', {
        limit: PrintLimits.records,
        count: ids.length,
      });
    const template = body.templateId ? await this.get(ctx, body.templateId) : this.defaultTemplate(ctx, lang);
    const items: RecordItem[] = await this.records.getMany(ctx, ids);
    const blocks = template.blocks;
    const relationTitles = blocks.some((b) => b.kind === 'field')
      ? await this.records.relationTitles(ctx, items)
      : new Map<string, string>();
    const timelines = new Map<string, TimelineEntry[]>();
    if (blocks.some((b) => b.kind === 'timeline')) {
      // Only records a flow has touched have a timeline to read.
      for (const item of items.filter((i) => i.flowState !== null)) {
        const entries = await this.timelineOf(ctx, item.id);
        if (entries) timelines.set(item.id, entries);
      }
    }
    const names = await loadNames(this.db, ctx.schema.engine_code);
    const app = encodeURIComponent(ctx.schema.app_code);
    const table = encodeURIComponent(ctx.schema.code);
    return buildDocument(
      ctx,
      template,
      items,
      {
        names,
        relationTitles,
        timelines,
        linkOf: (id) => `${this.baseUrl}/app/${app}/${table}?record=${encodeURIComponent(id)}`,
        lang,
      },
      this.now(),
    );
  }

  /** The same document as a PDF. */
  async pdf(ctx: SchemaContext, body: PrintBody, lang: Language): Promise<{ bytes: Buffer; fileName: string }> {
    const doc = await this.document(ctx, body, lang);
    const bytes = await renderPdf(doc, this.imageLoader(ctx), lang);
    const first = doc.records[0]?.title ?? '';
    const fileName = `${doc.title || 'print'}${doc.records.length === 1 && first ? `-${first}` : ''}.pdf`;
    return { bytes, fileName };
  }

  /** Images of this team, PNG or JPEG (what a PDF can hold), read from the file store. */
  private imageLoader(ctx: SchemaContext): ImageLoader {
    return async (url) => {
      const id = FILE_URL.exec(url)?.[1];
      if (!id) return null;
      const row = await this.repo.file(ctx.schema.engine_code, id);
      if (!row || !['image/png', 'image/jpeg'].includes(row.content_type)) return null;
      try {
        return await this.readFile(row);
      } catch {
        return null;
      }
    };
  }
}

function layoutPart(body: SavePrintTemplateBody): Omit<SavePrintTemplateBody, 'name'> {
  return { page: body.page, header: body.header, footer: body.footer, blocks: body.blocks };
}
