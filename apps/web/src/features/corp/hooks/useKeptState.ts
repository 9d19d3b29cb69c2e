import { useCallback, useState } from 'react';

/**
 * State that outlives the page (spec §2: enterprise management is kept alive when leaving): the
 * value stays in memory for this browser tab, so coming back shows the same tab, page and search,
 * while the data itself is still in the query cache.
 */
const kept = new Map<string, unknown>();

export function useKeptState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => (kept.has(key) ? (kept.get(key) as T) : initial));
  const set = useCallback(
    (next: T) => {
      kept.set(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}
