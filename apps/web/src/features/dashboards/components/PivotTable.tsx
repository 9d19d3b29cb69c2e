import { escapeFormula, type FilterGroup, type PivotResult, type Widget, type WidgetDimension } from '@canopy/contract';
import { Empty, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type RefObject, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bucketLabel,
  cellKey,
  formatFull,
  groupCondition,
  orderKeys,
  type PivotRow,
  pivotRows,
  withCondition,
} from '../widget-model';
import { GroupRecords } from './GroupRecords';
import { useFieldNames } from './widget-labels';

/** What an export writes: header rows, then body rows (labels as text, figures as numbers). */
export interface PivotSheet {
  header: string[][];
  body: (string | number | null)[][];
}

/**
 * A pivot widget: row dimensions down the side (the outer one spanning its inner groups, a subtotal
 * after each), a column per column group and measure, totals on the right and at the bottom. Every
 * figure is the server's (subtotals and totals too); clicking one opens its records.
 */
export function PivotTable({
  widget,
  result,
  sheet,
}: {
  widget: Widget;
  result: PivotResult;
  /** Filled with what the table shows, for the xlsx export. */
  sheet: RefObject<(() => PivotSheet) | null>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { fieldName, measureName, familyOf } = useFieldNames(widget.query);
  const [picked, setPicked] = useState<{ filter: FilterGroup; title: string } | null>(null);
  const layout = widget.query.pivot;
  const rowDims = layout?.rows ?? [];
  const colDims = layout?.columns ?? [];
  const dims = [...rowDims, ...colDims];
  const measures = widget.query.measures;
  const measureNames = measures.map(measureName);

  const labelOf = (dim: number, key: string | null): string => {
    if (key === null) return t('dashboards.emptyGroup');
    const d = dims[dim] as WidgetDimension;
    if (d.granularity) return bucketLabel(key, d.granularity, (unit, values) => t(`dashboards.bucket.${unit}`, values));
    return result.labels[dim]?.[key] ?? key;
  };
  const order = (dim: number, keys: (string | null)[]) =>
    orderKeys(keys, dims[dim] as WidgetDimension, (k) => labelOf(dim, k), language);

  const values = useMemo(() => new Map(result.cells.map((c) => [cellKey(c.r, c.c), c.values])), [result]);
  const rows = pivotRows(result.cells, rowDims.length, order);
  const columnKeys = order(rowDims.length, [
    ...new Set(result.cells.filter((c) => c.c.length === colDims.length).map((c) => c.c[0] ?? null)),
  ]);
  const columnGroups: { c: (string | null)[]; title: string }[] = [
    ...columnKeys.map((k) => ({ c: [k], title: labelOf(rowDims.length, k) })),
    { c: [], title: t('dashboards.pivot.total') },
  ];

  /** The records behind a cell: the widget's filter and one condition per key the cell has. */
  const open = (row: PivotRow, c: (string | null)[]) => {
    let filter: FilterGroup | null | undefined = widget.query.filter;
    const keys = [...row.r.map((k, i) => ({ k, d: i })), ...c.map((k, i) => ({ k, d: rowDims.length + i }))];
    for (const { k, d } of keys) {
      const dim = dims[d] as WidgetDimension;
      const family = familyOf(dim.field);
      const condition = family ? groupCondition(dim.field, family, dim.granularity, k) : null;
      filter = condition && filter !== null ? withCondition(filter ?? undefined, condition) : null;
      if (!filter) return;
    }
    const names = keys.map(({ k, d }) => labelOf(d, k));
    setPicked({
      filter: filter ?? { op: 'and', conditions: [] },
      title: `${widget.title || t('dashboards.kind.pivot')}：${names.length ? names.join(' / ') : t('dashboards.pivot.total')}`,
    });
  };

  const rowTitle = (row: PivotRow, dim: number): string => {
    if (row.kind === 'total') return dim === 0 ? t('dashboards.pivot.total') : '';
    if (row.kind === 'subtotal') return dim === 0 ? '' : t('dashboards.pivot.subtotal');
    return labelOf(dim, row.r[dim] ?? null);
  };
  const columns: ColumnsType<PivotRow> = [
    ...rowDims.map((d, i) => ({
      title: fieldName(d.field),
      key: `r${i}`,
      fixed: 'left' as const,
      width: 120,
      ellipsis: true,
      render: (_: unknown, row: PivotRow) =>
        row.kind === 'cell' ? rowTitle(row, i) : <Typography.Text strong>{rowTitle(row, i)}</Typography.Text>,
      // The outer dimension's label spans its inner groups and their subtotal.
      onCell: (row: PivotRow) =>
        i === 0 && rowDims.length > 1 && row.kind !== 'total'
          ? { rowSpan: row.span }
          : i === 0 && row.kind === 'total'
            ? { colSpan: rowDims.length }
            : i > 0 && row.kind === 'total'
              ? { colSpan: 0 }
              : {},
    })),
    ...columnGroups.map((g) => {
      const leaf = (m: number) => ({
        title: measures.length > 1 ? measureNames[m] : g.title,
        key: `${cellKey([], g.c)}:${m}`,
        align: 'right' as const,
        width: 110,
        render: (_: unknown, row: PivotRow) => {
          const v = values.get(cellKey(row.r, g.c))?.[m] ?? null;
          const text = formatFull(v, language);
          return (
            <Typography.Link
              onClick={() => open(row, g.c)}
              strong={row.kind !== 'cell' || g.c.length === 0}
              data-testid="pivot-cell"
              data-row={row.r.map((k) => labelOf(0, k)).join('/')}
              data-column={g.title}
            >
              {text}
            </Typography.Link>
          );
        },
      });
      return measures.length > 1
        ? { title: g.title, key: cellKey([], g.c), children: measures.map((_, m) => leaf(m)) }
        : leaf(0);
    }),
  ];

  sheet.current = () => {
    const head = [...rowDims.map((d) => fieldName(d.field))];
    const header =
      measures.length > 1
        ? [
            [...head, ...columnGroups.flatMap((g) => measures.map((_, m) => (m === 0 ? g.title : '')))],
            [...head.map(() => ''), ...columnGroups.flatMap(() => measureNames)],
          ]
        : [[...head, ...columnGroups.map((g) => g.title)]];
    const body = rows.map((row) => [
      ...rowDims.map(
        (_, i) => rowTitle(row, i) || (row.kind === 'subtotal' && i === 0 ? labelOf(0, row.r[0] ?? null) : ''),
      ),
      ...columnGroups.flatMap((g) => measures.map((_, m) => values.get(cellKey(row.r, g.c))?.[m] ?? null)),
    ]);
    return { header, body };
  };

  if (result.cells.every((c) => c.r.length === 0)) {
    // Only the totals: no record at all.
    return (
      <Flex align="center" justify="center" style={{ height: '100%' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboards.noData')} />
      </Flex>
    );
  }
  return (
    <>
      {picked && (
        <GroupRecords
          schemaCode={widget.query.schemaCode}
          filter={picked.filter}
          title={picked.title}
          onClose={() => setPicked(null)}
        />
      )}
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content', y: '100%' }}
        style={{ height: '100%', overflow: 'auto' }}
        rowClassName={(row) => (row.kind === 'cell' ? '' : 'pivot-total-row')}
        data-testid="pivot-table"
      />
    </>
  );
}

/** Writes the pivot as an xlsx (exceljs, loaded on first export), text escaped so no cell runs as a formula. */
export async function downloadPivot(sheet: PivotSheet, name: string, sheetName: string): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheetName);
  for (const row of sheet.header) ws.addRow(row.map((v) => escapeFormula(v))).font = { bold: true };
  for (const row of sheet.body) ws.addRow(row.map((v) => (typeof v === 'string' ? escapeFormula(v) : v)));
  ws.columns.forEach((c) => {
    c.width = 16;
  });
  const buffer = await book.xlsx.writeBuffer();
  const url = URL.createObjectURL(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.xlsx`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
