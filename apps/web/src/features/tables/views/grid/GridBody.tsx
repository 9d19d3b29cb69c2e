import type { RecordItem } from '@canopy/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Checkbox } from 'antd';
import {
  type CSSProperties,
  memo,
  type ReactNode,
  type Ref,
  type UIEvent,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type GridRow, type GroupHeader, isHeader } from './grid-rows';
import './grid.css';

/** One column of the body: its width, where it sticks when frozen, and what its cells show. */
export interface BodyColumn {
  key: string;
  width: number;
  /** The cell's style (width, and for a frozen column its sticky offset and stacking), one object per column. */
  style: CSSProperties;
  className: string;
  /** The last frozen column: it casts antd's shadow over the columns scrolled beneath it. */
  shadow: boolean;
  render: (record: RecordItem) => ReactNode;
}

/** What rc-table hands a custom scroll body: it syncs the header's horizontal scroll through these. */
export interface BodyInfo {
  ref: Ref<unknown>;
  onScroll: (info: { currentTarget?: HTMLElement; scrollLeft?: number }) => void;
}

export interface Selection {
  selected: ReadonlySet<string>;
  /** A row's checkbox; with shift, every record from the last one clicked to this one. */
  toggle: (index: number, checked: boolean, range: boolean) => void;
}

interface Props {
  lines: readonly GridRow[];
  info: BodyInfo;
  columns: readonly BodyColumn[];
  /** The selection column's cell (first), when rows can be selected. */
  selectColumn?: BodyColumn;
  selection?: Selection;
  width: number;
  maxHeight: number;
  rowPx: number;
  headerPx: number;
  headerBackground: string;
  renderHeader: (header: GroupHeader) => ReactNode;
  /** Called on each scroll step with the rows left below the window (to load the next page ahead). */
  onScrolled: (rowsBelow: number) => void;
  loading: boolean;
  empty: ReactNode;
}

const OVERSCAN = 6;
const EMPTY_HEIGHT = 160;

/**
 * The grid's body in antd's table (its `components.body`): rows of a fixed height on a native
 * scroller, drawn by @tanstack/react-virtual from arithmetic alone. antd's own virtual list reads
 * every drawn row's height after each row mounts (a forced layout, then a second render), which
 * cost most of a scroll frame; here nothing is measured, and a scroll step draws only the rows that
 * come into sight (rows and cells are memoized). The markup keeps antd's virtual-table classes, so
 * antd's styles (borders, frozen columns and their shadow, selected rows) apply unchanged.
 */
export function GridBody({
  lines,
  info,
  columns,
  selectColumn,
  selection,
  width,
  maxHeight,
  rowPx,
  headerPx,
  headerBackground,
  renderHeader,
  onScrolled,
  loading,
  empty,
}: Props) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const [shadow, setShadow] = useState(false);
  const [viewWidth, setViewWidth] = useState(0);
  const left = useRef(0);
  // A new key function when the lines or the row height change makes the virtualizer lay the rows
  // out again from `estimateSize` (group headers move as pages arrive).
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowPx and headerPx change the layout, see above
  const itemKey = useCallback((i: number) => lines[i]?.id ?? i, [lines, rowPx, headerPx]);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (lines[i] && isHeader(lines[i]) ? headerPx : rowPx),
    getItemKey: itemKey,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();

  // rc-table reads the scroller's scrollbar width (the header keeps a gutter for it) and moves its
  // scrollLeft when the header is scrolled: it gets the element itself.
  const { ref } = info;
  const setScroller = useCallback(
    (el: HTMLDivElement | null) => {
      scroller.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) (ref as { current: unknown }).current = el;
    },
    [ref],
  );
  useLayoutEffect(() => {
    if (lines.length === 0 && scroller.current) setViewWidth(scroller.current.clientWidth);
  }, [lines.length]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const { scrollLeft, scrollTop } = el;
    if (scrollLeft !== left.current) {
      left.current = scrollLeft;
      info.onScroll({ currentTarget: el, scrollLeft });
      setShadow(scrollLeft > 0);
    }
    // From the layout the virtualizer computed: no reading of the DOM's sizes on a scroll step.
    onScrolled((total - scrollTop - maxHeight) / rowPx);
  };

  const rowStyle = useMemo(() => ({ height: rowPx }), [rowPx]);
  const headerStyle = useMemo(() => ({ height: headerPx, background: headerBackground }), [headerPx, headerBackground]);

  return (
    <div className="ant-table-tbody-virtual ant-table-tbody" style={{ position: 'relative' }}>
      <div
        ref={setScroller}
        className="ant-table-tbody-virtual-holder canopy-grid-body"
        data-grid-body=""
        onScroll={onScroll}
        style={{ maxHeight, overflow: 'auto', overflowAnchor: 'none' }}
      >
        {lines.length === 0 ? (
          <div style={{ width, height: EMPTY_HEIGHT }}>
            {!loading && (
              <div
                className="ant-table-placeholder"
                style={{ position: 'sticky', insetInlineStart: 0, width: viewWidth || '100%', padding: 16 }}
              >
                {empty}
              </div>
            )}
          </div>
        ) : (
          // At least as wide as the grid: antd's header table stretches its columns to fill it, the
          // cells here grow in proportion to their widths as its columns do.
          <div style={{ height: total, width, minWidth: '100%', position: 'relative' }}>
            <div
              className="ant-table-tbody-virtual-holder-inner"
              style={{ position: 'absolute', top: 0, left: 0, width, minWidth: '100%', height: total }}
            >
              {items.map((item) => {
                const line = lines[item.index];
                if (!line) return null;
                return isHeader(line) ? (
                  <HeaderLine
                    key={item.key}
                    header={line}
                    top={item.start}
                    style={headerStyle}
                    selectColumn={selectColumn}
                    first={columns[0]}
                    width={width - (selectColumn?.width ?? 0)}
                    render={renderHeader}
                  />
                ) : (
                  <RecordLine
                    key={item.key}
                    record={line}
                    index={item.index}
                    top={item.start}
                    style={rowStyle}
                    columns={columns}
                    selectColumn={selectColumn}
                    selected={selection?.selected.has(line.id) ?? false}
                    toggle={selection?.toggle}
                    shadow={shadow}
                  />
                );
              })}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * A row placed on its own (absolute, at its offset) and contained: drawing the rows coming into sight
 * lays out only them, not the other rows in the window.
 */
const placed = (style: CSSProperties, top: number): CSSProperties => ({
  ...style,
  position: 'absolute',
  top,
  left: 0,
  contain: 'size layout style',
});

const cellClass = (c: BodyColumn, shadow: boolean) =>
  c.shadow && shadow ? `${c.className} ant-table-cell-fix-start-shadow-show` : c.className;

/** A record's row; drawn again only when its record, selection or the frozen columns' shadow change. */
const RecordLine = memo(function RecordLine({
  record,
  index,
  top,
  style,
  columns,
  selectColumn,
  selected,
  toggle,
  shadow,
}: {
  record: RecordItem;
  index: number;
  top: number;
  style: CSSProperties;
  columns: readonly BodyColumn[];
  selectColumn?: BodyColumn;
  selected: boolean;
  toggle?: Selection['toggle'];
  shadow: boolean;
}) {
  const rowStyle = useMemo(() => placed(style, top), [style, top]);
  return (
    <div
      className={selected ? 'ant-table-row ant-table-row-selected' : 'ant-table-row'}
      data-row-key={record.id}
      style={rowStyle}
    >
      {selectColumn && toggle && (
        <div className={cellClass(selectColumn, shadow)} style={selectColumn.style}>
          <Checkbox
            checked={selected}
            aria-label={`Select row ${index}`}
            onChange={(e) => toggle(index, e.target.checked, (e.nativeEvent as MouseEvent).shiftKey)}
          />
        </div>
      )}
      {columns.map((c) => (
        <div key={c.key} className={cellClass(c, shadow)} style={c.style}>
          {c.render(record)}
        </div>
      ))}
    </div>
  );
});

/**
 * A group's header line: after the selection column, one cell across the row, drawn as antd drew
 * it (the title column's frozen cell, widened), so its label stays in sight when scrolled sideways.
 */
const HeaderLine = memo(function HeaderLine({
  header,
  top,
  style,
  selectColumn,
  first,
  width,
  render,
}: {
  header: GroupHeader;
  top: number;
  style: CSSProperties;
  selectColumn?: BodyColumn;
  first?: BodyColumn;
  width: number;
  render: (header: GroupHeader) => ReactNode;
}) {
  const cell = useMemo(() => ({ ...first?.style, flex: `${width} 0 ${width}px`, width }), [first, width]);
  const rowStyle = useMemo(() => placed(style, top), [style, top]);
  return (
    <div className="ant-table-row" data-row-key={header.id} style={rowStyle}>
      {selectColumn && <div className={selectColumn.className} style={selectColumn.style} />}
      <div className={first?.className ?? 'ant-table-cell'} style={cell}>
        {render(header)}
      </div>
    </div>
  );
});
