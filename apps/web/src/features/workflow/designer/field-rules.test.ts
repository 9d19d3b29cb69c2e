import type { FieldInfo } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import { levelOf, ruleRows, setAllLevels, setLevel } from './field-rules';

const field = (code: string, type: string, extra: Partial<FieldInfo> = {}): FieldInfo => ({
  code,
  name: code,
  type,
  settings: {},
  required: false,
  unique: false,
  description: '',
  defaultValue: null,
  system: false,
  deleted: false,
  ...extra,
});

const fields = [
  field('title', 'text'),
  field('amount', 'number'),
  field('created', 'createdAt', { system: true }),
  field('gone', 'text', { deleted: true }),
  field('items', 'subTable', { settings: { fields: [{ code: 'qty', name: '数量', type: 'number' }] } }),
];

describe('field rules grid', () => {
  it('lists live fields and sub-table columns; system fields are never editable', () => {
    const rows = ruleRows(fields, false);
    expect(rows.map((r) => r.key)).toEqual(['title', 'amount', 'created', 'items', 'items.qty']);
    expect(rows.find((r) => r.key === 'created')?.levels).toEqual(['hidden', 'readonly']);
    expect(ruleRows(fields, true).every((r) => r.levels.length === 2)).toBe(true);
  });

  it('reads the node default where no rule names a field', () => {
    const rows = ruleRows(fields, false);
    const title = rows[0];
    if (!title) throw new Error('no rows');
    expect(levelOf({}, title, true)).toBe('editable');
    expect(levelOf({}, title, false)).toBe('readonly');
    expect(levelOf({ title: 'required' }, title, false)).toBe('required');
  });

  it('keeps only rules that differ from the default', () => {
    const rows = ruleRows(fields, false);
    let rules = setLevel({}, rows, 'amount', 'hidden', false);
    expect(rules).toEqual({ amount: 'hidden' });
    rules = setLevel(rules, rows, 'amount', 'readonly', false);
    expect(rules).toEqual({});
  });

  it('gives a sub-table’s level to its columns', () => {
    const rows = ruleRows(fields, false);
    const rules = setLevel({}, rows, 'items', 'editable', false);
    expect(rules).toEqual({ items: 'editable', 'items.qty': 'editable' });
    const column = setLevel(rules, rows, 'items.qty', 'readonly', false);
    expect(column).toEqual({ items: 'editable', 'items.qty': 'readonly' });
  });

  it('sets every field at once as far as each allows', () => {
    const rows = ruleRows(fields, false);
    expect(setAllLevels(rows, 'required', false)).toEqual({
      title: 'required',
      amount: 'required',
      items: 'required',
      'items.qty': 'required',
    });
  });
});
