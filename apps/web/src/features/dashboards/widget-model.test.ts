import type { DashboardFilter, Widget } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import {
  bucketDays,
  bucketLabel,
  change,
  chartData,
  chartOption,
  filterPart,
  formatFull,
  formatShort,
  groupCondition,
  palette,
  periodQuery,
  pivotRows,
  placeNew,
  scoped,
} from './widget-model';

const text = (unit: string, values: Record<string, string | number>) => `${unit}:${Object.values(values).join('/')}`;

describe('widget model', () => {
  it('formats figures the Chinese way: 万 and 亿 in short, digit groups in full', () => {
    expect(formatShort(12_345, 'zh')).toBe('1.23万');
    expect(formatShort(456_000_000, 'zh')).toBe('4.56亿');
    expect(formatShort(800, 'zh')).toBe('800');
    expect(formatFull(1_234_567.891, 'zh')).toBe('1,234,567.89');
    expect(formatFull(null, 'zh')).toBe('-');
    expect(formatShort(12_345, 'en')).toBe('12.35K');
  });

  it('names date buckets', () => {
    expect(bucketLabel('2026-04', 'month', text)).toBe('month:2026/4');
    expect(bucketLabel('2026-Q2', 'quarter', text)).toBe('quarter:2026/2');
    expect(bucketLabel('2026', 'year', text)).toBe('year:2026');
    expect(bucketLabel('2026-03-30', 'week', text)).toBe('week:2026-03-30');
    expect(bucketLabel('2026-03-30', 'day', text)).toBe('2026-03-30');
  });

  it('turns groups and the rest into categories and one series per measure', () => {
    const data = chartData(
      {
        state: 'ok',
        rows: [
          { key: 'a', label: '甲', values: [3, 10] },
          { key: null, label: '', values: [1, null] },
        ],
        rest: { values: [5, 7] },
      },
      ['计数', '金额'],
      (r) => r.label || '（空）',
      '其他',
    );
    expect(data).toEqual({
      categories: ['甲', '（空）', '其他'],
      series: [
        { name: '计数', values: [3, 1, 5] },
        { name: '金额', values: [10, null, 7] },
      ],
    });
    const pie = chartOption('pie', data, palette('#0f9d6b'), String, String) as {
      color: string[];
      series: { data: unknown[] }[];
    };
    expect(pie.color[0]).toBe('#0f9d6b');
    const area = chartOption('area', data, palette('#0f9d6b'), String, String) as {
      series: { type: string; areaStyle?: unknown }[];
    };
    expect(area.series.map((s) => [s.type, Boolean(s.areaStyle)])).toEqual([
      ['line', true],
      ['line', true],
    ]);
    const funnel = chartOption('funnel', data, palette('#0f9d6b'), String, String) as {
      series: { type: string; data: unknown[] }[];
    };
    expect(funnel.series[0]?.type).toBe('funnel');
    expect(funnel.series[0]?.data).toHaveLength(3);
    expect(pie.series[0]?.data).toEqual([
      { name: '甲', value: 3 },
      { name: '（空）', value: 1 },
      { name: '其他', value: 5 },
    ]);
  });

  it("places a new widget below the others at its kind's size", () => {
    const w = { place: { x: 0, y: 2, w: 6, h: 5 } } as Widget;
    expect(placeNew([w], 'number')).toEqual({ x: 0, y: 7, w: 3, h: 3 });
    expect(placeNew([], 'bar')).toEqual({ x: 0, y: 0, w: 6, h: 5 });
  });

  it("narrows a KPI to this or last period with the views' relative dates", () => {
    const base = { schemaCode: 's', measures: [{ aggregate: 'count' as const }] };
    const compare = { field: 'createdAt', period: 'month' as const };
    const cond = (value: string) => ({ field: 'createdAt', operator: 'eq', value });
    expect(periodQuery(base, compare, 'current')?.filter).toEqual({ op: 'and', conditions: [cond('thisMonth')] });
    const x = { field: 'a', operator: 'eq' as const, value: 1 };
    expect(periodQuery({ ...base, filter: { op: 'and', conditions: [x] } }, compare, 'previous')?.filter).toEqual({
      op: 'and',
      conditions: [x, cond('lastMonth')],
    });
    expect(periodQuery({ ...base, filter: { op: 'or', conditions: [x, x] } }, compare, 'current')?.filter).toEqual({
      op: 'and',
      conditions: [{ op: 'or', conditions: [x, x] }, cond('thisMonth')],
    });
    expect(
      periodQuery({ ...base, filter: { op: 'or', conditions: [{ op: 'and', conditions: [x] }] } }, compare, 'current'),
    ).toBeNull();
    expect(change(120, 100)).toBeCloseTo(0.2);
    expect(change(80, -100)).toBeCloseTo(1.8);
    expect(change(5, 0)).toBeNull();
    expect(change(null, 3)).toBeNull();
  });
});

describe('click-through to a group', () => {
  it('names a group by its value, list element, date bucket or emptiness', () => {
    expect(groupCondition('f', 'choice', undefined, 'won')).toEqual({ field: 'f', operator: 'eq', value: 'won' });
    expect(groupCondition('f', 'list', undefined, 'vip')).toEqual({ field: 'f', operator: 'contains', value: 'vip' });
    expect(groupCondition('f', 'people', undefined, null)).toEqual({ field: 'f', operator: 'empty' });
    expect(groupCondition('createdBy', 'member', undefined, 'm1')).toEqual({
      field: 'createdBy',
      operator: 'eq',
      value: 'm1',
    });
    expect(groupCondition('d', 'moment', 'quarter', '2026-Q1')).toEqual({
      field: 'd',
      operator: 'between',
      value: ['2026-01-01', '2026-03-31'],
    });
  });

  it('knows the days of each date bucket', () => {
    expect(bucketDays('2026-02', 'month')).toEqual(['2026-02-01', '2026-02-28']);
    expect(bucketDays('2026-03-30', 'week')).toEqual(['2026-03-30', '2026-04-05']);
    expect(bucketDays('2026-Q4', 'quarter')).toEqual(['2026-10-01', '2026-12-31']);
    expect(bucketDays('2026', 'year')).toEqual(['2026-01-01', '2026-12-31']);
    expect(bucketDays('2026-04-05', 'day')).toEqual(['2026-04-05', '2026-04-05']);
  });
});

describe('dashboard filters', () => {
  const w = {
    id: 'w',
    kind: 'bar',
    title: '',
    query: { schemaCode: 's', measures: [{ aggregate: 'count' }], filter: { op: 'and', conditions: [] } },
    place: { x: 0, y: 0, w: 6, h: 5 },
  } as Widget;
  const date: DashboardFilter = {
    id: 'd',
    kind: 'date',
    label: '日期',
    targets: [{ schemaCode: 's', field: 'createdAt' }],
  };
  const owner: DashboardFilter = {
    id: 'm',
    kind: 'member',
    label: '负责人',
    targets: [
      { schemaCode: 's', field: 'f_owner' },
      { schemaCode: 'other', field: 'createdBy' },
    ],
  };
  const elsewhere: DashboardFilter = {
    id: 'x',
    kind: 'select',
    label: '状态',
    targets: [{ schemaCode: 'other', field: 'f_status' }],
  };
  const families: Record<string, string> = {
    createdAt: 'moment',
    f_owner: 'people',
    createdBy: 'member',
    f_status: 'choice',
  };
  const values: Record<string, string[]> = { d: ['2026-01-01', '2026-01-31'], m: ['m1', 'm2'], x: ['won'] };

  it('narrow the widgets on their target tables, by each field family, on top of their own filter', () => {
    const none = scoped(
      w,
      [date, owner],
      () => [],
      (t) => families[t.field],
    );
    expect(none.widget).toBe(w);
    const { widget, notApplied } = scoped(
      w,
      [date, owner, elsewhere],
      (f) => values[f.id] ?? [],
      (t) => families[t.field],
    );
    expect(widget.query.filter).toEqual({
      op: 'and',
      conditions: [
        { field: 'createdAt', operator: 'between', value: ['2026-01-01', '2026-01-31'] },
        {
          op: 'or',
          conditions: [
            { field: 'f_owner', operator: 'contains', value: 'm1' },
            { field: 'f_owner', operator: 'contains', value: 'm2' },
          ],
        },
      ],
    });
    // The select filter has no field on this widget's table: it does not apply, and says so.
    expect(notApplied.map((f) => f.id)).toEqual(['x']);
    expect(filterPart(owner, { schemaCode: 'other', field: 'createdBy' }, 'member', ['m1'])).toEqual({
      field: 'createdBy',
      operator: 'in',
      value: ['m1'],
    });
  });

  it('lays out pivot rows: inner groups, a subtotal per outer group, the grand total', () => {
    const cells = [
      { r: ['a', 'x'], c: ['1'], values: [1] },
      { r: ['a', null], c: ['1'], values: [1] },
      { r: ['b', 'x'], c: ['1'], values: [1] },
      { r: ['a'], c: ['1'], values: [2] },
      { r: [], c: [], values: [3] },
    ];
    const rows = pivotRows(cells, 2, (_, keys) =>
      [...keys].sort((p, q) => (p === null ? 1 : q === null ? -1 : p < q ? -1 : 1)),
    );
    expect(rows.map((r) => [r.kind, r.r, r.span])).toEqual([
      ['cell', ['a', 'x'], 3],
      ['cell', ['a', null], 0],
      ['subtotal', ['a'], 0],
      ['cell', ['b', 'x'], 2],
      ['subtotal', ['b'], 0],
      ['total', [], 1],
    ]);
  });
});
