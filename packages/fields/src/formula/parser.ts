import { type ArithOp, type ArithStep, type CompareOp, childrenOf, type FormulaNode } from './ast.js';
import { type FormulaError, FormulaFailure, type FormulaLimits, failAt } from './errors.js';
import { FUNCTIONS } from './functions/index.js';
import { type Token, tokenize } from './tokenizer.js';

/*
 * A Pratt parser. Binding powers, loosest first:
 *   OR ||   <   AND &&   <   NOT ! (prefix)   <   = != <> < <= > >=   <   &   <   + -   <   * / %   <   unary - +
 * `NOT a = b` means NOT (a = b), as in SQL and Python, which is what people mean by it; NOT( with a
 * parenthesis right after it is the function, so NOT(a) = b compares NOT(a) with b, as in a spreadsheet.
 * Comparisons do not chain: `1 < {x} < 10` is refused rather than silently compared as (1 < x) < 10.
 */
const BP = { or: 10, and: 20, not: 25, compare: 30, concat: 40, add: 50, multiply: 60, unary: 70 } as const;

type Infix = 'or' | 'and' | 'compare' | 'concat' | 'add' | 'multiply';

const COMPARE_OPS = new Set<string>(['=', '!=', '<', '<=', '>', '>=']);

function infixOf(token: Token): Infix | undefined {
  if (token.kind === 'name') {
    const word = token.value.toUpperCase();
    return word === 'AND' ? 'and' : word === 'OR' ? 'or' : undefined;
  }
  if (token.kind !== 'op') return undefined;
  const op = token.value;
  if (op === '||') return 'or';
  if (op === '&&') return 'and';
  if (COMPARE_OPS.has(op)) return 'compare';
  if (op === '&') return 'concat';
  if (op === '+' || op === '-') return 'add';
  if (op === '*' || op === '/' || op === '%') return 'multiply';
  return undefined;
}

class Parser {
  private index = 0;
  private depth = 0;
  private nodes = 0;
  private readonly depths = new WeakMap<FormulaNode, number>();

  constructor(
    private readonly tokens: Token[],
    private readonly limits: FormulaLimits,
  ) {}

  parse(): FormulaNode {
    // A leading '=' as typed in a spreadsheet is accepted and ignored.
    if (this.peek().kind === 'op' && this.peek().value === '=') this.index++;
    if (this.peek().kind === 'eof') this.syntax(this.peek(), 'empty');
    const node = this.expression(0);
    if (this.peek().kind !== 'eof') this.unexpected(this.peek());
    return node;
  }

  private peek(ahead = 0): Token {
    return (
      this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)] ?? { kind: 'eof', value: '', pos: 0, end: 0 }
    );
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.index++;
    return token;
  }

  private syntax(token: Token, reason: string, found?: string): never {
    return failAt('formula.syntax', token.pos, { reason, ...(found !== undefined ? { found } : {}) });
  }

  private unexpected(token: Token): never {
    if (token.kind === 'eof') return this.syntax(token, 'unexpectedEnd');
    return this.syntax(token, 'unexpectedToken', token.kind === 'string' ? 'string' : token.value);
  }

  /**
   * Counts nodes and measures the tree's depth as it grows. Parentheses nest the parser without
   * adding nodes, and one level of the parser can stack several operators, so the tree's depth is
   * checked here as well as the parser's nesting in `expression`.
   */
  private node<N extends FormulaNode>(node: N): N {
    if (++this.nodes > this.limits.maxNodes) {
      failAt('formula.tooComplex', node.pos, { limit: 'nodes', max: this.limits.maxNodes });
    }
    const depth = 1 + Math.max(0, ...childrenOf(node).map((child) => this.depths.get(child) ?? 1));
    if (depth > this.limits.maxDepth)
      failAt('formula.tooComplex', node.pos, { limit: 'depth', max: this.limits.maxDepth });
    this.depths.set(node, depth);
    return node;
  }

  /** Every nested expression goes through here, so nesting is bounded before the stack is. */
  private expression(minBp: number): FormulaNode {
    if (++this.depth > this.limits.maxDepth) {
      failAt('formula.tooComplex', this.peek().pos, { limit: 'depth', max: this.limits.maxDepth });
    }
    let left = this.prefix();
    let comparedHere = false;
    for (let infix = infixOf(this.peek()); infix !== undefined && BP[infix] > minBp; infix = infixOf(this.peek())) {
      const start = this.peek();
      if (infix === 'compare') {
        if (comparedHere) this.syntax(start, 'chainedComparison');
        this.next();
        const right = this.expression(BP.compare);
        left = this.node({ kind: 'compare', op: start.value as CompareOp, left, right, pos: start.pos });
        comparedHere = true;
      } else if (infix === 'add' || infix === 'multiply') {
        const rest: ArithStep[] = [];
        while (infixOf(this.peek()) === infix) {
          const op = this.next();
          rest.push({ op: op.value as ArithOp, pos: op.pos, operand: this.expression(BP[infix]) });
        }
        left = this.node({ kind: 'arith', first: left, rest, pos: start.pos });
      } else if (infix === 'concat') {
        const parts = [left];
        while (infixOf(this.peek()) === 'concat') {
          this.next();
          parts.push(this.expression(BP.concat));
        }
        left = this.node({ kind: 'concat', parts, pos: start.pos });
      } else {
        const operands = [left];
        while (infixOf(this.peek()) === infix) {
          this.next();
          operands.push(this.expression(BP[infix]));
        }
        left = this.node({ kind: 'logical', op: infix, operands, pos: start.pos });
      }
    }
    this.depth--;
    return left;
  }

  private prefix(): FormulaNode {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return this.node({ kind: 'literal', value: Number(token.value), pos: token.pos });
      case 'string':
        return this.node({ kind: 'literal', value: token.value, pos: token.pos });
      case 'field':
        return this.node({ kind: 'field', name: token.value, pos: token.pos });
      case '(': {
        const inner = this.expression(0);
        if (this.peek().kind !== ')') this.syntax(this.peek(), 'expectedCloseParen');
        this.next();
        return inner;
      }
      case 'op':
        if (token.value === '-' || token.value === '+') return this.unary(token, token.value, BP.unary);
        if (token.value === '!') return this.unary(token, '!', BP.not);
        return this.unexpected(token);
      case 'name':
        return this.name(token);
      default:
        return this.unexpected(token);
    }
  }

  private unary(token: Token, op: '-' | '+' | '!', bp: number): FormulaNode {
    const operand = this.expression(bp);
    return this.node({ kind: 'unary', op, operand, pos: token.pos });
  }

  private name(token: Token): FormulaNode {
    const word = token.value.toUpperCase();
    const call = this.peek().kind === '(';
    if (!call) {
      if (word === 'TRUE' || word === 'FALSE')
        return this.node({ kind: 'literal', value: word === 'TRUE', pos: token.pos });
      if (word === 'NULL') return this.node({ kind: 'literal', value: null, pos: token.pos });
      if (word === 'NOT') return this.unary(token, '!', BP.not);
      // A bare word is neither a field (those are written {名称}) nor anything else we know.
      return this.syntax(token, 'bareName', token.value);
    }
    const fn = FUNCTIONS.get(word);
    if (fn === undefined) return failAt('formula.unknownFunction', token.pos, { name: token.value });
    this.next();
    const args: FormulaNode[] = [];
    if (this.peek().kind !== ')') {
      for (;;) {
        if (this.peek().kind === ',' || this.peek().kind === ')') this.syntax(this.peek(), 'emptyArgument');
        args.push(this.expression(0));
        if (this.peek().kind !== ',') break;
        this.next();
      }
    }
    if (this.peek().kind !== ')') this.syntax(this.peek(), 'expectedCloseParen');
    this.next();
    if (args.length < fn.min || args.length > fn.max || (fn.pairs && args.length % 2 !== 0)) {
      const params: Record<string, string | number> = { name: word, min: fn.min, count: args.length };
      if (Number.isFinite(fn.max)) params.max = fn.max;
      failAt('formula.arity', token.pos, params);
    }
    return this.node({ kind: 'call', name: word, args, pos: token.pos });
  }
}

export function parseTokens(tokens: Token[], limits: FormulaLimits): FormulaNode {
  return new Parser(tokens, limits).parse();
}

export type ParseOutcome = { ok: true; ast: FormulaNode; references: string[] } | { ok: false; error: FormulaError };

/** Field names in order of first mention, each once (a Set: '__proto__' is just a string here). */
export function referencesIn(tokens: Token[]): string[] {
  return [...new Set(tokens.filter((t) => t.kind === 'field').map((t) => t.value))];
}

export function parseSource(source: string, limits: FormulaLimits): ParseOutcome {
  if (source.length > limits.maxSourceLength) {
    return {
      ok: false,
      error: {
        code: 'formula.tooComplex',
        position: limits.maxSourceLength,
        params: { limit: 'source', max: limits.maxSourceLength },
      },
    };
  }
  const { tokens, error } = tokenize(source);
  if (error) return { ok: false, error };
  try {
    return { ok: true, ast: parseTokens(tokens, limits), references: referencesIn(tokens) };
  } catch (e) {
    if (e instanceof FormulaFailure) return { ok: false, error: e.toError() };
    throw e;
  }
}
