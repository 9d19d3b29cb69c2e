import {
  checkedDate,
  DAY_MS,
  type DateValue,
  dayNumber,
  daysInMonth,
  formatDate,
  instantOf,
  localParts,
  MINUTE_MS,
  parseDate,
  utcMs,
} from '../dates.js';
import { fail } from '../errors.js';
import { isEmptyValue } from '../values.js';
import { type Args, eager, type FormulaFunction, type FunctionContext, intArg, textArg } from './define.js';

/*
 * Date functions take ISO text and give ISO text (see dates.ts). An empty date argument gives an
 * empty result rather than an error: a record whose due date is not filled in has no "days left".
 * Calendar questions (YEAR, DAYS, DATEDIF, adding months) are answered in the formula's time zone.
 */

function dateArg(args: Args, i: number, ctx: FunctionContext): DateValue | null {
  const v = args[i] ?? null;
  if (isEmptyValue(v)) return null;
  const date = typeof v === 'string' ? parseDate(v, ctx.offsetMinutes) : undefined;
  return date ?? fail('formula.type', { expected: 'date' }, i);
}

type Unit = 'year' | 'quarter' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

// A Map, not an object: a unit named 'constructor' or '__proto__' is simply unknown.
const UNITS: ReadonlyMap<string, Unit> = new Map<string, Unit>([
  ...['Y', 'YEAR', 'YEARS', '年'].map((u) => [u, 'year'] as const),
  ...['Q', 'QUARTER', 'QUARTERS', '季', '季度'].map((u) => [u, 'quarter'] as const),
  ...['M', 'MONTH', 'MONTHS', '月'].map((u) => [u, 'month'] as const),
  ...['W', 'WEEK', 'WEEKS', '周', '星期'].map((u) => [u, 'week'] as const),
  ...['D', 'DAY', 'DAYS', '日', '天'].map((u) => [u, 'day'] as const),
  ...['H', 'HOUR', 'HOURS', '时', '小时'].map((u) => [u, 'hour'] as const),
  ...['MI', 'N', 'MINUTE', 'MINUTES', '分', '分钟'].map((u) => [u, 'minute'] as const),
  ...['S', 'SECOND', 'SECONDS', '秒'].map((u) => [u, 'second'] as const),
]);

function unitArg(args: Args, i: number, allowed: readonly Unit[]): Unit {
  const unit = UNITS.get(textArg(args, i).trim().toUpperCase());
  return unit !== undefined && allowed.includes(unit) ? unit : fail('formula.invalidArgument', { reason: 'unit' }, i);
}

/** Adds months on the calendar, keeping the day when it exists: Jan 31 + 1 month = Feb 28/29. */
function addMonths(date: DateValue, months: number, offsetMinutes: number): DateValue {
  const p = localParts(date, offsetMinutes);
  const total = p.year * 12 + (p.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const day = Math.min(p.day, daysInMonth(year, month));
  if (date.dateOnly) return checkedDate(utcMs(year, month, day), true);
  const local = utcMs(year, month, day, p.hour, p.minute, p.second, p.millisecond);
  return checkedDate(local - offsetMinutes * MINUTE_MS, false);
}

const UNIT_MS: Partial<Record<Unit, number>> = { hour: 3_600_000, minute: MINUTE_MS, second: 1000 };

function dateAdd(args: Args, ctx: FunctionContext): string | null {
  const date = dateArg(args, 0, ctx);
  const n = intArg(args, 1); // whole units only: half a month has no clear meaning
  const unit = unitArg(args, 2, ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second']);
  if (date === null) return null;
  const off = ctx.offsetMinutes;
  if (unit === 'year' || unit === 'quarter' || unit === 'month') {
    return formatDate(addMonths(date, n * (unit === 'year' ? 12 : unit === 'quarter' ? 3 : 1), off));
  }
  if (unit === 'week' || unit === 'day') {
    return formatDate(checkedDate(date.ms + n * (unit === 'week' ? 7 : 1) * DAY_MS, date.dateOnly));
  }
  // Hours and smaller turn a calendar date into a moment, starting at its local midnight.
  return formatDate(checkedDate(instantOf(date, off) + n * (UNIT_MS[unit] ?? 0), false));
}

/** DATEDIF(start, end, unit): whole years, months or days from start to end; start after end is refused. */
function dateDif(args: Args, ctx: FunctionContext): number | null {
  const start = dateArg(args, 0, ctx);
  const end = dateArg(args, 1, ctx);
  const unit = unitArg(args, 2, ['year', 'month', 'day']);
  if (start === null || end === null) return null;
  const off = ctx.offsetMinutes;
  const days = dayNumber(end, off) - dayNumber(start, off);
  if (days < 0) return fail('formula.invalidArgument', { reason: 'startAfterEnd' }, 1);
  if (unit === 'day') return days;
  const a = localParts(start, off);
  const b = localParts(end, off);
  const months = (b.year - a.year) * 12 + (b.month - a.month) - (b.day < a.day ? 1 : 0);
  return unit === 'month' ? months : Math.floor(months / 12);
}

const part = (pick: (p: ReturnType<typeof localParts>) => number) =>
  eager(1, 1, (args, ctx) => {
    const date = dateArg(args, 0, ctx);
    return date === null ? null : pick(localParts(date, ctx.offsetMinutes));
  });

/** WEEKDAY(date, [type]): type 2 (default, the Chinese week) Monday = 1 … Sunday = 7; 1: Sunday = 1 … Saturday = 7; 3: Monday = 0 … Sunday = 6. */
function weekday(args: Args, ctx: FunctionContext): number | null {
  const date = dateArg(args, 0, ctx);
  const type = args.length > 1 ? intArg(args, 1) : 2;
  if (type !== 1 && type !== 2 && type !== 3) return fail('formula.invalidArgument', { reason: 'weekdayType' }, 1);
  if (date === null) return null;
  const sundayZero = localParts(date, ctx.offsetMinutes).weekday;
  const mondayZero = (sundayZero + 6) % 7;
  return type === 1 ? sundayZero + 1 : type === 2 ? mondayZero + 1 : mondayZero;
}

export const DATE_FUNCTIONS: Record<string, FormulaFunction> = {
  /** The calendar date now in the formula's time zone. */
  TODAY: eager(0, 0, (_, ctx) =>
    formatDate(checkedDate(dayNumber({ ms: ctx.now(), dateOnly: false }, ctx.offsetMinutes) * DAY_MS, true)),
  ),
  NOW: eager(0, 0, (_, ctx) => formatDate(checkedDate(ctx.now(), false))),
  /** DATE(year, month, day); months and days past the end roll over: DATE(2024, 13, 1) = 2025-01-01. */
  DATE: eager(3, 3, (args) => formatDate(checkedDate(utcMs(intArg(args, 0), intArg(args, 1), intArg(args, 2)), true))),
  YEAR: part((p) => p.year),
  MONTH: part((p) => p.month),
  DAY: part((p) => p.day),
  HOUR: part((p) => p.hour),
  MINUTE: part((p) => p.minute),
  SECOND: part((p) => p.second),
  WEEKDAY: eager(1, 2, weekday),
  DATEDIF: eager(3, 3, dateDif),
  DATEADD: eager(3, 3, dateAdd),
  /** DAYS(end, start): calendar days from start to end, negative when end is earlier. */
  DAYS: eager(2, 2, (args, ctx) => {
    const end = dateArg(args, 0, ctx);
    const start = dateArg(args, 1, ctx);
    return end === null || start === null
      ? null
      : dayNumber(end, ctx.offsetMinutes) - dayNumber(start, ctx.offsetMinutes);
  }),
};
