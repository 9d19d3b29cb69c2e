import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

/**
 * Height left for the grid's scrolling body: from the top of `ref` to the bottom of the window,
 * less the header row and what sits below. A virtual table needs a fixed body height.
 */
export function useBodyHeight(ref: RefObject<HTMLElement | null>, below: number): number {
  const [height, setHeight] = useState(400);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const onResize = () => setTick((n) => n + 1);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  // Things above the grid (a selection bar) move it; measuring after each render follows them.
  useLayoutEffect(() => {
    const top = ref.current?.getBoundingClientRect().top ?? 0;
    const next = Math.max(240, Math.round(window.innerHeight - top - below));
    if (Math.abs(next - height) > 1) setHeight(next);
  });
  void tick;
  return height;
}
