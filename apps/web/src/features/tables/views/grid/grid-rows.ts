import type { RecordItem } from '@canopy/contract';
import { groupRecords } from '../view-model';

/** A group's header line in a grouped grid. */
export interface GroupHeader {
  id: string;
  header: true;
  key: string;
  sample: unknown;
  count: number;
  collapsed: boolean;
}
export type GridRow = RecordItem | GroupHeader;
export const isHeader = (row: GridRow): row is GroupHeader => 'header' in row;

/**
 * The grid's lines: the records, or under grouping each group's header followed by its records
 * (left out while the group is collapsed). Counts are of the rows loaded so far.
 */
export function gridRows(rows: RecordItem[], groupBy: string | undefined, collapsed: ReadonlySet<string>): GridRow[] {
  if (!groupBy) return rows;
  const out: GridRow[] = [];
  for (const g of groupRecords(rows, groupBy)) {
    const closed = collapsed.has(g.key);
    out.push({
      id: `group:${g.key}`,
      header: true,
      key: g.key,
      sample: g.sample,
      count: g.rows.length,
      collapsed: closed,
    });
    if (!closed) out.push(...g.rows);
  }
  return out;
}
