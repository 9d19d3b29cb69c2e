import { describe, expect, it } from 'vitest';
import { FieldTypes, type ParseResult } from './index.js';

function parse(type: string, input: unknown, settings?: unknown): ParseResult<unknown> {
  const t = FieldTypes[type];
  if (!t) throw new Error(type);
  const checked = t.checkSettings(settings ?? t.defaultSettings);
  if (!checked.ok) throw new Error(`settings of ${type}`);
  return t.parse(input, checked.settings);
}

const value = (r: ParseResult<unknown>) => (r.ok ? r.value : `!${r.key}`);

describe('field types', () => {
  it.each([
    ['text', '  你好  ', '你好'],
    ['text', 42, '!validate.type'],
    ['textarea', ' 第一行\n第二行 ', ' 第一行\n第二行 '],
    ['number', '12.6', 13],
    ['number', 'abc', '!field.number.invalid'],
    ['money', 19.999, 20],
    ['percent', 0.12345, 0.1235],
    ['date', '2026-02-28', '2026-02-28'],
    ['date', '2026-02-30', '!field.date.invalid'],
    ['datetime', '2026-11-22T10:00:00+08:00', '2026-11-22T02:00:00.000Z'],
    ['datetime', 'tomorrow', '!field.date.invalid'],
    ['checkbox', true, true],
    ['checkbox', 'yes', '!field.checkbox.invalid'],
    ['phone', '138 0013 8000', '138 0013 8000'],
    ['phone', 'call me', '!field.phone.invalid'],
    ['email', 'A@B.CN', 'a@b.cn'],
    ['url', 'javascript:alert(1)', '!field.url.invalid'],
    ['url', 'https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['createdAt', '2026-01-01', '!record.systemField'],
    ['autoNumber', 5, '!record.systemField'],
    ['text', '', null],
    ['number', null, null],
  ])('%s parses %j as %j', (type, input, expected) => {
    expect(value(parse(type, input))).toEqual(expected);
  });

  it('enforces text length and pattern, counting characters', () => {
    expect(value(parse('text', '汉字汉字', { maxLength: 4 }))).toBe('汉字汉字');
    expect(value(parse('text', '汉字汉字汉', { maxLength: 4 }))).toBe('!validate.maxLength');
    expect(value(parse('text', 'AB-12', { pattern: '^[A-Z]{2}-\\d+$' }))).toBe('AB-12');
    expect(value(parse('text', 'ab-12', { pattern: '^[A-Z]{2}-\\d+$' }))).toBe('!validate.pattern');
  });

  it('enforces number bounds', () => {
    expect(value(parse('number', 5, { min: 10 }))).toBe('!field.number.min');
    expect(value(parse('number', 50, { max: 10 }))).toBe('!field.number.max');
  });

  it('accepts only options that exist, by stable id, in option order', () => {
    const settings = {
      options: [
        { id: 'a', label: '甲', color: 'red' },
        { id: 'b', label: '乙', color: 'blue' },
      ],
    };
    expect(value(parse('singleSelect', 'b', settings))).toBe('b');
    expect(value(parse('singleSelect', '乙', settings))).toBe('!field.select.invalid');
    expect(value(parse('multiSelect', ['b', 'a', 'b'], settings))).toEqual(['a', 'b']);
    expect(value(parse('multiSelect', ['c'], settings))).toBe('!field.select.invalid');
  });

  it('refuses bad settings', () => {
    expect(FieldTypes.text?.checkSettings({ pattern: '(' }).ok).toBe(false);
    expect(FieldTypes.number?.checkSettings({ min: 5, max: 1 }).ok).toBe(false);
    expect(
      FieldTypes.singleSelect?.checkSettings({
        options: [
          { id: 'a', label: 'x' },
          { id: 'a', label: 'y' },
        ],
      }).ok,
    ).toBe(false);
    expect(FieldTypes.money?.checkSettings({ currency: 'yuan' }).ok).toBe(false);
  });

  it('round-trips through storage', () => {
    const dt = FieldTypes.datetime;
    const stored = dt?.toStorage('2026-11-22T02:00:00.000Z', {});
    expect(stored).toBe(Date.parse('2026-11-22T02:00:00.000Z'));
    expect(dt?.fromStorage(String(stored), {})).toBe('2026-11-22T02:00:00.000Z');
    expect(FieldTypes.autoNumber?.fromStorage(7, { prefix: 'HT-', digits: 4 })).toBe('HT-0007');
    expect(FieldTypes.multiSelect?.fromStorage(FieldTypes.multiSelect?.toStorage(['a'], {}), {})).toEqual(['a']);
    expect(FieldTypes.checkbox?.fromStorage(FieldTypes.checkbox?.toStorage(false, {}), {})).toBe(false);
  });
});
