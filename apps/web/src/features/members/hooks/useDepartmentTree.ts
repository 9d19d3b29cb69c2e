import type { Department } from '@canopy/contract';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSession } from '../../../shell/session/session-context';
import { orgApi, orgKeys } from '../api/org-api';

/**
 * The department tree, loaded lazily: the root first, then the children of each expanded
 * department. Each level is its own query, so a write that invalidates the organisation refreshes
 * exactly the levels on screen.
 */
export function useDepartmentTree() {
  const { current } = useSession();
  const engineCode = current?.engineCode ?? '';
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState<string[]>([]);
  const root = useQuery({ queryKey: orgKeys.root(engineCode), queryFn: orgApi.root, enabled: Boolean(engineCode) });
  const rootId = root.data?.objectId;
  const open = useMemo(() => (rootId ? [...new Set([rootId, ...expanded])] : []), [rootId, expanded]);

  const levels = useQueries({
    queries: open.map((id) => ({ queryKey: orgKeys.children(engineCode, id), queryFn: () => orgApi.children(id) })),
  });

  const childrenById = useMemo(() => {
    const map = new Map<string, Department[]>();
    open.forEach((id, i) => {
      const data = levels[i]?.data;
      if (data)
        map.set(
          id,
          [...data].sort((a, b) => a.sortKey - b.sortKey || a.name.localeCompare(b.name)),
        );
    });
    return map;
  }, [open, levels]);

  const byId = useMemo(() => {
    const map = new Map<string, Department>();
    if (root.data) map.set(root.data.objectId, root.data);
    for (const list of childrenById.values()) for (const d of list) map.set(d.objectId, d);
    return map;
  }, [root.data, childrenById]);

  /** Loads one level (the tree's lazy load) and keeps it open. */
  const load = useCallback(
    async (id: string) => {
      await queryClient.fetchQuery({ queryKey: orgKeys.children(engineCode, id), queryFn: () => orgApi.children(id) });
      setExpanded((keys) => (keys.includes(id) ? keys : [...keys, id]));
    },
    [queryClient, engineCode],
  );

  return {
    root: root.data,
    rootLoading: root.isPending,
    rootError: root.isError,
    retry: () => void root.refetch(),
    childrenById,
    byId,
    expanded: open,
    setExpanded,
    load,
  };
}

export type DepartmentTree = ReturnType<typeof useDepartmentTree>;
