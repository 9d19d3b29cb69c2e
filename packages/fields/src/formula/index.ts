/**
 * The formula engine: a safe expression language over a record's fields, the same code in the
 * browser and on the server. Parsed by a hand-written tokenizer and Pratt parser, evaluated by
 * walking the tree; nothing is ever handed to eval or Function, and a formula reaches nothing but
 * its arguments, the field lookup and the injected clock.
 *
 *   parseFormula('IF({数量} > 0, {单价} * {数量}, 0)')  → { ok: true, ast, references: ['数量', '单价'] }
 *   evaluateFormula(ast, { field: (name) => record[name], now: () => new Date() })  → { ok: true, value: 120 }
 *
 * Value and coercion rules: values.ts. Dates: dates.ts. Error codes and limits: errors.ts.
 */
import type { FormulaNode } from './ast.js';
import { FORMULA_LIMITS, type FormulaError, type FormulaLimits } from './errors.js';
import { type EvaluateOutcome, evaluateTree, type FormulaEnvironment } from './evaluate.js';
import { FUNCTIONS } from './functions/index.js';
import { type ParseOutcome, parseSource, referencesIn } from './parser.js';
import { tokenize } from './tokenizer.js';

export type { ArithOp, ArithStep, CompareOp, FormulaNode } from './ast.js';
export { FORMULA_LIMITS, type FormulaError, type FormulaErrorCode, type FormulaLimits } from './errors.js';
export { DEFAULT_TIMEZONE_OFFSET_MINUTES, type FormulaEnvironment } from './evaluate.js';
export type { FormulaScalar, FormulaValue } from './values.js';

export type FormulaParseResult = ParseOutcome;
export type FormulaEvaluation = EvaluateOutcome;

const withLimits = (limits?: Partial<FormulaLimits>): FormulaLimits => ({ ...FORMULA_LIMITS, ...limits });

/** Parses a formula; never throws. Unknown functions and wrong argument counts are found here. */
export function parseFormula(source: string, limits?: Partial<FormulaLimits>): FormulaParseResult {
  return parseSource(source, withLimits(limits));
}

/**
 * Evaluates a tree from parseFormula against one record. Never throws for anything a formula
 * says; only an exception thrown by the caller's own `field` or `now` passes through.
 */
export function evaluateFormula(ast: FormulaNode, env: FormulaEnvironment): FormulaEvaluation {
  return evaluateTree(ast, env, withLimits(env.limits));
}

/** Parse and evaluate in one go. */
export function runFormula(
  source: string,
  env: FormulaEnvironment,
): FormulaEvaluation | { ok: false; error: FormulaError } {
  const parsed = parseFormula(source, env.limits);
  return parsed.ok ? evaluateFormula(parsed.ast, env) : parsed;
}

/**
 * The field names a formula mentions, each once, in order — for rejecting unknown fields and
 * cycles when a formula is saved. Reads as far as the formula can be tokenized, so an editor gets
 * the names even while the formula is unfinished; a formula over the length limit mentions none.
 */
export function formulaReferences(source: string): string[] {
  if (source.length > FORMULA_LIMITS.maxSourceLength) return [];
  return referencesIn(tokenize(source).tokens);
}

/** Names of the available functions, sorted (for an editor's completion list). */
export function formulaFunctionNames(): string[] {
  return [...FUNCTIONS.keys()].sort();
}
