import { escapeFormula } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import type { FieldsTable } from '../../db/schema.js';
import { importCell, type NameBook, UNKNOWN_NAME } from './cells.js';

const field = (type: string, settings: object = {}) =>
  ({ code: 'f', name: '字段', type, settings: JSON.stringify(settings) }) as FieldsTable;
const names: NameBook = {
  members: new Map([['m1', '王小明']]),
  departments: new Map([['d1', '销售部']]),
  memberByName: new Map([['王小明', 'm1']]),
  departmentByName: new Map([['销售部', 'd1']]),
};

describe('spreadsheet cells', () => {
  it('escapes text a spreadsheet would run as a formula, and only text', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(escapeFormula(text)).toBe(`'${text}`);
    expect(escapeFormula('普通')).toBe('普通');
    expect(escapeFormula(-5)).toBe(-5);
    expect(escapeFormula(null)).toBeNull();
  });

  it('reads cells as the record API takes them', () => {
    expect(importCell(field('number'), '1,234.5', names)).toBe(1234.5);
    expect(importCell(field('number'), 'abc', names)).toBe('abc');
    expect(importCell(field('date'), '2026/1/5', names)).toBe('2026-01-05');
    expect(importCell(field('date'), '2026年1月5日', names)).toBe('2026-01-05');
    expect(importCell(field('datetime'), '2026-01-05 08:30', names)).toBe('2026-01-05T00:30:00.000Z');
    expect(importCell(field('checkbox'), '是', names)).toBe(true);
    expect(importCell(field('checkbox'), 'FALSE', names)).toBe(false);
    const options = {
      options: [
        { id: 'a', label: '甲' },
        { id: 'b', label: '乙' },
      ],
    };
    expect(importCell(field('singleSelect', options), '乙', names)).toBe('b');
    expect(importCell(field('multiSelect', options), '甲、乙', names)).toEqual(['a', 'b']);
    expect(importCell(field('member'), '王小明', names)).toEqual(['m1']);
    expect(importCell(field('department'), '销售部', names)).toEqual(['d1']);
    expect(importCell(field('member'), '查无此人', names)).toBe(UNKNOWN_NAME);
    expect(importCell(field('text'), '  ', names)).toBeNull();
    expect(importCell(field('text'), "'=SUM(A1)", names)).toBe('=SUM(A1)');
    expect(importCell(field('text'), "'引号", names)).toBe("'引号");
  });
});
