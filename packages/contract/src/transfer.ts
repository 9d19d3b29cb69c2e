import Type, { type Static } from 'typebox';
import { FilterGroup, ViewCode } from './views.js';

/** The number of records a view shows, counted apart from the page (and cached on the server). */
export const RecordCountBody = Type.Object(
  {
    filter: Type.Optional(FilterGroup),
    search: Type.Optional(Type.String({ maxLength: 100 })),
    view: Type.Optional(ViewCode),
  },
  { additionalProperties: false },
);
export const RecordCount = Type.Object({
  count: Type.Integer(),
  /** When the count stopped at the cap: the view holds at least `count` records. */
  capped: Type.Boolean(),
});
export type RecordCount = Static<typeof RecordCount>;

/** Which values a view's grouping field holds (kanban columns), within the member's rule and the view's filter. */
export const RecordGroupsBody = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 64 }),
    filter: Type.Optional(FilterGroup),
    search: Type.Optional(Type.String({ maxLength: 100 })),
    view: Type.Optional(ViewCode),
  },
  { additionalProperties: false },
);
export const RecordGroups = Type.Object({
  /** Option ids (single select) or member ids (member field: each card's first member), sorted. */
  values: Type.Array(Type.String()),
  /** More distinct values exist than were read: the board may lack some columns. */
  capped: Type.Boolean(),
});
export type RecordGroups = Static<typeof RecordGroups>;

/** The relation picker: records of a table by title, searched on the server, a page at a time. */
export const RecordPickBody = Type.Object(
  {
    /** Words in the title or any text field the member may see. */
    search: Type.Optional(Type.String({ maxLength: 100 })),
    cursor: Type.Optional(Type.String({ maxLength: 500 })),
    /** Instead of a search: these records (the picker's current value), when the member reaches them. */
    ids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export const RecordPick = Type.Object({
  resultList: Type.Array(Type.Object({ id: Type.String(), title: Type.String() })),
  nextCursor: Type.String(),
});
export type RecordPick = Static<typeof RecordPick>;

export const ExportFormat = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof ExportFormat)[number];
/** Export a saved view as the member sees it: its filter, sorts and visible columns, their permissions. */
export const ExportQuery = Type.Object(
  {
    format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]),
    view: Type.Optional(Type.String({ maxLength: 64 })),
    search: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

/** Starting an export job: the same choices as the old streamed export (format, view, search). */
export const StartExportBody = ExportQuery;
export const ExportJobState = ['running', 'done', 'failed'] as const;
export type ExportJobState = (typeof ExportJobState)[number];

/** How long a finished export's download link works, and its file stays in the store. */
export const EXPORT_LINK_TTL_MS = 24 * 60 * 60_000;

/**
 * An export job (a view's sheet or a team's zip): written in the background into the file store,
 * then downloaded by its member alone through `downloadUrl` until `expiresAt`.
 */
export const ExportJob = Type.Object({
  id: Type.String(),
  state: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  fileName: Type.String(),
  /** Rows (a table) or items (a team: sheets, files, packages) written so far. */
  processed: Type.Integer(),
  /** What there is to write (an estimate taken when the job starts; processed may pass it). */
  total: Type.Integer(),
  /** 0–100. */
  percent: Type.Integer(),
  /** Same-origin path of the file once done, else ''. */
  downloadUrl: Type.String(),
  expiresAt: Type.Integer(),
  /** Why a failed job stopped, in words. */
  message: Type.String(),
  createdAt: Type.Integer(),
});
export type ExportJob = Static<typeof ExportJob>;

export const ExportJobParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
  jobId: Type.String({ minLength: 1, maxLength: 64 }),
});
export const DownloadParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 64 }) });
export const TeamExportParams = Type.Object({ engineCode: Type.String({ minLength: 1, maxLength: 64 }) });
export const TeamExportJobParams = Type.Object({
  engineCode: Type.String({ minLength: 1, maxLength: 64 }),
  jobId: Type.String({ minLength: 1, maxLength: 64 }),
});

export const ImportMode = ['atomic', 'skip'] as const;
export type ImportMode = (typeof ImportMode)[number];
export const ImportState = ['uploaded', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof ImportState)[number];

/** An import job: the uploaded sheet, how its columns map to fields, and how far it got. */
export const ImportJob = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  state: Type.Union([Type.Literal('uploaded'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  mode: Type.Union([Type.Literal('atomic'), Type.Literal('skip')]),
  /** The sheet's header row. */
  columns: Type.Array(Type.String()),
  /** Column header → field code, suggested by matching names until the member starts the job. */
  mapping: Type.Record(Type.String(), Type.String()),
  /** The first rows, for the preview. */
  preview: Type.Array(Type.Array(Type.String())),
  total: Type.Integer(),
  processed: Type.Integer(),
  created: Type.Integer(),
  /**
   * Rows of this import the table holds so far: `created` once it ends; before, "all or nothing" on
   * SQLite moves its checked rows in chunks (taken back out if it fails), and "skip bad rows" commits
   * chunk by chunk.
   */
  written: Type.Integer(),
  failed: Type.Integer(),
  /** Why a failed job stopped (a message key's text). */
  message: Type.String(),
  createdAt: Type.Integer(),
});
export type ImportJob = Static<typeof ImportJob>;

export const ImportJobParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
  jobId: Type.String({ minLength: 1, maxLength: 64 }),
});
export const StartImportBody = Type.Object(
  {
    mapping: Type.Record(Type.String({ maxLength: 200 }), Type.String({ maxLength: 64 }), { maxProperties: 500 }),
    mode: Type.Union([Type.Literal('atomic'), Type.Literal('skip')]),
  },
  { additionalProperties: false },
);
/** One row the import refused: its line in the sheet (header = 1), the field and why. */
export const ImportError = Type.Object({ row: Type.Integer(), field: Type.String(), message: Type.String() });
export type ImportError = Static<typeof ImportError>;

/** Field types a sheet can fill: plain values, choices by label, people and departments by name. */
export const IMPORTABLE_FIELD_TYPES: ReadonlySet<string> = new Set([
  'text',
  'textarea',
  'richText',
  'phone',
  'email',
  'url',
  'number',
  'money',
  'percent',
  'date',
  'datetime',
  'singleSelect',
  'multiSelect',
  'checkbox',
  'member',
  'department',
]);

/**
 * Text that a spreadsheet would run as a formula (= + - @, or a leading tab or carriage return) is
 * kept as text by a leading apostrophe. Numbers are written as numbers and need nothing. Exports
 * and the import error report both use it.
 */
export function escapeFormula<T extends string | number | null>(cell: T): T {
  if (typeof cell !== 'string') return cell;
  return (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell) as T;
}
