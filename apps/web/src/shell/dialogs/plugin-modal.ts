/**
 * The plugin modal's protocol (spec §2): the shell frames a page in a modal and closes it when the
 * framed page, from this same origin, posts `{ type: 'iframe', event: 'modal-close' }`. A page of
 * this product opened that way carries `inModal=1` and shows itself without the shell's frame.
 */
export const PLUGIN_MODAL_PARAM = 'inModal';
export const PLUGIN_MODAL_CLOSE = { type: 'iframe', event: 'modal-close' } as const;

/** This page runs inside the plugin modal of a page of this product. */
export function inPluginModal(): boolean {
  if (typeof window === 'undefined' || window.parent === window) return false;
  return new URLSearchParams(window.location.search).get(PLUGIN_MODAL_PARAM) === '1';
}

/** Asks the page that framed this one to close its plugin modal (only a same-origin parent listens). */
export function closeHostPluginModal(): void {
  window.parent.postMessage(PLUGIN_MODAL_CLOSE, window.location.origin);
}

/** A message that closes the modal: same origin, from the framed page itself, the agreed shape. */
export function isModalClose(event: MessageEvent, frame: Window | null | undefined, origin: string): boolean {
  if (event.origin !== origin || !frame || event.source !== frame) return false;
  const data = event.data as { type?: unknown; event?: unknown } | null;
  return typeof data === 'object' && data !== null && data.type === 'iframe' && data.event === 'modal-close';
}

/** The address the modal frames: a path of this product gets the in-modal mark; others stay as they are. */
export function pluginFrameUrl(url: string, origin: string): string {
  const target = new URL(url, origin);
  if (target.origin === origin) target.searchParams.set(PLUGIN_MODAL_PARAM, '1');
  return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : target.toString();
}
