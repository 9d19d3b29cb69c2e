import type { FunctionNode } from '@canopy/contract';
import { Checkbox, Divider, Empty, Radio, Tree, type TreeDataNode, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nodeIcon } from '../../apps/components/menu/node-visuals';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { appRolesApi } from '../api/app-roles-api';
import { type MatrixRole, type MatrixTable, useRoleWrite } from '../hooks/useRoleMatrix';
import { SaveDrawer } from './SaveDrawer';

const toTree = (nodes: FunctionNode[]): TreeDataNode[] =>
  nodes.map((n) => ({
    key: n.code,
    title: (
      <span>
        <span style={{ marginInlineEnd: 6 }}>{nodeIcon(n.type, n.tag)}</span>
        {n.displayName}
      </span>
    ),
    children: toTree(n.children),
  }));

/**
 * Per role: which menu items (tables, dashboards, custom pages, links) it shows — the others are
 * hidden from its members, not only refused — and the tables whose flow it may start.
 */
export function RoleVisibilityDrawer({
  role,
  tables,
  onClose,
}: {
  role: MatrixRole;
  tables: MatrixTable[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { tree, nodes } = useAppWorkspace();
  const [allNodes, setAllNodes] = useState(role.nodes === null);
  const [checked, setChecked] = useState<string[]>(role.nodes ?? nodes.map((n) => n.code));
  const [allFlows, setAllFlows] = useState(role.flows === null);
  const [flows, setFlows] = useState<string[]>(role.flows ?? tables.map((x) => x.schemaCode));
  const groups = new Set(nodes.filter((n) => n.type === 'Group').map((n) => n.code));
  const save = useRoleWrite(
    (appCode, _: undefined) =>
      appRolesApi.update(appCode, role.key, {
        // A group shows with what it holds: only the items themselves are stored.
        nodes: allNodes ? null : checked.filter((c) => !groups.has(c)),
        flows: allFlows ? null : flows,
      }),
    t('roleMatrix.visibilitySaved'),
  );

  return (
    <SaveDrawer
      title={t('roleMatrix.visibilityTitle', { name: role.name })}
      width={480}
      testId="role-visibility-drawer"
      saving={save.isPending}
      onSave={() => save.mutateAsync(undefined)}
      onClose={onClose}
    >
      <Typography.Title level={5} id="role-menu-label">
        {t('roleMatrix.menuItems')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('roleMatrix.menuItemsHint')}</Typography.Paragraph>
      <Radio.Group
        aria-labelledby="role-menu-label"
        value={allNodes ? 'all' : 'some'}
        onChange={(e) => setAllNodes(e.target.value === 'all')}
        options={[
          { value: 'all', label: t('roleMatrix.allMenuItems') },
          { value: 'some', label: t('roleMatrix.someMenuItems') },
        ]}
        data-testid="role-nodes-mode"
      />
      {!allNodes &&
        (tree.length ? (
          <Tree
            checkable
            defaultExpandAll
            selectable={false}
            treeData={toTree(tree)}
            checkedKeys={checked}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
            style={{ marginTop: 12 }}
            data-testid="role-nodes-tree"
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roleMatrix.noMenuItems')} />
        ))}

      <Divider />
      <Typography.Title level={5} id="role-flows-label">
        {t('roleMatrix.flows')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('roleMatrix.flowsHint')}</Typography.Paragraph>
      <Radio.Group
        aria-labelledby="role-flows-label"
        value={allFlows ? 'all' : 'some'}
        onChange={(e) => setAllFlows(e.target.value === 'all')}
        options={[
          { value: 'all', label: t('roleMatrix.allFlows') },
          { value: 'some', label: t('roleMatrix.someFlows') },
        ]}
        data-testid="role-flows-mode"
      />
      {!allFlows && (
        <Checkbox.Group
          value={flows}
          onChange={(v) => setFlows(v.map(String))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 12 }}
          options={tables.map((x) => ({ value: x.schemaCode, label: x.name }))}
          data-testid="role-flows"
        />
      )}
    </SaveDrawer>
  );
}
