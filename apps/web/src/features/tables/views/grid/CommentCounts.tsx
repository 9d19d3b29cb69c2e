import { MessageOutlined } from '@ant-design/icons';
import { CommentLimits, type RecordItem } from '@canopy/contract';
import { useQueries } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { commentKeys, commentsApi } from '../../api/comments-api';

type P = { appCode: string; schemaCode: string };

/** Comments per record id of the rows loaded, and how to open a record's thread. */
export interface CommentCountEnv {
  counts: Record<string, number>;
  open: (id: string) => void;
}

/** Only the title cells read it: counts arriving redraw them, not every cell. */
export const CommentCountContext = createContext<CommentCountEnv | null>(null);

/**
 * The comment counts of the grid's loaded pages: one grouped request per page of records (at most
 * CommentLimits.countIdsMax ids), never one per row. A page's counts are asked again when its ids change.
 */
export function useCommentCounts(
  engineCode: string,
  p: P,
  pages: { resultList: RecordItem[] }[] | undefined,
): Record<string, number> {
  const chunks = useMemo(() => {
    const out: string[][] = [];
    for (const page of pages ?? []) {
      const ids = page.resultList.map((r) => r.id);
      for (let i = 0; i < ids.length; i += CommentLimits.countIdsMax)
        out.push(ids.slice(i, i + CommentLimits.countIdsMax));
    }
    return out.filter((c) => c.length);
  }, [pages]);
  const results = useQueries({
    queries: chunks.map((ids) => ({
      queryKey: [...commentKeys.counts(engineCode, p.appCode, p.schemaCode), ids.join(',')],
      queryFn: ({ signal }: { signal: AbortSignal }) => commentsApi.counts(p, ids, signal),
      staleTime: 30_000,
    })),
  });
  // A new object only when an answer arrives: the title cells redraw then, not on every render.
  const stamp = results.map((r) => r.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answers' times stand for the answers
  return useMemo(() => Object.assign({}, ...results.map((r) => r.data ?? {})) as Record<string, number>, [stamp]);
}

/** The record's comment count beside its title; a click opens the record at its thread. */
export function CommentCount({ id }: { id: string }) {
  const { t } = useTranslation();
  const env = useContext(CommentCountContext);
  const n = env?.counts[id];
  if (!env || !n) return null;
  return (
    <button
      type="button"
      onClick={() => env.open(id)}
      aria-label={t('tables.comments.count', { count: n })}
      title={t('tables.comments.count', { count: n })}
      data-testid="comment-count"
      style={{ border: 0, background: 'none', padding: '0 4px', cursor: 'pointer', color: 'inherit', flex: 'none' }}
    >
      <MessageOutlined /> {n}
    </button>
  );
}
