import { fail } from '../errors.js';
import { type FormulaScalar, type FormulaValue, isList, toNumber, toText } from '../values.js';

/** What a function may use besides its arguments. Nothing else reaches it: no globals, no clock. */
export interface FunctionContext {
  /** Minutes east of UTC of the formula's time zone (480 for UTC+8). */
  readonly offsetMinutes: number;
  /** The evaluation's "now" in epoch milliseconds, read once, so NOW() agrees with itself. */
  now(): number;
  /** Charges work units against the step limit. */
  step(cost: number): void;
  readonly maxTextLength: number;
}

export type Args = readonly FormulaValue[];
export type Thunk = () => FormulaValue;

interface Arity {
  min: number;
  max: number;
  /** Arguments come in condition/value pairs (IFS): the count must be even. */
  pairs?: boolean;
}

/** Gets its arguments evaluated, left to right. */
export interface EagerFunction extends Arity {
  lazy?: false;
  call(args: Args, ctx: FunctionContext): FormulaValue;
}

/** Evaluates only the arguments it needs: IF({n} = 0, 0, 1 / {n}) must not divide by zero. */
export interface LazyFunction extends Arity {
  lazy: true;
  call(args: readonly Thunk[], ctx: FunctionContext): FormulaValue;
}

export type FormulaFunction = EagerFunction | LazyFunction;

export const MANY = Number.POSITIVE_INFINITY;

export const eager = (min: number, max: number, call: EagerFunction['call']): EagerFunction => ({ min, max, call });

export const lazy = (min: number, max: number, call: LazyFunction['call'], pairs = false): LazyFunction => ({
  lazy: true,
  min,
  max,
  call,
  ...(pairs ? { pairs } : {}),
});

/** Evaluates argument `i` of a lazy function (null when absent). */
export const force = (args: readonly Thunk[], i: number): FormulaValue => args[i]?.() ?? null;

/** Every single value of the arguments, lists spread out, with the argument it came from. */
export function eachValue(args: Args, ctx: FunctionContext, visit: (value: FormulaScalar, arg: number) => void): void {
  args.forEach((value, arg) => {
    if (!isList(value)) {
      visit(value, arg);
      return;
    }
    for (const item of value) {
      ctx.step(1);
      visit(item, arg);
    }
  });
}

// Argument readers: a failure blames the argument, and the evaluator points at it in the source.
export const numberArg = (args: Args, i: number): number => toNumber(args[i] ?? null, i);
export const intArg = (args: Args, i: number): number => Math.trunc(numberArg(args, i));
export const textArg = (args: Args, i: number): string => toText(args[i] ?? null);

/** A whole number ≥ min, for counts and positions; fractions are cut as spreadsheets do. */
export function countArg(args: Args, i: number, min: number, fallback?: number): number {
  if (args[i] === undefined && fallback !== undefined) return fallback;
  const n = intArg(args, i);
  return n < min ? fail('formula.invalidArgument', { min }, i) : n;
}

/** Refuses before building a text longer than the limit, so memory never holds it. */
export function checkTextLength(length: number, ctx: FunctionContext): void {
  if (length > ctx.maxTextLength) fail('formula.tooComplex', { limit: 'text', max: ctx.maxTextLength });
}
