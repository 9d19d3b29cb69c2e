import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  FolderOpenOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { PlacedNode } from '@canopy/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CREATABLE_TYPES, type CreatableType, nodeIcon } from './node-visuals';

export type NodeAction =
  | { kind: 'rename' | 'moveUp' | 'moveDown' | 'delete' }
  | { kind: 'moveTo'; parentCode: string }
  | { kind: 'addIn'; type: CreatableType };

interface NodeActionsProps {
  node: PlacedNode;
  isFirst: boolean;
  isLast: boolean;
  groups: PlacedNode[];
  onAction: (action: NodeAction) => void;
}

// The menu item around this button must not open the node when the button is used.
const stop = (event: SyntheticEvent) => event.stopPropagation();

/** The "…" of a menu item for editors: rename, move up/down or into a group, add inside a group, delete. */
export function NodeActions({ node, isFirst, isLast, groups, onAction }: NodeActionsProps) {
  const { t } = useTranslation();
  const isGroup = node.type === 'Group';
  const targets = [
    ...(node.parentCode ? [{ key: 'moveTo:', label: t('appNodes.topLevel') }] : []),
    ...groups.filter((g) => g.code !== node.parentCode).map((g) => ({ key: `moveTo:${g.code}`, label: g.displayName })),
  ];
  const items: MenuProps['items'] = [
    { key: 'rename', icon: <EditOutlined />, label: t('appNodes.rename') },
    { key: 'moveUp', icon: <ArrowUpOutlined />, label: t('appNodes.moveUp'), disabled: isFirst },
    { key: 'moveDown', icon: <ArrowDownOutlined />, label: t('appNodes.moveDown'), disabled: isLast },
    ...(!isGroup && targets.length
      ? [{ key: 'moveTo', icon: <FolderOpenOutlined />, label: t('appNodes.moveTo'), children: targets }]
      : []),
    ...(isGroup
      ? [
          {
            key: 'addIn',
            icon: <PlusOutlined />,
            label: t('appNodes.addInGroup'),
            children: CREATABLE_TYPES.filter((type) => type !== 'Group').map((type) => ({
              key: `addIn:${type}`,
              icon: nodeIcon(type),
              label: t(`appNodes.types.${type}`),
            })),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'delete', icon: <DeleteOutlined />, label: t('appNodes.delete'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    if (key.startsWith('moveTo:')) onAction({ kind: 'moveTo', parentCode: key.slice('moveTo:'.length) });
    else if (key.startsWith('addIn:')) {
      const type = CREATABLE_TYPES.find((c) => `addIn:${c}` === key);
      if (type) onAction({ kind: 'addIn', type });
    } else if (key === 'rename' || key === 'moveUp' || key === 'moveDown' || key === 'delete') onAction({ kind: key });
  };
  // Events from the dropdown (a portal) still bubble through React to the menu item: stop them here.
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: an event boundary around the button, not a control itself
    <span onClick={stop} onKeyDown={stop} className="canopy-node-actions-wrap">
      <Dropdown trigger={['click']} menu={{ items, onClick }}>
        <Button
          type="text"
          size="small"
          icon={<EllipsisOutlined />}
          aria-label={t('appNodes.actions')}
          data-testid={`node-actions-${node.displayName}`}
          className="canopy-node-actions"
        />
      </Dropdown>
    </span>
  );
}
