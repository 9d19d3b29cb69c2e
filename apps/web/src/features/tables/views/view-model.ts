import type { FieldInfo, RecordItem, RecordQueryBody, SortSpec, ViewConfig } from '@canopy/contract';
import { type QueryField, runnableFilter, sortable } from './filter-ops';

export type ViewKind = 'grid' | 'kanban' | 'calendar' | 'gallery';
export const VIEW_KINDS: readonly ViewKind[] = ['grid', 'kanban', 'calendar', 'gallery'];
export const asViewKind = (kind: string): ViewKind =>
  (VIEW_KINDS as readonly string[]).includes(kind) ? (kind as ViewKind) : 'grid';

export type ViewColumn = ViewConfig['columns'][number];
export type RowHeight = ViewConfig['rowHeight'];

/** Pixel height of a grid row per setting; taller rows show more lines of long text. */
export const ROW_HEIGHTS: Record<RowHeight, { px: number; lines: number }> = {
  short: { px: 40, lines: 1 },
  medium: { px: 64, lines: 2 },
  tall: { px: 96, lines: 3 },
};
export const PAGE_SIZES = [20, 50, 100, 200, 500] as const;
export const DEFAULT_WIDTH = 160;

/** A column ready to show: the field and how the view shows it. */
export interface ResolvedColumn {
  field: FieldInfo;
  hidden: boolean;
  frozen: boolean;
  width: number;
}

const defaultWidth = (f: FieldInfo) =>
  f.type === 'subTable' || f.type === 'textarea' || f.type === 'richText' ? 220 : DEFAULT_WIDTH;

/**
 * The view's columns for this member: the saved order first, then fields added since the view was
 * saved (shown, at the end). Deleted fields and fields hidden from the member never appear.
 */
export function resolveColumns(
  columns: ViewColumn[],
  fields: FieldInfo[],
  hidden: (code: string) => boolean,
): ResolvedColumn[] {
  const live = new Map(fields.filter((f) => !f.deleted && !hidden(f.code)).map((f) => [f.code, f]));
  const out: ResolvedColumn[] = [];
  for (const c of columns) {
    const field = live.get(c.field);
    if (!field) continue;
    live.delete(c.field);
    out.push({ field, hidden: c.hidden, frozen: c.frozen === true, width: c.width ?? defaultWidth(field) });
  }
  for (const field of live.values()) out.push({ field, hidden: false, frozen: false, width: defaultWidth(field) });
  return frozenFirst(out);
}

/** Frozen columns stick to the left edge, so they always form the leading block. */
function frozenFirst(columns: ResolvedColumn[]): ResolvedColumn[] {
  return [...columns.filter((c) => c.frozen), ...columns.filter((c) => !c.frozen)];
}

/**
 * Back to the saved shape. Entries of fields this member cannot see keep their place after the
 * visible ones (another member's view of a public grid must not lose them); deleted fields go, as
 * the server refuses them.
 */
export function toSavedColumns(resolved: ResolvedColumn[], previous: ViewColumn[], fields: FieldInfo[]): ViewColumn[] {
  const live = new Set(fields.filter((f) => !f.deleted).map((f) => f.code));
  const shown = new Set(resolved.map((c) => c.field.code));
  const kept = previous.filter((c) => live.has(c.field) && !shown.has(c.field));
  return [
    ...resolved.map((c) => ({
      field: c.field.code,
      hidden: c.hidden,
      width: Math.max(40, Math.min(2000, Math.round(c.width))),
      ...(c.frozen ? { frozen: true } : {}),
    })),
    ...kept,
  ];
}

/**
 * Moves a column to `toIndex`. A column dropped inside the frozen block becomes frozen; one dragged
 * out of it is unfrozen (frozen columns must stay the leading block).
 */
export function moveColumn(columns: ResolvedColumn[], code: string, toIndex: number): ResolvedColumn[] {
  const moved = columns.find((c) => c.field.code === code);
  if (!moved) return columns;
  const others = columns.filter((c) => c !== moved);
  const frozenCount = others.filter((c) => c.frozen).length;
  const target = Math.max(0, Math.min(others.length, toIndex));
  const frozen = target < frozenCount || (moved.frozen && target === frozenCount);
  others.splice(target, 0, { ...moved, frozen });
  return others;
}

export function setHidden(columns: ResolvedColumn[], code: string, hidden: boolean): ResolvedColumn[] {
  return columns.map((c) => (c.field.code === code ? { ...c, hidden } : c));
}

/** Freezing puts the column at the end of the frozen block; unfreezing just after it. */
export function setFrozen(columns: ResolvedColumn[], code: string, frozen: boolean): ResolvedColumn[] {
  const col = columns.find((c) => c.field.code === code);
  if (!col || col.frozen === frozen) return columns;
  const rest = columns.filter((c) => c !== col);
  const block = rest.filter((c) => c.frozen);
  const others = rest.filter((c) => !c.frozen);
  return [...block, { ...col, frozen }, ...others];
}

export function setWidth(columns: ResolvedColumn[], code: string, width: number): ResolvedColumn[] {
  return columns.map((c) => (c.field.code === code ? { ...c, width: Math.max(60, Math.min(2000, width)) } : c));
}

/**
 * A config the server will accept: references to deleted fields are dropped (fields may have been
 * deleted since the view was saved).
 */
export function saveableConfig(config: ViewConfig, fields: FieldInfo[]): ViewConfig {
  const live = new Set(fields.filter((f) => !f.deleted).map((f) => f.code));
  const { groupBy, ...rest } = config;
  return {
    ...rest,
    columns: config.columns.filter((c) => live.has(c.field)),
    ...(groupBy && live.has(groupBy) ? { groupBy } : {}),
  };
}

/**
 * Sorts the query runs with: grouping sorts by the group field first, so a group's rows arrive
 * together page after page (the server takes at most five sorts).
 */
export function effectiveSorts(sorts: SortSpec[], groupBy: QueryField | undefined, known: QueryField[]): SortSpec[] {
  const codes = new Set(known.filter(sortable).map((f) => f.code));
  const valid = sorts.filter((s) => codes.has(s.field));
  if (!groupBy || !sortable(groupBy) || valid.some((s) => s.field === groupBy.code)) return valid.slice(0, 5);
  return [{ field: groupBy.code, direction: 'asc' as const }, ...valid].slice(0, 5);
}

/**
 * The records query of a view: its runnable filter, sorts, the quick search and its page size.
 * `viewCode`: a view the member cannot change (a public one) is named instead, and the server applies
 * its saved filter and sorts whole — some may read fields hidden from this member, which the web app
 * can neither send nor show. Only grouping's first sort goes along.
 */
export function queryBody(
  config: ViewConfig,
  known: QueryField[],
  search: string,
  groupBy?: QueryField,
  viewCode?: string,
  fields?: string[],
): RecordQueryBody {
  const text = search.trim().slice(0, 100);
  const carry = fields ? { fields } : {};
  if (viewCode) {
    const grouping =
      groupBy && sortable(groupBy) && !config.sorts.some((s) => s.field === groupBy.code)
        ? [{ field: groupBy.code, direction: 'asc' as const }]
        : [];
    return {
      view: viewCode,
      sorts: grouping,
      ...(text ? { search: text } : {}),
      limit: Math.max(10, Math.min(500, config.pageSize)),
      ...carry,
    };
  }
  const filter = runnableFilter(config.filter, known);
  return {
    ...(filter ? { filter } : {}),
    sorts: effectiveSorts(config.sorts, groupBy, known),
    ...(text ? { search: text } : {}),
    limit: Math.max(10, Math.min(500, config.pageSize)),
    ...carry,
  };
}

/**
 * The fields a grid's rows carry (issue 15, payload): its shown columns and the group field; the
 * record's title comes with every row anyway. The other kinds read every field they may see.
 */
export function gridFields(columns: ResolvedColumn[], groupBy?: QueryField): string[] {
  const codes = columns.filter((c) => !c.hidden).map((c) => c.field.code);
  const group = groupBy?.field?.code;
  return group && !codes.includes(group) ? [...codes, group] : codes;
}

/** A value's group: option id, the sorted ids of a list, or '' for empty (未分组). */
export function groupKey(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) {
    const ids = value.map((v) => (typeof v === 'object' && v && 'id' in v ? String(v.id) : String(v)));
    return ids.length ? [...ids].sort().join(',') : '';
  }
  if (typeof value === 'boolean') return value ? 'true' : '';
  return String(value);
}

export interface RecordGroup {
  key: string;
  /** A value of the group, to show its label with the field's renderer. */
  sample: unknown;
  rows: RecordItem[];
}

/** Loaded rows in groups, in the order groups first appear; empty values last. */
export function groupRecords(rows: RecordItem[], code: string): RecordGroup[] {
  const groups = new Map<string, RecordGroup>();
  for (const r of rows) {
    const value = r.data[code];
    const key = groupKey(value);
    let g = groups.get(key);
    if (!g) {
      g = { key, sample: value, rows: [] };
      groups.set(key, g);
    }
    g.rows.push(r);
  }
  const list = [...groups.values()];
  return [...list.filter((g) => g.key !== ''), ...list.filter((g) => g.key === '')];
}
