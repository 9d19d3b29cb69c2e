import type { FunctionNode, PlacedNode } from '@canopy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../../../shell/api/form-errors';
import { useAppNavigate } from '../../../../shell/navigation/useAppNavigate';
import { appKeys, appsApi } from '../../api/apps-api';
import { useAppWorkspace } from '../../hooks/app-context';
import type { CreatableType } from './node-visuals';

/** The menu's writes: add, rename, move and delete items; the menu shows the server's answer. */
export function useNodeActions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { engineCode, appCode, nodes } = useAppWorkspace();
  const { schemaCode } = useParams();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const key = appKeys.nodes(engineCode, appCode);
  const onError = (error: unknown) => message.error(errorText(error));

  const create = useMutation({
    mutationFn: (input: { type: CreatableType; displayName: string; parentCode: string }) =>
      appsApi.createNode(appCode, {
        type: input.type,
        displayName: input.displayName,
        ...(input.parentCode ? { parentCode: input.parentCode } : {}),
      }),
    onSuccess: async (row) => {
      message.success(t('appNodes.created', { name: row.displayName }));
      await queryClient.invalidateQueries({ queryKey: key });
      if (row.type !== 'Group') navigate(`/app/${encodeURIComponent(appCode)}/${encodeURIComponent(row.code)}`);
    },
    onError,
  });

  const update = useMutation({
    mutationFn: (input: { code: string; displayName?: string; parentCode?: string; index?: number }) => {
      const { code, ...body } = input;
      return appsApi.updateNode(appCode, code, body);
    },
    onSuccess: (tree) => queryClient.setQueryData<FunctionNode[]>(key, tree),
    onError,
  });

  const remove = useMutation({
    mutationFn: (code: string) => appsApi.removeNode(appCode, code),
    onSuccess: async (_ok, code) => {
      message.success(t('appNodes.deleted'));
      await queryClient.invalidateQueries({ queryKey: key });
      if (code === schemaCode) navigate(`/app/${encodeURIComponent(appCode)}`, { replace: true });
    },
    onError,
  });

  const siblingsOf = (node: PlacedNode) => nodes.filter((n) => n.parentCode === node.parentCode);

  /** One place up or down among the node's siblings. */
  const shift = (node: PlacedNode, by: -1 | 1) => {
    const siblings = siblingsOf(node);
    const index = siblings.findIndex((n) => n.code === node.code) + by;
    if (index < 0 || index >= siblings.length) return;
    update.mutate({ code: node.code, index });
  };

  return { create, update, remove, siblingsOf, shift };
}
