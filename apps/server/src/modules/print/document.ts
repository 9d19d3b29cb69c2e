import type {
  Language,
  PrintBlock,
  PrintDocument,
  PrintItem,
  RecordItem,
  SavePrintTemplateBody,
  TimelineEntry,
} from '@canopy/contract';
import type { FileRef, SubField } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import { settingsOf } from '../records/validation.js';
import type { SchemaContext } from '../schema-context/context.js';
import { exportCell, formatMoment, type NameBook } from '../transfer/cells.js';
import { amountInWords } from './amount-words.js';
import { ACTION_WORDS, PRINT_WORDS } from './words.js';

/** What a record's blocks are filled from, read once for the whole print. */
export interface PrintSources {
  names: NameBook;
  relationTitles: Map<string, string>;
  /** A record's flow timeline, or null when it has no flow instance. */
  timelines: Map<string, TimelineEntry[]>;
  /** The record's address in the web app (for the QR code). */
  linkOf: (id: string) => string;
  lang: Language;
}

/** A number as the form shows it: the field's digits, thousands separated; money with its currency. */
function numberText(f: FieldsTable, value: number): string {
  const s = settingsOf(f) as { precision?: number; currency?: string };
  const precision = s.precision ?? 0;
  if (f.type === 'percent') return `${(value * 100).toFixed(Math.max(0, precision - 2))}%`;
  const text = value.toLocaleString('zh-CN', { minimumFractionDigits: precision, maximumFractionDigits: precision });
  return f.type === 'money' ? `${s.currency ?? 'CNY'} ${text}` : text;
}

/** A value as a person reads it on paper: labels, names and titles, never ids. */
export function valueText(f: FieldsTable, value: unknown, src: PrintSources): string {
  if (value === null || value === undefined || value === '') return '';
  if (['number', 'money', 'percent'].includes(f.type) && typeof value === 'number') return numberText(f, value);
  if (f.type === 'checkbox') return value ? PRINT_WORDS.yes[src.lang] : PRINT_WORDS.no[src.lang];
  if (f.type === 'lookup' && Array.isArray(value)) return value.map((v) => String(v ?? '')).join('、');
  const cell = exportCell(f, value, src.names, src.lang, src.relationTitles);
  return cell === null ? '' : String(cell);
}

/** A sub-table column as a field of its own type (its settings live in the sub-table's). */
const subColumn = (sub: SubField): FieldsTable =>
  ({ code: sub.code, name: sub.name, type: sub.type, settings: JSON.stringify(sub.settings) }) as FieldsTable;

const liveField = (ctx: SchemaContext, code: string): FieldsTable | undefined =>
  ctx.fields.find((f) => f.code === code && f.deleted_at === null && !ctx.rights.hidden.has(code));

/** One block of one record; null when the viewer may not see it (a hidden field) or it has nothing to show. */
function itemOf(ctx: SchemaContext, block: PrintBlock, record: RecordItem, src: PrintSources): PrintItem | null {
  switch (block.kind) {
    case 'field': {
      const f = liveField(ctx, block.field);
      if (!f) return null;
      const value = record.data[f.code];
      if (f.type === 'attachment' || f.type === 'image') {
        const files = ((value as FileRef[] | null) ?? []).map((x) => ({
          name: x.name,
          url: x.url,
          isImage: x.isImage,
        }));
        // Pictures show as themselves; only the other files are named.
        const named = files.filter((x) => !x.isImage).map((x) => x.name);
        return { kind: 'field', label: f.name, text: named.join('、'), width: block.width, files };
      }
      if (f.type === 'subTable') return subTableItem(f, value, src);
      const text = block.amountInWords && typeof value === 'number' ? amountInWords(value) : valueText(f, value, src);
      return { kind: 'field', label: f.name, text, width: block.width };
    }
    case 'subTable': {
      const f = liveField(ctx, block.field);
      return f ? subTableItem(f, record.data[f.code], src) : null;
    }
    case 'text':
      return { kind: 'text', text: block.text, style: block.style, align: block.align };
    case 'image':
      return { kind: 'image', url: `/v1/files/${block.fileId}`, width: block.width, align: block.align };
    case 'qr':
      return { kind: 'qr', url: src.linkOf(record.id), size: block.size, align: block.align };
    case 'timeline': {
      const entries = src.timelines.get(record.id);
      if (!entries) return null;
      return {
        kind: 'timeline',
        entries: entries
          .filter((e) => e.action in ACTION_WORDS)
          .map((e) => ({
            node: e.activityName,
            who: e.actor?.name ?? PRINT_WORDS.system[src.lang],
            action: ACTION_WORDS[e.action]?.[src.lang] ?? e.action,
            comment: e.comment,
            at: e.createdAt,
          })),
      };
    }
  }
}

function subTableItem(f: FieldsTable, value: unknown, src: PrintSources): PrintItem {
  const columns = ((settingsOf(f) as { fields?: SubField[] }).fields ?? []).map(subColumn);
  const rows = ((value as Record<string, unknown>[] | null) ?? []).map((row) =>
    columns.map((c) => valueText(c, row[c.code], src)),
  );
  return { kind: 'subTable', label: f.name, columns: columns.map((c) => c.name), rows };
}

/** The print: each record's blocks within the viewer's rules, on the template's page. */
export function buildDocument(
  ctx: SchemaContext,
  template: SavePrintTemplateBody,
  records: RecordItem[],
  src: PrintSources,
  now: number,
): PrintDocument {
  return {
    title: ctx.schema.display_name,
    page: template.page,
    header: template.header,
    footer: template.footer,
    date: formatMoment(new Date(now).toISOString()).slice(0, 10),
    records: records.map((r) => ({
      id: r.id,
      title: r.title,
      items: template.blocks.flatMap((b) => itemOf(ctx, b, r, src) ?? []),
    })),
  };
}
