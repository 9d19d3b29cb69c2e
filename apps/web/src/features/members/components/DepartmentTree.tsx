import { ApartmentOutlined, MoreOutlined } from '@ant-design/icons';
import type { Department } from '@canopy/contract';
import { Button, Dropdown, Flex, type MenuProps, Tree, type TreeDataNode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepartmentTree as Tree_ } from '../hooks/useDepartmentTree';

const ACTIONS = ['addChild', 'rename', 'move', 'moveUp', 'moveDown', 'resetSort', 'delete'] as const;
export type DepartmentAction = (typeof ACTIONS)[number];

interface DepartmentTreeProps {
  tree: Tree_;
  selectedId: string | undefined;
  onSelect: (department: Department) => void;
  /** Owners and admins get each department's menu. */
  canManage: boolean;
  onAction: (action: DepartmentAction, department: Department) => void;
}

interface DepartmentMenuProps {
  department: Department;
  isRoot: boolean;
  /** Its place among its siblings, for moving up and down. */
  first: boolean;
  last: boolean;
  onAction: DepartmentTreeProps['onAction'];
}

function DepartmentMenu({ department, isRoot, first, last, onAction }: DepartmentMenuProps) {
  const { t } = useTranslation();
  const items: MenuProps['items'] = [
    { key: 'addChild', label: t('org.addChild') },
    { key: 'rename', label: t('org.rename') },
    ...(isRoot
      ? []
      : [
          { key: 'move', label: t('org.move') },
          { key: 'moveUp', label: t('org.moveUp'), disabled: first },
          { key: 'moveDown', label: t('org.moveDown'), disabled: last },
        ]),
    ...(department.hasChildren ? [{ key: 'resetSort', label: t('org.resetSort') }] : []),
    ...(isRoot ? [] : [{ type: 'divider' as const }, { key: 'delete', label: t('org.delete'), danger: true }]),
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          const action = ACTIONS.find((a) => a === key);
          if (action) onAction(action, department);
        },
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined />}
        aria-label={t('org.departmentActions', { name: department.name })}
        data-testid={`dept-actions-${department.name}`}
        onClick={(e) => e.stopPropagation()}
      />
    </Dropdown>
  );
}

/** The department tree of the address book: root first, children loaded when a department opens. */
export function DepartmentTree({ tree, selectedId, onSelect, canManage, onAction }: DepartmentTreeProps) {
  const toNode = (d: Department, index: number, siblings: Department[]): TreeDataNode => ({
    key: d.objectId,
    isLeaf: !d.hasChildren,
    children: tree.childrenById.get(d.objectId)?.map(toNode),
    title: (
      <Flex align="center" gap={6} className="canopy-dept-title" data-testid={`dept-node-${d.name}`}>
        <ApartmentOutlined style={{ color: 'var(--ant-color-text-tertiary)' }} />
        <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
          {d.name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {d.memberCount}
        </Typography.Text>
        {canManage && (
          <DepartmentMenu
            department={d}
            isRoot={!d.parentId}
            first={index === 0}
            last={index === siblings.length - 1}
            onAction={onAction}
          />
        )}
      </Flex>
    ),
  });
  if (!tree.root) return null;
  return (
    <Tree
      blockNode
      className="canopy-dept-tree"
      treeData={[toNode(tree.root, 0, [tree.root])]}
      selectedKeys={selectedId ? [selectedId] : []}
      expandedKeys={tree.expanded}
      loadedKeys={[...tree.childrenById.keys()]}
      loadData={(node) => tree.load(String(node.key))}
      onExpand={(keys) => tree.setExpanded(keys.map(String))}
      onSelect={(_keys, { node }) => {
        const department = tree.byId.get(String(node.key));
        if (department) onSelect(department);
      }}
      data-testid="department-tree"
    />
  );
}
