import { readShortcutProperties, type ShortcutList } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { shortcutKeys, shortcutsApi } from '../api/shortcuts-api';

/** The team's shortcuts in the saved order, with what this member may do with each. */
export function useShortcutList() {
  const engineCode = useSession().current?.engineCode ?? '';
  return useQuery({
    queryKey: shortcutKeys.list(engineCode),
    queryFn: shortcutsApi.list,
    enabled: Boolean(engineCode),
  });
}

/** A failure toast: the spec's fixed text (§8), then the server's reason when it gives one. */
export function failureText(spec: string, error: unknown): string {
  const detail = errorText(error);
  return detail && detail !== spec ? `${spec} ${detail}` : spec;
}

/**
 * Saves a new order (spec §4: the root's layout). The cards move at once; a failed save puts the
 * previous order back and says "修改失败".
 */
export function useSaveShortcutOrder() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const engineCode = useSession().current?.engineCode ?? '';
  const key = shortcutKeys.list(engineCode);
  return useMutation({
    mutationFn: (layout: string[]) => shortcutsApi.saveLayout(layout),
    onMutate: async (layout) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ShortcutList>(key);
      if (previous) {
        const byCode = new Map(previous.nodes.map((n) => [n.code, n]));
        const nodes = layout.flatMap((code) => byCode.get(code) ?? []);
        queryClient.setQueryData<ShortcutList>(key, {
          ...previous,
          root: {
            ...previous.root,
            properties: JSON.stringify({ ...readShortcutProperties(previous.root.properties), layout }),
          },
          nodes,
        });
      }
      return { previous };
    },
    onError: (error, _layout, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      message.error(failureText(t('shortcuts.reorderFailed'), error));
    },
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
