import { bad, type FieldType, isEmpty, isRecord, ok } from '../definition.js';

interface TextSettings {
  maxLength: number;
  /** A regular expression the value must match, '' for none. */
  pattern: string;
}

/** A pattern compiled once, not once a value (it has no `g` flag, so `test` keeps no state). */
const patterns = new Map<string, RegExp>();
function patternOf(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (!re) {
    re = new RegExp(pattern, 'u');
    if (patterns.size < 256) patterns.set(pattern, re);
  }
  return re;
}

function textType(type: string, label: FieldType['label'], maxLimit: number): FieldType<string, TextSettings> {
  return {
    type,
    label,
    storage: 'text',
    system: false,
    defaultSettings: { maxLength: maxLimit, pattern: '' },
    checkSettings(raw) {
      const s = isRecord(raw) ? raw : {};
      const maxLength = s.maxLength === undefined ? maxLimit : Number(s.maxLength);
      const pattern = typeof s.pattern === 'string' ? s.pattern : '';
      if (!Number.isInteger(maxLength) || maxLength < 1 || maxLength > maxLimit)
        return { ok: false, key: 'field.settings.invalid' };
      try {
        if (pattern) new RegExp(pattern, 'u');
      } catch {
        return { ok: false, key: 'field.settings.invalid' };
      }
      return { ok: true, settings: { maxLength, pattern } };
    },
    parse(input, settings) {
      if (isEmpty(input)) return ok(null);
      if (typeof input !== 'string') return bad('validate.type');
      const value = type === 'textarea' ? input : input.trim();
      // PostgreSQL's text cannot hold NUL (imports reach here from a file, not a checked request body).
      if (value.includes('\u0000')) return bad('validate.pattern');
      // Characters are counted by code point; a text no longer in UTF-16 units than the limit is within it
      // without making the array (an import checks millions of values).
      if (value.length > settings.maxLength && [...value].length > settings.maxLength)
        return bad('validate.maxLength', { limit: settings.maxLength });
      if (settings.pattern && !patternOf(settings.pattern).test(value)) return bad('validate.pattern');
      return ok(value);
    },
    toStorage: (v) => v,
    fromStorage: (raw) => (typeof raw === 'string' ? raw : null),
  };
}

export const text = textType('text', { zh: '单行文本', en: 'Single-line text', jp: '1行テキスト' }, 500);
export const textarea = textType('textarea', { zh: '多行文本', en: 'Multi-line text', jp: '複数行テキスト' }, 20_000);

function formatType(
  type: string,
  label: FieldType['label'],
  test: (v: string) => boolean,
  key: 'field.phone.invalid' | 'field.email.invalid' | 'field.url.invalid',
  normalise: (v: string) => string = (v) => v,
): FieldType<string, object> {
  return {
    type,
    label,
    storage: 'text',
    system: false,
    defaultSettings: {},
    checkSettings: () => ({ ok: true, settings: {} }),
    parse(input) {
      if (isEmpty(input)) return ok(null);
      if (typeof input !== 'string') return bad('validate.type');
      const value = normalise(input.trim());
      return test(value) ? ok(value) : bad(key);
    },
    toStorage: (v) => v,
    fromStorage: (raw) => (typeof raw === 'string' ? raw : null),
  };
}

export const phone = formatType(
  'phone',
  { zh: '手机号', en: 'Phone', jp: '電話番号' },
  (v) => /^(\+?\d{1,3}[- ]?)?\d{3,4}[- ]?\d{3,4}[- ]?\d{3,4}$/.test(v) && v.replace(/\D/g, '').length <= 15,
  'field.phone.invalid',
);
export const email = formatType(
  'email',
  { zh: '邮箱', en: 'Email', jp: 'メール' },
  (v) => v.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  'field.email.invalid',
  (v) => v.toLowerCase(),
);
/** Links are stored only as http(s): a javascript: URL never reaches a page. */
export const url = formatType(
  'url',
  { zh: '链接', en: 'URL', jp: 'URL' },
  (v) => {
    if (v.length > 2048) return false;
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  },
  'field.url.invalid',
);
