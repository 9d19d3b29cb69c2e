import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber } from './format.js';
import { FieldWebs } from './index.js';
import { FieldViews, INPUT_TYPES } from './views.js';

// The grid formats every visible cell on each scroll step, so these no longer go through dayjs and
// toLocaleString per call; they must still print exactly what those did.
describe('cell formatting', () => {
  it('prints a datetime as dayjs did, in local time', () => {
    const values = [
      '2024-03-05T08:07:00.000Z',
      '2025-12-31T23:59:59Z',
      '2025-06-01T10:00:00+08:00',
      1_700_000_000_000,
      '2024-02-29',
      '2024-03-05 08:07',
    ];
    for (const v of values) {
      expect(formatDateTime(v)).toBe(dayjs(v).format('YYYY-MM-DD HH:mm'));
    }
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });

  it('prints numbers, money and percents as toLocaleString did', () => {
    const locale = (n: number, p: number) =>
      n.toLocaleString('zh-CN', { minimumFractionDigits: p, maximumFractionDigits: p });
    expect(formatNumber(1234567.891, { precision: 2 }, 'number')).toBe(locale(1234567.891, 2));
    expect(formatNumber(-0.5, {}, 'number')).toBe(locale(-0.5, 0));
    expect(formatNumber(98765.4, { precision: 2, currency: 'USD' }, 'money')).toBe(`USD ${locale(98765.4, 2)}`);
    expect(formatNumber(12, { precision: 2 }, 'money')).toBe(`CNY ${locale(12, 2)}`);
    expect(formatNumber(0.1234, { precision: 4 }, 'percent')).toBe('12.34%');
    expect(formatNumber('x', {}, 'number')).toBe('');
  });
});

// The grid and the record views load views.tsx alone: it must know every type the editors do.
describe('views apart from editors', () => {
  it('has a view for every field type and knows which types have an input', () => {
    expect(Object.keys(FieldViews).sort()).toEqual(Object.keys(FieldWebs).sort());
    const withInput = Object.keys(FieldWebs).filter((type) => FieldWebs[type]?.Input);
    expect([...INPUT_TYPES].sort()).toEqual(withInput.sort());
  });
});
