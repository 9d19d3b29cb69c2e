import type { FormulaError } from './errors.js';

export type TokenKind = 'number' | 'string' | 'field' | 'name' | 'op' | '(' | ')' | ',' | 'eof';

/**
 * `value`: the number's source text, the decoded text of a string, a field's name, a name as
 * written, or an operator in its canonical spelling ('<>' → '!=', '==' → '=').
 */
export interface Token {
  kind: TokenKind;
  value: string;
  pos: number;
  end: number;
}

export interface TokenizeResult {
  tokens: Token[];
  /** The first lexical error; `tokens` then holds what came before it. */
  error?: FormulaError;
}

const TWO_CHAR_OPS: Record<string, string> = {
  '<=': '<=',
  '>=': '>=',
  '<>': '!=',
  '!=': '!=',
  '==': '=',
  '&&': '&&',
  '||': '||',
};
const ONE_CHAR_OPS = '+-*/%&=<>!';

// Chinese input methods type full-width punctuation; accepting these three saves a puzzling error.
const FULL_WIDTH: Record<string, TokenKind> = { '（': '(', '）': ')', '，': ',' };
const PUNCTUATION: Record<string, TokenKind> = { '(': '(', ')': ')', ',': ',' };

const isDigit = (c: string) => c >= '0' && c <= '9';
const isNameStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isNamePart = (c: string) => isNameStart(c) || isDigit(c);
// Only ordinary spaces: zero-width and direction-control characters are errors, not invisible gaps.
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0' || c === '\u3000';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };

class LexError {
  constructor(
    readonly position: number,
    readonly reason: string,
    readonly found?: string,
    readonly code?: string,
  ) {}
}

/** False when a text holds half of a surrogate pair (it could not be stored as UTF-8). */
function wellFormed(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/** Own-key lookup: a table is never asked about '__proto__' or 'constructor' through its prototype. */
function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function readNumber(src: string, start: number): number {
  let i = start;
  while (isDigit(src[i] ?? '')) i++;
  if (src[i] === '.') {
    i++;
    while (isDigit(src[i] ?? '')) i++;
  }
  if (src[i] === 'e' || src[i] === 'E') {
    let j = i + 1;
    if (src[j] === '+' || src[j] === '-') j++;
    if (isDigit(src[j] ?? '')) {
      while (isDigit(src[j] ?? '')) j++;
      i = j;
    }
  }
  if (!Number.isFinite(Number(src.slice(start, i)))) throw new LexError(start, 'badNumber');
  return i;
}

function readString(src: string, start: number): { value: string; end: number } {
  const quote = src[start];
  let value = '';
  let i = start + 1;
  while (i < src.length) {
    const c = src[i] ?? '';
    if (c === quote) {
      if (!wellFormed(value)) throw new LexError(start, 'badUnicode');
      return { value, end: i + 1 };
    }
    if (c !== '\\') {
      value += c;
      i++;
      continue;
    }
    const e = src[i + 1] ?? '';
    const simple = own(ESCAPES, e);
    if (simple !== undefined) {
      value += simple;
      i += 2;
    } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(src.slice(i + 2, i + 6))) {
      value += String.fromCharCode(Number.parseInt(src.slice(i + 2, i + 6), 16));
      i += 6;
    } else {
      throw new LexError(i, 'badEscape', `\\${e}`);
    }
  }
  throw new LexError(start, 'unterminatedString');
}

function readField(src: string, start: number): { value: string; end: number } {
  const close = src.indexOf('}', start + 1);
  if (close < 0) throw new LexError(start, 'unterminatedField');
  // Spaces around the name are the user's, not the field's: `{ 单价 }` means `{单价}`.
  const name = src.slice(start + 1, close).trim();
  if (name === '') throw new LexError(start, 'emptyField');
  if (!wellFormed(name)) throw new LexError(start, 'badUnicode');
  return { value: name, end: close + 1 };
}

/** The token starting at `start` (`c` is the character there, not a space). */
function readToken(src: string, start: number, c: string): Token {
  const two = src.slice(start, start + 2);
  const punctuation = own(PUNCTUATION, c) ?? own(FULL_WIDTH, c);
  if (punctuation) return { kind: punctuation, value: c, pos: start, end: start + 1 };
  if (isDigit(c) || (c === '.' && isDigit(src[start + 1] ?? ''))) {
    const end = readNumber(src, start);
    return { kind: 'number', value: src.slice(start, end), pos: start, end };
  }
  if (c === '"' || c === "'") return { kind: 'string', pos: start, ...readString(src, start) };
  if (c === '{') return { kind: 'field', pos: start, ...readField(src, start) };
  if (isNameStart(c)) {
    let end = start;
    while (isNamePart(src[end] ?? '')) end++;
    return { kind: 'name', value: src.slice(start, end), pos: start, end };
  }
  const op = own(TWO_CHAR_OPS, two);
  if (op !== undefined) return { kind: 'op', value: op, pos: start, end: start + 2 };
  if (ONE_CHAR_OPS.includes(c)) return { kind: 'op', value: c, pos: start, end: start + 1 };
  // Named by code point too: the character may be invisible (a zero-width space, a BOM).
  const cp = src.codePointAt(start) ?? 0;
  const code = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  throw new LexError(start, 'unexpectedChar', cp >= 0xd800 && cp <= 0xdfff ? code : String.fromCodePoint(cp), code);
}

/** Splits a formula into tokens. Never throws; stops at the first character it cannot read. */
export function tokenize(src: string): TokenizeResult {
  const tokens: Token[] = [];
  let i = 0;
  try {
    while (i < src.length) {
      const c = src[i] ?? '';
      if (isSpace(c)) {
        i++;
        continue;
      }
      const token = readToken(src, i, c);
      tokens.push(token);
      i = token.end;
    }
  } catch (e) {
    if (!(e instanceof LexError)) throw e;
    const params: Record<string, string> = { reason: e.reason };
    if (e.found !== undefined) params.found = e.found;
    if (e.code !== undefined) params.code = e.code;
    return { tokens, error: { code: 'formula.syntax', position: e.position, params } };
  }
  tokens.push({ kind: 'eof', value: '', pos: src.length, end: src.length });
  return { tokens };
}
