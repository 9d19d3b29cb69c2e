import type { RecordItem } from '@canopy/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ConfigProvider } from 'antd';
import useCheckboxStyle from 'antd/es/checkbox/style';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import {
  type CSSProperties,
  Fragment,
  memo,
  type ReactNode,
  type Ref,
  type UIEvent,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { tabAcrossColumns } from './grid-keys';
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
  /** Frozen: always drawn (the others only while in sight or near it). */
  fixed?: boolean;
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
/** Columns this far (px) left or right of the window are drawn too, so a sideways scroll step finds them. */
const SIDE_OVERSCAN = 400;
const SIDE_STEP = 200;
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

  // The scroller's width, from a ResizeObserver (not read on scroll steps): which columns are in sight.
  const [clientWidth, setClientWidth] = useState(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setClientWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setClientWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const [sideStart, setSideStart] = useState(0);
  const sideways = useMemo(
    () => columnsInSight(columns, selectColumn?.width ?? 0, width, clientWidth, sideStart),
    [columns, selectColumn, width, clientWidth, sideStart],
  );

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const { scrollLeft, scrollTop } = el;
    if (scrollLeft !== left.current) {
      left.current = scrollLeft;
      info.onScroll({ currentTarget: el, scrollLeft });
      setShadow(scrollLeft > 0);
      // In steps of SIDE_STEP (within the overscan): the columns drawn change only every few steps.
      setSideStart(Math.floor(scrollLeft / SIDE_STEP) * SIDE_STEP);
    }
    // From the layout the virtualizer computed: no reading of the DOM's sizes on a scroll step.
    onScrolled((total - scrollTop - maxHeight) / rowPx);
  };

  const box = useBoxClasses();
  const rowStyle = useMemo(() => ({ height: rowPx }), [rowPx]);
  const headerStyle = useMemo(() => ({ height: headerPx, background: headerBackground }), [headerPx, headerBackground]);

  return (
    <div className="ant-table-tbody-virtual ant-table-tbody" style={{ position: 'relative' }}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Tab from the cells inside bubbles here (grid-keys.ts) */}
      <div
        ref={setScroller}
        className="ant-table-tbody-virtual-holder canopy-grid-body"
        data-grid-body=""
        onScroll={onScroll}
        onKeyDown={(e) => tabAcrossColumns(e, scroller.current, columns, selectColumn?.width ?? 0)}
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
                    columns={sideways.columns}
                    gap={sideways.gap}
                    end={sideways.end}
                    selectColumn={selectColumn}
                    selected={selection?.selected.has(line.id) ?? false}
                    toggle={selection?.toggle}
                    box={box}
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

interface BoxClasses {
  wrapper: string;
  wrapperChecked: string;
  box: string;
  boxChecked: string;
  input: string;
}

/**
 * The class names of antd's Checkbox (with its styles registered once, here): each row's box is the
 * markup antd's Checkbox draws, without the component — a scroll step mounts a few rows, and antd's
 * Checkbox (wave, semantic styles, its style hooks) cost more than the rest of the row.
 */
function useBoxClasses(): BoxClasses {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const p = getPrefixCls('checkbox');
  const rootCls = useCSSVarCls(p);
  const [hashId, cssVarCls] = useCheckboxStyle(p, rootCls);
  return useMemo(() => {
    const wrapper = `${p}-wrapper ${cssVarCls} ${rootCls} ${hashId}`;
    const box = `${p} ant-wave-target ${hashId}`;
    return {
      wrapper,
      wrapperChecked: `${wrapper} ${p}-wrapper-checked`,
      box,
      boxChecked: `${p} ${p}-checked ant-wave-target ${hashId}`,
      input: `${p}-input`,
    };
  }, [p, rootCls, hashId, cssVarCls]);
}

/**
 * The columns to draw at a sideways scroll position: the frozen ones, and the others within
 * SIDE_OVERSCAN of the window (its start rounded down to SIDE_STEP), after a spacer as wide as those
 * left out before them and before one as wide as those left out after (the cells keep their widths:
 * no spare width to share out). Rows that fit the grid draw every column (they share out spare width).
 */
function columnsInSight(
  all: readonly BodyColumn[],
  startPx: number,
  width: number,
  clientWidth: number,
  scrollLeft: number,
): {
  columns: readonly BodyColumn[];
  gap: { index: number; style: CSSProperties } | null;
  end: CSSProperties | null;
} {
  if (!clientWidth || width <= clientWidth) return { columns: all, gap: null, end: null };
  const from = scrollLeft - SIDE_OVERSCAN;
  const to = scrollLeft + SIDE_STEP + clientWidth + SIDE_OVERSCAN;
  const shown: BodyColumn[] = [];
  let x = startPx;
  let skipped = 0;
  let gapAt = -1;
  let after = 0;
  for (const c of all) {
    const left = x;
    x += c.width;
    if (c.fixed) {
      shown.push(c);
      continue;
    }
    if (x < from) {
      skipped += c.width;
      continue;
    }
    if (left > to) {
      after += c.width;
      continue;
    }
    if (gapAt < 0) gapAt = shown.length;
    shown.push(c);
  }
  if (shown.length === all.length) return { columns: all, gap: null, end: null };
  const gap = skipped > 0 && gapAt >= 0 ? { index: gapAt, style: { flex: `0 0 ${skipped}px` } } : null;
  return { columns: shown, gap, end: after > 0 ? { flex: `0 0 ${after}px` } : null };
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
  gap,
  end,
  selectColumn,
  selected,
  toggle,
  box,
  shadow,
}: {
  record: RecordItem;
  index: number;
  top: number;
  style: CSSProperties;
  columns: readonly BodyColumn[];
  /** Where the columns after the frozen ones start: the width of the columns left out before them. */
  gap: { index: number; style: CSSProperties } | null;
  /** The width of the columns left out after them. */
  end: CSSProperties | null;
  selectColumn?: BodyColumn;
  selected: boolean;
  toggle?: Selection['toggle'];
  box: BoxClasses;
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
          <label className={selected ? box.wrapperChecked : box.wrapper}>
            <span className={selected ? box.boxChecked : box.box}>
              <input
                type="checkbox"
                className={box.input}
                checked={selected}
                aria-label={`Select row ${index}`}
                // React reports a checkbox's change from its click: the event has the shift key.
                onChange={(e) => toggle(index, e.target.checked, (e.nativeEvent as MouseEvent).shiftKey)}
              />
            </span>
          </label>
        </div>
      )}
      {columns.map((c, i) => (
        <Fragment key={c.key}>
          {gap?.index === i && <div style={gap.style} />}
          <div className={cellClass(c, shadow)} style={c.style} data-col={c.key}>
            {c.render(record)}
          </div>
        </Fragment>
      ))}
      {end && <div style={end} />}
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
