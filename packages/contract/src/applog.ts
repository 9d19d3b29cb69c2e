import Type, { type Static } from 'typebox';

/** The application log (issue 14): what every change in a team leaves, shared by server and web. */
export const AppLogLimits = {
  pageMax: 100,
  /** Rows one export writes at most (newest first). */
  exportMax: 50_000,
  /** Retention choices in days (a team setting) and the default. */
  retentionDays: [30, 90, 180, 365] as const,
  defaultRetentionDays: 180,
  searchMax: 100,
  titleMax: 200,
} as const;

/** Kinds of action the log is filtered by; each action (e.g. `record.update`) belongs to one. */
export const AppLogKinds = [
  'record',
  'import',
  'export',
  'field',
  'form',
  'view',
  'permission',
  'flow',
  'flowAction',
  'member',
  'department',
  'app',
  'team',
  'other',
] as const;
export type AppLogKind = (typeof AppLogKinds)[number];

const PREFIXES: [string, AppLogKind][] = [
  ['record.import', 'import'],
  ['record.export', 'export'],
  ['record.', 'record'],
  ['field.', 'field'],
  ['form.', 'form'],
  ['view.', 'view'],
  ['permission.', 'permission'],
  ['app.role.', 'permission'],
  ['workflow.action.', 'flowAction'],
  ['workflow.', 'flow'],
  ['member.', 'member'],
  ['department.', 'department'],
  ['app.', 'app'],
  ['table.', 'app'],
  ['team.', 'team'],
];

/** The kind an action belongs to (by its prefix). */
export function appLogKindOf(action: string): AppLogKind {
  return PREFIXES.find(([p]) => action.startsWith(p))?.[1] ?? 'other';
}

/** One changed value of a record (or a setting): the field, its name when written, old → new. */
export const AppLogChange = Type.Object({
  field: Type.String(),
  name: Type.String(),
  from: Type.Unknown(),
  to: Type.Unknown(),
});
export type AppLogChange = Static<typeof AppLogChange>;

export const AppLogItem = Type.Object({
  id: Type.String(),
  action: Type.String(),
  kind: Type.String(),
  appCode: Type.String(),
  appName: Type.String(),
  schemaCode: Type.String(),
  schemaName: Type.String(),
  recordId: Type.String(),
  recordTitle: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  memberId: Type.String(),
  memberName: Type.String(),
  createdAt: Type.Integer(),
});
export type AppLogItem = Static<typeof AppLogItem>;

export const AppLogDetail = Type.Intersect([
  AppLogItem,
  Type.Object({
    changes: Type.Array(AppLogChange),
    /** What else the entry says (counts of an import, a role's members…). */
    detail: Type.Record(Type.String(), Type.Unknown()),
  }),
]);
export type AppLogDetail = Static<typeof AppLogDetail>;

const code = Type.String({ minLength: 1, maxLength: 64 });

export const AppLogQuery = Type.Object(
  {
    appCode: Type.Optional(code),
    schemaCode: Type.Optional(code),
    memberId: Type.Optional(code),
    kind: Type.Optional(Type.Unsafe<AppLogKind>(Type.String({ enum: [...AppLogKinds] }))),
    from: Type.Optional(Type.Integer({ minimum: 0 })),
    to: Type.Optional(Type.Integer({ minimum: 0 })),
    search: Type.Optional(Type.String({ maxLength: AppLogLimits.searchMax })),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AppLogLimits.pageMax })),
  },
  { additionalProperties: false },
);
export type AppLogQuery = Static<typeof AppLogQuery>;

export const AppLogPage = Type.Object({ resultList: Type.Array(AppLogItem), nextCursor: Type.String() });
export type AppLogPage = Static<typeof AppLogPage>;

export const AppLogParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) });

export const AppLogSettings = Type.Object(
  { retentionDays: Type.Union([Type.Literal(30), Type.Literal(90), Type.Literal(180), Type.Literal(365)]) },
  { additionalProperties: false },
);
export type AppLogSettings = Static<typeof AppLogSettings>;
