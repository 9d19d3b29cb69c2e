import {
  DashboardNodeMode,
  DashboardNodeType,
  type ShortcutBox,
  type ShortcutMode,
  type ShortcutTreeApp,
  type ShortcutTreeLeaf,
  type ShortcutType,
} from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Empty, Flex, Modal, Radio, Skeleton, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { AppIcon } from '../../apps/components/AppIcon';
import { shortcutKeys, shortcutsApi } from '../api/shortcuts-api';
import { failureText } from '../hooks/useShortcuts';

interface Pick {
  appCode: string;
  schemaCode: string;
  type: ShortcutType;
}
const keyOf = (p: Pick) => `${p.type}:${p.appCode}:${p.schemaCode}`;

/**
 * Spec §5 shortcut creation: apps → groups → tables. Each app has an open-app box, each table a
 * quick-add and a quick-view box (groups none; dashboards and sync tables no quick add); a box already
 * on the workbench is checked and disabled ("已添加至工作台"). At least one box ("没有选中具体数据！").
 * The team owner chooses who sees them (everyone, everyone locked, only themself); other members add
 * shortcuts only they see.
 */
export function AddShortcutDialog({ teamOwner, onClose }: { teamOwner: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const engineCode = useSession().current?.engineCode ?? '';
  const tree = useQuery({ queryKey: shortcutKeys.tree(engineCode), queryFn: shortcutsApi.tree, gcTime: 0 });
  const [picked, setPicked] = useState<Map<string, Pick>>(new Map());
  const [mode, setMode] = useState<ShortcutMode>(teamOwner ? DashboardNodeMode.public : DashboardNodeMode.private);
  const create = useMutation({
    mutationFn: (nodes: Pick[]) =>
      shortcutsApi.create({
        nodes: nodes.map((n) => (n.type === DashboardNodeType.app ? { appCode: n.appCode, type: n.type } : n)),
        mode,
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(shortcutKeys.list(engineCode), data);
      void queryClient.invalidateQueries({ queryKey: shortcutKeys.all(engineCode) });
      message.success(t('shortcuts.added'));
      onClose();
    },
    onError: (error) => message.error(failureText(t('shortcuts.addFailed'), error)),
  });

  const toggle = (pick: Pick, on: boolean) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (on) next.set(keyOf(pick), pick);
      else next.delete(keyOf(pick));
      return next;
    });

  const box = (app: ShortcutTreeApp, leaf: ShortcutTreeLeaf | null, type: ShortcutType, state: ShortcutBox) => {
    if (state === 'none') return null;
    const label =
      type === DashboardNodeType.app
        ? t('shortcuts.openApp')
        : type === DashboardNodeType.linkQuery
          ? t('shortcuts.quickAdd')
          : t('shortcuts.quickView');
    const pick = { appCode: app.appCode, schemaCode: leaf?.code ?? '', type };
    const testId = leaf
      ? `shortcut-box-${type === DashboardNodeType.linkQuery ? 'add' : 'view'}-${leaf.code}`
      : `shortcut-box-app-${app.appCode}`;
    if (state === 'added')
      return (
        <Tooltip title={t('shortcuts.alreadyAdded')}>
          <span data-testid={testId}>
            <Checkbox checked disabled>
              {label}
              <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 4 }}>
                {t('shortcuts.alreadyAdded')}
              </Typography.Text>
            </Checkbox>
          </span>
        </Tooltip>
      );
    return (
      <span data-testid={testId}>
        <Checkbox checked={picked.has(keyOf(pick))} onChange={(e) => toggle(pick, e.target.checked)}>
          {label}
        </Checkbox>
      </span>
    );
  };

  const leafNode = (app: ShortcutTreeApp, leaf: ShortcutTreeLeaf): DataNode => ({
    key: `${app.appCode}:${leaf.code}`,
    title: (
      <Flex align="center" gap={16} wrap>
        <Typography.Text style={{ minWidth: 120 }}>{leaf.displayName}</Typography.Text>
        {box(app, leaf, DashboardNodeType.linkQuery, leaf.add)}
        {box(app, leaf, DashboardNodeType.linkInsert, leaf.view)}
      </Flex>
    ),
  });
  const treeData: DataNode[] = (tree.data ?? []).map((app) => ({
    key: app.appCode,
    title: (
      <Flex align="center" gap={8}>
        <AppIcon icon={app.icon} color={app.color} size={20} />
        <Typography.Text strong style={{ minWidth: 92 }}>
          {app.displayName}
        </Typography.Text>
        {box(app, null, DashboardNodeType.app, app.box)}
      </Flex>
    ),
    children: app.children.map((node) =>
      node.type === 'Group'
        ? {
            key: `${app.appCode}:${node.code}`,
            title: <Typography.Text type="secondary">{node.displayName}</Typography.Text>,
            children: node.children.map((leaf) => leafNode(app, leaf)),
          }
        : leafNode(app, node),
    ),
  }));

  const submit = () => {
    if (picked.size === 0) {
      message.warning(t('shortcuts.noneSelected'));
      return;
    }
    create.mutate([...picked.values()]);
  };

  let body: React.ReactNode;
  if (tree.isPending) body = <Skeleton active />;
  else if (tree.isError)
    body = <Alert type="error" showIcon title={t('shortcuts.treeFailed')} description={errorText(tree.error)} />;
  else if (treeData.length === 0) body = <Empty description={t('shortcuts.noApps')} />;
  else
    body = (
      <Tree
        blockNode
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        style={{ maxHeight: 420, overflow: 'auto' }}
        data-testid="shortcut-tree"
      />
    );

  return (
    <Modal
      open
      width={640}
      title={t('shortcuts.addTitle')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'shortcut-add-submit' }}
      destroyOnHidden
      data-testid="shortcut-add-dialog"
    >
      <Typography.Paragraph type="secondary">{t('shortcuts.addHint')}</Typography.Paragraph>
      {teamOwner ? (
        <Flex align="center" gap={12} style={{ marginBottom: 12 }} wrap>
          <Typography.Text>{t('shortcuts.modeLabel')}</Typography.Text>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as ShortcutMode)}
            data-testid="shortcut-mode"
            options={[
              { value: DashboardNodeMode.public, label: t('shortcuts.modePublic') },
              { value: DashboardNodeMode.lock, label: t('shortcuts.modeLock') },
              { value: DashboardNodeMode.private, label: t('shortcuts.modePrivate') },
            ]}
          />
        </Flex>
      ) : (
        <Alert type="info" showIcon title={t('shortcuts.privateOnly')} style={{ marginBottom: 12 }} />
      )}
      {body}
    </Modal>
  );
}
