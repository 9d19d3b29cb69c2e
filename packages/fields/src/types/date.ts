import { bad, type FieldType, isEmpty, ok } from '../definition.js';

/** A calendar date, 'YYYY-MM-DD' (sorts and compares as text on both databases). */
export const date: FieldType<string, object> = {
  type: 'date',
  label: { zh: '日期', en: 'Date', jp: '日付' },
  storage: 'text',
  system: false,
  defaultSettings: {},
  checkSettings: () => ({ ok: true, settings: {} }),
  parse(input) {
    if (isEmpty(input)) return ok(null);
    if (typeof input !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(input)) return bad('field.date.invalid');
    const d = new Date(`${input}T00:00:00Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== input ? bad('field.date.invalid') : ok(input);
  },
  toStorage: (v) => v,
  fromStorage: (raw) => (typeof raw === 'string' ? raw : null),
};

/** A moment in time: ISO 8601 over the API, epoch milliseconds in the column. */
export const datetime: FieldType<string, object> = {
  type: 'datetime',
  label: { zh: '日期时间', en: 'Date and time', jp: '日時' },
  storage: 'bigint',
  system: false,
  defaultSettings: {},
  checkSettings: () => ({ ok: true, settings: {} }),
  parse(input) {
    if (isEmpty(input)) return ok(null);
    const d =
      typeof input === 'string' ? new Date(input) : typeof input === 'number' ? new Date(input) : new Date(Number.NaN);
    if (Number.isNaN(d.getTime()) || (typeof input === 'string' && !/^\d{4}-\d{2}-\d{2}T/.test(input)))
      return bad('field.date.invalid');
    return ok(d.toISOString());
  },
  toStorage: (v) => (v === null ? null : Date.parse(v)),
  fromStorage: (raw) => (raw === null || raw === undefined ? null : new Date(Number(raw)).toISOString()),
};
