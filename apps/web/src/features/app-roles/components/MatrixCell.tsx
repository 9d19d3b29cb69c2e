import type { TableRoleRights } from '@canopy/contract';
import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MatrixRole, MatrixTable } from '../hooks/useRoleMatrix';
import { summarize } from './rights-summary';

/** One matrix cell: the role's actions on the table as tags, and what narrows them; opens the details. */
export function MatrixCell({
  role,
  table,
  rights,
  onOpen,
}: {
  role: MatrixRole;
  table: MatrixTable;
  rights: TableRoleRights | null;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const s = summarize(rights);
  const actions = s.actions.map((a) => t(`roleMatrix.actions.${a}`));
  const notes = [
    s.hiddenFields ? t('roleMatrix.hiddenCount', { count: s.hiddenFields }) : '',
    s.readonlyFields ? t('roleMatrix.readonlyCount', { count: s.readonlyFields }) : '',
    rights && s.rowsNarrowed ? t(`tables.scope.${rights.rows.scope}`) : '',
  ].filter(Boolean);
  const label = t('roleMatrix.cellLabel', {
    table: table.name,
    role: role.name,
    actions: actions.length ? actions.join('、') : t('roleMatrix.noRights'),
  });
  return (
    <Button
      type="text"
      onClick={onOpen}
      aria-label={label}
      title={label}
      style={{ height: 'auto', width: '100%', padding: '4px 6px', textAlign: 'start', display: 'block' }}
      data-testid={`role-cell-${table.schemaCode}-${role.key}`}
    >
      <Flex wrap gap={4}>
        {actions.length ? (
          actions.map((a) => (
            <Tag key={a} color="blue" style={{ marginInlineEnd: 0 }}>
              {a}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary">{t('roleMatrix.noRights')}</Typography.Text>
        )}
      </Flex>
      {notes.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 4 }}>
          {notes.join(' · ')}
        </Typography.Text>
      )}
    </Button>
  );
}
