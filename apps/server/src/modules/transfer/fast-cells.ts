/**
 * The common shapes of an import's number, date and date-time cells read straight from their
 * characters (issue 15): the general path (cells.ts `compileImportCell` → the field type's `parse` →
 * `toStorage`) runs regular expressions, `Date.parse` twice and `toISOString` for every cell, a good
 * part of a 1M-row import. Each reader here answers the stored value for a cell it fully
 * understands, or MISS for anything else (blanks, whitespace, other spellings, out-of-range parts,
 * failures), which the converter then sends down the general path — so the stored values and the
 * problems are the general path's by construction; fast-cells.test.ts compares the two on tricky
 * inputs.
 */

/** The cell is not one this reader understands: take the general path. */
export const MISS = Symbol('miss');

const ZERO = 48;
const MS_DAY = 86_400_000;
/** A date-time without a zone is read as UTC+8 (cells.ts `toMoment`). */
const DEFAULT_OFFSET_MS = 8 * 3_600_000;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (y: number, m: number) => (m === 2 && isLeap(y) ? 29 : (DAYS[m - 1] as number));

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil; any year, unlike Date.UTC's 0–99 → 1900s). */
function daysFromCivil(y0: number, m: number, d: number): number {
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The digit at `i`, or -1. */
const digit = (s: string, i: number) => {
  const c = s.charCodeAt(i) - ZERO;
  return c >= 0 && c <= 9 ? c : -1;
};

/**
 * 'YYYY-MM-DD' exactly (the date field's own form), a real day: the stored text is the cell itself.
 * Other spellings (2026/1/5, 2026年1月5日, blanks around it) take the general path.
 */
export function fastDay(cell: unknown): string | typeof MISS {
  if (typeof cell !== 'string' || cell.length !== 10) return MISS;
  if (cell.charCodeAt(4) !== 45 || cell.charCodeAt(7) !== 45) return MISS;
  const y0 = digit(cell, 0);
  const y1 = digit(cell, 1);
  const y2 = digit(cell, 2);
  const y3 = digit(cell, 3);
  const m0 = digit(cell, 5);
  const m1 = digit(cell, 6);
  const d0 = digit(cell, 8);
  const d1 = digit(cell, 9);
  if ((y0 | y1 | y2 | y3 | m0 | m1 | d0 | d1) < 0) return MISS;
  const y = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const m = m0 * 10 + m1;
  const d = d0 * 10 + d1;
  if (m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) return MISS;
  return cell;
}

/**
 * `YYYY-MM-DD HH:mm:ss` (also with `T`, one-digit month/day/hour, `/` or `.` between the date's
 * parts, without seconds, or a date alone — the spellings cells.ts `toMoment` reads), no zone, so
 * UTC+8: the stored instant (epoch ms). Only plainly valid parts are read here (month 1–12, a day
 * the month has, hour 0–23, minute and second 0–59, year ≥ 1); everything else takes the general
 * path, which decides as it always did.
 */
export function fastMoment(cell: unknown): number | typeof MISS {
  if (typeof cell !== 'string') return MISS;
  const n = cell.length;
  if (n < 8 || n > 19) return MISS;
  const y0 = digit(cell, 0);
  const y1 = digit(cell, 1);
  const y2 = digit(cell, 2);
  const y3 = digit(cell, 3);
  if ((y0 | y1 | y2 | y3) < 0 || !isDateSeparator(cell, 4)) return MISS;
  const y = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  // Month and day: one or two digits each (no closures here: this runs for every cell).
  let i = 5;
  const m = oneOrTwo(cell, i);
  if (m < 0) return MISS;
  i += m >= 100 ? 2 : 1;
  if (i >= n || !isDateSeparator(cell, i)) return MISS;
  i += 1;
  const d = oneOrTwo(cell, i);
  if (d < 0) return MISS;
  i += d >= 100 ? 2 : 1;
  let h = 0;
  let mi = 0;
  let s = 0;
  if (i < n) {
    const c = cell.charCodeAt(i);
    if (c !== 32 && c !== 84) return MISS; // ' ' or 'T'
    i += 1;
    h = oneOrTwo(cell, i);
    if (h < 0) return MISS;
    i += h >= 100 ? 2 : 1;
    if (cell.charCodeAt(i) !== 58) return MISS;
    const a = digit(cell, i + 1);
    const b = digit(cell, i + 2);
    if ((a | b) < 0) return MISS;
    mi = a * 10 + b;
    i += 3;
    if (i < n) {
      if (cell.charCodeAt(i) !== 58) return MISS;
      const e = digit(cell, i + 1);
      const f = digit(cell, i + 2);
      if ((e | f) < 0) return MISS;
      s = e * 10 + f;
      i += 3;
    }
    if (i !== n) return MISS;
  }
  const month = m % 100;
  const day = d % 100;
  const hour = h % 100;
  if (y < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(y, month) || hour > 23 || mi > 59 || s > 59)
    return MISS;
  return daysFromCivil(y, month, day) * MS_DAY + ((hour * 60 + mi) * 60 + s) * 1000 - DEFAULT_OFFSET_MS;
}

/** `-`, `/` or `.` at `at`: what cells.ts `toMoment` takes between a date's parts. */
function isDateSeparator(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return c === 45 || c === 47 || c === 46;
}

/**
 * One or two digits at `at`: their value, plus 100 when they were two (so the caller knows how far
 * to move without a closure or an object), or -1.
 */
function oneOrTwo(text: string, at: number): number {
  const a = digit(text, at);
  if (a < 0) return -1;
  const b = digit(text, at + 1);
  return b < 0 ? a : 100 + a * 10 + b;
}

/**
 * A number written plainly (digits, sign, point, exponent: no thousands separators, currency signs
 * or blanks, which the general path strips), rounded and bounded as the number types' `parse` does;
 * a value out of bounds or not finite takes the general path (it names the problem).
 */
export function fastNumber(settings: {
  precision: number;
  min: number | null;
  max: number | null;
}): (cell: unknown) => number | typeof MISS {
  const factor = 10 ** settings.precision;
  const { min, max } = settings;
  return (cell) => {
    if (typeof cell !== 'string') return MISS;
    const n = cell.length;
    if (n === 0 || n > 40) return MISS;
    for (let i = 0; i < n; i++) {
      const c = cell.charCodeAt(i);
      // 0-9 . + - e E
      if (!((c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || c === 101 || c === 69)) return MISS;
    }
    const parsed = Number(cell);
    if (!Number.isFinite(parsed)) return MISS;
    const value = Math.round(parsed * factor) / factor;
    if ((min !== null && value < min) || (max !== null && value > max)) return MISS;
    return value;
  };
}
