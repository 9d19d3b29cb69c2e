import { describe, expect, it } from 'vitest';
import { gridRows } from '../grid/grid-rows';
import { testField, testRecord } from '../test-fixtures';
import { columnKeyOf, kanbanColumns } from './kanban-columns';

const field = (type: string, settings: Record<string, unknown> = {}) =>
  testField('f', type, { name: '状态', settings });
const row = (id: string, f: unknown) => testRecord(id, { f });
const options = [
  { id: 'draft', label: '草稿', color: '#1677ff' },
  { id: 'done', label: '完成', color: '#52c41a' },
];

describe('kanban columns', () => {
  it('has a column per option in order, then 未分组 for empty and unknown values', () => {
    const status = field('singleSelect', { options });
    const cols = kanbanColumns(status, [row('1', 'done'), row('2', null), row('3', 'gone'), row('4', 'draft')], 'm1');
    expect(cols.map((c) => [c.key, c.rows.map((r) => r.id)])).toEqual([
      ['draft', ['4']],
      ['done', ['1']],
      ['', ['2', '3']],
    ]);
    expect(cols[0]?.value).toBe('draft');
    expect(cols[2]?.value).toBeNull();
    expect(columnKeyOf(status, row('3', 'gone'))).toBe('');
  });

  it('has a column per member on the cards, the current member first', () => {
    const owner = field('member');
    const cols = kanbanColumns(owner, [row('1', ['m2', 'm3']), row('2', []), row('3', ['m2'])], 'm1');
    expect(cols.map((c) => [c.key, c.rows.map((r) => r.id)])).toEqual([
      ['m1', []],
      ['m2', ['1', '3']],
      ['', ['2']],
    ]);
    expect(cols[1]?.value).toEqual(['m2']);
  });

  it('has a column for every member the server names, even with none of their cards loaded', () => {
    const owner = field('member');
    const cols = kanbanColumns(owner, [row('1', ['m2'])], 'm1', ['m2', 'm4', 'm1']);
    expect(cols.map((c) => [c.key, c.rows.map((r) => r.id)])).toEqual([
      ['m1', []],
      ['m2', ['1']],
      ['m4', []],
      ['', []],
    ]);
  });
});

describe('grouped grid lines', () => {
  it('puts a header before each group and leaves collapsed groups closed', () => {
    const lines = gridRows([row('1', 'a'), row('2', 'b'), row('3', 'a')], 'f', new Set(['b']));
    expect(lines.map((l) => l.id)).toEqual(['group:a', '1', '3', 'group:b']);
    expect(gridRows([row('1', 'a')], undefined, new Set()).map((l) => l.id)).toEqual(['1']);
  });
});
