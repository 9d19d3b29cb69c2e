import { type FormulaErrorCode, FormulaFailure } from '../errors.js';
import { isEmptyValue, toBoolean, valuesEqual } from '../values.js';
import { eager, type FormulaFunction, force, lazy, MANY } from './define.js';

const UNCAUGHT = new Set<FormulaErrorCode>(['formula.tooComplex', 'formula.unknownField']);

export const LOGIC_FUNCTIONS: Record<string, FormulaFunction> = {
  /** Without an else branch a false condition gives empty (a spreadsheet would say FALSE). */
  IF: lazy(2, 3, (args) => (toBoolean(force(args, 0), 0) ? force(args, 1) : force(args, 2))),
  /** IFS(cond1, value1, cond2, value2, …): the first true condition wins; none → empty. */
  IFS: lazy(
    2,
    MANY,
    (args) => {
      for (let i = 0; i + 1 < args.length; i += 2) if (toBoolean(force(args, i), i)) return force(args, i + 1);
      return null;
    },
    true,
  ),
  /** SWITCH(value, case1, result1, …, [default]): cases compare as `=` does. */
  SWITCH: lazy(3, MANY, (args, ctx) => {
    const value = force(args, 0);
    let i = 1;
    for (; i + 1 < args.length; i += 2)
      if (valuesEqual(value, force(args, i), ctx.offsetMinutes)) return force(args, i + 1);
    return i < args.length ? force(args, i) : null;
  }),
  // Short-circuit: AND stops at the first false, OR at the first true.
  AND: lazy(1, MANY, (args) => args.every((_, i) => toBoolean(force(args, i), i))),
  OR: lazy(1, MANY, (args) => args.some((_, i) => toBoolean(force(args, i), i))),
  NOT: eager(1, 1, (args) => !toBoolean(args[0] ?? null, 0)),
  /** Empty: null, '' and an empty list. 0 and false are values. */
  ISEMPTY: eager(1, 1, (args) => isEmptyValue(args[0] ?? null)),
  /**
   * The fallback when the value fails — but not for a limit (a runaway formula stays stopped) nor
   * for a missing field (a deleted field must show up as an error, not as quiet fallbacks).
   */
  IFERROR: lazy(2, 2, (args) => {
    try {
      return force(args, 0);
    } catch (e) {
      if (e instanceof FormulaFailure && !UNCAUGHT.has(e.code)) return force(args, 1);
      throw e;
    }
  }),
};
