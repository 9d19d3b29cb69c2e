import dayjs from 'dayjs';
import type { SelectOption } from '../types/choice.js';
import type { FileRef } from '../types/files.js';
import type { SubField } from '../types/subtable.js';
import { isObject, num, str } from './types.js';

// Plain functions the views and the editors share: no antd here, the grid's cells load this module
// and not the editors (see views.tsx).

export function optionsOf(settings: Record<string, unknown>): SelectOption[] {
  const list = Array.isArray(settings.options) ? settings.options : [];
  return list.filter(isObject).map((o) => ({ id: str(o.id), label: str(o.label), color: str(o.color) }));
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
/** An instant Date reads as dayjs does: a timestamp, or an ISO string with its zone (how values are stored). */
const ZONED = /^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:?\d\d)$/;
/**
 * `YYYY-MM-DD HH:mm` in local time. Plain Date for stored instants, not dayjs: a grid formats every
 * visible datetime cell on each scroll frame. Anything else (a date without a zone, which Date and
 * dayjs read differently) goes through dayjs as before.
 */
export const formatDateTime = (v: unknown): string => {
  if (typeof v !== 'string' && typeof v !== 'number') return '';
  const t = typeof v === 'number' || ZONED.test(v) ? new Date(v) : null;
  if (!t || Number.isNaN(t.getTime())) {
    const d = dayjs(v);
    return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : '';
  }
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${pad(t.getHours())}:${pad(t.getMinutes())}`;
};

export const precisionOf = (settings: Record<string, unknown>) => num(settings.precision) ?? 0;

/** One formatter per precision: `toLocaleString` builds a new one on every call (every cell, every frame). */
const formats = new Map<number, Intl.NumberFormat>();
function numberFormat(precision: number): Intl.NumberFormat {
  let f = formats.get(precision);
  if (!f) {
    f = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: precision, maximumFractionDigits: precision });
    formats.set(precision, f);
  }
  return f;
}

export function formatNumber(value: unknown, settings: Record<string, unknown>, type: string): string {
  const n = num(value);
  if (n === null) return '';
  const precision = precisionOf(settings);
  if (type === 'percent') return `${(n * 100).toFixed(Math.max(0, precision - 2))}%`;
  const text = numberFormat(precision).format(n);
  return type === 'money' ? `${str(settings.currency, 'CNY')} ${text}` : text;
}

export function filesOf(value: unknown): FileRef[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((f) => ({
    id: str(f.id),
    name: str(f.name),
    size: num(f.size) ?? 0,
    contentType: str(f.contentType),
    isImage: f.isImage === true,
    url: str(f.url),
  }));
}

export const sizeText = (size: number) =>
  size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;

export const plainText = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'object'
      ? Array.isArray(v)
        ? v.map(plainText).filter(Boolean).join('、')
        : str((v as Record<string, unknown>).name ?? (v as Record<string, unknown>).address)
      : String(v);

export function subFieldsOf(settings: Record<string, unknown>): SubField[] {
  const list = Array.isArray(settings.fields) ? settings.fields : [];
  return list.filter(isObject).map((f) => ({
    code: str(f.code),
    name: str(f.name),
    type: str(f.type, 'text'),
    settings: isObject(f.settings) ? f.settings : {},
    required: f.required === true,
    ...(f.readOnly === true ? { readOnly: true } : {}),
  }));
}
