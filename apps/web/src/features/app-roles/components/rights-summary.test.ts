import { describe, expect, it } from 'vitest';
import { grantsLabel, normalizeRights, summarize } from './rights-summary';

describe('role matrix cells', () => {
  it('summarizes actions in order and counts narrowed fields', () => {
    const s = summarize({
      actions: ['print', 'view', 'add'],
      fields: { a: 'hidden', b: 'readonly', c: 'hidden', d: 'editable' },
      newFields: 'editable',
      rows: { scope: 'mine' },
    });
    expect(s).toEqual({ actions: ['add', 'view', 'print'], hiddenFields: 2, readonlyFields: 1, rowsNarrowed: true });
    expect(summarize(null).actions).toEqual([]);
  });

  it('drops field levels equal to the new-field default', () => {
    const n = normalizeRights({
      actions: ['export', 'view'],
      fields: { a: 'hidden', b: 'readonly' },
      newFields: 'readonly',
      rows: { scope: 'all' },
    });
    expect(n.fields).toEqual({ a: 'hidden' });
    expect(n.actions).toEqual(['view', 'export']);
  });

  it('names the first grant and counts the rest', () => {
    const words = {
      none: '未授权',
      everyone: '全员',
      admins: '团队管理员',
      more: (f: string, n: number) => `${f} 等 ${n} 项`,
    };
    expect(grantsLabel([], words)).toBe('未授权');
    expect(grantsLabel([{ kind: 'everyone', target: '', name: '' }], words)).toBe('全员');
    expect(
      grantsLabel(
        [
          { kind: 'departmentTree', target: 'd1', name: '销售部' },
          { kind: 'teamRole', target: 'admin', name: '' },
        ],
        words,
      ),
    ).toBe('销售部 等 2 项');
  });
});
