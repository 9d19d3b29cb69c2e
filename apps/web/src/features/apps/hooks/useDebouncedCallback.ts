import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs `fn` once `wait` ms after the last call (spec §9: app creation saves with a 300 ms
 * debounce, so a double click creates one app). A pending run is dropped on unmount.
 */
export function useDebouncedCallback(fn: () => void, wait: number): () => void {
  const latest = useRef(fn);
  latest.current = fn;
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => latest.current(), wait);
  }, [wait]);
}
