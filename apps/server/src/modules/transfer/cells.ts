import type { Language } from '@canopy/contract';

import type { SelectOption } from '@canopy/fields';
import type { FieldsTable } from '../../db/schema.js';
import { settingsOf } from '../records/validation.js';

/** Member and department names of the team (for showing ids as names and reading names as ids). */
export interface NameBook {
  members: Map<string, string>;
  departments: Map<string, string>;
  memberByName: Map<string, string>;
  departmentByName: Map<string, string>;
}

const YES: Record<Language, string> = { zh: '是', en: 'Yes', jp: 'はい' };
const NO: Record<Language, string> = { zh: '否', en: 'No', jp: 'いいえ' };
const SEPARATOR = '、';

const optionsOf = (f: FieldsTable): SelectOption[] => (settingsOf(f) as { options?: SelectOption[] }).options ?? [];

/** A moment as people in the default time zone read it: 2026-11-22 14:05:00 (UTC+8). */
export function formatMoment(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A value as a cell of an exported sheet: numbers stay numbers, everything else becomes the text a
 * person reads (option labels, names, file names), never internal ids.
 */
export function exportCell(
  f: FieldsTable,
  value: unknown,
  names: NameBook,
  lang: Language,
  relationTitles: Map<string, string>,
): string | number | null {
  if (value === null || value === undefined) return null;
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
  switch (f.type) {
    case 'number':
    case 'money':
    case 'percent':
      return typeof value === 'number' ? value : Number(value);
    case 'checkbox':
      return value ? YES[lang] : NO[lang];
    case 'datetime':
    case 'createdAt':
    case 'modifiedAt':
      return formatMoment(String(value));
    case 'singleSelect':
      return optionsOf(f).find((o) => o.id === value)?.label ?? String(value);
    case 'multiSelect': {
      const options = optionsOf(f);
      return list(value)
        .map((id) => options.find((o) => o.id === id)?.label ?? String(id))
        .join(SEPARATOR);
    }
    case 'member':
    case 'createdBy':
    case 'modifiedBy':
      return list(value)
        .map((id) => names.members.get(String(id)) ?? '')
        .join(SEPARATOR);
    case 'department':
      return list(value)
        .map((id) => names.departments.get(String(id)) ?? '')
        .join(SEPARATOR);
    case 'relation':
      return list(value)
        .map((id) => relationTitles.get(String(id)))
        .filter((t) => t !== undefined)
        .join(SEPARATOR);
    case 'attachment':
    case 'image':
      return list(value)
        .map((file) => (file as { name?: string }).name ?? '')
        .join(SEPARATOR);
    case 'location':
      return (value as { address?: string }).address ?? '';
    case 'richText':
      return String(value)
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    case 'lookup':
      // Already what the related records show (names, labels: records/lookups.ts).
      return list(value)
        .map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)))
        .join(SEPARATOR);
    case 'subTable':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return typeof value === 'number' ? value : String(value);
  }
}

const TRUE_WORDS = new Set(['是', 'yes', 'y', 'true', '1', '√', '✓', 'はい', '对', 'x']);
const FALSE_WORDS = new Set(['否', 'no', 'n', 'false', '0', 'いいえ', '']);

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** 2026-11-22, 2026/11/22, 2026.11.22 or a spreadsheet date → 'YYYY-MM-DD' (or the text as it was). */
function toDay(cell: unknown): unknown {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(String(cell).trim());
  return m ? `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}` : cell;
}

/** A date and time, read as UTC+8 when the text names no zone. */
function toMoment(cell: unknown): unknown {
  if (cell instanceof Date) return cell.toISOString();
  const text = String(cell).trim();
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return text;
  const iso = `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}T${pad(Number(m[4] ?? 0))}:${m[5] ?? '00'}:${m[6] ?? '00'}+08:00`;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? text : new Date(ms).toISOString();
}

const splitList = (text: string) =>
  text
    .split(/[,，、;；\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A person or department named in a sheet that the team does not have. */
export const UNKNOWN_NAME = Symbol('unknown name');

/** Names → ids (ids themselves are accepted too). */
function byName(book: Map<string, string>, ids_: Map<string, string>, text: string): string[] | typeof UNKNOWN_NAME {
  const ids: string[] = [];
  for (const name of splitList(text)) {
    const id = ids_.has(name) ? name : book.get(name);
    if (!id) return UNKNOWN_NAME;
    ids.push(id);
  }
  return ids;
}

/** A cell as text to convert: trimmed, our own exports' leading apostrophe dropped; null when empty. */
function cellText(cell: unknown): string | null {
  if (cell === null || cell === undefined) return null;
  let text = cell instanceof Date ? cell.toISOString() : String(cell).trim();
  if (text === '') return null;
  // Our own exports keep formula-like text as text with a leading apostrophe: a round trip drops it.
  if (text.charCodeAt(0) === 39 && /^'[=+\-@\t\r]/.test(text)) text = text.slice(1);
  return text;
}

/** Option label or id → id, built once per field. */
function optionIds(f: FieldsTable): Map<string, string> {
  const ids = new Map<string, string>();
  const options = optionsOf(f);
  // The first option whose label or id is the text wins, as a search in order would find it.
  for (const o of [...options].reverse()) {
    ids.set(o.id, o.id);
    ids.set(o.label, o.id);
  }
  return ids;
}

/** Reads one column's cells for a field: the field's settings and options looked at once, not per cell. */
export type CellReader = (cell: unknown) => unknown;

/**
 * A sheet cell → the value the record API takes for that field (then checked by the field type like
 * any other input, so an import follows exactly the rules of the form), compiled once per column.
 */
export function compileImportCell(f: FieldsTable, names: NameBook): CellReader {
  switch (f.type) {
    case 'number':
    case 'money':
    case 'percent':
      return (cell) => {
        const text = cellText(cell);
        if (text === null) return null;
        if (typeof cell === 'number') return cell;
        const n = Number(text.replace(/[,，¥$￥\s]/g, ''));
        return Number.isFinite(n) ? n : text;
      };
    case 'checkbox':
      return (cell) => {
        const text = cellText(cell);
        if (text === null) return null;
        const word = text.toLowerCase();
        if (TRUE_WORDS.has(word)) return true;
        if (FALSE_WORDS.has(word)) return false;
        return text;
      };
    case 'date':
      return (cell) => (cellText(cell) === null ? null : toDay(cell));
    case 'datetime':
      return (cell) => (cellText(cell) === null ? null : toMoment(cell));
    case 'singleSelect': {
      const ids = optionIds(f);
      return (cell) => {
        const text = cellText(cell);
        return text === null ? null : (ids.get(text) ?? text);
      };
    }
    case 'multiSelect': {
      const ids = optionIds(f);
      return (cell) => {
        const text = cellText(cell);
        return text === null ? null : splitList(text).map((label) => ids.get(label) ?? label);
      };
    }
    case 'member':
    case 'department': {
      const [book, known] =
        f.type === 'member' ? [names.memberByName, names.members] : [names.departmentByName, names.departments];
      // A single-person field given two names keeps both, so the field's own check says "only one".
      return (cell) => {
        const text = cellText(cell);
        return text === null ? null : byName(book, known, text);
      };
    }
    default:
      return cellText;
  }
}

/** One cell at a time (tests, small callers); an import compiles its columns once (converter.ts). */
export function importCell(f: FieldsTable, cell: unknown, names: NameBook): unknown {
  return compileImportCell(f, names)(cell);
}
