import type { ViewConfig } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import { queryFields } from './filter-ops';
import { systemNames, testField, testRecord } from './test-fixtures';
import {
  effectiveSorts,
  gridFields,
  groupRecords,
  moveColumn,
  queryBody,
  resolveColumns,
  saveableConfig,
  setFrozen,
  setHidden,
  toSavedColumns,
} from './view-model';

const field = testField;
const names = systemNames;
const fields = [field('a'), field('b', 'number'), field('c', 'singleSelect'), field('d', 'text', { deleted: true })];
const none = () => false;
const codes = (cols: { field: { code: string } }[]) => cols.map((c) => c.field.code);

describe('view columns', () => {
  it('keeps the saved order, appends new fields and drops deleted or hidden ones', () => {
    const cols = resolveColumns(
      [
        { field: 'c', hidden: false, width: 300 },
        { field: 'd', hidden: false },
        { field: 'a', hidden: true },
      ],
      fields,
      (code) => code === 'b',
    );
    expect(codes(cols)).toEqual(['c', 'a']);
    expect(cols[0]?.width).toBe(300);
    expect(cols[1]?.hidden).toBe(true);
  });

  it('freezes into the leading block and moves across it', () => {
    let cols = resolveColumns([], fields, none);
    cols = setFrozen(cols, 'c', true);
    expect(codes(cols)).toEqual(['c', 'a', 'b']);
    cols = moveColumn(cols, 'b', 0);
    expect(codes(cols)).toEqual(['b', 'c', 'a']);
    expect(cols[0]?.frozen).toBe(true);
    cols = moveColumn(cols, 'c', 2);
    expect(codes(cols)).toEqual(['b', 'a', 'c']);
    expect(cols[2]?.frozen).toBe(false);
    cols = setFrozen(cols, 'b', false);
    expect(cols.every((c) => !c.frozen)).toBe(true);
  });

  it('saves hidden-from-me columns back, without deleted fields', () => {
    const previous = [
      { field: 'b', hidden: false, width: 120 },
      { field: 'd', hidden: false },
    ];
    const cols = setHidden(
      resolveColumns(previous, fields, (code) => code === 'b'),
      'a',
      true,
    );
    expect(toSavedColumns(cols, previous, fields)).toEqual([
      { field: 'a', hidden: true, width: 160 },
      { field: 'c', hidden: false, width: 160 },
      { field: 'b', hidden: false, width: 120 },
    ]);
  });
});

describe('view queries', () => {
  const known = queryFields(fields, none, names);
  const config: ViewConfig = {
    columns: [{ field: 'd', hidden: false }],
    sorts: [{ field: 'b', direction: 'desc' }],
    filter: { op: 'and', conditions: [{ field: 'a', operator: 'contains', value: '' }] },
    groupBy: 'd',
    rowHeight: 'short',
    pageSize: 50,
  };

  it('sorts by the group field first', () => {
    const group = known.find((f) => f.code === 'c');
    expect(effectiveSorts(config.sorts, group, known)).toEqual([
      { field: 'c', direction: 'asc' },
      { field: 'b', direction: 'desc' },
    ]);
  });

  it('sends only what can run', () => {
    expect(queryBody(config, known, '  合同 ')).toEqual({
      sorts: [{ field: 'b', direction: 'desc' }],
      search: '合同',
      limit: 50,
    });
  });

  it('names a view the member cannot change, leaving its filter and sorts to the server', () => {
    const group = known.find((f) => f.code === 'c');
    expect(queryBody(config, known, ' 合同 ', group, 'v1')).toEqual({
      view: 'v1',
      sorts: [{ field: 'c', direction: 'asc' }],
      search: '合同',
      limit: 50,
    });
    expect(queryBody(config, known, '', undefined, 'v1')).toEqual({ view: 'v1', sorts: [], limit: 50 });
  });

  it('asks for the grid’s shown columns and its group field only', () => {
    const cols = setHidden(resolveColumns([], fields, none), 'b', true);
    const group = known.find((f) => f.code === 'b');
    expect(gridFields(cols)).toEqual(['a', 'c']);
    expect(gridFields(cols, group)).toEqual(['a', 'c', 'b']);
    expect(queryBody(config, known, '', undefined, undefined, gridFields(cols)).fields).toEqual(['a', 'c']);
    expect(queryBody(config, known, '', undefined, 'v1', ['a']).fields).toEqual(['a']);
    expect(queryBody(config, known, '')).not.toHaveProperty('fields');
  });

  it('drops deleted fields before saving', () => {
    const saved = saveableConfig(config, fields);
    expect(saved.columns).toEqual([]);
    expect(saved.groupBy).toBeUndefined();
  });
});

describe('grouping loaded rows', () => {
  const row = (id: string, c: unknown) => testRecord(id, { c });

  it('groups in order of appearance with empty values last', () => {
    const groups = groupRecords([row('1', null), row('2', 'x'), row('3', 'y'), row('4', 'x'), row('5', [])], 'c');
    expect(groups.map((g) => [g.key, g.rows.map((r) => r.id)])).toEqual([
      ['x', ['2', '4']],
      ['y', ['3']],
      ['', ['1', '5']],
    ]);
  });
});
