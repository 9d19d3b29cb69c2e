import type { CompareOp } from './ast.js';
import { instantOf, parseDate } from './dates.js';
import { fail } from './errors.js';

/**
 * The value model. A formula computes one of these; fields feed them in (see `fromInput`).
 *
 * Coercion rules, chosen to match what spreadsheet users expect:
 * - Empty is `null`. An empty text ('') and an empty list from a field arrive as `null`.
 * - Arithmetic (+ - * / %, unary -, math functions): null → 0, true/false → 1/0, text that is a
 *   plain decimal number ('12.5', ' -3 ', '1e3') → that number; any other text or a list → 'formula.type'.
 *   Results are kept to 15 significant digits, so 0.1 + 0.2 = 0.3 like in a spreadsheet.
 * - Text (&, text functions): null → '', numbers in their shortest form (15 significant digits),
 *   true/false → 'true'/'false', a list → its items joined with ', '.
 * - Conditions (IF, AND, !): null, 0, '' and 'false' are false; any other number, 'true' and a
 *   non-empty list are true; other text → 'formula.type'.
 * - Comparisons: an empty value equals another empty value; against a non-empty value it acts as
 *   0, '' or false (so an empty score < 60, like a blank cell). A number and numeric text compare as
 *   numbers; two texts that are both ISO dates compare as moments; other texts compare exactly
 *   (case-sensitive, by code unit). `=` between different kinds is false; `<` between them and any
 *   comparison of a list with a single value is 'formula.type'; two lists are equal item by item.
 */
export type FormulaScalar = number | string | boolean | null;
export type FormulaValue = FormulaScalar | readonly FormulaScalar[];

export function isList(value: FormulaValue | undefined): value is readonly FormulaScalar[] {
  return Array.isArray(value);
}

export function isEmptyValue(value: FormulaValue): boolean {
  return value === null || value === '' || (isList(value) && value.length === 0);
}

/**
 * Non-integers are kept to 15 significant digits, the precision spreadsheets promise, so binary
 * rounding noise (0.30000000000000004) never shows. Integers are exact already and left alone.
 */
export function clean(n: number): number {
  if (n === 0) return 0; // also turns -0 into 0
  if (!Number.isFinite(n) || Number.isInteger(n)) return n;
  return Number(n.toPrecision(15));
}

// Fixed and anchored; only a plain decimal counts (no '0x10', 'Infinity' or '1_000' as Number() would).
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** The number a text spells, or undefined. Empty text is not a number. */
export function parseNumber(text: string): number | undefined {
  const t = text.trim();
  if (t === '' || t.length > 400 || !DECIMAL.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

export function toNumber(value: FormulaValue, arg?: number): number {
  if (typeof value === 'number') return value;
  if (value === null) return 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    if (value.trim() === '') return 0;
    const n = parseNumber(value);
    if (n !== undefined) return n;
  }
  return fail('formula.type', { expected: 'number' }, arg);
}

export function formatNumber(n: number): string {
  return String(clean(n));
}

export function toText(value: FormulaValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value.map(toText).join(', ');
}

export function toBoolean(value: FormulaValue, arg?: number): boolean {
  if (typeof value === 'boolean') return value;
  if (value === null) return false;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const t = value.trim().toLowerCase();
    if (t === '' || t === 'false') return false;
    if (t === 'true') return true;
    return fail('formula.type', { expected: 'boolean' }, arg);
  }
  return value.length > 0;
}

type Pair = [number, number] | [string, string] | [boolean, boolean];

/** Brings two single values to one kind for comparing, or undefined when they have none in common. */
function align(a: FormulaScalar, b: FormulaScalar, offsetMinutes: number): Pair | undefined {
  if (a === null && b === null) return [0, 0];
  if (a === null) return align(typeof b === 'number' ? 0 : typeof b === 'boolean' ? false : '', b, offsetMinutes);
  if (b === null) return align(a, typeof a === 'number' ? 0 : typeof a === 'boolean' ? false : '', offsetMinutes);
  if (typeof a === 'number' && typeof b === 'number') return [a, b];
  if (typeof a === 'boolean' && typeof b === 'boolean') return [a, b];
  if (typeof a === 'string' && typeof b === 'string') {
    const da = parseDate(a, offsetMinutes);
    const db = da && parseDate(b, offsetMinutes);
    return da && db ? [instantOf(da, offsetMinutes), instantOf(db, offsetMinutes)] : [a, b];
  }
  if (typeof a === 'number' && typeof b === 'string') {
    const n = parseNumber(b);
    return n === undefined ? undefined : [a, n];
  }
  if (typeof a === 'string' && typeof b === 'number') {
    const n = parseNumber(a);
    return n === undefined ? undefined : [n, b];
  }
  return undefined;
}

export function valuesEqual(a: FormulaValue, b: FormulaValue, offsetMinutes: number): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  if (isList(a) || isList(b)) {
    if (!isList(a) || !isList(b)) return fail('formula.type', { expected: 'single value' });
    return a.length === b.length && a.every((item, i) => valuesEqual(item, b[i] ?? null, offsetMinutes));
  }
  const pair = align(a, b, offsetMinutes);
  return pair !== undefined && pair[0] === pair[1];
}

export function compareValues(op: CompareOp, a: FormulaValue, b: FormulaValue, offsetMinutes: number): boolean {
  if (op === '=') return valuesEqual(a, b, offsetMinutes);
  if (op === '!=') return !valuesEqual(a, b, offsetMinutes);
  if (isList(a) || isList(b)) return fail('formula.type', { expected: 'single value' });
  const pair = align(a, b, offsetMinutes);
  if (pair === undefined) return fail('formula.type', { expected: 'comparable values' });
  const [x, y] = pair;
  const order = x < y ? -1 : x > y ? 1 : 0;
  if (op === '<') return order < 0;
  if (op === '<=') return order <= 0;
  if (op === '>') return order > 0;
  return order >= 0;
}

function scalarFromInput(raw: unknown): FormulaScalar {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw === 'string' || typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return Number.isFinite(raw) ? clean(raw) : null;
  if (typeof raw === 'bigint') return Number(raw);
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.toISOString();
  // Objects (a member, an option) must be mapped to text or numbers by the caller; refusing them
  // here keeps anything with a prototype (or a getter) out of the engine.
  return fail('formula.type', { expected: 'field value' });
}

/**
 * Turns what the caller's lookup returned into a formula value. Nested lists are flattened without
 * recursion, one step per item, so a huge (or self-containing) list ends in 'formula.tooComplex'.
 */
export function fromInput(raw: unknown, step: (cost: number) => void): FormulaValue {
  if (!Array.isArray(raw)) return scalarFromInput(raw);
  const out: FormulaScalar[] = [];
  const stack: { items: readonly unknown[]; next: number }[] = [{ items: raw, next: 0 }];
  for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
    if (top.next >= top.items.length) {
      stack.pop();
      continue;
    }
    const item = top.items[top.next++];
    step(1);
    if (Array.isArray(item)) stack.push({ items: item, next: 0 });
    else out.push(scalarFromInput(item));
  }
  return out.length === 0 ? null : out;
}

/** The remainder takes the divisor's sign, as in spreadsheets: MOD(-3, 2) = 1 (JavaScript's % says -1). */
export function modulo(a: number, b: number): number {
  const r = a % b;
  return clean(r !== 0 && r < 0 !== b < 0 ? r + b : r);
}
