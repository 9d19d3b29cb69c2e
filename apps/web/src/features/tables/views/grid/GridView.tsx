import { CaretDownOutlined, CaretRightOutlined, LockOutlined } from '@ant-design/icons';
import type { RecordItem, RecordQueryBody } from '@canopy/contract';
import { Alert, Flex, Table, type TableColumnType, Tooltip, Typography, theme } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import {
  type CSSProperties,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../../shell/api/form-errors';
import { FlowStateTag } from '../../../workflow/components/FlowStateTag';
import { useAutomationButtons } from '../../records/AutomationButtons';
import { FieldValue } from '../../records/FieldValue';
import type { useRecordWrites } from '../useRecordWrites';
import { useViewRecords } from '../useViewRecords';
import type { OpenView, ViewEnv } from '../view-env';
import { type ResolvedColumn, ROW_HEIGHTS } from '../view-model';
import { CommentCountContext, type CommentCountEnv, useCommentCounts } from './CommentCounts';
import { type BodyColumn, type BodyInfo, GridBody, type Selection } from './GridBody';
import { GridCell, GridCellContext, type GridCellEnv, TitleCell } from './GridCells';
import { type GridRow, type GroupHeader, gridRows, isHeader } from './grid-rows';
import { inlineEditable } from './inline-edit';
import { ResizableHeader, type ResizeProps } from './ResizableHeader';
import { useBodyHeight } from './useBodyHeight';

/** What can be done to the selected rows (with the field editors for a batch change): loaded on the first selection. */
const BatchBar = lazy(() => import('./BatchBar').then((m) => ({ default: m.BatchBar })));

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
// 流程状态 fits its longest tag, 已退回 / 待重新提交.
const FLOW_WIDTHS = { flowState: 150, flowNode: 150 };
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
  const automations = useAutomationButtons(env.engineCode, env.p);
  const rowActions = useMemo(
    () => ({
      buttons: automations.buttons,
      pressing: automations.pressing,
      press: automations.trigger,
      labels: { menu: t('views.rowMenu'), open: t('views.rowOpen') },
    }),
    [automations.buttons, automations.pressing, automations.trigger, t],
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
      rowActions,
      untitled: t('views.untitled'),
      linkColor: token.colorLink,
    }),
    [editing, row.lines, env.canEditField, env.onOpen, rowActions, startEdit, stopEdit, save, t, token.colorLink],
  );
  // Comment counts beside titles: one request per loaded page; a count opens the record at its thread.
  const [, setSearch] = useSearchParams();
  const counts = useCommentCounts(env.engineCode, env.p, records.data?.pages);
  const commentEnv = useMemo<CommentCountEnv>(
    () => ({
      counts,
      open: (id) =>
        setSearch((prev) => {
          const s = new URLSearchParams(prev);
          s.delete('add');
          s.set('record', id);
          s.set('thread', '1');
          return s;
        }),
    }),
    [counts, setSearch],
  );
  const widthOf = (c: ResolvedColumn) => (liveWidth?.code === c.field.code ? liveWidth.width : c.width);

  const renderHeader = useCallback(
    (r: GroupHeader) => (
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
    ),
    [groupField, t],
  );

  // The columns twice: antd's header (titles, resizing, the select-all box) and GridBody's cells.
  // Both stay the same objects while pages arrive, so a page or a scroll step draws only new rows;
  // what else the cells show comes from GridCellContext.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `columns` (kept by OpenViewBody) and `liveWidth` make `shown` and its widths
  const { tableColumns, bodyColumns, selectColumn } = useMemo(() => {
    const header: TableColumnType<GridRow>[] = [];
    const body: { key: string; width: number; fixed: boolean; render: (r: RecordItem) => ReactNode }[] = [];
    let stickyStart = selectable ? SELECT_WIDTH : 0;
    const add = (
      column: TableColumnType<GridRow> & { key: string; width: number },
      render: (r: RecordItem) => ReactNode,
    ) => {
      const fixed = column.fixed === 'left';
      if (fixed) {
        const at = stickyStart;
        const own = column.onHeaderCell;
        header.push({ ...column, onHeaderCell: (c) => ({ ...own?.(c), stickyStart: at }) as ResizeProps });
        stickyStart += column.width;
      } else header.push(column);
      body.push({ key: column.key, width: column.width, fixed, render });
    };
    add({ key: '__title', title: t('tables.title'), fixed: 'left', width: TITLE_WIDTH }, (r) => (
      <TitleCell record={r} width={TITLE_WIDTH - 24} />
    ));
    // The flow's system columns follow the title: where each record stands in its approval.
    if (env.flow) {
      add(
        {
          key: '__flowState',
          width: FLOW_WIDTHS.flowState,
          title: (
            <Typography.Text strong style={{ fontWeight: 500 }}>
              {t('workflow.column.flowState')}
            </Typography.Text>
          ),
        },
        (r) => <FlowStateTag state={r.flowState} result={r.flowResult} />,
      );
      add(
        {
          key: '__flowNode',
          width: FLOW_WIDTHS.flowNode,
          title: (
            <Typography.Text strong style={{ fontWeight: 500 }}>
              {t('workflow.column.flowNode')}
            </Typography.Text>
          ),
        },
        (r) => (
          <Typography.Text ellipsis data-testid="cell-flow-node">
            {r.flowNode}
          </Typography.Text>
        ),
      );
    }
    for (const c of shown) {
      const inline = inlineEditable(c.field);
      add(
        {
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
        },
        (r) => <GridCell record={r} field={c.field} editable={inline} />,
      );
    }
    const cells = bodyCells(selectable ? SELECT_WIDTH : 0, body);
    return { tableColumns: header, bodyColumns: cells.columns, selectColumn: cells.select };
  }, [columns, liveWidth, selectable, env, rights.edit, open.editable, t, token.colorTextTertiary]);

  // The header's select-all box (antd's) and the rows' boxes (GridBody's) share this selection.
  const rowSelection = useMemo<TableRowSelection<GridRow> | undefined>(
    () =>
      selectable
        ? {
            columnWidth: SELECT_WIDTH,
            fixed: true,
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String).filter((k) => !k.startsWith('group:'))),
            getCheckboxProps: (r) => ({ disabled: isHeader(r) }),
          }
        : undefined,
    [selectable, selected],
  );
  const lastClicked = useRef<number | null>(null);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const latestLines = useRef(lines);
  latestLines.current = lines;
  const toggle = useCallback((index: number, checked: boolean, range: boolean) => {
    const all = latestLines.current;
    const from = range && lastClicked.current !== null ? Math.min(lastClicked.current, index) : index;
    const to = range && lastClicked.current !== null ? Math.max(lastClicked.current, index) : index;
    lastClicked.current = index;
    const ids = all
      .slice(from, to + 1)
      .filter((r) => !isHeader(r))
      .map((r) => r.id);
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return [...next];
    });
  }, []);
  const selection = useMemo<Selection | undefined>(
    () => (selectable ? { selected: selectedSet, toggle } : undefined),
    [selectable, selectedSet, toggle],
  );

  const flowWidth = env.flow ? FLOW_WIDTHS.flowState + FLOW_WIDTHS.flowNode : 0;
  const scrollX = (selectable ? SELECT_WIDTH : 0) + TITLE_WIDTH + flowWidth + shown.reduce((n, c) => n + widthOf(c), 0);

  // Load the next (bigger) page while AHEAD_ROWS rows are still below: a steady scroll meets rows
  // already there, not a wait at the bottom.
  const onScrolled = useCallback(
    (rowsBelow: number) => {
      if (hasNextPage && !isFetchingNextPage && rowsBelow < AHEAD_ROWS) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  const loading = records.isLoading;
  // antd's table with its header, and this body (rc-table hands a function body the rows and the
  // header's scroll sync).
  const components = useMemo(
    () => ({
      header: { cell: ResizableHeader },
      body: (data: readonly GridRow[], info: BodyInfo) => (
        <GridBody
          lines={data}
          info={info}
          columns={bodyColumns}
          selectColumn={selectColumn}
          selection={selection}
          width={scrollX}
          maxHeight={bodyHeight}
          rowPx={row.px}
          headerPx={ROW_HEIGHTS.short.px}
          headerBackground={token.colorFillQuaternary}
          renderHeader={renderHeader}
          onScrolled={onScrolled}
          loading={loading}
          empty={empty}
        />
      ),
    }),
    [
      bodyColumns,
      selectColumn,
      selection,
      scrollX,
      bodyHeight,
      row.px,
      token.colorFillQuaternary,
      renderHeader,
      onScrolled,
      loading,
      empty,
    ],
  );

  return (
    <div data-testid="grid-view">
      {selectable && selectedRows.length > 0 && (
        <Suspense fallback={null}>
          <BatchBar
            p={env.p}
            selected={selectedRows}
            editableFields={env.fields.filter((f) => env.canEditField(f) && inlineEditable(f))}
            canEdit={rights.edit}
            canDelete={rights.delete}
            writes={writes}
            onClear={() => setSelected([])}
          />
        </Suspense>
      )}
      {records.isError && <Alert type="error" showIcon title={errorText(records.error)} style={{ marginBottom: 8 }} />}
      <div ref={frame}>
        <CommentCountContext.Provider value={commentEnv}>
          <GridCellContext.Provider value={cellEnv}>
            <Table<GridRow>
              rowKey="id"
              size="middle"
              bordered
              dataSource={lines}
              columns={tableColumns}
              pagination={false}
              loading={loading}
              scroll={{ x: scrollX, y: bodyHeight }}
              components={components}
              rowSelection={rowSelection}
              data-testid="record-table"
            />
          </GridCellContext.Provider>
        </CommentCountContext.Provider>
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

/**
 * The body's cells, placed as antd places its own: frozen columns stick at the summed widths of the
 * frozen ones before them, stack over the rest, and the last casts the shadow.
 */
function bodyCells(
  selectWidth: number,
  list: { key: string; width: number; fixed: boolean; render: (r: RecordItem) => ReactNode }[],
): { columns: BodyColumn[]; select?: BodyColumn } {
  const all = selectWidth ? [{ key: '__select', width: selectWidth, fixed: true, render: () => null }, ...list] : list;
  const count = all.length;
  let offset = 0;
  const cells = all.map((c, i): BodyColumn => {
    // Grow in proportion to the width, as the header's fixed-layout table shares out spare room.
    const base: CSSProperties = { flex: `${c.width} 0 ${c.width}px`, width: c.width };
    if (!c.fixed) return { ...c, style: base, className: 'ant-table-cell', shadow: false };
    const shadow = !all[i + 1]?.fixed;
    const style = {
      ...base,
      insetInlineStart: offset,
      '--z-offset': count * 2 - i,
      '--z-offset-reverse': count + i,
    } as CSSProperties;
    offset += c.width;
    const select = i === 0 && selectWidth ? ' ant-table-selection-column' : '';
    return {
      ...c,
      style,
      shadow,
      className: `ant-table-cell${select} ant-table-cell-fix ant-table-cell-fix-start${shadow ? ' ant-table-cell-fix-start-shadow' : ''}`,
    };
  });
  return selectWidth ? { columns: cells.slice(1), select: cells[0] } : { columns: cells };
}
