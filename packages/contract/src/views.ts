import Type, { type Static } from 'typebox';

/**
 * Filters and sorts travel as data. The server checks every field, operator and direction against
 * the table's metadata and builds parameterised SQL from them; nothing here is ever pasted into SQL.
 */
export const FilterOperator = [
  'eq',
  'neq',
  'contains',
  'notContains',
  'startsWith',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'before',
  'after',
  'in',
  'notIn',
  'empty',
  'notEmpty',
  'isTrue',
  'isFalse',
  'isMe',
  'isMine',
  /** A people field naming a department I head (or one under it), or a member of one (issue 27). */
  'isHeadedByMe',
] as const;
export type FilterOperator = (typeof FilterOperator)[number];

/** How a field type filters and sorts: its family decides the operators (server and web share it). */
export type FilterFamily =
  | 'text'
  | 'choice'
  | 'number'
  | 'date'
  | 'moment'
  | 'flag'
  | 'list'
  | 'people'
  | 'member'
  | 'flowState';

export const FILTER_FAMILY: Record<string, FilterFamily> = {
  text: 'text',
  textarea: 'text',
  richText: 'text',
  phone: 'text',
  email: 'text',
  url: 'text',
  singleSelect: 'choice',
  number: 'number',
  money: 'number',
  percent: 'number',
  autoNumber: 'number',
  date: 'date',
  datetime: 'moment',
  checkbox: 'flag',
  multiSelect: 'list',
  relation: 'list',
  member: 'people',
  department: 'people',
};

/** The operators each family accepts ('member' is the single-member system columns, created by …). */
export const FILTER_OPERATORS: Record<FilterFamily, FilterOperator[]> = {
  text: ['eq', 'neq', 'contains', 'notContains', 'startsWith', 'empty', 'notEmpty'],
  choice: ['eq', 'neq', 'in', 'notIn', 'empty', 'notEmpty'],
  number: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'between', 'empty', 'notEmpty'],
  date: ['eq', 'before', 'after', 'between', 'empty', 'notEmpty'],
  moment: ['eq', 'before', 'after', 'between', 'empty', 'notEmpty'],
  flag: ['isTrue', 'isFalse'],
  list: ['contains', 'notContains', 'empty', 'notEmpty'],
  people: ['contains', 'notContains', 'empty', 'notEmpty', 'isMe', 'isMine', 'isHeadedByMe'],
  member: ['eq', 'neq', 'in', 'isMe'],
  /** The flowState system column: an instance state number (spec §3); empty = never submitted. */
  flowState: ['eq', 'neq', 'in', 'notIn', 'empty', 'notEmpty'],
};

/** Relative dates a filter may use instead of a fixed date. */
export const RelativeDate = [
  'today',
  'yesterday',
  'tomorrow',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisYear',
] as const;
export type RelativeDate = (typeof RelativeDate)[number];

export const FilterCondition = Type.Object(
  {
    /**
     * A field code, or one of the system fields createdAt, modifiedAt, createdBy, modifiedBy,
     * flowState (流程状态) and flowNode (当前节点).
     */
    field: Type.String({ maxLength: 64 }),
    // Spelled out: a union built from a mapped array types as `never`.
    operator: Type.Union([
      Type.Literal('eq'),
      Type.Literal('neq'),
      Type.Literal('contains'),
      Type.Literal('notContains'),
      Type.Literal('startsWith'),
      Type.Literal('gt'),
      Type.Literal('gte'),
      Type.Literal('lt'),
      Type.Literal('lte'),
      Type.Literal('between'),
      Type.Literal('before'),
      Type.Literal('after'),
      Type.Literal('in'),
      Type.Literal('notIn'),
      Type.Literal('empty'),
      Type.Literal('notEmpty'),
      Type.Literal('isTrue'),
      Type.Literal('isFalse'),
      Type.Literal('isMe'),
      Type.Literal('isMine'),
      Type.Literal('isHeadedByMe'),
    ]),
    value: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type FilterCondition = Static<typeof FilterCondition>;

/** AND/OR groups, one level of nesting (a group of conditions inside the top group). */
export const FilterGroup = Type.Object(
  {
    op: Type.Union([Type.Literal('and'), Type.Literal('or')]),
    conditions: Type.Array(
      Type.Union([
        FilterCondition,
        Type.Object(
          {
            op: Type.Union([Type.Literal('and'), Type.Literal('or')]),
            conditions: Type.Array(FilterCondition, { maxItems: 30 }),
          },
          { additionalProperties: false },
        ),
      ]),
      { maxItems: 30 },
    ),
  },
  { additionalProperties: false },
);
export type FilterGroup = Static<typeof FilterGroup>;

export const SortSpec = Type.Object(
  { field: Type.String({ maxLength: 64 }), direction: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) },
  { additionalProperties: false },
);
export type SortSpec = Static<typeof SortSpec>;

/**
 * A saved view's code in a records query: the server applies the view's own filter and sorts on top
 * of the body's (a public view may use fields hidden from the member, who still never sees them);
 * the body's sorts come first, then the view's.
 */
export const ViewCode = Type.String({ minLength: 1, maxLength: 64 });

export const RecordQueryBody = Type.Object(
  {
    filter: Type.Optional(FilterGroup),
    sorts: Type.Optional(Type.Array(SortSpec, { maxItems: 5 })),
    /** Quick search across text fields. */
    search: Type.Optional(Type.String({ maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    cursor: Type.Optional(Type.String({ maxLength: 500 })),
    view: Type.Optional(ViewCode),
    /**
     * The fields whose values the answer carries (a grid: its visible columns); absent, every field
     * the member may see. A code not in the table, or of a field hidden from the member, is dropped
     * (the answer lacks it: a grid left open while a field is deleted or hidden keeps working).
     */
    fields: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type RecordQueryBody = Static<typeof RecordQueryBody>;

export const ViewKind = ['grid', 'kanban', 'calendar', 'gallery'] as const;

export const ViewConfig = Type.Object(
  {
    columns: Type.Array(
      Type.Object(
        {
          field: Type.String({ maxLength: 64 }),
          hidden: Type.Boolean(),
          width: Type.Optional(Type.Integer({ minimum: 40, maximum: 2000 })),
          frozen: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
      { maxItems: 500 },
    ),
    filter: Type.Optional(FilterGroup),
    sorts: Type.Array(SortSpec, { maxItems: 5 }),
    /** grid grouping, kanban column field, calendar date field, gallery cover field. */
    groupBy: Type.Optional(Type.String({ maxLength: 64 })),
    rowHeight: Type.Union([Type.Literal('short'), Type.Literal('medium'), Type.Literal('tall')]),
    pageSize: Type.Integer({ minimum: 10, maximum: 500 }),
  },
  { additionalProperties: false },
);
export type ViewConfig = Static<typeof ViewConfig>;

const viewInfoFields = {
  code: Type.String(),
  name: Type.String(),
  kind: Type.String(),
  personal: Type.Boolean(),
  config: ViewConfig,
};
export const ViewInfo = Type.Object(viewInfoFields);
export type ViewInfo = Static<typeof ViewInfo>;

/** How a view uses a field: a filter condition, a sort, its grouping (kanban column, calendar date…). */
export const ViewFieldUse = ['filter', 'sort', 'groupBy'] as const;
export type ViewFieldUse = (typeof ViewFieldUse)[number];

/**
 * A field a public view filters, sorts or groups by that members of some app role do not get in it:
 * the table's field rules hide it from that role, so their copy of the view leaves it out (issue 30).
 * `roles`: the app roles' keys (any role of the app, issue 27), `roleNames` their names, same order.
 */
export const WithheldViewField = Type.Object({
  field: Type.String(),
  name: Type.String(),
  roles: Type.Array(Type.String()),
  roleNames: Type.Array(Type.String()),
  uses: Type.Array(Type.Union([Type.Literal('filter'), Type.Literal('sort'), Type.Literal('groupBy')])),
});
export type WithheldViewField = Static<typeof WithheldViewField>;

/** A saved view as its save answers it: the view, and what members will not get of it (empty for personal views). */
export const SavedViewInfo = Type.Object({ ...viewInfoFields, withheld: Type.Array(WithheldViewField) });
export type SavedViewInfo = Static<typeof SavedViewInfo>;

export const SaveViewBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    kind: Type.Union([Type.Literal('grid'), Type.Literal('kanban'), Type.Literal('calendar'), Type.Literal('gallery')]),
    personal: Type.Optional(Type.Boolean()),
    config: Type.Optional(ViewConfig),
  },
  { additionalProperties: false },
);
export const ViewParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
  viewCode: Type.String({ minLength: 1, maxLength: 64 }),
});
