import type { ArithStep, FormulaNode } from './ast.js';
import { type FormulaError, FormulaFailure, type FormulaLimits, fail, failAt } from './errors.js';
import type { FunctionContext, Thunk } from './functions/define.js';
import { FUNCTIONS } from './functions/index.js';
import { clean, compareValues, type FormulaValue, fromInput, modulo, toBoolean, toNumber, toText } from './values.js';

export interface FormulaEnvironment {
  /**
   * The value of field `name`: text, number, boolean, null, an ISO date text, a Date, or a list of
   * those (multi-value fields). `undefined` means there is no such field ('formula.unknownField').
   * Asked at most once per name and evaluation.
   */
  field(name: string): unknown;
  /** The moment NOW() and TODAY() see; read at most once per evaluation. */
  now(): Date;
  /** The users' time zone in minutes east of UTC (the opposite sign of Date#getTimezoneOffset). Default 480, UTC+8. */
  timezoneOffsetMinutes?: number;
  /** Tighter (or looser) limits than FORMULA_LIMITS. */
  limits?: Partial<FormulaLimits>;
}

export type EvaluateOutcome = { ok: true; value: FormulaValue } | { ok: false; error: FormulaError };

export const DEFAULT_TIMEZONE_OFFSET_MINUTES = 480;

/** Runs a failing computation's error back to a place in the source, unless a deeper node already did. */
function at<T>(position: number, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof FormulaFailure && e.position === undefined) e.position = position;
    throw e;
  }
}

class Evaluator implements FunctionContext {
  private steps = 0;
  private nowMs: number | undefined;
  private readonly fields = new Map<string, FormulaValue>();
  readonly maxTextLength: number;

  constructor(
    private readonly env: FormulaEnvironment,
    private readonly limits: FormulaLimits,
    readonly offsetMinutes: number,
  ) {
    this.maxTextLength = limits.maxTextLength;
  }

  step(cost: number): void {
    this.steps += cost;
    if (this.steps > this.limits.maxSteps) fail('formula.tooComplex', { limit: 'steps', max: this.limits.maxSteps });
  }

  now(): number {
    if (this.nowMs === undefined) {
      const d = this.env.now();
      const ms = d instanceof Date ? d.getTime() : Number.NaN;
      if (!Number.isFinite(ms)) fail('formula.invalidArgument', { reason: 'clock' });
      this.nowMs = ms;
    }
    return this.nowMs;
  }

  /** `depth` (0 at the root) guards hand-made trees; one from parseFormula is never too deep. */
  run(node: FormulaNode, depth: number): FormulaValue {
    return at(node.pos, () => {
      this.step(1);
      if (depth >= this.limits.maxDepth) fail('formula.tooComplex', { limit: 'depth', max: this.limits.maxDepth });
      const value = this.value(node, depth + 1);
      // A field's own text may be longer than the text limit (a long description): only what
      // operators and functions make is capped, and LEN or LEFT of a long text still work.
      return node.kind === 'field' ? value : this.checked(value);
    });
  }

  /** Every value an operator or function makes is a finite number and a text within the limit. */
  private checked(value: FormulaValue): FormulaValue {
    if (typeof value === 'number') return Number.isFinite(value) ? clean(value) : fail('formula.overflow');
    if (typeof value === 'string' && value.length > this.limits.maxTextLength) {
      fail('formula.tooComplex', { limit: 'text', max: this.limits.maxTextLength });
    }
    return value;
  }

  private value(node: FormulaNode, depth: number): FormulaValue {
    switch (node.kind) {
      case 'literal':
        return node.value;
      case 'field':
        return this.field(node.name);
      case 'unary': {
        const v = this.run(node.operand, depth);
        if (node.op === '!') return at(node.operand.pos, () => !toBoolean(v));
        const n = at(node.operand.pos, () => toNumber(v));
        return node.op === '-' ? -n : n;
      }
      case 'arith':
        return node.rest.reduce((acc, step) => this.arith(acc, step, depth), this.number(node.first, depth));
      case 'concat': {
        const texts = node.parts.map((part) => toText(this.run(part, depth)));
        const length = texts.reduce((n, t) => n + t.length, 0);
        if (length > this.limits.maxTextLength)
          fail('formula.tooComplex', { limit: 'text', max: this.limits.maxTextLength });
        return texts.join('');
      }
      case 'compare':
        return compareValues(node.op, this.run(node.left, depth), this.run(node.right, depth), this.offsetMinutes);
      case 'logical': {
        // Short-circuit, like the AND/OR functions.
        const stopAt = node.op === 'or';
        for (const operand of node.operands) {
          const v = this.run(operand, depth);
          if (at(operand.pos, () => toBoolean(v)) === stopAt) return stopAt;
        }
        return !stopAt;
      }
      case 'call':
        return this.call(node, depth);
      default:
        return fail('formula.syntax', { reason: 'unknownNode' });
    }
  }

  private number(node: FormulaNode, depth: number): number {
    const v = this.run(node, depth);
    return at(node.pos, () => toNumber(v));
  }

  private arith(left: number, step: ArithStep, depth: number): number {
    const right = this.number(step.operand, depth);
    if ((step.op === '/' || step.op === '%') && right === 0) failAt('formula.divideByZero', step.pos);
    const result =
      step.op === '+'
        ? left + right
        : step.op === '-'
          ? left - right
          : step.op === '*'
            ? left * right
            : step.op === '/'
              ? left / right
              : modulo(left, right);
    return Number.isFinite(result) ? clean(result) : failAt('formula.overflow', step.pos);
  }

  private field(name: string): FormulaValue {
    const cached = this.fields.get(name);
    if (cached !== undefined || this.fields.has(name)) return cached ?? null;
    const raw = this.env.field(name);
    if (raw === undefined) fail('formula.unknownField', { name });
    const value = fromInput(raw, (cost) => this.step(cost));
    this.fields.set(name, value);
    return value;
  }

  private call(node: Extract<FormulaNode, { kind: 'call' }>, depth: number): FormulaValue {
    const fn = FUNCTIONS.get(node.name);
    if (fn === undefined) return fail('formula.unknownFunction', { name: node.name });
    const count = node.args.length;
    if (count < fn.min || count > fn.max || (fn.pairs && count % 2 !== 0))
      return fail('formula.arity', { name: node.name });
    try {
      if (fn.lazy) {
        const thunks: Thunk[] = node.args.map((arg) => () => this.run(arg, depth));
        return fn.call(thunks, this);
      }
      return fn.call(
        node.args.map((arg) => this.run(arg, depth)),
        this,
      );
    } catch (e) {
      // A function blames an argument by index; point at that argument in the source.
      if (e instanceof FormulaFailure && e.position === undefined && e.arg !== undefined) {
        e.position = node.args[e.arg]?.pos;
      }
      throw e;
    }
  }
}

export function evaluateTree(ast: FormulaNode, env: FormulaEnvironment, limits: FormulaLimits): EvaluateOutcome {
  const offset = env.timezoneOffsetMinutes ?? DEFAULT_TIMEZONE_OFFSET_MINUTES;
  if (!Number.isInteger(offset) || Math.abs(offset) > 14 * 60) {
    return { ok: false, error: { code: 'formula.invalidArgument', position: 0, params: { reason: 'timezone' } } };
  }
  try {
    return { ok: true, value: new Evaluator(env, limits, offset).run(ast, 0) };
  } catch (e) {
    if (e instanceof FormulaFailure) return { ok: false, error: e.toError() };
    throw e;
  }
}
