import { Table } from 'antd';
import { randomId } from '../definition.js';
import type { SubField, SubRow } from '../types/subtable.js';
import { isObject, str, useFieldServices } from './types.js';
import { FieldViews } from './views.js';

export const rowsOf = (value: unknown): SubRow[] =>
  Array.isArray(value) ? value.filter(isObject).map((r) => ({ ...r, id: str(r.id) || randomId() })) : [];

/** A sub-table's rows in a record's details, each cell shown by its column type's view. */
export default function SubTableRows({ rows, columns }: { rows: unknown[]; columns: SubField[] }) {
  const { t } = useFieldServices();
  return (
    <Table<SubRow>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rowsOf(rows)}
      data-testid="subtable-view"
      locale={{ emptyText: t('fieldWeb.noRows') }}
      columns={columns.map((c) => {
        const CellView = FieldViews[c.type];
        return {
          key: c.code,
          title: c.name,
          render: (_: unknown, row: SubRow) =>
            CellView ? <CellView value={row[c.code]} settings={c.settings as Record<string, unknown>} /> : null,
        };
      })}
    />
  );
}
