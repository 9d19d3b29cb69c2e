import { useQuery } from '@tanstack/react-query';
import { appKeys, appsApi } from '../../api/apps-api';
import { useAppWorkspace } from '../../hooks/app-context';

/** Owner, managers and members of the app in the workspace. */
export function useAppRoles(enabled = true) {
  const { engineCode, appCode } = useAppWorkspace();
  return useQuery({
    queryKey: appKeys.roles(engineCode, appCode),
    queryFn: () => appsApi.roles(appCode),
    enabled,
  });
}
