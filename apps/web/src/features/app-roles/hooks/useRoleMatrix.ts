import type { AppRoleMatrix } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { errorText } from '../../../shell/api/form-errors';
import { appKeys } from '../../apps/api/apps-api';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { appRoleKeys, appRolesApi } from '../api/app-roles-api';

/** The app's role matrix (roles, grants, rights per table). */
export function useRoleMatrix() {
  const { engineCode, appCode } = useAppWorkspace();
  return useQuery({
    queryKey: appRoleKeys.matrix(engineCode, appCode),
    queryFn: () => appRolesApi.matrix(appCode),
  });
}

/**
 * A write to the matrix: afterwards the matrix is read again, and the app's members list too (a
 * grant changes who is in the app). Failures show as a toast unless the caller handles them.
 */
export function useRoleWrite<A, R>(
  write: (appCode: string, args: A) => Promise<R>,
  success?: string,
  /** false: the caller shows the failure itself (a form puts it on its fields). */
  toastErrors = true,
) {
  const { engineCode, appCode } = useAppWorkspace();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => write(appCode, args),
    onSuccess: async () => {
      if (success) message.success(success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: appRoleKeys.matrix(engineCode, appCode) }),
        queryClient.invalidateQueries({ queryKey: appKeys.roles(engineCode, appCode) }),
      ]);
    },
    onError: (error) => {
      if (toastErrors) message.error(errorText(error));
    },
  });
}

export type MatrixRole = AppRoleMatrix['roles'][number];
export type MatrixTable = AppRoleMatrix['tables'][number];
