import type { FieldInfo, FormLayout } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import {
  adoptCode,
  changedFields,
  draftOf,
  type FieldDraft,
  fieldOrder,
  freeName,
  insertField,
  layoutOf,
  moveItem,
  newFields,
  slotOfItem,
  slotsOf,
} from './canvas-draft';

const field = (code: string, name: string, deleted = false): FieldInfo => ({
  code,
  name,
  type: 'text',
  settings: {},
  required: false,
  unique: false,
  description: '',
  defaultValue: null,
  system: false,
  deleted,
});
const plain = (code: string) => ({ code, hidden: false, readOnly: false, helpText: '', wide: false });
const saved = [field('a', '甲'), field('b', '乙'), field('c', '丙'), field('x', '旧', true)];
const layout: FormLayout = {
  columns: 2,
  sections: [
    { id: 's1', title: '基本', fields: [plain('a'), plain('b')] },
    { id: 's2', title: '明细', fields: [plain('c')] },
  ],
};
const keys = (d: ReturnType<typeof draftOf>) => d.sections.map((s) => s.items.map((i) => i.key));

describe('form canvas draft', () => {
  it('moves a field before another, to a section end, and across sections', () => {
    const d = draftOf(saved, layout);
    expect(keys(moveItem(d, 'b', { section: 's1', before: 'a' }))).toEqual([['b', 'a'], ['c']]);
    expect(keys(moveItem(d, 'a', { section: 's1', before: null }))).toEqual([['b', 'a'], ['c']]);
    expect(keys(moveItem(d, 'a', { section: 's2', before: 'c' }))).toEqual([['b'], ['a', 'c']]);
    expect(moveItem(d, 'a', { section: 's1', before: 'a' })).toBe(d);
  });

  it('lists the places to drop in reading order, leaving out the field being moved', () => {
    const d = draftOf(saved, layout);
    expect(slotsOf(d, 'a')).toEqual([
      { section: 's1', before: 'b' },
      { section: 's1', before: null },
      { section: 's2', before: 'c' },
      { section: 's2', before: null },
    ]);
    expect(slotOfItem(d, 'b')).toEqual({ section: 's1', before: null });
  });

  it('adds a palette field with a free name, saves it under its new code, and orders fields as the form', () => {
    let d = draftOf(saved, layout);
    const name = freeName(d, '甲');
    expect(name).toBe('甲2');
    d = insertField(
      d,
      {
        key: 'new-1',
        type: 'number',
        name,
        settings: {},
        required: true,
        unique: false,
        description: '',
        system: false,
      },
      { section: 's2', before: 'c' },
    );
    expect(newFields(d).map((f) => f.name)).toEqual(['甲2']);
    d = adoptCode(d, 'new-1', 'n1');
    expect(newFields(d)).toEqual([]);
    expect(layoutOf(d, (k) => k).sections[1]?.fields.map((f) => f.code)).toEqual(['n1', 'c']);
    expect(fieldOrder(d, (k) => k, saved)).toEqual(['a', 'b', 'n1', 'c', 'x']);
  });

  it('finds the saved fields whose definition changed', () => {
    const d = draftOf(saved, layout);
    const renamed = {
      ...d,
      fields: { ...d.fields, b: { ...(d.fields.b as FieldDraft), name: '乙乙', required: true } },
    };
    expect(changedFields(renamed, saved).map((f) => f.code)).toEqual(['b']);
    expect(changedFields(d, saved)).toEqual([]);
  });
});
