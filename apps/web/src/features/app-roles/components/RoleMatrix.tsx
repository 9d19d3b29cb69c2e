import { PlusOutlined } from '@ant-design/icons';
import { APP_ROLE_LIMIT } from '@canopy/contract';
import { Alert, App, Button, Empty, Flex, Result, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { appRolesApi } from '../api/app-roles-api';
import { type MatrixRole, type MatrixTable, useRoleMatrix, useRoleWrite } from '../hooks/useRoleMatrix';
import { MatrixCell } from './MatrixCell';
import { type RoleAction, RoleColumnTitle } from './RoleColumnTitle';
import { RoleDialogs } from './RoleDialogs';
import { startRolePreview } from './RolePreviewBanner';
import { RoleRightsDrawer } from './RoleRightsDrawer';

/** Which dialog or drawer is open over the matrix. */
export type MatrixOverlay =
  | { kind: 'create' }
  | { kind: Exclude<RoleAction, 'delete' | 'preview'>; role: MatrixRole }
  | { kind: 'cell'; role: MatrixRole; table: MatrixTable }
  | null;

/**
 * 权限 (issue 27): roles as columns, tables as rows, each cell the role's actions on the table at a
 * glance; a cell opens the details, a column's menu renames, grants, limits, copies, previews or
 * deletes its role.
 */
export function RoleMatrix() {
  const { t } = useTranslation();
  const matrix = useRoleMatrix();
  const { modal } = App.useApp();
  const { appCode } = useAppWorkspace();
  const [overlay, setOverlay] = useState<MatrixOverlay>(null);
  const remove = useRoleWrite((appCode, key: string) => appRolesApi.remove(appCode, key), t('roleMatrix.deleted'));
  const onAction = (role: MatrixRole, kind: RoleAction) => {
    if (kind === 'delete')
      modal.confirm({
        title: t('roleMatrix.deleteTitle', { name: role.name }),
        content: t('roleMatrix.deleteContent'),
        okText: t('roleMatrix.deleteOk'),
        okButtonProps: { danger: true },
        onOk: () => remove.mutateAsync(role.key).catch(() => undefined),
      });
    else if (kind === 'preview') startRolePreview(appCode, role.key, role.name);
    else setOverlay({ kind, role });
  };

  if (matrix.isError)
    return (
      <Result
        status="warning"
        title={t('roleMatrix.loadFailed')}
        extra={<Button onClick={() => void matrix.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (!matrix.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const { roles, tables } = matrix.data;
  const full = roles.length >= APP_ROLE_LIMIT;

  const columns: TableColumnsType<MatrixTable> = [
    {
      key: 'table',
      title: t('roleMatrix.tableColumn'),
      dataIndex: 'name',
      fixed: 'left',
      width: 160,
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    ...roles.map((role) => ({
      key: role.key,
      width: 200,
      title: <RoleColumnTitle role={role} onAction={(kind) => onAction(role, kind)} />,
      render: (_: unknown, table: MatrixTable) => (
        <MatrixCell
          role={role}
          table={table}
          rights={table.rights[role.key] ?? null}
          onOpen={() => setOverlay({ kind: 'cell', role, table })}
        />
      ),
    })),
  ];

  return (
    <Flex vertical gap={16} data-testid="role-matrix">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 720 }}>
          {t('roleMatrix.intro')}
        </Typography.Paragraph>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => setOverlay({ kind: 'create' })}
          data-testid="role-create"
        >
          {t('roleMatrix.create')}
        </Button>
      </Flex>
      {full && <Alert type="info" showIcon message={t('roleMatrix.limitReached', { max: APP_ROLE_LIMIT })} />}
      <Table<MatrixTable>
        rowKey="schemaCode"
        size="middle"
        bordered
        pagination={false}
        columns={columns}
        dataSource={tables}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('roleMatrix.noTables')} /> }}
        data-testid="role-matrix-table"
      />
      <RoleDialogs overlay={overlay} tables={tables} onClose={() => setOverlay(null)} />
      {overlay?.kind === 'cell' && (
        <RoleRightsDrawer role={overlay.role} table={overlay.table} onClose={() => setOverlay(null)} />
      )}
    </Flex>
  );
}
