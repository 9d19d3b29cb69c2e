import type { KeyboardEvent } from 'react';

/** What this needs of a body column (GridBody.tsx BodyColumn). */
interface Column {
  key: string;
  width: number;
  fixed?: boolean;
}

/** What Tab stops at inside a cell: the editable cell itself, a link-like button, a box. */
const FOCUSABLE = '[tabindex="0"], button, input, a[href]';
/** Frames to wait for a column scrolled into sight to be drawn before giving up. */
const MAX_FRAMES = 30;

/**
 * Tab and Shift+Tab across columns the grid has not drawn (GridBody draws only the columns in sight
 * sideways): the browser's own order would skip them and land on the frozen title or the next row.
 * When the next cell of the row in that direction is not drawn, the body is scrolled to bring its
 * column into sight and the cell is focused once drawn; a cell with nothing to focus is passed over
 * as the browser would. Drawn cells are left to the browser.
 */
export function tabAcrossColumns(
  e: KeyboardEvent<HTMLDivElement>,
  scroller: HTMLDivElement | null,
  columns: readonly Column[],
  startPx: number,
): void {
  if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey || !scroller) return;
  const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-col]');
  const row = cell?.closest<HTMLElement>('[data-row-key]');
  if (!cell || !row) return;
  const step = e.shiftKey ? -1 : 1;
  const at = columns.findIndex((c) => c.key === cell.dataset.col);
  if (at < 0) return;
  const drawn = (key: string) => row.querySelector<HTMLElement>(`[data-col="${CSS.escape(key)}"]`);
  // The nearest column in that direction that is not drawn, unless a drawn one with a focus stop comes first.
  let target = -1;
  for (let i = at + step; i >= 0 && i < columns.length; i += step) {
    const c = columns[i] as Column;
    const el = drawn(c.key);
    if (!el) {
      target = i;
      break;
    }
    if (el.querySelector(FOCUSABLE)) return;
  }
  if (target < 0) return;
  e.preventDefault();
  const frozen = startPx + columns.filter((c) => c.fixed).reduce((sum, c) => sum + c.width, 0);
  const rowKey = row.dataset.rowKey ?? '';
  const focusFrom = (index: number, frames: number) => {
    const c = columns[index];
    if (!c) return;
    let left = startPx;
    for (let i = 0; i < index; i++) left += (columns[i] as Column).width;
    scroller.scrollLeft = step > 0 ? left + c.width - scroller.clientWidth : left - frozen;
    const tryFocus = (tries: number) => {
      const line = scroller.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(rowKey)}"]`);
      const el = line?.querySelector<HTMLElement>(`[data-col="${CSS.escape(c.key)}"]`);
      if (!el) {
        if (tries > 0) requestAnimationFrame(() => tryFocus(tries - 1));
        return;
      }
      const stop = el.querySelector<HTMLElement>(FOCUSABLE);
      if (stop) stop.focus();
      // Nothing to stop at in this cell: on to the next column, as the browser's order would.
      else if (frames > 0) focusFrom(index + step, frames - 1);
    };
    requestAnimationFrame(() => tryFocus(MAX_FRAMES));
  };
  focusFrom(target, columns.length);
}
