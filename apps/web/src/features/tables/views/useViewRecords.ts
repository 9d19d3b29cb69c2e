import type { RecordItem, RecordQueryBody } from '@canopy/contract';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { tableKeys, tablesApi } from '../api/tables-api';
import type { ViewEnv } from './view-env';

/**
 * A view's records, a page at a time by cursor. The previous pages stay on screen while a changed
 * filter or search loads, so the list does not flash empty. `aheadLimit`: the size of the pages
 * after the first (the first is the body's own limit, quick to answer; later ones are loaded ahead
 * of a scroll and may be bigger).
 */
export function viewRecordsOptions(env: ViewEnv, body: RecordQueryBody, aheadLimit = 0) {
  const { p, engineCode } = env;
  return infiniteQueryOptions({
    queryKey: [...tableKeys.viewRecords(engineCode, p.appCode, p.schemaCode), body],
    queryFn: ({ pageParam, signal }) =>
      tablesApi.query(
        p,
        !pageParam
          ? body
          : aheadLimit
            ? { ...body, cursor: pageParam, limit: Math.min(500, Math.max(body.limit ?? 0, aheadLimit)) }
            : { ...body, cursor: pageParam },
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
}

export function useViewRecords(env: ViewEnv, body: RecordQueryBody, enabled = true, aheadLimit = 0) {
  const query = useInfiniteQuery({
    ...viewRecordsOptions(env, body, aheadLimit),
    placeholderData: (previous) => previous,
    // A first page fetched moments ago (OpenViewBody asks for the grid's while it renders) is not
    // fetched again as the grid mounts; writes still invalidate it at once.
    staleTime: 5_000,
    enabled,
  });
  const rows = useMemo<RecordItem[]>(() => query.data?.pages.flatMap((page) => page.resultList) ?? [], [query.data]);
  return { ...query, rows };
}

/**
 * How many records the view holds, asked apart from the page (the server counts up to a cap and
 * caches briefly) so a slow count never holds the list back.
 */
export function useRecordCount(env: ViewEnv, body: Pick<RecordQueryBody, 'filter' | 'search' | 'view'>) {
  const { p, engineCode } = env;
  const countBody = {
    ...(body.filter ? { filter: body.filter } : {}),
    ...(body.search ? { search: body.search } : {}),
    ...(body.view ? { view: body.view } : {}),
  };
  return useQuery({
    queryKey: [...tableKeys.count(engineCode, p.appCode, p.schemaCode), countBody],
    queryFn: ({ signal }) => tablesApi.count(p, countBody, signal),
    placeholderData: (previous) => previous,
    staleTime: 10_000,
  });
}
