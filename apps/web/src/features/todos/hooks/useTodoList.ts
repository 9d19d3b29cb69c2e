import type { TodoListBody, TodoListItem } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSession } from '../../../shell/session/session-context';
import { todoKeys, todosApi } from '../api/todos-api';

/** The list's page (spec §4: a list update merges the first 20 items). */
export const TODO_PAGE_SIZE = 20;

/** One entry's identity: my work item, or the instance for what I started. */
export const entryKey = (item: TodoListItem): string => item.todos[0]?.workItemId ?? item.instanceId;

/**
 * A to-do list with "load more". The first 20 are a query under `['todos']`: when a to-do changes it
 * is fetched again and merged over what is shown (the entries further down stay, those now in the
 * first 20 are not repeated). Pages loaded by "load more" are kept until the filters change.
 */
export function useTodoList(filters: Omit<TodoListBody, 'pageSize' | 'pageIndex'>) {
  const engineCode = useSession().current?.engineCode ?? '';
  const first = { ...filters, pageSize: TODO_PAGE_SIZE, pageIndex: 0 };
  const filterKey = JSON.stringify(filters);
  const head = useQuery({ queryKey: todoKeys.list(engineCode, first), queryFn: () => todosApi.list(first) });
  const [more, setMore] = useState<{ key: string; pages: TodoListItem[][] }>({ key: filterKey, pages: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  useEffect(() => setMore({ key: filterKey, pages: [] }), [filterKey]);
  const extra = more.key === filterKey ? more.pages : [];

  const items = useMemo(() => {
    const top = head.data?.resultList ?? [];
    const seen = new Set(top.map(entryKey));
    return [...top, ...extra.flat().filter((i) => !seen.has(entryKey(i)))];
  }, [head.data, extra]);
  const total = head.data?.total ?? 0;

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    try {
      const page = await todosApi.list({ ...filters, pageSize: TODO_PAGE_SIZE, pageIndex: extra.length + 1 });
      setMore({ key: filterKey, pages: [...extra, page.resultList] });
    } finally {
      setLoadingMore(false);
    }
  }, [filters, filterKey, extra]);

  return {
    items,
    total,
    loading: head.isPending,
    error: head.isError,
    hasMore: (extra.length + 1) * TODO_PAGE_SIZE < total,
    loadMore,
    loadingMore,
  };
}
