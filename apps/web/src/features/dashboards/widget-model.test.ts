import type { DashboardFilter, Widget } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import {
  axisFormat,
  bucketDays,
  bucketLabel,
  change,
  chartData,
  chartOption,
  filterPart,
  formatFull,
  formatShort,
  groupCondition,
  inDisplayUnits,
  palette,
  periodQuery,
  pivotRows,
  placeNew,
  scoped,
  valueLabelsShown,
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

  it('formats a whole axis in one unit, never "8000" beside "1万"', () => {
    const zh = axisFormat([800, 4200, 18_000, 52_000, 96_000], 'zh');
    expect([0, 20_000, 40_000, 80_000, 100_000].map(zh)).toEqual(['0', '20,000', '40,000', '80,000', '100,000']);
    const wan = axisFormat([8000, 120_000, 452_000], 'zh');
    expect([0, 8000, 100_000, 150_000, 500_000].map(wan)).toEqual(['0', '0.8万', '10万', '15万', '50万']);
    const yi = axisFormat([3_000_000_000], 'zh');
    expect([0, 500_000_000, 3_000_000_000].map(yi)).toEqual(['0', '5亿', '30亿']);
    expect(axisFormat([0.5, 2.25], 'zh')(1.125)).toBe('1.13');
    expect(axisFormat([-250_000, 40_000], 'zh')(-250_000)).toBe('-25万');
    const en = axisFormat([8000, 96_000], 'en');
    expect([0, 8000, 100_000].map(en)).toEqual(['0', '8K', '100K']);
    expect(axisFormat([96_000, 120_000], 'jp')(120_000)).toBe('12万');
    expect(axisFormat([], 'zh')(null)).toBe('-');
  });

  it('writes figures on charts where they stay readable, or as the widget says', () => {
    const data = (categories: number, series = 1) => ({
      categories: Array.from({ length: categories }, (_, i) => `c${i}`),
      series: Array.from({ length: series }, (_, i) => ({ name: `s${i}`, values: [] })),
    });
    expect(valueLabelsShown(undefined, 'bar', data(5))).toBe(true);
    expect(valueLabelsShown(undefined, 'bar', data(10, 2))).toBe(false);
    expect(valueLabelsShown(undefined, 'line', data(20))).toBe(true);
    expect(valueLabelsShown(undefined, 'line', data(30))).toBe(false);
    expect(valueLabelsShown(undefined, 'pie', data(40))).toBe(true);
    expect(valueLabelsShown(false, 'pie', data(3))).toBe(false);
    expect(valueLabelsShown(true, 'bar', data(50, 4))).toBe(true);
    const bar = chartOption(
      'bar',
      { categories: ['甲'], series: [{ name: '金额', values: [12_000] }] },
      ['#000'],
      (v) => `${v}!`,
      String,
      true,
    ) as {
      series: { label: { show: boolean; formatter: (p: { value: number }) => string } }[];
    };
    expect(bar.series[0]?.label.show).toBe(true);
    expect(bar.series[0]?.label.formatter({ value: 12_000 })).toBe('12000!');
  });

  it('shows approval durations in hours', () => {
    const result = inDisplayUnits(
      { state: 'ok', rows: [{ key: 'a', label: '审批a', values: [3, 5_400_000] }], rest: { values: [1, 7_200_000] } },
      {
        schemaCode: 's',
        source: 'approvals',
        measures: [{ aggregate: 'count' }, { aggregate: 'avg', field: 'duration' }],
      },
    );
    expect(result.rows[0]?.values).toEqual([3, 1.5]);
    expect(result.rest?.values).toEqual([1, 2]);
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
