import { CaretDownOutlined, CaretRightOutlined, LockOutlined } from '@ant-design/icons';
import type { RecordItem, RecordQueryBody } from '@canopy/contract';
import { Alert, Flex, Table, type TableColumnType, Tooltip, Typography, theme } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../shell/api/form-errors';
import { FlowStateTag } from '../../../workflow/components/FlowStateTag';
import { FieldValue } from '../../records/FieldValue';
import type { useRecordWrites } from '../useRecordWrites';
import { useViewRecords } from '../useViewRecords';
import type { OpenView, ViewEnv } from '../view-env';
import { type ResolvedColumn, ROW_HEIGHTS } from '../view-model';
import { BatchBar } from './BatchBar';
import { inlineEditable } from './CellEditor';
import { GridCell, GridCellContext, type GridCellEnv, TitleCell } from './GridCells';
import { type GridRow, gridRows, isHeader } from './grid-rows';
import { ResizableHeader, type ResizeProps } from './ResizableHeader';
import { useBodyHeight } from './useBodyHeight';

interface Props {
  env: ViewEnv;
  open: OpenView;
  body: RecordQueryBody;
  columns: ResolvedColumn[];
  onColumns: (columns: ResolvedColumn[]) => void;
  writes: ReturnType<typeof useRecordWrites>;
  empty: ReactNode;
}

const TITLE_WIDTH = 200;
const SELECT_WIDTH = 48;
const FLOW_WIDTHS = { flowState: 110, flowNode: 150 };
/** How many rows below the window start loading the next page, and how big the pages after the first are. */
const AHEAD_ROWS = 100;
export const AHEAD_PAGE = 200;

/**
 * The grid: a virtual table (only the rows in sight are drawn) that loads the next page well before
 * the user nears the bottom, with inline editing, grouping, resizable and frozen columns and
 * selection. Columns, row props and selection keep their identity while pages arrive, and each
 * cell redraws only when its record changes (GridCells.tsx), so a page arriving or a scroll step
 * draws only the rows that come into sight.
 */
export function GridView({ env, open, body, columns, onColumns, writes, empty }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // The first page is the view's page size (quick to answer); the ones after it, loaded ahead of the
  // scroll, are bigger so a fast scroll needs fewer round trips.
  const records = useViewRecords(env, body, true, AHEAD_PAGE);
  const { rows, hasNextPage, isFetchingNextPage, fetchNextPage } = records;
  const [editing, setEditing] = useState<{ id: string; code: string } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [liveWidth, setLiveWidth] = useState<{ code: string; width: number } | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const { config } = open;
  const row = ROW_HEIGHTS[config.rowHeight];
  const bodyHeight = useBodyHeight(frame, 24 + 28 + 48);
  const rights = env.access.accessPermission;
  // Rows are selected to print them (anyone who sees them), change or delete them.
  const selectable = rights.view || rights.delete || rights.edit;
  const groupBy = config.groupBy && env.fields.some((f) => f.code === config.groupBy) ? config.groupBy : undefined;
  const groupField = env.fields.find((f) => f.code === groupBy);

  const lines = useMemo(() => gridRows(rows, groupBy, collapsed), [rows, groupBy, collapsed]);
  const shown = columns.filter((c) => !c.hidden);
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const selectedRows = selected.map((id) => byId.get(id)).filter((r) => r !== undefined);

  // Rows deleted or filtered away leave the selection.
  useEffect(() => {
    setSelected((ids) => (ids.every((id) => byId.has(id)) ? ids : ids.filter((id) => byId.has(id))));
  }, [byId]);

  // A first page shorter than the window has no scrollbar to reach the bottom with: load on
  // (not while groups are collapsed, which would read the whole table to fill the window).
  const short = collapsed.size === 0 && lines.length * row.px < bodyHeight;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && short) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, short, fetchNextPage]);

  // Clicking another cell saves this one and starts that one; the save finishing must not end the new edit.
  const stopEdit = useCallback(
    (id: string, code: string) =>
      setEditing((current) => (current?.id === id && current.code === code ? null : current)),
    [],
  );
  const startEdit = useCallback((id: string, code: string) => setEditing({ id, code }), []);
  // The latest writes and view, read when a cell saves or a column is resized: the columns below stay
  // the same objects while pages arrive (antd then redraws only the rows that are new).
  const latest = useRef({ writes, onColumns, columns });
  latest.current = { writes, onColumns, columns };
  const save = useCallback(
    (record: RecordItem, code: string, value: unknown) => latest.current.writes.update(record, { [code]: value }),
    [],
  );
  const cellEnv = useMemo<GridCellEnv>(
    () => ({
      editing,
      lines: row.lines,
      canEdit: env.canEditField,
      startEdit,
      stopEdit,
      save,
      openRecord: env.onOpen,
      untitled: t('views.untitled'),
      linkColor: token.colorLink,
    }),
    [editing, row.lines, env.canEditField, env.onOpen, startEdit, stopEdit, save, t, token.colorLink],
  );
  const widthOf = (c: ResolvedColumn) => (liveWidth?.code === c.field.code ? liveWidth.width : c.width);
  const span = shown.length + 1 + (env.flow ? 2 : 0);
  const headerCell = (r: GridRow, first: boolean) => (isHeader(r) ? { colSpan: first ? span : 0 } : {});

  // rc-table redraws a cell when its record, index or render function changes: with these columns
  // kept while pages arrive, only new rows and saved ones (a new object) draw; what else the cells
  // show comes from GridCellContext. Group headers are new objects whenever the groups change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `columns` (kept by OpenViewBody) and `liveWidth` make `shown` and its widths
  const tableColumns = useMemo<TableColumnType<GridRow>[]>(() => {
    const list: TableColumnType<GridRow>[] = [
      {
        key: '__title',
        title: t('tables.title'),
        fixed: 'left',
        width: TITLE_WIDTH,
        onCell: (r) => headerCell(r, true),
        render: (_, r) =>
          isHeader(r) ? (
            <Flex
              align="center"
              gap={8}
              style={{ cursor: 'pointer', fontWeight: 500 }}
              onClick={() =>
                setCollapsed((prev) => {
                  const next = new Set(prev);
                  if (next.has(r.key)) next.delete(r.key);
                  else next.add(r.key);
                  return next;
                })
              }
              data-testid="group-header"
            >
              {r.collapsed ? <CaretRightOutlined /> : <CaretDownOutlined />}
              <Typography.Text type="secondary">{groupField?.name}</Typography.Text>
              {r.key === '' || !groupField ? (
                <Typography.Text>{t('views.ungrouped')}</Typography.Text>
              ) : (
                <FieldValue field={groupField} value={r.sample} compact />
              )}
              <Typography.Text type="secondary" data-testid="group-count">
                {t('views.groupCount', { count: r.count })}
              </Typography.Text>
            </Flex>
          ) : (
            <TitleCell record={r} width={TITLE_WIDTH - 24} />
          ),
      },
      ...shown.map((c): TableColumnType<GridRow> => {
        const inline = inlineEditable(c.field);
        return {
          key: c.field.code,
          width: widthOf(c),
          ...(c.frozen ? { fixed: 'left' as const } : {}),
          title: (
            <Flex align="center" gap={4}>
              <Typography.Text ellipsis strong style={{ fontWeight: 500 }}>
                {c.field.name}
              </Typography.Text>
              {!env.canEditField(c.field) && rights.edit && (
                <Tooltip title={t('views.cellReadOnly')}>
                  <LockOutlined style={{ color: token.colorTextTertiary, fontSize: 12 }} />
                </Tooltip>
              )}
            </Flex>
          ),
          onHeaderCell: () =>
            (open.editable
              ? {
                  width: widthOf(c),
                  onResize: (width: number, done: boolean) => {
                    setLiveWidth(done ? null : { code: c.field.code, width });
                    if (done)
                      latest.current.onColumns(
                        latest.current.columns.map((x) => (x.field.code === c.field.code ? { ...x, width } : x)),
                      );
                  },
                }
              : {}) as ResizeProps,
          onCell: (r) => headerCell(r, false),
          render: (_, r) => (isHeader(r) ? null : <GridCell record={r} field={c.field} editable={inline} />),
        };
      }),
    ];
    // The flow's system columns follow the title: where each record stands in its approval.
    if (env.flow)
      list.splice(
        1,
        0,
        {
          key: '__flowState',
          width: FLOW_WIDTHS.flowState,
          title: (
            <Typography.Text strong style={{ fontWeight: 500 }}>
              {t('workflow.column.flowState')}
            </Typography.Text>
          ),
          onCell: (r) => headerCell(r, false),
          render: (_, r) => (isHeader(r) ? null : <FlowStateTag state={r.flowState} result={r.flowResult} />),
        },
        {
          key: '__flowNode',
          width: FLOW_WIDTHS.flowNode,
          title: (
            <Typography.Text strong style={{ fontWeight: 500 }}>
              {t('workflow.column.flowNode')}
            </Typography.Text>
          ),
          onCell: (r) => headerCell(r, false),
          render: (_, r) =>
            isHeader(r) ? null : (
              <Typography.Text ellipsis data-testid="cell-flow-node">
                {r.flowNode}
              </Typography.Text>
            ),
        },
      );
    return list;
  }, [columns, liveWidth, span, groupField, env, rights.edit, open.editable, t, token.colorTextTertiary]);
  // Stable row props and selection: new ones on every render would redraw every row in sight.
  const onRow = useMemo(() => {
    // Group headers stay one line whatever the row height.
    const headerProps = { style: { height: ROW_HEIGHTS.short.px, background: token.colorFillQuaternary } };
    const rowProps = { style: { height: row.px } };
    return (r: GridRow) => (isHeader(r) ? headerProps : rowProps);
  }, [row.px, token.colorFillQuaternary]);
  const rowSelection = useMemo<TableRowSelection<GridRow> | undefined>(
    () =>
      selectable
        ? {
            columnWidth: SELECT_WIDTH,
            fixed: true,
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String).filter((k) => !k.startsWith('group:'))),
            getCheckboxProps: (r) => ({ disabled: isHeader(r) }),
            renderCell: (_checked, r, _index, node) => (isHeader(r) ? null : node),
          }
        : undefined,
    [selectable, selected],
  );
  const flowWidth = env.flow ? FLOW_WIDTHS.flowState + FLOW_WIDTHS.flowNode : 0;
  const scrollX = (selectable ? SELECT_WIDTH : 0) + TITLE_WIDTH + flowWidth + shown.reduce((n, c) => n + widthOf(c), 0);

  return (
    <div data-testid="grid-view">
      {selectable && selectedRows.length > 0 && (
        <BatchBar
          p={env.p}
          selected={selectedRows}
          editableFields={env.fields.filter((f) => env.canEditField(f) && inlineEditable(f))}
          canEdit={rights.edit}
          canDelete={rights.delete}
          writes={writes}
          onClear={() => setSelected([])}
        />
      )}
      {records.isError && <Alert type="error" showIcon title={errorText(records.error)} style={{ marginBottom: 8 }} />}
      <div ref={frame}>
        <GridCellContext.Provider value={cellEnv}>
          <Table<GridRow>
            virtual
            rowKey="id"
            size="middle"
            bordered
            dataSource={lines}
            columns={tableColumns}
            pagination={false}
            loading={records.isLoading}
            scroll={{ x: scrollX, y: bodyHeight }}
            components={{ header: { cell: ResizableHeader } }}
            onRow={onRow}
            rowSelection={rowSelection}
            onScroll={(e) => {
              const el = e.currentTarget;
              // Load the next (bigger) page while AHEAD_ROWS rows are still below: a steady scroll
              // meets rows already there, not a wait at the bottom.
              if (
                hasNextPage &&
                !isFetchingNextPage &&
                el.scrollHeight - el.scrollTop - el.clientHeight < row.px * AHEAD_ROWS
              )
                void fetchNextPage();
            }}
            locale={{ emptyText: empty }}
            data-testid="record-table"
          />
        </GridCellContext.Provider>
      </div>
      <Flex justify="space-between" style={{ marginTop: 6, minHeight: 22 }}>
        <Typography.Text type="secondary" data-testid="grid-loaded">
          {rows.length > 0 && t('views.loadedOf', { count: rows.length })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {isFetchingNextPage ? t('views.loadingMore') : rows.length > 0 && !hasNextPage ? t('views.allLoaded') : ''}
        </Typography.Text>
      </Flex>
    </div>
  );
}
