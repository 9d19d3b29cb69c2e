import type { FieldInfo, FormLayout } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import { withFlowRules } from './flow-rules';

const items: FieldInfo = {
  code: 'items',
  name: '明细',
  type: 'subTable',
  settings: {
    fields: [
      { code: 'name', name: '品名', type: 'text', settings: {}, required: false },
      { code: 'cost', name: '费用', type: 'number', settings: {}, required: false },
      { code: 'memo', name: '备注', type: 'text', settings: {}, required: false },
      { code: 'ok', name: '确认', type: 'checkbox', settings: {}, required: false },
    ],
  },
} as unknown as FieldInfo;
const layout = { sections: [{ fields: [{ code: 'items' }] }] } as unknown as FormLayout;

describe('a flow node’s rules on a sub-table', () => {
  it('drops hidden columns, locks read-only ones and requires required ones; others stay as designed', () => {
    const rules = {
      items: 'editable',
      'items.cost': 'hidden',
      'items.name': 'readonly',
      'items.memo': 'required',
    } as const;
    const { fields } = withFlowRules(layout, [items], rules);
    type Column = { code: string; readOnly?: boolean; required: boolean };
    const columns = (fields[0] as FieldInfo).settings.fields as Column[];
    expect(columns.map((c) => c.code)).toEqual(['name', 'memo', 'ok']);
    expect(columns.find((c) => c.code === 'name')?.readOnly).toBe(true);
    expect(columns.find((c) => c.code === 'memo')?.required).toBe(true);
    expect(columns.find((c) => c.code === 'ok')).toMatchObject({ required: false });
    expect(columns.find((c) => c.code === 'ok')?.readOnly).toBeUndefined();
  });

  it('leaves the form alone without rules', () => {
    expect(withFlowRules(layout, [items], undefined).fields[0]).toBe(items);
  });
});
