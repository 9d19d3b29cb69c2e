import { useTranslation } from 'react-i18next';
import { appRolesApi } from '../api/app-roles-api';
import { type MatrixTable, useRoleWrite } from '../hooks/useRoleMatrix';
import { RoleFormDialog } from './RoleFormDialog';
import { RoleGrantsDrawer } from './RoleGrantsDrawer';
import type { MatrixOverlay } from './RoleMatrix';
import { RoleVisibilityDrawer } from './RoleVisibilityDrawer';

type Values = { name: string; description: string };

/** The matrix's role dialogs: create, rename and describe, copy, grants, visibility. */
export function RoleDialogs({
  overlay,
  tables,
  onClose,
}: {
  overlay: MatrixOverlay;
  tables: MatrixTable[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Form errors are shown on the form's fields: the writes toast only their success.
  const create = useRoleWrite((appCode, v: Values) => appRolesApi.create(appCode, v), t('roleMatrix.created'), false);
  const edit = useRoleWrite(
    (appCode, v: Values & { key: string; fixed: boolean }) =>
      appRolesApi.update(
        appCode,
        v.key,
        v.fixed ? { description: v.description } : { name: v.name, description: v.description },
      ),
    t('roleMatrix.saved'),
    false,
  );
  const copy = useRoleWrite(
    (appCode, v: { key: string; name: string }) => appRolesApi.copy(appCode, v.key, v.name),
    t('roleMatrix.copied'),
    false,
  );
  if (!overlay) return null;
  switch (overlay.kind) {
    case 'create':
      return <RoleFormDialog mode="create" onSave={(v) => create.mutateAsync(v)} onClose={onClose} />;
    case 'edit':
      return (
        <RoleFormDialog
          mode="edit"
          role={overlay.role}
          onSave={(v) => edit.mutateAsync({ ...v, key: overlay.role.key, fixed: overlay.role.fixed })}
          onClose={onClose}
        />
      );
    case 'copy':
      return (
        <RoleFormDialog
          mode="copy"
          role={overlay.role}
          onSave={(v) => copy.mutateAsync({ key: overlay.role.key, name: v.name })}
          onClose={onClose}
        />
      );
    case 'grants':
      return <RoleGrantsDrawer role={overlay.role} onClose={onClose} />;
    case 'visibility':
      return <RoleVisibilityDrawer role={overlay.role} tables={tables} onClose={onClose} />;
    default:
      return null;
  }
}
