import { type DateValue, localParts, parseDate } from '../dates.js';
import { fail } from '../errors.js';
import { type FormulaValue, isList, parseNumber, toNumber, toText } from '../values.js';
import type { Args, FunctionContext } from './define.js';
import { roundTo } from './math.js';

/*
 * TEXT(value, format) — a small, predictable subset of spreadsheet formats.
 * Numbers: one run of digit placeholders with literal text around it: '0', '0.00', '#,##0.00',
 *   '0.0#' (optional digit), '0%' (multiplies by 100), '¥#,##0.00', '第0名'. Rounds half away from zero.
 * Dates: YYYY YY MM M DD D (also yyyy yy dd d), HH H (24-hour), mm m (minutes), ss s,
 *   ddd (周一) dddd (星期一); anything else is literal: 'YYYY年M月D日'. Month is upper-case M,
 *   minute lower-case m (the spreadsheet habit of guessing from context is not copied).
 */

// Fixed pattern: the digit placeholder run of a number format.
const DIGITS = /[#0,]*[#0](?:\.[#0]*)?|\.[#0]+/;

function groupThousands(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

export function formatNumberWith(n: number, format: string): string {
  const match = DIGITS.exec(format);
  if (!match) return fail('formula.invalidArgument', { reason: 'format' }, 1);
  const prefix = format.slice(0, match.index);
  const suffix = format.slice(match.index + match[0].length);
  const [intSpec = '', fracSpec = ''] = match[0].split('.');
  const percent = prefix.includes('%') || suffix.includes('%');
  const value = roundTo(percent ? n * 100 : n, fracSpec.length, 'half');
  const minFraction = fracSpec.lastIndexOf('0') + 1;
  const minInteger = [...intSpec].filter((c) => c === '0').length;
  const abs = Math.abs(value);
  // toFixed switches to exponent notation from 1e21; such numbers get no digit formatting.
  const fixed = abs >= 1e21 ? String(abs) : abs.toFixed(fracSpec.length);
  let [whole = '', fraction = ''] = fixed.split('.');
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  if (whole === '0' && minInteger === 0) whole = '';
  whole = whole.padStart(minInteger, '0');
  if (intSpec.includes(',') && abs < 1e21) whole = groupThousands(whole);
  const sign = value < 0 ? '-' : '';
  return `${sign}${prefix}${whole}${fraction ? `.${fraction}` : ''}${suffix}`;
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

type Render = (p: ReturnType<typeof localParts>) => string;
// Longest first, so 'YYYY' wins over 'YY' and 'dddd' over 'dd'.
const DATE_TOKENS: [string, Render][] = [
  ['YYYY', (p) => pad(p.year, 4)],
  ['yyyy', (p) => pad(p.year, 4)],
  ['dddd', (p) => `星期${WEEKDAYS[p.weekday]}`],
  ['ddd', (p) => `周${WEEKDAYS[p.weekday]}`],
  ['YY', (p) => pad(p.year % 100)],
  ['yy', (p) => pad(p.year % 100)],
  ['MM', (p) => pad(p.month)],
  ['DD', (p) => pad(p.day)],
  ['dd', (p) => pad(p.day)],
  ['HH', (p) => pad(p.hour)],
  ['mm', (p) => pad(p.minute)],
  ['ss', (p) => pad(p.second)],
  ['M', (p) => String(p.month)],
  ['D', (p) => String(p.day)],
  ['d', (p) => String(p.day)],
  ['H', (p) => String(p.hour)],
  ['m', (p) => String(p.minute)],
  ['s', (p) => String(p.second)],
];

export function formatDateWith(date: DateValue, format: string, offsetMinutes: number): string {
  const parts = localParts(date, offsetMinutes);
  let out = '';
  for (let i = 0; i < format.length; ) {
    const token = DATE_TOKENS.find(([t]) => format.startsWith(t, i));
    if (token) {
      out += token[1](parts);
      i += token[0].length;
    } else {
      out += format[i];
      i++;
    }
  }
  return out;
}

/** TEXT(value) is the value as text; TEXT(value, format) formats a number or a date. */
export function textFunction(args: Args, ctx: FunctionContext): FormulaValue {
  const value = args[0] ?? null;
  const format = args.length > 1 ? toText(args[1] ?? null) : '';
  if (format === '' || value === null) return toText(value);
  if (isList(value)) return fail('formula.type', { expected: 'number or date' }, 0);
  if (typeof value === 'string') {
    const date = parseDate(value, ctx.offsetMinutes);
    if (date) return formatDateWith(date, format, ctx.offsetMinutes);
    const n = parseNumber(value);
    return n === undefined ? fail('formula.type', { expected: 'number or date' }, 0) : formatNumberWith(n, format);
  }
  return formatNumberWith(toNumber(value, 0), format);
}
