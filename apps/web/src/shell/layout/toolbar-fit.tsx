import { Button, type ButtonProps, Tooltip } from 'antd';
import { createContext, type ReactNode, type RefObject, useContext, useLayoutEffect, useRef, useState } from 'react';

/**
 * Toolbars that keep to one line in every language (issue 29: Japanese labels are longer and the
 * table and designer toolbars wrapped onto two lines). A toolbar renders on one line (nowrap); when
 * its content is wider than its room it steps down a level: 1 turns labelled buttons into icon
 * buttons (their label becomes the tooltip and the accessible name), and at the last level the
 * toolbar may wrap, cleanly, as a last resort on a very narrow screen. It steps back up when the
 * room it measured the previous level to need is there again.
 */
export const ToolbarCompact = createContext(false);

/** Whether buttons inside a fitted toolbar show their icons only. */
export const useToolbarCompact = () => useContext(ToolbarCompact);

export interface ToolbarFit<T extends HTMLElement> {
  ref: RefObject<T | null>;
  /** 0: everything labelled; higher: more compact. */
  level: number;
  /** The last level: the toolbar may wrap. */
  wrap: boolean;
}

/**
 * Fits a toolbar to its width. `levels` is the number of compact levels before wrapping; `key`
 * changes when the content's natural width may have changed (labels, language, buttons shown).
 */
export function useToolbarFit<T extends HTMLElement>(levels: number, key: string): ToolbarFit<T> {
  const ref = useRef<T>(null);
  const [level, setLevel] = useState(0);
  // The width each level needed when it was found too wide (what a step back up needs again).
  const needed = useRef<number[]>([]);
  const lastKey = useRef(key);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (lastKey.current !== key) {
      lastKey.current = key;
      needed.current = [];
      if (level !== 0) {
        setLevel(0);
        return;
      }
    }
    const measure = () => {
      const room = el.clientWidth;
      if (level < levels && el.scrollWidth > room + 1) {
        needed.current[level] = el.scrollWidth;
        setLevel(level + 1);
        return;
      }
      const previous = needed.current[level - 1];
      if (level > 0 && previous !== undefined && room >= previous) setLevel(level - 1);
    };
    measure();
    // The bar's own width changes with the window; its groups' widths change when their content does
    // (a lazily loaded button, a count), which leaves the bar's width as it was.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, [level, levels, key]);

  return { ref, level, wrap: level >= levels };
}

/**
 * A toolbar button: its label beside the icon, or (compact: its own say, else the toolbar's) the icon
 * alone with the label as tooltip and accessible name.
 */
export function ToolbarButton({
  label,
  icon,
  compact: own,
  ...props
}: Omit<ButtonProps, 'children'> & { label: ReactNode; icon: ReactNode; compact?: boolean }) {
  const inherited = useToolbarCompact();
  const compact = own ?? inherited;
  if (!compact)
    return (
      <Button icon={icon} {...props}>
        {label}
      </Button>
    );
  return (
    <Tooltip title={label}>
      <Button icon={icon} aria-label={typeof label === 'string' ? label : undefined} {...props} />
    </Tooltip>
  );
}
