/**
 * Error codes and limits of the formula engine. Codes are stable message keys: the web maps them to
 * text, the server stores them next to a formula field, so their meaning never changes.
 */
export type FormulaErrorCode =
  /** The source is not a formula (params.reason says why). Always carries a position. */
  | 'formula.syntax'
  /** `NAME(…)` where NAME is not one of ours (params.name). Prototype names land here too. */
  | 'formula.unknownFunction'
  /** A known function with the wrong number of arguments (params.name, params.min, params.max). */
  | 'formula.arity'
  /** `{name}` that the caller's lookup does not know (it returned undefined). */
  | 'formula.unknownField'
  /** A value of the wrong kind: 'abc' * 2, a list where one value is needed (params.expected). */
  | 'formula.type'
  /** The right kind but out of range: SQRT(-1), DATE(2024, 2, 30.5e9), an unknown DATEDIF unit. */
  | 'formula.invalidArgument'
  | 'formula.divideByZero'
  /** A number result too large to be a number (POWER(10, 400)). */
  | 'formula.overflow'
  /** A limit was exceeded (params.limit: source, depth, nodes, text, steps). */
  | 'formula.tooComplex';

export interface FormulaError {
  code: FormulaErrorCode;
  /** 0-based offset in the source, in UTF-16 code units (what a textarea's selectionStart counts). */
  position: number;
  params?: Record<string, string | number>;
}

export interface FormulaLimits {
  maxSourceLength: number;
  maxDepth: number;
  maxNodes: number;
  /** Longest text a formula may produce (inputs from fields may be longer). */
  maxTextLength: number;
  /** Work units per evaluation: one per node evaluated, one per list element touched. */
  maxSteps: number;
}

export const FORMULA_LIMITS: Readonly<FormulaLimits> = Object.freeze({
  maxSourceLength: 2000,
  maxDepth: 64,
  maxNodes: 2000,
  maxTextLength: 10_000,
  maxSteps: 100_000,
});

type Params = Record<string, string | number>;

/**
 * Thrown inside the engine and caught at its two entry points, which turn it into a result value;
 * nothing outside this folder ever sees it. `arg` lets a function blame one of its arguments
 * without knowing where that argument is in the source: the evaluator fills in the position.
 */
export class FormulaFailure extends Error {
  readonly code: FormulaErrorCode;
  readonly params: Params | undefined;
  readonly arg: number | undefined;
  position: number | undefined;

  constructor(code: FormulaErrorCode, params?: Params, position?: number, arg?: number) {
    super(code);
    this.name = 'FormulaFailure';
    this.code = code;
    this.params = params;
    this.position = position;
    this.arg = arg;
  }

  toError(): FormulaError {
    return { code: this.code, position: this.position ?? 0, ...(this.params ? { params: this.params } : {}) };
  }
}

/** Fails blaming argument `arg` of the function being called (or the current node when omitted). */
export function fail(code: FormulaErrorCode, params?: Params, arg?: number): never {
  throw new FormulaFailure(code, params, undefined, arg);
}

export function failAt(code: FormulaErrorCode, position: number, params?: Params): never {
  throw new FormulaFailure(code, params, position);
}
