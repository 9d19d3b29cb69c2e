import { type MouseEvent as ReactMouseEvent, type ThHTMLAttributes, useRef } from 'react';

export interface ResizeProps {
  /** Live width while dragging; `done` once the mouse is released (the moment to save). */
  onResize?: (width: number, done: boolean) => void;
  width?: number;
  /**
   * A frozen column's offset from the start. rc-table takes its header's sticky offsets from widths
   * it measures in its own body, which a custom body (GridBody) does not have: they would all be 0.
   */
  stickyStart?: number;
}

/** A header cell with a handle on its right edge that drags the column wider or narrower. */
export function ResizableHeader({
  onResize,
  width,
  stickyStart,
  children,
  ...props
}: ThHTMLAttributes<HTMLTableCellElement> & ResizeProps) {
  const start = useRef<{ x: number; width: number } | null>(null);
  // The select-all box sticks at the start like the rows' boxes (GridBody); a frozen column after it.
  const at = stickyStart ?? (props.className?.includes('ant-table-selection-column') ? 0 : undefined);
  // An offset needs the sticky position: on antd's relative header cell it would shift the cell
  // and leave a blank gap where it stood (issue 29: a blank cell between the box and 标题).
  const rest =
    at === undefined
      ? props
      : {
          ...props,
          className: `${props.className ?? ''} ant-table-cell-fix ant-table-cell-fix-start`,
          style: { ...props.style, position: 'sticky' as const, insetInlineStart: at, zIndex: 3 },
        };
  if (!onResize || !width) return <th {...rest}>{children}</th>;

  const down = (event: ReactMouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    start.current = { x: event.clientX, width };
    let last = width;
    const move = (e: MouseEvent) => {
      if (!start.current) return;
      last = Math.max(60, Math.min(2000, start.current.width + e.clientX - start.current.x));
      onResize(last, false);
    };
    const up = () => {
      start.current = null;
      document.removeEventListener('mousemove', move);
      document.removeEventListener('mouseup', up);
      document.body.style.cursor = '';
      onResize(last, true);
    };
    document.addEventListener('mousemove', move);
    document.addEventListener('mouseup', up);
    document.body.style.cursor = 'col-resize';
  };

  return (
    // antd positions header cells itself (relative, or sticky when frozen); the handle sits in either.
    <th {...rest}>
      {children}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a mouse-only affordance; widths are also kept per view */}
      <span
        onMouseDown={down}
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          insetInlineEnd: -4,
          width: 8,
          cursor: 'col-resize',
          zIndex: 2,
        }}
      />
    </th>
  );
}
