type Listener = (path: string) => void;
const listeners = new Set<Listener>();

/**
 * Tells whoever listens that a write the user made succeeded (any non-GET call). The new-user guide
 * listens to check its current step against the server right after the user does something, rather
 * than on a timer.
 */
export function onServerChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyServerChange(path: string): void {
  for (const listener of listeners) listener(path);
}
