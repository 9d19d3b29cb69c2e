import type { AppItem } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shell/session/session-context';
import { appKeys, appsApi } from '../../apps/api/apps-api';
import { preferenceOf, starredFirst } from '../lib/app-order';

const SAVE_ORDER_KEY = ['apps', 'save-order'] as const;

/** The team's apps as the server orders them (starred first, then the member's saved order). */
export function useAppList() {
  const { current } = useSession();
  const engineCode = current?.engineCode ?? '';
  return useQuery({ queryKey: appKeys.list(engineCode), queryFn: appsApi.list, enabled: Boolean(engineCode) });
}

/**
 * Saves a new order and star set (spec §4). The list changes at once; a failed save puts the
 * previous order back and says so. The list is re-read only after the last of several quick
 * changes, so an earlier answer cannot undo a later move on screen.
 */
export function useSaveAppOrder() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { current } = useSession();
  const key = appKeys.list(current?.engineCode ?? '');
  return useMutation({
    mutationKey: SAVE_ORDER_KEY,
    mutationFn: (apps: AppItem[]) => {
      const { appSorts, collectedApps } = preferenceOf(apps);
      return appsApi.savePreference(appSorts, collectedApps);
    },
    onMutate: async (apps) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AppItem[]>(key);
      queryClient.setQueryData<AppItem[]>(key, starredFirst(apps));
      return { previous };
    },
    onError: (_error, _apps, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      message.error(t('apps.saveOrderFailed'));
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: SAVE_ORDER_KEY }) <= 1)
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
