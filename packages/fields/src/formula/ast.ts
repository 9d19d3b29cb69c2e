/**
 * The parsed form of a formula: plain JSON-serialisable objects, so a parsed formula can be cached.
 * `pos` is where the node starts in the source (for a binary operation, where its operator is),
 * used to point at the culprit of an evaluation error.
 *
 * Runs of one left-associative operator level (`a + b - c`, `a & b & c`, `a AND b AND c`) are kept
 * flat rather than as a left-leaning tree, so a long sum of fields does not count against the depth
 * limit, which is there for real nesting.
 */
export type ArithOp = '+' | '-' | '*' | '/' | '%';
export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

export interface ArithStep {
  op: ArithOp;
  pos: number;
  operand: FormulaNode;
}

export type FormulaNode =
  | { kind: 'literal'; value: number | string | boolean | null; pos: number }
  | { kind: 'field'; name: string; pos: number }
  | { kind: 'unary'; op: '-' | '+' | '!'; operand: FormulaNode; pos: number }
  | { kind: 'arith'; first: FormulaNode; rest: ArithStep[]; pos: number }
  | { kind: 'concat'; parts: FormulaNode[]; pos: number }
  | { kind: 'compare'; op: CompareOp; left: FormulaNode; right: FormulaNode; pos: number }
  | { kind: 'logical'; op: 'and' | 'or'; operands: FormulaNode[]; pos: number }
  /** `name` is upper-case: function names are case-insensitive. */
  | { kind: 'call'; name: string; args: FormulaNode[]; pos: number };

/** The direct children of a node, in source order. */
export function childrenOf(node: FormulaNode): FormulaNode[] {
  switch (node.kind) {
    case 'unary':
      return [node.operand];
    case 'arith':
      return [node.first, ...node.rest.map((step) => step.operand)];
    case 'concat':
      return node.parts;
    case 'compare':
      return [node.left, node.right];
    case 'logical':
      return node.operands;
    case 'call':
      return node.args;
    default:
      return [];
  }
}
