import { fail } from './errors.js';

/**
 * Dates travel as ISO text, in and out: 'YYYY-MM-DD' is a calendar date (no time zone, as the date
 * field stores it), anything with a time is an instant (output as the datetime field stores it,
 * `toISOString()`). A time without a zone is read in the formula's time zone (UTC+8 by default).
 */
export interface DateValue {
  /** A calendar date: UTC midnight of that day. An instant: epoch milliseconds. */
  ms: number;
  dateOnly: boolean;
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** 0 = Sunday, as Date counts. */
  weekday: number;
}

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** Like Date.UTC, but years 0–99 stay themselves instead of becoming 1900–1999. */
export function utcMs(y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const dt = new Date(0);
  dt.setUTCFullYear(y, m - 1, d);
  dt.setUTCHours(h, mi, s, ms);
  return dt.getTime();
}

export function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month + 1, 0)).getUTCDate();
}

const MIN_MS = utcMs(1, 1, 1);
const MAX_MS = utcMs(9999, 12, 31, 23, 59, 59, 999);

// A fixed pattern (never built from input), anchored, without nested repetition: linear time.
const ISO_DATE =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** Minutes east of UTC for 'Z', '+08:00', '+0800', '-05'; undefined when out of range. */
function zoneMinutes(zone: string): number | undefined {
  if (zone === 'Z' || zone === 'z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  if (hours > 14 || minutes > 59) return undefined;
  return sign * (hours * 60 + minutes);
}

/** 'YYYY-MM-DD', 'YYYY/M/D', 'YYYY-MM-DDTHH:mm[:ss[.sss]][zone]' (a space may replace the T). */
export function parseDate(text: string, offsetMinutes: number): DateValue | undefined {
  const t = text.trim();
  if (t.length < 8 || t.length > 40) return undefined;
  const m = ISO_DATE.exec(t);
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (m[4] === undefined) return { ms: utcMs(year, month, day), dateOnly: true };
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6] ?? '0');
  const millisecond = Number((m[7] ?? '').slice(0, 3).padEnd(3, '0'));
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const zone = m[8] === undefined ? offsetMinutes : zoneMinutes(m[8]);
  if (zone === undefined) return undefined;
  return { ms: utcMs(year, month, day, hour, minute, second, millisecond) - zone * MINUTE_MS, dateOnly: false };
}

/** A date made by a function, refused when it leaves years 1–9999 (ISO text could not say it). */
export function checkedDate(ms: number, dateOnly: boolean): DateValue {
  if (!Number.isFinite(ms) || ms < MIN_MS || ms > MAX_MS) fail('formula.invalidArgument', { reason: 'dateRange' });
  return { ms, dateOnly };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatDate(value: DateValue): string {
  if (!value.dateOnly) return new Date(value.ms).toISOString();
  const d = new Date(value.ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Wall-clock fields in the formula's time zone (a calendar date has no zone to shift by). */
export function localParts(value: DateValue, offsetMinutes: number): LocalParts {
  const d = new Date(value.dateOnly ? value.ms : value.ms + offsetMinutes * MINUTE_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
  };
}

/** The instant a value stands for: a calendar date starts at local midnight. */
export function instantOf(value: DateValue, offsetMinutes: number): number {
  return value.dateOnly ? value.ms - offsetMinutes * MINUTE_MS : value.ms;
}

/** Days since 1970-01-01 of the local calendar day, so day differences ignore the time of day. */
export function dayNumber(value: DateValue, offsetMinutes: number): number {
  return Math.floor((value.dateOnly ? value.ms : value.ms + offsetMinutes * MINUTE_MS) / DAY_MS);
}
