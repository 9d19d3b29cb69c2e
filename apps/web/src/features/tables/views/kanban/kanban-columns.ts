import type { FieldInfo, RecordItem } from '@canopy/contract';
import { optionsOf } from '@canopy/fields/web/view';

export interface KanbanColumn {
  /** '' is the 未分组 column. */
  key: string;
  /** What a card dropped here gets as the field's value. */
  value: unknown;
  color: string;
  rows: RecordItem[];
}

const firstId = (v: unknown): string => (Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '');

/**
 * The board's columns. A single select has one per option, in the options' order; a member field
 * one per member heading a card anywhere in the view (`members`, asked from the server, so columns
 * do not depend on the cards loaded so far; a card with several members sits under the first), with
 * the current member always offered so a card can be taken. 未分组 comes last.
 */
export function kanbanColumns(
  field: FieldInfo,
  rows: RecordItem[],
  memberId: string,
  members: readonly string[] = [],
): KanbanColumn[] {
  const columns = new Map<string, KanbanColumn>();
  if (field.type === 'singleSelect') {
    for (const o of optionsOf(field.settings)) columns.set(o.id, { key: o.id, value: o.id, color: o.color, rows: [] });
  } else {
    for (const id of [memberId, ...members])
      if (id && !columns.has(id)) columns.set(id, { key: id, value: [id], color: '', rows: [] });
  }
  const ungrouped: KanbanColumn = { key: '', value: null, color: '', rows: [] };
  for (const r of rows) {
    const v = r.data[field.code];
    const key = field.type === 'singleSelect' ? (typeof v === 'string' ? v : '') : firstId(v);
    let column = key ? columns.get(key) : undefined;
    if (!column && key && field.type !== 'singleSelect') {
      column = { key, value: [key], color: '', rows: [] };
      columns.set(key, column);
    }
    (column ?? ungrouped).rows.push(r);
  }
  return [...columns.values(), ungrouped];
}

/** Which column a record is in now (to ignore a drop on its own column). */
export function columnKeyOf(field: FieldInfo, record: RecordItem): string {
  const v = record.data[field.code];
  if (field.type === 'singleSelect') {
    const known = optionsOf(field.settings).some((o) => o.id === v);
    return known && typeof v === 'string' ? v : '';
  }
  return firstId(v);
}
