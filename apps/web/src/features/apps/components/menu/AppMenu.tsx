import { EyeInvisibleOutlined } from '@ant-design/icons';
import { type FunctionNode, FunctionNodeType } from '@canopy/contract';
import { Empty, Menu, type MenuProps, Skeleton, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppNavigate } from '../../../../shell/navigation/useAppNavigate';
import { useAppWorkspace } from '../../hooks/app-context';
import { AddNodeButton } from './AddNodeButton';
import { NodeActions } from './NodeActions';
import { NodeDialogs, useNodeDialogs } from './NodeDialogs';
import { nodeIcon } from './node-visuals';
import './app-menu.css';

type MenuItem = NonNullable<MenuProps['items']>[number];
const EMPTY_GROUP_KEY = '__empty__';

/**
 * The app's left menu from its function-node tree (spec §3): groups holding tables, dashboards, pages
 * and links (which open in a new tab). Editors also see items the custom menu hides from members.
 */
export function AppMenu() {
  const { t } = useTranslation();
  const { appCode, tree, nodes, nodesLoading, canEdit } = useAppWorkspace();
  const { schemaCode = '' } = useParams();
  const navigate = useAppNavigate();
  const dialogs = useNodeDialogs();
  const rows = useMemo(() => new Map(nodes.map((n) => [n.code, n])), [nodes]);
  const groups = useMemo(() => nodes.filter((n) => n.type === 'Group' && !n.parentCode), [nodes]);
  const [closed, setClosed] = useState<string[]>([]);

  const label = (node: FunctionNode, index: number, siblings: FunctionNode[]) => {
    const row = rows.get(node.code);
    const tag = node.tag === 'SharedSchema' || node.tag === 'SyncSchema' ? t(`appNodes.tags.${node.tag}`) : '';
    return (
      <span
        className="canopy-node-label"
        data-testid={`menu-node-${node.displayName}`}
        style={node.hidden ? { opacity: 0.55 } : undefined}
      >
        <span className="canopy-node-name" title={node.type === FunctionNodeType.link ? node.url : node.displayName}>
          {node.displayName}
        </span>
        {node.hidden && (
          <Tooltip title={t('appNodes.hiddenForMembers')}>
            <EyeInvisibleOutlined aria-label={t('appNodes.hiddenForMembers')} data-testid="menu-node-hidden" />
          </Tooltip>
        )}
        {tag && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {tag}
          </Typography.Text>
        )}
        {canEdit && row && (
          <NodeActions
            node={row}
            isFirst={index === 0}
            isLast={index === siblings.length - 1}
            groups={groups}
            onAction={(action) => dialogs.onAction(row, action)}
          />
        )}
      </span>
    );
  };
  const toItems = (list: FunctionNode[]): MenuItem[] =>
    list.map((node, index) =>
      node.type === 'Group'
        ? {
            key: node.code,
            icon: nodeIcon(node.type),
            label: label(node, index, list),
            children: node.children.length
              ? toItems(node.children)
              : [{ key: `${EMPTY_GROUP_KEY}${node.code}`, label: t('appNodes.emptyGroup'), disabled: true }],
          }
        : { key: node.code, icon: nodeIcon(node.type, node.tag), label: label(node, index, list) },
    );

  const groupCodes = groups.map((g) => g.code);
  let body = null;
  if (nodesLoading) body = <Skeleton active title={false} paragraph={{ rows: 5 }} style={{ padding: 16 }} />;
  else if (tree.length === 0)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={canEdit ? t('appNodes.emptyMenuEditor') : t('appNodes.emptyMenu')}
        style={{ padding: '24px 12px' }}
      />
    );
  else
    body = (
      <Menu
        mode="inline"
        className="canopy-app-menu"
        style={{ borderInlineEnd: 'none' }}
        items={toItems(tree)}
        selectedKeys={[schemaCode]}
        openKeys={groupCodes.filter((c) => !closed.includes(c))}
        onOpenChange={(open) => setClosed(groupCodes.filter((c) => !open.includes(c)))}
        onClick={({ key }) => {
          if (key.startsWith(EMPTY_GROUP_KEY)) return;
          const node = rows.get(key);
          if (node?.type === FunctionNodeType.link) window.open(node.url, '_blank', 'noopener,noreferrer');
          else navigate(`/app/${encodeURIComponent(appCode)}/${encodeURIComponent(key)}`);
        }}
        data-testid="app-menu"
      />
    );

  return (
    <nav aria-label={t('appNodes.menuTitle')}>
      {canEdit && (
        <div style={{ padding: '12px 12px 4px' }}>
          <AddNodeButton onPick={(type) => dialogs.openCreate(type, '')} />
        </div>
      )}
      {body}
      <NodeDialogs state={dialogs} groups={groups} />
    </nav>
  );
}
