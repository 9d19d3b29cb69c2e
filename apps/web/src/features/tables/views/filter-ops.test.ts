import { describe, expect, it } from 'vitest';
import {
  conditionCount,
  defaultOperator,
  type FilterGroup,
  isComplete,
  operatorsFor,
  type QueryField,
  queryFields,
  runnableFilter,
  sortable,
  valueShape,
  withConditions,
} from './filter-ops';
import { systemNames, testField } from './test-fixtures';

const field = testField;
const names = systemNames;

describe('fields a member may filter by', () => {
  const fields = [
    field('fName', 'text'),
    field('fSecret', 'number'),
    field('fGone', 'text', { deleted: true }),
    field('fFiles', 'attachment'),
    field('fMade', 'createdAt', { system: true }),
    field('fOwner', 'member'),
  ];
  const list = queryFields(fields, (code) => code === 'fSecret', names);

  it('leaves out hidden, deleted and unqueryable fields', () => {
    expect(list.map((f) => f.code)).not.toContain('fSecret');
    expect(list.map((f) => f.code)).not.toContain('fGone');
    expect(list.map((f) => f.code)).not.toContain('fFiles');
  });

  it('sends system-typed fields as the system column, adding the others once', () => {
    const made = list.find((f) => f.code === 'createdAt');
    expect(made?.name).toBe('fMade');
    expect(list.filter((f) => f.code === 'createdAt')).toHaveLength(1);
    expect(list.find((f) => f.code === 'modifiedBy')?.name).toBe('修改人');
  });

  it('cannot sort by lists or people', () => {
    const owner = list.find((f) => f.code === 'fOwner') as QueryField;
    expect(sortable(owner)).toBe(false);
    expect(sortable(list.find((f) => f.code === 'createdBy') as QueryField)).toBe(true);
  });
});

describe('operators per field type', () => {
  const q = (type: string): QueryField => queryFields([field('f', type)], () => false, names)[0] as QueryField;

  it.each([
    ['text', ['eq', 'neq', 'contains', 'notContains', 'startsWith', 'empty', 'notEmpty']],
    ['singleSelect', ['eq', 'neq', 'in', 'notIn', 'empty', 'notEmpty']],
    ['money', ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'between', 'empty', 'notEmpty']],
    ['date', ['eq', 'before', 'after', 'between', 'empty', 'notEmpty']],
    ['checkbox', ['isTrue', 'isFalse']],
    ['multiSelect', ['contains', 'notContains', 'empty', 'notEmpty']],
    ['member', ['contains', 'notContains', 'empty', 'notEmpty', 'isMe', 'isMine', 'isHeadedByMe']],
    ['department', ['contains', 'notContains', 'empty', 'notEmpty', 'isMine', 'isHeadedByMe']],
  ])('%s', (type, ops) => {
    expect(operatorsFor(q(type))).toEqual(ops);
  });

  it('asks for the right kind of value', () => {
    expect(valueShape(q('number'), 'between')).toBe('numberRange');
    expect(valueShape(q('datetime'), 'eq')).toBe('date');
    expect(valueShape(q('singleSelect'), 'in')).toBe('options');
    expect(valueShape(q('multiSelect'), 'contains')).toBe('option');
    expect(valueShape(q('member'), 'isMe')).toBe('none');
    expect(valueShape(q('member'), 'contains')).toBe('id');
  });

  it('starts people filters at "is me"', () => {
    expect(defaultOperator(q('member'))).toBe('isMe');
    expect(defaultOperator(q('department'))).toBe('contains');
    expect(defaultOperator(q('checkbox'))).toBe('isTrue');
  });
});

describe('runnable filters', () => {
  const fields = queryFields([field('n', 'number'), field('t', 'text'), field('d', 'date')], () => false, names);

  it('checks values against the operator', () => {
    const n = fields[0] as QueryField;
    expect(isComplete({ field: 'n', operator: 'gt', value: 3 }, n)).toBe(true);
    expect(isComplete({ field: 'n', operator: 'gt' }, n)).toBe(false);
    expect(isComplete({ field: 'n', operator: 'between', value: [1, null] }, n)).toBe(false);
    expect(isComplete({ field: 'n', operator: 'empty' }, n)).toBe(true);
    expect(isComplete({ field: 'n', operator: 'contains', value: 1 }, n)).toBe(false);
  });

  it('drops unfinished conditions and empty groups', () => {
    const group: FilterGroup = {
      op: 'or',
      conditions: [
        { field: 't', operator: 'contains', value: '' },
        { op: 'and', conditions: [{ field: 'n', operator: 'gt' }] },
        { op: 'and', conditions: [{ field: 'd', operator: 'eq', value: 'today' }] },
      ],
    };
    expect(runnableFilter(group, fields)).toEqual({
      op: 'or',
      conditions: [{ op: 'and', conditions: [{ field: 'd', operator: 'eq', value: 'today' }] }],
    });
    expect(runnableFilter({ op: 'and', conditions: [{ field: 't', operator: 'eq' }] }, fields)).toBeUndefined();
    expect(conditionCount(group)).toBe(3);
  });

  it('adds conditions that must all hold, distributing over OR', () => {
    const month = { field: 'd', operator: 'between' as const, value: ['2025-01-01', '2025-01-31'] };
    const a = { field: 't', operator: 'eq' as const, value: 'a' };
    const b = { field: 'n', operator: 'gt' as const, value: 1 };
    expect(withConditions({ op: 'and', conditions: [a] }, [month])).toEqual({ op: 'and', conditions: [a, month] });
    expect(withConditions({ op: 'or', conditions: [a, { op: 'or', conditions: [b] }] }, [month])).toEqual({
      op: 'or',
      conditions: [
        { op: 'and', conditions: [a, month] },
        { op: 'and', conditions: [b, month] },
      ],
    });
    expect(withConditions(undefined, [month])).toEqual({ op: 'and', conditions: [month] });
  });
});
