import { RightOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { type MatrixRole, useRoleMatrix } from '../hooks/useRoleMatrix';
import { MatrixCell } from './MatrixCell';
import { RoleRightsDrawer } from './RoleRightsDrawer';

/**
 * One table's row of the role matrix, for the table designer's settings (issue 27): every app role
 * with its rights on this table, each opening the same drawer as the matrix; a link to the whole
 * matrix (grants, menus, other tables). The app owner is not a role: they always have every right.
 */
export function TableRoleRights({ schemaCode, onSaved }: { schemaCode: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const { appCode } = useAppWorkspace();
  const navigate = useNavigate();
  const matrix = useRoleMatrix();
  const [open, setOpen] = useState<MatrixRole | null>(null);

  if (matrix.isError)
    return (
      <Result
        status="warning"
        title={t('roleMatrix.loadFailed')}
        extra={<Button onClick={() => void matrix.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (!matrix.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const table = matrix.data.tables.find((x) => x.schemaCode === schemaCode);
  const { roles } = matrix.data;
  return (
    <Flex vertical gap={8} data-testid="table-role-rights">
      {!table || !roles.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roleMatrix.noRoles')} />
      ) : (
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <tbody>
            {roles.map((role) => (
              <tr key={role.key} style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
                <th scope="row" style={{ textAlign: 'start', fontWeight: 500, padding: '6px 12px 6px 0', width: 140 }}>
                  {role.name}
                </th>
                <td style={{ padding: '2px 0' }}>
                  <MatrixCell
                    role={role}
                    table={table}
                    rights={table.rights[role.key] ?? null}
                    onOpen={() => setOpen(role)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Button
        type="link"
        style={{ alignSelf: 'flex-start', paddingInline: 0 }}
        onClick={() => navigate(`/app/${encodeURIComponent(appCode)}/settings/permissions`)}
        data-testid="table-role-rights-matrix"
      >
        {t('roleMatrix.openMatrix')} <RightOutlined />
      </Button>
      {open && table && <RoleRightsDrawer role={open} table={table} onSaved={onSaved} onClose={() => setOpen(null)} />}
    </Flex>
  );
}
