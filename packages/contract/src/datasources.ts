import Type, { type Static } from 'typebox';

/**
 * Data sources (issue 14): an app's connections to an external PostgreSQL or MySQL/MariaDB
 * database, or an HTTP JSON endpoint, and its sync tables — data tables (tag SyncSchema) that copy a
 * source's table, query or JSON array into the app, on demand and on a schedule. The password or
 * token is encrypted at rest and never answered (only `passwordSet`).
 */
export const DataSourceKind = ['postgres', 'mysql', 'http'] as const;
export type DataSourceKind = (typeof DataSourceKind)[number];

export const SyncSchedule = ['off', 'hourly', 'daily'] as const;
export type SyncSchedule = (typeof SyncSchedule)[number];
export const SYNC_SCHEDULE_MS: Record<SyncSchedule, number> = { off: 0, hourly: 3_600_000, daily: 86_400_000 };

/** Field types a source column may become. */
export const SyncFieldType = ['text', 'textarea', 'number', 'date', 'datetime', 'checkbox'] as const;
export type SyncFieldType = (typeof SyncFieldType)[number];

/**
 * Why a connection, a read or a sync failed (each has words in messages.ts `datasource.error.<code>`).
 * Every failure to connect and sign in is `unreachable`, without detail (one "cannot connect", not a
 * port scanner); `auth`, `databaseMissing`, `httpStatus` and `notJson` are no longer answered.
 */
export const DataSourceErrorCode = [
  'auth',
  'unreachable',
  'databaseMissing',
  'timeout',
  'tableMissing',
  'queryInvalid',
  'notReadOnly',
  'blocked',
  'ownDatabase',
  'httpStatus',
  'notJson',
  'noArray',
  'tooManyRows',
  'keyMissing',
  'keyDuplicate',
  'other',
] as const;
export type DataSourceErrorCode = (typeof DataSourceErrorCode)[number];

export const DataSourceLimits = {
  perApp: 50,
  name: 64,
  /** Rows one sync copies at most. */
  rows: 200_000,
  /** Rows read and written at once. */
  chunk: 500,
  columns: 100,
  query: 10_000,
  /** Connect and statement time limit. */
  timeoutMs: 15_000,
  /** An HTTP JSON answer's size limit. */
  httpBytes: 20 * 1024 * 1024,
  previewRows: 10,
  logs: 50,
} as const;

const Name = Type.String({ minLength: 1, maxLength: DataSourceLimits.name });
const Kind = Type.Union([Type.Literal('postgres'), Type.Literal('mysql'), Type.Literal('http')]);

export const DataSourceBody = Type.Object(
  {
    name: Name,
    kind: Kind,
    host: Type.Optional(Type.String({ maxLength: 255 })),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
    database: Type.Optional(Type.String({ maxLength: 128 })),
    user: Type.Optional(Type.String({ maxLength: 128 })),
    /** The database password, or the HTTP source's bearer token. Omitted on an edit: keep the saved one. */
    password: Type.Optional(Type.String({ maxLength: 1000 })),
    /** HTTP sources: the JSON endpoint (http or https). */
    url: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type DataSourceBody = Static<typeof DataSourceBody>;

export const DataSourceInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: Kind,
  host: Type.String(),
  port: Type.Integer(),
  database: Type.String(),
  user: Type.String(),
  url: Type.String(),
  /** Whether a password/token is saved (it is never sent back). */
  passwordSet: Type.Boolean(),
  syncTables: Type.Integer(),
  createdAt: Type.Number(),
  updatedAt: Type.Number(),
});
export type DataSourceInfo = Static<typeof DataSourceInfo>;

export const DataSourceError = Type.Object({
  code: Type.Union([
    Type.Literal('auth'),
    Type.Literal('unreachable'),
    Type.Literal('databaseMissing'),
    Type.Literal('timeout'),
    Type.Literal('tableMissing'),
    Type.Literal('queryInvalid'),
    Type.Literal('notReadOnly'),
    Type.Literal('blocked'),
    Type.Literal('ownDatabase'),
    Type.Literal('httpStatus'),
    Type.Literal('notJson'),
    Type.Literal('noArray'),
    Type.Literal('tooManyRows'),
    Type.Literal('keyMissing'),
    Type.Literal('keyDuplicate'),
    Type.Literal('other'),
  ]),
  /** In the requester's language. */
  message: Type.String(),
  /** The driver's or server's own words, for an administrator. */
  detail: Type.String(),
});
export type DataSourceError = Static<typeof DataSourceError>;

export const DataSourceTest = Type.Object({ ok: Type.Boolean(), error: Type.Union([DataSourceError, Type.Null()]) });
export type DataSourceTest = Static<typeof DataSourceTest>;

export const SourceColumn = Type.Object({
  name: Type.String(),
  /** The source's own type name (a database type, or the JSON value kind). */
  sourceType: Type.String(),
  fieldType: Type.Union([
    Type.Literal('text'),
    Type.Literal('textarea'),
    Type.Literal('number'),
    Type.Literal('date'),
    Type.Literal('datetime'),
    Type.Literal('checkbox'),
  ]),
});
export type SourceColumn = Static<typeof SourceColumn>;

export const SourceTables = Type.Object({
  tables: Type.Array(Type.Object({ name: Type.String(), columns: Type.Array(SourceColumn) })),
});
export type SourceTables = Static<typeof SourceTables>;

/** What a sync table copies: one of a table, a read-only query, or an HTTP JSON array (its path, '' = the root). */
export const SyncSource = Type.Object(
  {
    table: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: DataSourceLimits.query })),
    path: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type SyncSource = Static<typeof SyncSource>;

export const SourcePreview = Type.Object({
  columns: Type.Array(SourceColumn),
  rows: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  /** HTTP sources: the paths of the arrays of objects in the answer ('' = the root). */
  paths: Type.Array(Type.String()),
});
export type SourcePreview = Static<typeof SourcePreview>;

export const CreateSyncTableBody = Type.Object(
  {
    name: Name,
    source: SyncSource,
    /** The column that identifies a row: re-syncs update and remove by it; '' replaces all rows. */
    keyColumn: Type.String({ maxLength: 200 }),
    schedule: Type.Union([Type.Literal('off'), Type.Literal('hourly'), Type.Literal('daily')]),
    /** Columns to copy with their field type; absent: all, as mapped. */
    columns: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String({ minLength: 1 }),
            fieldType: Type.Union([
              Type.Literal('text'),
              Type.Literal('textarea'),
              Type.Literal('number'),
              Type.Literal('date'),
              Type.Literal('datetime'),
              Type.Literal('checkbox'),
            ]),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: DataSourceLimits.columns },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CreateSyncTableBody = Static<typeof CreateSyncTableBody>;

export const UpdateSyncTableBody = Type.Object(
  { schedule: Type.Union([Type.Literal('off'), Type.Literal('hourly'), Type.Literal('daily')]) },
  { additionalProperties: false },
);

export const SyncLogState = ['running', 'succeeded', 'failed'] as const;
export const SyncLog = Type.Object({
  id: Type.String(),
  state: Type.Union([Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]),
  /** 'manual', 'schedule' or 'create'. */
  trigger: Type.String(),
  startedAt: Type.Number(),
  endedAt: Type.Union([Type.Number(), Type.Null()]),
  rows: Type.Integer(),
  inserted: Type.Integer(),
  updated: Type.Integer(),
  removed: Type.Integer(),
  error: Type.Union([DataSourceError, Type.Null()]),
});
export type SyncLog = Static<typeof SyncLog>;

export const SyncTableInfo = Type.Object({
  schemaCode: Type.String(),
  name: Type.String(),
  sourceId: Type.String(),
  sourceName: Type.String(),
  source: SyncSource,
  keyColumn: Type.String(),
  schedule: Type.Union([Type.Literal('off'), Type.Literal('hourly'), Type.Literal('daily')]),
  nextRunAt: Type.Union([Type.Number(), Type.Null()]),
  lastSync: Type.Union([SyncLog, Type.Null()]),
});
export type SyncTableInfo = Static<typeof SyncTableInfo>;

export const DataSourceParams = Type.Object({ appCode: Type.String(), id: Type.String() });
export const SyncTableParams = Type.Object({ appCode: Type.String(), schemaCode: Type.String() });
export const DataSourceAppParams = Type.Object({ appCode: Type.String() });
