import Type, { type Static } from 'typebox';
import { FilterGroup, type RelativeDate } from './views.js';

/**
 * Dashboards (the report sub-application): a Dashboard function node holds a grid of widgets; each
 * widget reads one data table of the app, grouped by at most one dimension, with one to four
 * measures, computed by the database.
 */
export const DashboardLimits = {
  widgets: 40,
  measures: 4,
  /** Groups a widget answers; the others are summed up in `rest`. */
  groups: 100,
  gridColumns: 12,
  /** A pivot: row dimensions (outer first) and column dimensions. */
  pivotRows: 2,
  pivotColumns: 1,
  /** Groups one level of a pivot may have; a pivot with more answers `tooMany`. */
  pivotGroups: 2000,
  /** Filters a dashboard's designer may set up, and the tables each may reach. */
  filters: 8,
  filterTargets: 20,
} as const;

/** Date buckets, in the team's time zone (engines.time_zone, default Asia/Shanghai). */
export const DateGranularity = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type DateGranularity = (typeof DateGranularity)[number];

export const MeasureAggregate = ['count', 'sum', 'avg', 'min', 'max', 'distinct'] as const;
export type MeasureAggregate = (typeof MeasureAggregate)[number];

export const WidgetKind = ['number', 'bar', 'line', 'area', 'pie', 'funnel', 'table', 'pivot'] as const;
export type WidgetKind = (typeof WidgetKind)[number];

const FieldCode = Type.String({ minLength: 1, maxLength: 64 });

export const WidgetDimension = Type.Object(
  {
    /** A field code or a system field (createdAt, modifiedAt, createdBy, modifiedBy). */
    field: FieldCode,
    /** Date and date-time fields only (default: month). */
    granularity: Type.Optional(
      Type.Union([
        Type.Literal('day'),
        Type.Literal('week'),
        Type.Literal('month'),
        Type.Literal('quarter'),
        Type.Literal('year'),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type WidgetDimension = Static<typeof WidgetDimension>;

export const WidgetMeasure = Type.Object(
  {
    aggregate: Type.Union([
      Type.Literal('count'),
      Type.Literal('sum'),
      Type.Literal('avg'),
      Type.Literal('min'),
      Type.Literal('max'),
      Type.Literal('distinct'),
    ]),
    /** Not for count (which counts records). */
    field: Type.Optional(FieldCode),
  },
  { additionalProperties: false },
);
export type WidgetMeasure = Static<typeof WidgetMeasure>;

/** A pivot table's layout: row dimensions (outer first) and column dimensions. */
export const PivotLayout = Type.Object(
  {
    rows: Type.Array(WidgetDimension, { minItems: 1, maxItems: DashboardLimits.pivotRows }),
    columns: Type.Array(WidgetDimension, { minItems: 1, maxItems: DashboardLimits.pivotColumns }),
  },
  { additionalProperties: false },
);
export type PivotLayout = Static<typeof PivotLayout>;

/**
 * What a widget counts: the table's records (default), or the approvals its records went through —
 * each approver's completed approval (a work item of an approval node), grouped by who acted, the
 * node or the day it was done, measured by their count and the time each waited at its node.
 */
export const WidgetSource = ['records', 'approvals'] as const;
export type WidgetSource = (typeof WidgetSource)[number];

/** The dimensions of approval figures: who acted, at which node, on which day (a date-time). */
export const ApprovalDimension = ['approver', 'node', 'finishedAt'] as const;
export type ApprovalDimension = (typeof ApprovalDimension)[number];
/** The one number of an approval: how long it waited at its node, in milliseconds. */
export const APPROVAL_DURATION = 'duration';

/** What a widget asks of one table. */
export const WidgetQuery = Type.Object(
  {
    schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
    /** Absent: records. Approvals: not for pivots; dimensions ApprovalDimension, measures count or APPROVAL_DURATION. */
    source: Type.Optional(Type.Union([Type.Literal('records'), Type.Literal('approvals')])),
    dimension: Type.Optional(WidgetDimension),
    /** Pivot widgets only (instead of `dimension`). */
    pivot: Type.Optional(PivotLayout),
    measures: Type.Array(WidgetMeasure, { minItems: 1, maxItems: DashboardLimits.measures }),
    filter: Type.Optional(FilterGroup),
  },
  { additionalProperties: false },
);
export type WidgetQuery = Static<typeof WidgetQuery>;

export const WidgetPlace = Type.Object(
  {
    x: Type.Integer({ minimum: 0, maximum: DashboardLimits.gridColumns - 1 }),
    y: Type.Integer({ minimum: 0, maximum: 10_000 }),
    w: Type.Integer({ minimum: 1, maximum: DashboardLimits.gridColumns }),
    h: Type.Integer({ minimum: 1, maximum: 40 }),
  },
  { additionalProperties: false },
);
export type WidgetPlace = Static<typeof WidgetPlace>;

/** Periods a KPI compares with the one before (relative dates of the views' filter model). */
export const ComparePeriod = ['day', 'week', 'month'] as const;
export type ComparePeriod = (typeof ComparePeriod)[number];
export const COMPARE_RANGES: Record<ComparePeriod, { current: RelativeDate; previous: RelativeDate }> = {
  day: { current: 'today', previous: 'yesterday' },
  week: { current: 'thisWeek', previous: 'lastWeek' },
  month: { current: 'thisMonth', previous: 'lastMonth' },
};

export const WidgetCompare = Type.Object(
  {
    /** A date or date-time field (or createdAt/modifiedAt) that places records in a period. */
    field: FieldCode,
    period: Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]),
  },
  { additionalProperties: false },
);
export type WidgetCompare = Static<typeof WidgetCompare>;

export const Widget = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,36}$' }),
    kind: Type.Union([
      Type.Literal('number'),
      Type.Literal('bar'),
      Type.Literal('line'),
      Type.Literal('area'),
      Type.Literal('pie'),
      Type.Literal('funnel'),
      Type.Literal('table'),
      Type.Literal('pivot'),
    ]),
    title: Type.String({ maxLength: 64 }),
    query: WidgetQuery,
    /** KPI only: the current period's figure against the previous period's. */
    compare: Type.Optional(WidgetCompare),
    /** Charts: each figure written on its bar, point or slice. Absent: shown where they stay readable. */
    valueLabels: Type.Optional(Type.Boolean()),
    place: WidgetPlace,
  },
  { additionalProperties: false },
);
export type Widget = Static<typeof Widget>;

/** What a dashboard filter lets the viewer choose: a date range, members, departments, options of a select. */
export const DashboardFilterKind = ['date', 'member', 'department', 'select'] as const;
export type DashboardFilterKind = (typeof DashboardFilterKind)[number];

/** One field of one table a dashboard filter applies to. */
export const FilterTarget = Type.Object(
  { schemaCode: Type.String({ minLength: 1, maxLength: 64 }), field: FieldCode },
  { additionalProperties: false },
);
export type FilterTarget = Static<typeof FilterTarget>;

/**
 * A dashboard filter, set up by the designer: its kind, its name, and which field of which table it
 * narrows. Each viewer chooses its value; it narrows every widget on a target table (widgets on other
 * tables show that it does not apply to them).
 */
export const DashboardFilter = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,36}$' }),
    kind: Type.Union([
      Type.Literal('date'),
      Type.Literal('member'),
      Type.Literal('department'),
      Type.Literal('select'),
    ]),
    label: Type.String({ minLength: 1, maxLength: 32 }),
    targets: Type.Array(FilterTarget, { minItems: 1, maxItems: DashboardLimits.filterTargets }),
  },
  { additionalProperties: false },
);
export type DashboardFilter = Static<typeof DashboardFilter>;

export const DashboardInfo = Type.Object({
  code: Type.String(),
  displayName: Type.String(),
  widgets: Type.Array(Widget),
  filters: Type.Array(DashboardFilter),
  /** The app's designers (owner, managers, admin mode) may change it; everyone else views. */
  canDesign: Type.Boolean(),
  updatedAt: Type.Number(),
});
export type DashboardInfo = Static<typeof DashboardInfo>;

export const SaveDashboardBody = Type.Object(
  {
    widgets: Type.Array(Widget, { maxItems: DashboardLimits.widgets }),
    filters: Type.Optional(Type.Array(DashboardFilter, { maxItems: DashboardLimits.filters })),
  },
  { additionalProperties: false },
);
export type SaveDashboardBody = Static<typeof SaveDashboardBody>;

export const AggregateRow = Type.Object({
  /** The group's stored value ('' for the whole table without a dimension); null: empty. */
  key: Type.Union([Type.String(), Type.Null()]),
  /** What to show: an option's label, a member's or department's name, a date bucket. */
  label: Type.String(),
  /** One per measure, in order; null where nothing was there to sum up (min of no numbers…). */
  values: Type.Array(Type.Union([Type.Number(), Type.Null()])),
});
export type AggregateRow = Static<typeof AggregateRow>;

export const AggregateResult = Type.Object({
  /** noPermission: the widget uses a field (or table) hidden from the viewer; no numbers then. */
  state: Type.Union([Type.Literal('ok'), Type.Literal('noPermission')]),
  rows: Type.Array(AggregateRow),
  /** Groups beyond the first DashboardLimits.groups, aggregated together; null when none. */
  rest: Type.Union([Type.Object({ values: Type.Array(Type.Union([Type.Number(), Type.Null()])) }), Type.Null()]),
});
export type AggregateResult = Static<typeof AggregateResult>;

export const DashboardParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  code: Type.String({ minLength: 1, maxLength: 64 }),
});

/**
 * One cell of a pivot: `r` the row keys (all of them for a cell, fewer for a subtotal, none for the
 * column totals), `c` the column keys (none: the total across columns). A key null is the empty group.
 */
export const PivotCell = Type.Object({
  r: Type.Array(Type.Union([Type.String(), Type.Null()])),
  c: Type.Array(Type.Union([Type.String(), Type.Null()])),
  values: Type.Array(Type.Union([Type.Number(), Type.Null()])),
});
export type PivotCell = Static<typeof PivotCell>;

export const PivotResult = Type.Object({
  /** tooMany: some level has more than DashboardLimits.pivotGroups groups (nothing else is answered). */
  state: Type.Union([Type.Literal('ok'), Type.Literal('noPermission'), Type.Literal('tooMany')]),
  /** Cells, subtotals and totals, each computed by the database over the records themselves. */
  cells: Type.Array(PivotCell),
  /** Per dimension (rows, then columns): a group key's label (options, members, departments). */
  labels: Type.Array(Type.Record(Type.String(), Type.String())),
});
export type PivotResult = Static<typeof PivotResult>;
