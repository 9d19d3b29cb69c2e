import {
  type AggregateResult,
  APPROVAL_DURATION,
  COMPARE_RANGES,
  type DashboardFilter,
  type DateGranularity,
  type FilterCondition,
  type FilterGroup,
  type FilterTarget,
  type PivotCell,
  type Widget,
  type WidgetCompare,
  type WidgetDimension,
  type WidgetKind,
  type WidgetPlace,
  type WidgetQuery,
} from '@canopy/contract';

/** The grid: 12 columns of rows this tall (px). */
export const GRID_COLUMNS = 12;
export const ROW_HEIGHT = 56;

/** Where a new widget of this kind goes: below everything, at its natural size. */
export function placeNew(widgets: Widget[], kind: WidgetKind): WidgetPlace {
  const y = widgets.reduce((max, w) => Math.max(max, w.place.y + w.place.h), 0);
  if (kind === 'number') return { x: 0, y, w: 3, h: 3 };
  // A pivot's columns need the width.
  return kind === 'pivot' ? { x: 0, y, w: 12, h: 8 } : { x: 0, y, w: 6, h: 5 };
}

const LOCALES: Record<string, string> = { zh: 'zh-CN', en: 'en-US', jp: 'ja-JP' };
export const localeOf = (language: string) => LOCALES[language] ?? 'zh-CN';

/** A figure in full with digit grouping (KPI cards, tables): 1,234,567.89. */
export function formatFull(value: number | null, language: string): string {
  if (value === null) return '-';
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(value);
}

/** A figure in short (axes, labels): Chinese 万 and 亿 (1.23万, 4.5亿); en 12.3K. */
export function formatShort(value: number | null, language: string): string {
  if (value === null) return '-';
  return new Intl.NumberFormat(localeOf(language), { notation: 'compact', maximumFractionDigits: 2 }).format(value);
}

/** Units an axis may count in, largest first: Chinese and Japanese 亿/億 and 万, English B, M and K. */
const UNITS: Record<string, [number, string][]> = {
  zh: [
    [1e8, '亿'],
    [1e4, '万'],
  ],
  jp: [
    [1e8, '億'],
    [1e4, '万'],
  ],
  en: [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ],
};

/**
 * One number format for a whole axis (and the figures written on its chart): the largest unit that
 * leaves the biggest figure at ten or more of it, the same for every tick — "0, 5万, 10万, 15万" or
 * "0, 2,000, 4,000 … 10,000", never "8000" beside "1万" as a per-value short format gives.
 */
export function axisFormat(values: (number | null)[], language: string): (v: number | null) => string {
  const biggest = values.reduce<number>((max, v) => (v === null ? max : Math.max(max, Math.abs(v))), 0);
  const [size, suffix] = (UNITS[language] ?? UNITS.zh ?? []).find(([u]) => biggest >= u * 10) ?? [1, ''];
  const number = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 });
  return (v) => (v === null ? '-' : v === 0 ? '0' : `${number.format(v / size)}${suffix}`);
}

/** At most this many figures fit on a bar or line chart without overlapping (auto value labels). */
const READABLE_LABELS = { bar: 16, line: 24 } as const;

/**
 * Whether a chart writes its figures on it: the widget's setting, or where unset, when they stay
 * readable — always on a pie or a funnel, on bars and lines while there are few enough points.
 */
export function valueLabelsShown(setting: boolean | undefined, kind: ChartKind, data: ChartData): boolean {
  if (setting !== undefined) return setting;
  if (kind === 'pie' || kind === 'funnel') return true;
  const points = data.categories.length * data.series.length;
  return points <= (kind === 'bar' ? READABLE_LABELS.bar : READABLE_LABELS.line);
}

/** A date bucket as people read it: 2026年4月, 2026年第2季度, 2026-03-30 当周. */
export type BucketText = (
  unit: 'week' | 'month' | 'quarter' | 'year',
  values: Record<string, string | number>,
) => string;

export function bucketLabel(key: string, granularity: DateGranularity, text: BucketText): string {
  if (granularity === 'month' && /^\d{4}-\d{2}$/.test(key))
    return text('month', { year: key.slice(0, 4), month: Number(key.slice(5)) });
  if (granularity === 'quarter' && /^\d{4}-Q\d$/.test(key))
    return text('quarter', { year: key.slice(0, 4), quarter: key.slice(6) });
  if (granularity === 'year' && /^\d{4}$/.test(key)) return text('year', { year: key });
  if (granularity === 'week') return text('week', { day: key });
  return key;
}

const HOUR_MS = 3_600_000;
const scaled = (values: (number | null)[], hours: boolean[]) =>
  values.map((v, i) => (v !== null && hours[i] ? Math.round((v / HOUR_MS) * 100) / 100 : v));

/**
 * An answer as a widget shows it: the time approvals waited at their node (milliseconds from the
 * server) in hours, except for counts of them; other figures as they are.
 */
export function inDisplayUnits(result: AggregateResult, query: WidgetQuery): AggregateResult {
  if (query.source !== 'approvals') return result;
  const hours = query.measures.map((m) => m.field === APPROVAL_DURATION && m.aggregate !== 'distinct');
  if (!hours.some(Boolean)) return result;
  return {
    ...result,
    rows: result.rows.map((r) => ({ ...r, values: scaled(r.values, hours) })),
    rest: result.rest && { values: scaled(result.rest.values, hours) },
  };
}

export interface ChartData {
  categories: string[];
  /** One series per measure. */
  series: { name: string; values: (number | null)[] }[];
}

/** The rows of an answer as chart categories and series, with the rest as one more category. */
export function chartData(
  result: AggregateResult,
  measureNames: string[],
  labelOf: (row: AggregateResult['rows'][number]) => string,
  restName: string,
): ChartData {
  const rows = [...result.rows.map((r) => ({ label: labelOf(r), values: r.values }))];
  if (result.rest) rows.push({ label: restName, values: result.rest.values });
  return {
    categories: rows.map((r) => r.label),
    series: measureNames.map((name, i) => ({ name, values: rows.map((r) => r.values[i] ?? null) })),
  };
}

/** A palette led by the app's theme colour, then colours that sit well beside it. */
export function palette(primary: string): string[] {
  const others = ['#36cfc9', '#f7b500', '#ff7a45', '#9254de', '#73d13d', '#ff4d94', '#40a9ff', '#ffc53d'];
  return [primary, ...others.filter((c) => c.toLowerCase() !== primary.toLowerCase())];
}

/** An ECharts option for a bar, line or pie widget. */
export type ChartKind = 'bar' | 'line' | 'area' | 'pie' | 'funnel';
export const isChartKind = (kind: WidgetKind): kind is ChartKind =>
  kind === 'bar' || kind === 'line' || kind === 'area' || kind === 'pie' || kind === 'funnel';

export function chartOption(
  kind: ChartKind,
  data: ChartData,
  colors: string[],
  /** The axis's one format (axisFormat), also the figures written on the chart. */
  short: (v: number | null) => string,
  full: (v: number | null) => string,
  valueLabels = false,
): Record<string, unknown> {
  const tooltipValue = (v: unknown) => full(typeof v === 'number' ? v : null);
  const figure = (p: { value?: unknown }) => short(typeof p.value === 'number' ? p.value : null);
  if (kind === 'funnel') {
    const first = data.series[0];
    return {
      color: colors,
      tooltip: { trigger: 'item', valueFormatter: tooltipValue },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'funnel',
          name: first?.name ?? '',
          top: 8,
          bottom: 32,
          sort: 'descending',
          label: {
            position: 'inside',
            ...(valueLabels ? { formatter: (p: { name: string; value?: unknown }) => `${p.name} ${figure(p)}` } : {}),
          },
          data: data.categories.map((name, i) => ({ name, value: first?.values[i] ?? 0 })),
        },
      ],
    };
  }
  if (kind === 'pie') {
    const first = data.series[0];
    return {
      color: colors,
      tooltip: { trigger: 'item', valueFormatter: tooltipValue },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          name: first?.name ?? '',
          radius: ['40%', '68%'],
          center: ['50%', '45%'],
          label: {
            formatter: valueLabels
              ? (p: { name: string; value?: unknown; percent?: number }) =>
                  `${p.name}: ${figure(p)}（${p.percent ?? 0}%）`
              : '{b}: {d}%',
          },
          data: data.categories.map((name, i) => ({ name, value: first?.values[i] ?? 0 })),
        },
      ],
    };
  }
  return {
    color: colors,
    tooltip: { trigger: 'axis', valueFormatter: tooltipValue },
    legend: data.series.length > 1 ? { bottom: 0 } : undefined,
    grid: { left: 8, right: 16, top: 16, bottom: data.series.length > 1 ? 32 : 8, containLabel: true },
    xAxis: { type: 'category', data: data.categories, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => short(v) } },
    series: data.series.map((s) => ({
      type: kind === 'area' ? 'line' : kind,
      name: s.name,
      data: s.values,
      ...(kind === 'bar' ? { barMaxWidth: 48 } : { smooth: true, connectNulls: true }),
      label: { show: valueLabels, position: 'top', formatter: figure },
      ...(kind === 'area' ? { areaStyle: { opacity: 0.25 } } : {}),
    })),
  };
}

/**
 * The widget's query narrowed to one period of the comparison date field ("this month", "last
 * month" — the views' relative dates), or null when its filter cannot take one more condition
 * (an OR of groups).
 */
export function periodQuery(
  query: WidgetQuery,
  compare: WidgetCompare,
  which: 'current' | 'previous',
): WidgetQuery | null {
  const condition: FilterCondition = {
    field: compare.field,
    operator: 'eq',
    value: COMPARE_RANGES[compare.period][which],
  };
  const filter = withCondition(query.filter, condition);
  return filter && { ...query, filter };
}

/** A filter with one more condition that must hold too; null when it cannot take one (an OR of groups). */
export function withCondition(f: FilterGroup | undefined, condition: FilterCondition): FilterGroup | null {
  if (!f?.conditions.length) return { op: 'and', conditions: [condition] };
  if (f.op === 'and') return { op: 'and', conditions: [...f.conditions, condition] };
  if (f.conditions.every((c) => !('conditions' in c)))
    return { op: 'and', conditions: [{ op: 'or', conditions: f.conditions as FilterCondition[] }, condition] };
  return null;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => Date.UTC(y, m, d);

/** The first and last calendar day of a date bucket ('2026-04' → 2026-04-01 … 2026-04-30). */
export function bucketDays(key: string, granularity: DateGranularity): [string, string] | null {
  const y = Number(key.slice(0, 4));
  if (!Number.isInteger(y)) return null;
  switch (granularity) {
    case 'day':
      return /^\d{4}-\d{2}-\d{2}$/.test(key) ? [key, key] : null;
    case 'week':
      return /^\d{4}-\d{2}-\d{2}$/.test(key) ? [key, day(Date.parse(`${key}T00:00:00Z`) + 6 * 86_400_000)] : null;
    case 'month': {
      const m = Number(key.slice(5, 7)) - 1;
      return /^\d{4}-\d{2}$/.test(key) ? [day(utc(y, m, 1)), day(utc(y, m + 1, 0))] : null;
    }
    case 'quarter': {
      const q = Number(key.slice(6)) - 1;
      return /^\d{4}-Q[1-4]$/.test(key) ? [day(utc(y, q * 3, 1)), day(utc(y, q * 3 + 3, 0))] : null;
    }
    case 'year':
      return /^\d{4}$/.test(key) ? [`${key}-01-01`, `${key}-12-31`] : null;
  }
}

/**
 * The condition that picks one group's records (a bar, a slice, a table row): the value itself, an
 * element of a list, the days of a date bucket, or "empty". Null when the group cannot be named so.
 */
export function groupCondition(
  field: string,
  family: string,
  granularity: DateGranularity | undefined,
  key: string | null,
): FilterCondition | null {
  const list = family === 'list' || family === 'people';
  if (key === null) return family === 'member' ? null : { field, operator: 'empty' };
  if (family === 'date' || family === 'moment') {
    const days = bucketDays(key, granularity ?? 'month');
    return days && { field, operator: 'between', value: days };
  }
  return { field, operator: list ? 'contains' : 'eq', value: key };
}

/** The change from the previous period, as a fraction (0.12 = +12%); null when it cannot be told. */
export function change(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/**
 * What a viewer chose in the dashboard's filters, by filter id: a date filter's first and last day,
 * the ids of members, departments or options otherwise (an empty list: not filtering).
 */
export type FilterValues = Record<string, string[]>;

/** The part of a filter one dashboard filter adds: one condition, or an OR of conditions. */
export type FilterPart = FilterCondition | { op: 'or'; conditions: FilterCondition[] };

/** A filter with one more part that must hold too; null when it cannot take one (an OR of groups). */
export function withPart(f: FilterGroup | undefined, part: FilterPart): FilterGroup | null {
  if (!('conditions' in part)) return withCondition(f, part);
  if (!f?.conditions.length) return { op: 'and', conditions: [part] };
  if (f.op === 'and') return { op: 'and', conditions: [...f.conditions, part] };
  if (f.conditions.every((c) => !('conditions' in c)))
    return { op: 'and', conditions: [{ op: 'or', conditions: f.conditions as FilterCondition[] }, part] };
  return null;
}

/**
 * The condition a dashboard filter's value sets on one target field, by the field's filter family:
 * a date range on a date or date-time, `in` on a single select or a creator, and on lists (multi
 * selects, members, departments) any of the chosen values.
 */
export function filterPart(
  filter: DashboardFilter,
  target: FilterTarget,
  family: string | undefined,
  values: string[],
): FilterPart | null {
  if (!values.length || !family) return null;
  const field = target.field;
  if (filter.kind === 'date') {
    const [from, to] = values;
    return from && to && (family === 'date' || family === 'moment')
      ? { field, operator: 'between', value: [from, to] }
      : null;
  }
  if (family === 'choice' || family === 'member') return { field, operator: 'in', value: values };
  if (family === 'list' || family === 'people') {
    const conditions = values.slice(0, 30).map((v): FilterCondition => ({ field, operator: 'contains', value: v }));
    return conditions.length === 1 ? (conditions[0] as FilterCondition) : { op: 'or', conditions };
  }
  return null;
}

/**
 * A widget as the dashboard's filters narrow it (its own filter and theirs must both hold), and the
 * filters with a value that do not apply to it (no target on its table, or a filter it cannot take).
 * `valuesFor` answers a filter's values for one target (a select's options differ per table).
 */
export function scoped(
  widget: Widget,
  filters: DashboardFilter[],
  valuesFor: (filter: DashboardFilter, target: FilterTarget) => string[],
  familyOf: (target: FilterTarget) => string | undefined,
): { widget: Widget; notApplied: DashboardFilter[] } {
  let filter = widget.query.filter;
  const notApplied: DashboardFilter[] = [];
  for (const f of filters) {
    const target = f.targets.find((t) => t.schemaCode === widget.query.schemaCode);
    const values = target ? valuesFor(f, target) : [];
    if (!target) {
      if (f.targets.some((t) => valuesFor(f, t).length)) notApplied.push(f);
      continue;
    }
    if (!values.length) continue;
    const part = filterPart(f, target, familyOf(target), values);
    const next = part && withPart(filter, part);
    if (!next) notApplied.push(f);
    else filter = next;
  }
  const query = filter === widget.query.filter ? widget.query : { ...widget.query, ...(filter ? { filter } : {}) };
  return { widget: query === widget.query ? widget : { ...widget, query }, notApplied };
}

/** A pivot cell's place: its row keys and column keys (fewer for subtotals and totals). */
export const cellKey = (r: (string | null)[], c: (string | null)[]) => JSON.stringify([r, c]);

/** Orders group keys: dates in time, others by label (Chinese collation), the empty group last. */
export function orderKeys(
  keys: (string | null)[],
  dimension: WidgetDimension,
  label: (key: string) => string,
  language: string,
): (string | null)[] {
  const collator = new Intl.Collator(localeOf(language));
  return [...keys].sort((a, b) => {
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    if (dimension.granularity) return a < b ? -1 : a > b ? 1 : 0;
    return collator.compare(label(a), label(b));
  });
}

/** Rows of a pivot table: each combination of row keys, a subtotal after each outer group (two row dimensions), the grand total. */
export interface PivotRow {
  key: string;
  r: (string | null)[];
  kind: 'cell' | 'subtotal' | 'total';
  /** The outer group's row count (its first row only; 0 on the others): the outer label spans them. */
  span: number;
}

export function pivotRows(
  cells: PivotCell[],
  nRows: number,
  order: (dim: number, keys: (string | null)[]) => (string | null)[],
): PivotRow[] {
  const full = cells.filter((c) => c.r.length === nRows);
  const outer = order(0, [...new Set(full.map((c) => c.r[0] ?? null))]);
  const rows: PivotRow[] = [];
  for (const o of outer) {
    if (nRows === 1) {
      rows.push({ key: cellKey([o], []), r: [o], kind: 'cell', span: 1 });
      continue;
    }
    const inner = order(1, [...new Set(full.filter((c) => c.r[0] === o).map((c) => c.r[1] ?? null))]);
    for (const [n, i] of inner.entries())
      rows.push({ key: cellKey([o, i], []), r: [o, i], kind: 'cell', span: n === 0 ? inner.length + 1 : 0 });
    rows.push({ key: cellKey([o], []), r: [o], kind: 'subtotal', span: 0 });
  }
  rows.push({ key: cellKey([], []), r: [], kind: 'total', span: 1 });
  return rows;
}
