import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  MoreOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Flex, type MenuProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MatrixRole } from '../hooks/useRoleMatrix';
import { grantsLabel } from './rights-summary';

/** What a role's column menu can do. */
export type RoleAction = 'edit' | 'grants' | 'visibility' | 'copy' | 'preview' | 'delete';

/** A role's column header: its name, who holds it, and its menu. */
export function RoleColumnTitle({ role, onAction }: { role: MatrixRole; onAction: (action: RoleAction) => void }) {
  const { t } = useTranslation();
  const holders = role.fixed
    ? t('roleMatrix.managerHolders')
    : grantsLabel(role.grants, {
        none: t('roleMatrix.noGrants'),
        everyone: t('roleMatrix.grantEveryone'),
        admins: t('roleMatrix.grantAdmins'),
        more: (first, count) => t('roleMatrix.grantsMore', { first, count }),
      });
  const items: MenuProps['items'] = [
    { key: 'edit', icon: <EditOutlined />, label: role.fixed ? t('roleMatrix.describe') : t('roleMatrix.edit') },
    ...(role.fixed
      ? []
      : [
          { key: 'grants', icon: <TeamOutlined />, label: t('roleMatrix.grants') },
          { key: 'visibility', icon: <UnorderedListOutlined />, label: t('roleMatrix.visibility') },
          { key: 'copy', icon: <CopyOutlined />, label: t('roleMatrix.copy') },
          { key: 'preview', icon: <EyeOutlined />, label: t('roleMatrix.preview') },
          { type: 'divider' as const },
          { key: 'delete', icon: <DeleteOutlined />, label: t('roleMatrix.delete'), danger: true },
        ]),
  ];
  return (
    <Flex justify="space-between" align="start" gap={4} data-testid={`role-column-${role.key}`}>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis={{ tooltip: role.name }}>
          {role.name}
        </Typography.Text>
        {role.description && (
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12, fontWeight: 'normal' }}
            ellipsis={{ tooltip: role.description }}
          >
            {role.description}
          </Typography.Text>
        )}
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12, fontWeight: 'normal' }}
          ellipsis={{ tooltip: holders }}
          data-testid={`role-holders-${role.key}`}
        >
          <TeamOutlined style={{ marginInlineEnd: 4 }} />
          {holders}
        </Typography.Text>
      </Flex>
      <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onAction(key as RoleAction) }}>
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t('roleMatrix.roleMenu', { name: role.name })}
          data-testid={`role-menu-${role.key}`}
        />
      </Dropdown>
    </Flex>
  );
}
