import { DataSourceEndpoints, type DataSourceInfo, type SyncTableInfo } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shell/api/client';

export const inline = { errors: 'inline' } as const;
const sourcesKey = (appCode: string) => ['datasources', appCode] as const;
const syncsKey = (appCode: string) => ['sync-tables', appCode] as const;

export function useSources(appCode: string) {
  return useQuery<DataSourceInfo[]>({
    queryKey: sourcesKey(appCode),
    queryFn: () => call(DataSourceEndpoints.list, { params: { appCode }, ...inline }),
  });
}

/** The sync tables, polled while one of them is syncing. */
export function useSyncTables(appCode: string) {
  return useQuery<SyncTableInfo[]>({
    queryKey: syncsKey(appCode),
    queryFn: () => call(DataSourceEndpoints.syncTables, { params: { appCode }, ...inline }),
    refetchInterval: (q) => (q.state.data?.some((s) => s.lastSync?.state === 'running') ? 1_500 : false),
  });
}

export function useRefresh(appCode: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: sourcesKey(appCode) }),
      client.invalidateQueries({ queryKey: syncsKey(appCode) }),
    ]);
}
