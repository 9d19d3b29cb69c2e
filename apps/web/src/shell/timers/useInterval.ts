import { useEffect, useRef } from 'react';

/**
 * Runs `tick` every `everyMs` (first run after `firstMs`, default one period) while `enabled`;
 * cleans up on unmount. The latest `tick` is always used, so callers need not memoise it.
 */
export function useInterval(tick: () => void, everyMs: number, options: { enabled?: boolean; firstMs?: number } = {}) {
  const { enabled = true, firstMs = everyMs } = options;
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!enabled) return;
    let interval: number | undefined;
    const first = window.setTimeout(() => {
      latest.current();
      interval = window.setInterval(() => latest.current(), everyMs);
    }, firstMs);
    return () => {
      window.clearTimeout(first);
      if (interval !== undefined) window.clearInterval(interval);
    };
  }, [enabled, everyMs, firstMs]);
}
