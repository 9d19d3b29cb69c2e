import { type RefObject, useEffect, useRef } from 'react';

/**
 * The control that opened the first of a chain of dialogs. A record's drawer is replaced by the
 * next one (the add form by the new record's detail) rather than closed, so the chain keeps its
 * first opener: closing the last one returns there.
 */
let opener: HTMLElement | null = null;
/** How many dialogs using this are open: focus returns only when the last one has gone. */
let open = 0;

const outsideDialogs = (el: Element | null) => !el || el === document.body || !el.closest('[role="dialog"]');

/**
 * Focus for a dialog that is mounted while open and unmounted to close (antd moves focus only for
 * the dialogs it opens and closes itself), WCAG 2.4.3: once open, focus goes to the returned ref's
 * element (the dialog's title, tabIndex -1) unless it is already inside a dialog; once gone, focus
 * goes back to the control that opened it, unless it already went somewhere on purpose.
 */
export function useDialogFocus<T extends HTMLElement>(): RefObject<T | null> {
  const target = useRef<T | null>(null);
  useEffect(() => {
    open += 1;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && outsideDialogs(active)) opener = active;
    // After the drawer has drawn (and a replaced one has left the page).
    const enter = requestAnimationFrame(() => {
      if (outsideDialogs(document.activeElement)) target.current?.focus({ preventScroll: true });
    });
    return () => {
      cancelAnimationFrame(enter);
      open -= 1;
      const back = opener;
      requestAnimationFrame(() => {
        if (open > 0) return;
        // The chain has ended: a later dialog opened from nowhere (a link) returns nowhere.
        opener = null;
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && back?.isConnected) back.focus();
      });
    };
  }, []);
  return target;
}
