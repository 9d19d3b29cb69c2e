import type { AppEndpoints, AppItem, BodyOf } from '@canopy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../shell/api/form-errors';
import { useAppNavigate } from '../../../../shell/navigation/useAppNavigate';
import { appKeys, appsApi } from '../../api/apps-api';
import { useAppWorkspace } from '../../hooks/app-context';

/** The settings popover's writes: look and name, delete, exit, transfer (spec §6, §8 texts). */
export function useAppSettingsActions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { engineCode, appCode, app } = useAppWorkspace();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();

  /**
   * Leaving the app for good (deleted or exited): back to the workbench first, then refresh the
   * lists. (Refreshing the app's own queries while still on it would re-run the access check and
   * show the app-unavailable page instead.)
   */
  const leave = (text: string) => {
    message.success(text);
    navigate('/home', { replace: true });
    void queryClient.invalidateQueries({ queryKey: appKeys.list(engineCode) });
    void queryClient.invalidateQueries({ queryKey: appKeys.recycleBin(engineCode) });
  };

  const update = useMutation({
    mutationFn: (body: BodyOf<typeof AppEndpoints.update>) => appsApi.update(appCode, body),
    onSuccess: (saved) => {
      queryClient.setQueryData<AppItem>(appKeys.detail(engineCode, appCode), saved);
      void queryClient.invalidateQueries({ queryKey: appKeys.list(engineCode) });
      message.success(t('appSettings.saved'));
    },
    onError: (error) => message.error(errorText(error)),
  });

  const remove = useMutation({
    mutationFn: () => appsApi.remove(appCode),
    onSuccess: () => leave(t('appSettings.deleted')),
    onError: (error) => message.error(errorText(error)),
  });

  const exit = useMutation({
    mutationFn: () => appsApi.exit(appCode),
    onSuccess: () => leave(t('appSettings.exited')),
    onError: () => message.error(t('appSettings.exitFailed')),
  });

  const transfer = useMutation({
    mutationFn: (newOwnerId: string) => appsApi.transfer({ appCode, originalOwnerId: app.ownerUserId, newOwnerId }),
    onSuccess: async () => {
      message.success(t('appSettings.transferDone'));
      await queryClient.invalidateQueries({ queryKey: appKeys.all(engineCode) });
    },
    onError: () => message.error(t('appSettings.transferFailed')),
  });

  return { update, remove, exit, transfer };
}
