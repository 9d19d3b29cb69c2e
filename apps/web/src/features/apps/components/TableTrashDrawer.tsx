import type { FunctionNode } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, List, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { appKeys, appsApi } from '../api/apps-api';
import { useAppWorkspace } from '../hooks/app-context';
import { nodeIcon } from './menu/node-visuals';

/**
 * 数据表回收站: the app's deleted data tables (for its editors), each restorable with its data or
 * deleted for good after a confirmation.
 */
export function TableTrashDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { engineCode, appCode } = useAppWorkspace();
  const queryClient = useQueryClient();
  const trash = useQuery({
    queryKey: appKeys.tableTrash(engineCode, appCode),
    queryFn: () => appsApi.deletedTables(appCode),
    enabled: open,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: appKeys.app(engineCode, appCode) });

  const restore = useMutation({
    mutationFn: (node: FunctionNode) => appsApi.restoreTable(appCode, node.code),
    onSuccess: (_data, node) => {
      message.success(t('tableTrash.restored', { name: node.displayName }));
      return refresh();
    },
    onError: (error) => message.error(errorText(error)),
  });
  const purge = useMutation({
    mutationFn: (node: FunctionNode) => appsApi.purgeTable(appCode, node.code),
    onSuccess: (_data, node) => {
      message.success(t('tableTrash.purged', { name: node.displayName }));
      return refresh();
    },
    onError: (error) => message.error(errorText(error)),
  });

  const confirmPurge = (node: FunctionNode) =>
    modal.confirm({
      title: t('tableTrash.purgeTitle', { name: node.displayName }),
      content: t('tableTrash.purgeContent'),
      okText: t('tableTrash.purge'),
      okButtonProps: { danger: true, 'data-testid': 'table-purge-confirm' },
      // The failure is already shown; the dialog just closes.
      onOk: () => purge.mutateAsync(node).catch(() => undefined),
    });

  return (
    <Drawer open={open} onClose={onClose} title={t('tableTrash.title')} size={440} data-testid="table-trash">
      <Typography.Paragraph type="secondary">{t('tableTrash.intro')}</Typography.Paragraph>
      {trash.isError ? (
        <Result
          status="warning"
          title={t('tableTrash.loadFailed')}
          extra={<Button onClick={() => void trash.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <List
          loading={trash.isPending}
          dataSource={trash.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tableTrash.empty')} /> }}
          renderItem={(node) => (
            <List.Item
              data-testid={`table-trash-item-${node.displayName}`}
              actions={[
                <Button
                  key="restore"
                  size="small"
                  loading={restore.isPending && restore.variables?.code === node.code}
                  onClick={() => restore.mutate(node)}
                  data-testid="table-trash-restore"
                >
                  {t('tableTrash.restore')}
                </Button>,
                <Button
                  key="purge"
                  size="small"
                  danger
                  loading={purge.isPending && purge.variables?.code === node.code}
                  onClick={() => confirmPurge(node)}
                  data-testid="table-trash-purge"
                >
                  {t('tableTrash.purge')}
                </Button>,
              ]}
            >
              <List.Item.Meta avatar={nodeIcon(node.type, node.tag)} title={node.displayName} />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
