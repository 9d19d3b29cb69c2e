import { DATE_FUNCTIONS } from './date.js';
import type { FormulaFunction } from './define.js';
import { LOGIC_FUNCTIONS } from './logic.js';
import { MATH_FUNCTIONS } from './math.js';
import { TEXT_FUNCTIONS } from './text.js';

/**
 * The function table, keyed by upper-case name. A Map: looking up a name the user wrote can only
 * find what was put here, never '__proto__', 'constructor' or 'toString' from a prototype.
 */
export const FUNCTIONS: ReadonlyMap<string, FormulaFunction> = new Map(
  [MATH_FUNCTIONS, LOGIC_FUNCTIONS, TEXT_FUNCTIONS, DATE_FUNCTIONS].flatMap((group) => Object.entries(group)),
);
