import { fail } from '../errors.js';
import { clean, isEmptyValue, modulo, toNumber } from '../values.js';
import { type Args, eachValue, eager, type FormulaFunction, type FunctionContext, MANY, numberArg } from './define.js';

/** Moves the decimal point in text, not by multiplying, so ROUND(1.005, 2) is 1.01 as people expect. */
function shift(n: number, places: number): number {
  const [mantissa, exponent = '0'] = String(n).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** half: half away from zero (ROUND(2.5) = 3, ROUND(-2.5) = -3); up: away from zero; down: toward zero. */
export function roundTo(x: number, digits: number, mode: 'half' | 'up' | 'down'): number {
  const places = Math.min(Math.trunc(digits), 15); // a double has nothing left to round past 15 decimals
  const a = clean(Math.abs(x)); // 15 digits first: ROUNDUP(0.1 + 0.2, 1) is 0.3, not 0.4
  if (a === 0 || (places >= 0 && Number.isInteger(a))) return x < 0 ? -a : a;
  const shifted = shift(a, places);
  const r = mode === 'half' ? Math.round(shifted) : mode === 'up' ? Math.ceil(shifted) : Math.floor(shifted);
  return clean(x < 0 ? -shift(r, -places) : shift(r, -places));
}

/** The numbers among the (spread) arguments; empty values are skipped as spreadsheets skip blanks. */
function numbers(args: Args, ctx: FunctionContext): number[] {
  const out: number[] = [];
  eachValue(args, ctx, (value, arg) => {
    if (!isEmptyValue(value)) out.push(toNumber(value, arg));
  });
  return out;
}

const rounding = (mode: 'half' | 'up' | 'down') =>
  eager(1, 2, (args) => roundTo(numberArg(args, 0), args.length > 1 ? numberArg(args, 1) : 0, mode));

export const MATH_FUNCTIONS: Record<string, FormulaFunction> = {
  SUM: eager(1, MANY, (args, ctx) => clean(numbers(args, ctx).reduce((a, b) => a + b, 0))),
  // Over no values at all these are empty rather than 0 or an error: an empty sub-table has no average.
  AVERAGE: eager(1, MANY, (args, ctx) => {
    const list = numbers(args, ctx);
    return list.length === 0 ? null : clean(list.reduce((a, b) => a + b, 0) / list.length);
  }),
  MIN: eager(1, MANY, (args, ctx) => {
    const list = numbers(args, ctx);
    return list.length === 0 ? null : list.reduce((a, b) => Math.min(a, b));
  }),
  MAX: eager(1, MANY, (args, ctx) => {
    const list = numbers(args, ctx);
    return list.length === 0 ? null : list.reduce((a, b) => Math.max(a, b));
  }),
  /** Non-empty values, lists counted item by item: COUNT({成员}) is how many members. */
  COUNT: eager(1, MANY, (args, ctx) => {
    let n = 0;
    eachValue(args, ctx, (value) => {
      if (!isEmptyValue(value)) n++;
    });
    return n;
  }),
  ROUND: rounding('half'),
  ROUNDUP: rounding('up'),
  ROUNDDOWN: rounding('down'),
  ABS: eager(1, 1, (args) => Math.abs(numberArg(args, 0))),
  /** Down to the next whole number, as spreadsheets do: INT(-1.5) = -2. */
  INT: eager(1, 1, (args) => Math.floor(numberArg(args, 0))),
  MOD: eager(2, 2, (args) => {
    const divisor = numberArg(args, 1);
    if (divisor === 0) fail('formula.divideByZero', undefined, 1);
    return modulo(numberArg(args, 0), divisor);
  }),
  POWER: eager(2, 2, (args) => {
    const base = numberArg(args, 0);
    const exponent = numberArg(args, 1);
    if (base === 0 && exponent < 0) fail('formula.divideByZero', undefined, 1);
    const r = base ** exponent;
    if (Number.isNaN(r)) fail('formula.invalidArgument', { reason: 'power' }, 1); // (-8) ** 0.5
    return Number.isFinite(r) ? clean(r) : fail('formula.overflow');
  }),
  SQRT: eager(1, 1, (args) => {
    const x = numberArg(args, 0);
    return x < 0 ? fail('formula.invalidArgument', { min: 0 }, 0) : clean(Math.sqrt(x));
  }),
};
