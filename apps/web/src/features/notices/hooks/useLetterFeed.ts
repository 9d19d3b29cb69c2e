import { type Letter, Limits } from '@canopy/contract';
import { useCallback, useRef, useState } from 'react';
import { useSession } from '../../../shell/session/session-context';
import { fetchLetters } from '../api/notice-api';

/** Below this many items left in the unread-only list, the next page is loaded (spec §4). */
const REFILL_BELOW = 5;

export interface LetterFeed {
  items: Letter[];
  total: number;
  loading: boolean;
  hasMore: boolean;
  /** Starts over from the first page. */
  reload: () => void;
  /** The next page; `drawn`: how many items the caller's list shows (a stale measure loads nothing). */
  loadMore: (drawn?: number) => void;
  /** A letter was read: the unread-only list drops it (total and offset fall by one) and refills. */
  markedRead: (id: number) => void;
}

interface FeedState {
  items: Letter[];
  total: number;
  offset: number;
}

/**
 * The popup's list, page by page (10), unread only or all. Paging is by offset; since a read letter
 * leaves the unread list on the server too, the offset falls with it, so the next page neither
 * skips nor repeats a letter.
 */
export function useLetterFeed(unreadOnly: boolean): LetterFeed {
  const userId = useSession().user.id;
  const [state, setState] = useState<FeedState>({ items: [], total: 0, offset: 0 });
  const [loading, setLoading] = useState(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  // Answers of an older reload (or mode) are dropped.
  const generation = useRef(0);
  const busy = useRef(false);

  const load = useCallback(
    async (from: FeedState, gen: number) => {
      busy.current = true;
      setLoading(true);
      try {
        const page = await fetchLetters({
          offset: from.offset,
          pageSize: Limits.noticePageSize,
          ...(unreadOnly ? { readStatus: 0 } : {}),
          userId,
        });
        if (gen !== generation.current) return;
        const known = new Set(from.items.map((l) => l.id));
        const fresh = page.resultList.filter((l) => !known.has(l.id));
        const next = {
          items: [...from.items, ...fresh],
          total: page.totalCount,
          offset: from.offset + page.resultList.length,
        };
        stateRef.current = next;
        setState(next);
      } catch {
        // The catalogue has shown the error; the footer offers to try again.
      } finally {
        if (gen === generation.current) {
          busy.current = false;
          setLoading(false);
        }
      }
    },
    [unreadOnly, userId],
  );

  const reload = useCallback(() => {
    generation.current += 1;
    const empty = { items: [], total: 0, offset: 0 };
    stateRef.current = empty;
    setState(empty);
    void load(empty, generation.current);
  }, [load]);

  const loadMore = useCallback(
    (drawn?: number) => {
      const s = stateRef.current;
      if (busy.current || s.items.length >= s.total) return;
      // Loaded but not drawn yet: the caller measured a list shorter than the state's.
      if (drawn !== undefined && drawn < s.items.length) return;
      void load(s, generation.current);
    },
    [load],
  );

  const markedRead = useCallback(
    (id: number) => {
      const s = stateRef.current;
      if (!unreadOnly) {
        const next = { ...s, items: s.items.map((l) => (l.id === id ? { ...l, readStatus: 1 } : l)) };
        stateRef.current = next;
        setState(next);
        return;
      }
      if (!s.items.some((l) => l.id === id)) return;
      const next = {
        items: s.items.filter((l) => l.id !== id),
        total: Math.max(0, s.total - 1),
        offset: Math.max(0, s.offset - 1),
      };
      stateRef.current = next;
      setState(next);
      if (next.items.length < REFILL_BELOW && next.items.length < next.total && !busy.current)
        void load(next, generation.current);
    },
    [unreadOnly, load],
  );

  return {
    items: state.items,
    total: state.total,
    loading,
    hasMore: state.items.length < state.total,
    reload,
    loadMore,
    markedRead,
  };
}
