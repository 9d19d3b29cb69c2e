import { NO_TABLE_RIGHTS, TableAction, type TableRoleRights } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Divider, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { tableKeys, tablesApi } from '../../tables/api/tables-api';
import { appRolesApi } from '../api/app-roles-api';
import { type MatrixRole, type MatrixTable, useRoleWrite } from '../hooks/useRoleMatrix';
import { FieldLevelsEditor } from './FieldLevelsEditor';
import { RowRuleEditor } from './RowRuleEditor';
import { normalizeRights } from './rights-summary';
import { SaveDrawer } from './SaveDrawer';

/** One matrix cell's details: the role's actions, field levels and row rule on one table. */
export function RoleRightsDrawer({
  role,
  table,
  onSaved,
  onClose,
}: {
  role: MatrixRole;
  table: MatrixTable;
  /** After a save (the table designer reads the table's rules again). */
  onSaved?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { engineCode, appCode } = useAppWorkspace();
  const schema = useQuery({
    queryKey: tableKeys.schema(engineCode, appCode, table.schemaCode),
    queryFn: () => tablesApi.schema({ appCode, schemaCode: table.schemaCode }),
  });
  const [rights, setRights] = useState<TableRoleRights>(() => table.rights[role.key] ?? NO_TABLE_RIGHTS);
  const save = useRoleWrite(
    (code, next: TableRoleRights) =>
      appRolesApi.setTableRights(code, role.key, table.schemaCode, normalizeRights(next)),
    t('roleMatrix.rightsSaved'),
  );

  let body = <Skeleton active paragraph={{ rows: 8 }} />;
  if (schema.isError)
    body = (
      <Result
        status="warning"
        title={t('roleMatrix.schemaFailed')}
        extra={<Button onClick={() => void schema.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (schema.data)
    body = (
      <>
        {role.fixed && (
          <Alert type="info" showIcon message={t('roleMatrix.managerHint')} style={{ marginBottom: 16 }} />
        )}
        <Typography.Title level={5} id="role-actions-label">
          {t('roleMatrix.actionsLabel')}
        </Typography.Title>
        <Checkbox.Group
          aria-labelledby="role-actions-label"
          value={rights.actions}
          onChange={(v) => setRights({ ...rights, actions: TableAction.filter((a) => v.includes(a)) })}
          options={TableAction.map((a) => ({ value: a, label: t(`roleMatrix.actions.${a}`) }))}
          data-testid="role-actions"
        />
        <Divider />
        <Typography.Title level={5}>{t('roleMatrix.fieldsLabel')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('roleMatrix.fieldsHint')}</Typography.Paragraph>
        <FieldLevelsEditor
          fields={schema.data.fields}
          value={rights}
          onChange={(next) => setRights({ ...rights, ...next })}
        />
        <Divider />
        <Typography.Title level={5}>{t('roleMatrix.rowsLabel')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('roleMatrix.rowsHint')}</Typography.Paragraph>
        <RowRuleEditor
          fields={schema.data.fields}
          value={rights.rows}
          onChange={(rows) => setRights({ ...rights, rows })}
        />
      </>
    );

  return (
    <SaveDrawer
      title={t('roleMatrix.drawerTitle', { table: table.name, role: role.name })}
      width={640}
      testId="role-rights-drawer"
      disabled={!schema.data}
      saving={save.isPending}
      onSave={() => save.mutateAsync(rights).then(() => onSaved?.())}
      onClose={onClose}
    >
      {body}
    </SaveDrawer>
  );
}
