import { fail } from '../errors.js';
import { isList, parseNumber, toNumber, toText } from '../values.js';
import {
  type Args,
  checkTextLength,
  countArg,
  eager,
  type FormulaFunction,
  type FunctionContext,
  MANY,
  textArg,
} from './define.js';
import { textFunction } from './format.js';

/*
 * Lengths and positions count code points, not UTF-16 units: LEN('😀') is 1 and LEFT never splits
 * an emoji in half. Grapheme clusters would need Intl.Segmenter, whose data differs between
 * browsers and Node, and the browser and the server must compute the same value.
 */
function isPairAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  const d = s.charCodeAt(i + 1);
  return c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff;
}

function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i += isPairAt(s, i) ? 2 : 1) n++;
  return n;
}

/** The UTF-16 offset of code point `index` (the text's length past the end). */
function offsetOf(s: string, index: number): number {
  let i = 0;
  for (let n = 0; n < index && i < s.length; n++) i += isPairAt(s, i) ? 2 : 1;
  return i;
}

const slice = (s: string, from: number, to?: number) =>
  s.slice(offsetOf(s, from), to === undefined ? undefined : offsetOf(s, Math.max(from, to)));

function concatenate(texts: string[], ctx: FunctionContext): string {
  checkTextLength(
    texts.reduce((n, t) => n + t.length, 0),
    ctx,
  );
  return texts.join('');
}

function substitute(args: Args, ctx: FunctionContext): string {
  const text = textArg(args, 0);
  const old = textArg(args, 1);
  const replacement = textArg(args, 2);
  const instance = countArg(args, 3, 1, 0);
  if (old === '') return text;
  // Literal search with indexOf and split: no regular expression is ever built from user text.
  let count = 0;
  for (let at = text.indexOf(old); at >= 0; at = text.indexOf(old, at + old.length)) {
    ctx.step(1);
    count++;
    if (count === instance) return concatenate([text.slice(0, at), replacement, text.slice(at + old.length)], ctx);
  }
  if (instance > 0) return text;
  checkTextLength(text.length + count * (replacement.length - old.length), ctx);
  return text.split(old).join(replacement);
}

/** FULLWIDTH digits and signs ('１２．５％') as typed by Chinese input methods → ASCII. */
function halfWidth(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    out += c >= 0xff01 && c <= 0xff5e ? String.fromCharCode(c - 0xfee0) : ch;
  }
  return out;
}

// Fixed pattern: digits grouped by thousands ('1,234,567.8').
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/** VALUE: number text with optional thousands separators and a trailing %, full-width accepted. */
function value(args: Args): number | null {
  const v = args[0] ?? null;
  if (typeof v !== 'string') return v === null ? null : toNumber(v, 0);
  if (v.trim() === '') return null;
  if (v.length > 400) return fail('formula.type', { expected: 'number' }, 0);
  let t = halfWidth(v).trim();
  const percent = t.endsWith('%');
  if (percent) t = t.slice(0, -1).trim();
  if (GROUPED.test(t)) t = t.replaceAll(',', '');
  const n = parseNumber(t);
  if (n === undefined) return fail('formula.type', { expected: 'number' }, 0);
  return percent ? n / 100 : n;
}

export const TEXT_FUNCTIONS: Record<string, FormulaFunction> = {
  CONCATENATE: eager(1, MANY, (args, ctx) => concatenate(args.map(toText), ctx)),
  LEN: eager(1, 1, (args) => codePointLength(textArg(args, 0))),
  LEFT: eager(1, 2, (args) => slice(textArg(args, 0), 0, countArg(args, 1, 0, 1))),
  RIGHT: eager(1, 2, (args) => {
    const text = textArg(args, 0);
    return slice(text, Math.max(0, codePointLength(text) - countArg(args, 1, 0, 1)));
  }),
  /** MID(text, start, count): start counts from 1. */
  MID: eager(3, 3, (args) => {
    const start = countArg(args, 1, 1) - 1;
    return slice(textArg(args, 0), start, start + countArg(args, 2, 0));
  }),
  // toUpperCase/toLowerCase, not the locale variants: the same result in every browser and on the server.
  UPPER: eager(1, 1, (args) => textArg(args, 0).toUpperCase()),
  LOWER: eager(1, 1, (args) => textArg(args, 0).toLowerCase()),
  /** Spaces at both ends, full-width ones included; spaces inside are kept. */
  TRIM: eager(1, 1, (args) => textArg(args, 0).trim()),
  /** REPLACE(text, start, count, new): replaces by position, start counting from 1. */
  REPLACE: eager(4, 4, (args, ctx) => {
    const text = textArg(args, 0);
    const start = countArg(args, 1, 1) - 1;
    const end = start + countArg(args, 2, 0);
    return concatenate([slice(text, 0, start), textArg(args, 3), slice(text, end)], ctx);
  }),
  /** SUBSTITUTE(text, old, new, [which]): replaces every occurrence, or only the which-th. */
  SUBSTITUTE: eager(3, 4, substitute),
  REPT: eager(2, 2, (args, ctx) => {
    const text = textArg(args, 0);
    const times = countArg(args, 1, 0);
    if (text === '' || times === 0) return '';
    checkTextLength(text.length * times, ctx);
    return text.repeat(times);
  }),
  TEXT: eager(1, 2, textFunction),
  /** FIND(needle, text, [start]): 1-based position of the first occurrence, case-sensitive; 0 when absent. */
  FIND: eager(2, 3, (args) => {
    const needle = textArg(args, 0);
    const text = textArg(args, 1);
    const start = countArg(args, 2, 1, 1) - 1;
    if (start > codePointLength(text)) return 0;
    const at = text.indexOf(needle, offsetOf(text, start));
    return at < 0 ? 0 : codePointLength(text.slice(0, at)) + 1;
  }),
  /** CONTAINS(text, part): substring test; for a list (a multi select), whether it has that item. */
  CONTAINS: eager(2, 2, (args) => {
    const haystack = args[0] ?? null;
    const needle = textArg(args, 1);
    return isList(haystack) ? haystack.some((item) => toText(item) === needle) : toText(haystack).includes(needle);
  }),
  VALUE: eager(1, 1, value),
};
