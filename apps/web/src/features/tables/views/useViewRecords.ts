import type { RecordItem, RecordQueryBody } from '@canopy/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { tableKeys, tablesApi } from '../api/tables-api';
import type { ViewEnv } from './view-env';

/**
 * A view's records, a page at a time by cursor. The previous pages stay on screen while a changed
 * filter or search loads, so the list does not flash empty.
 */
export function useViewRecords(env: ViewEnv, body: RecordQueryBody, enabled = true) {
  const { p, engineCode } = env;
  const query = useInfiniteQuery({
    queryKey: [...tableKeys.viewRecords(engineCode, p.appCode, p.schemaCode), body],
    queryFn: ({ pageParam, signal }) =>
      tablesApi.query(p, { ...body, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor || undefined,
    placeholderData: (previous) => previous,
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
