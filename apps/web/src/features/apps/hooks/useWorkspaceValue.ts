import { flattenNodeTree } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../../../shell/session/session-context';
import { appKeys, appsApi } from '../api/apps-api';
import type { AppWorkspaceContext } from './app-context';

/** Loads an app, the member's rights on it and its menu: the value of AppWorkspaceContext (null while loading). */
export function useWorkspaceValue(appCode: string, adminMode: boolean) {
  const engineCode = useSession().current?.engineCode ?? '';
  const detail = useQuery({ queryKey: appKeys.detail(engineCode, appCode), queryFn: () => appsApi.get(appCode) });
  const permission = useQuery({
    queryKey: appKeys.permission(engineCode, appCode),
    queryFn: () => appsApi.permission(appCode),
  });
  const nodes = useQuery({ queryKey: appKeys.nodes(engineCode, appCode), queryFn: () => appsApi.nodes(appCode) });

  const context = useMemo<AppWorkspaceContext | null>(() => {
    if (!detail.data || !permission.data) return null;
    const perm = permission.data;
    return {
      engineCode,
      appCode,
      app: detail.data,
      permission: perm,
      tree: nodes.data ?? [],
      nodes: flattenNodeTree(nodes.data ?? []),
      nodesLoading: nodes.isPending,
      canEdit: perm.app.edit,
      canOwn: perm.isAppOwner || perm.adminMode,
      adminMode,
    };
  }, [engineCode, appCode, detail.data, permission.data, nodes.data, nodes.isPending, adminMode]);

  const failed = detail.isError || permission.isError;
  const retry = () => {
    void detail.refetch();
    void permission.refetch();
  };
  return { context, failed, retry };
}
