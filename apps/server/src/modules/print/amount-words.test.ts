import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-words.js';

describe('人民币大写', () => {
  it.each([
    [0, '零元整'],
    [0.05, '伍分'],
    [0.1, '壹角'],
    [0.5, '伍角'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [10.5, '壹拾元伍角'],
    [10.05, '壹拾元零伍分'],
    [100, '壹佰元整'],
    [101, '壹佰零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [10_000, '壹万元整'],
    [100_000, '壹拾万元整'],
    [206_000.75, '贰拾万陆仟元柒角伍分'],
    [1_000_000, '壹佰万元整'],
    [100_000_001, '壹亿零壹元整'],
    [100_010_000, '壹亿零壹万元整'],
    [1_999_999_999, '壹拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整'],
    [-1, '负壹元整'],
    [-10.5, '负壹拾元伍角'],
    [-0.05, '负伍分'],
  ])('%s → %s', (value, words) => {
    expect(amountInWords(value)).toBe(words);
  });

  it('rounds to the fen, so a floating-point tail never shows', () => {
    expect(amountInWords(0.1 + 0.2)).toBe('叁角');
    expect(amountInWords(2.994)).toBe('贰元玖角玖分');
    expect(amountInWords(-0.001)).toBe('零元整');
  });

  it('writes nothing for what is no amount', () => {
    expect(amountInWords(Number.NaN)).toBe('');
    expect(amountInWords(Number.POSITIVE_INFINITY)).toBe('');
  });
});
