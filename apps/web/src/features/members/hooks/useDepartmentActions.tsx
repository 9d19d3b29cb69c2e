import type { Department } from '@canopy/contract';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orgApi } from '../api/org-api';
import { DepartmentNameDialog } from '../components/DepartmentNameDialog';
import type { DepartmentAction } from '../components/DepartmentTree';
import { MoveDepartmentDialog } from '../components/MoveDepartmentDialog';
import type { DepartmentTree } from './useDepartmentTree';
import { useOrgAction } from './useOrgAction';

type NameDialog = { kind: 'create' | 'rename'; department: Department } | null;

/** The department menu's actions: dialogs for naming and moving, confirmation before deleting. */
export function useDepartmentActions(tree: DepartmentTree, onDeleted: (parentId: string) => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [nameDialog, setNameDialog] = useState<NameDialog>(null);
  const [moving, setMoving] = useState<Department | null>(null);

  const create = useOrgAction(
    (v: { parentId: string; name: string }) => orgApi.createDepartment(v.parentId, v.name),
    t('org.created'),
  );
  const update = useOrgAction(orgApi.updateDepartment, t('org.saved'));
  const remove = useOrgAction(orgApi.removeDepartment, t('org.deleted'));
  const resetSort = useOrgAction(orgApi.resetSortKeys, t('org.sortReset'));
  const reorder = useOrgAction(async (changes: { objectId: string; sortKey: number }[]) => {
    for (const change of changes) await orgApi.updateDepartment(change);
  });

  /** Moves a department one place up or down among its siblings (writes only the keys that change). */
  const shift = (department: Department, by: -1 | 1) => {
    const siblings = tree.childrenById.get(department.parentId) ?? [];
    const from = siblings.findIndex((d) => d.objectId === department.objectId);
    const to = from + by;
    if (from < 0 || to < 0 || to >= siblings.length) return;
    const order = [...siblings];
    order.splice(to, 0, ...order.splice(from, 1));
    reorder.mutate(order.flatMap((d, i) => (d.sortKey === i ? [] : [{ objectId: d.objectId, sortKey: i }])));
  };

  const onAction = (action: DepartmentAction, department: Department) => {
    if (action === 'addChild' || action === 'rename')
      setNameDialog({ kind: action === 'addChild' ? 'create' : 'rename', department });
    else if (action === 'move') setMoving(department);
    else if (action === 'moveUp') shift(department, -1);
    else if (action === 'moveDown') shift(department, 1);
    else if (action === 'resetSort') resetSort.mutate(department.objectId);
    else if (action === 'delete') {
      const parent = tree.byId.get(department.parentId);
      modal.confirm({
        title: t('org.deleteTitle', { name: department.name }),
        content: t('org.deleteContent', { parent: parent?.name ?? t('org.parentDepartment') }),
        okText: t('org.delete'),
        okButtonProps: { danger: true },
        onOk: () =>
          remove
            .mutateAsync(department.objectId)
            .then(() => onDeleted(department.parentId))
            // The failure is already shown; the dialog just closes.
            .catch(() => undefined),
      });
    }
  };

  const dialogs: ReactNode = (
    <>
      <DepartmentNameDialog
        open={nameDialog !== null}
        title={
          nameDialog?.kind === 'create'
            ? t('org.createTitle', { parent: nameDialog.department.name })
            : t('org.renameTitle')
        }
        initialName={nameDialog?.kind === 'rename' ? nameDialog.department.name : ''}
        saving={create.isPending || update.isPending}
        onCancel={() => setNameDialog(null)}
        onSubmit={(name) => {
          if (!nameDialog) return;
          const { department } = nameDialog;
          if (nameDialog.kind === 'create') {
            create.mutate(
              { parentId: department.objectId, name },
              {
                onSuccess: () => {
                  setNameDialog(null);
                  // Open the parent so the new department is in view.
                  void tree.load(department.objectId);
                },
              },
            );
          } else update.mutate({ objectId: department.objectId, name }, { onSuccess: () => setNameDialog(null) });
        }}
      />
      <MoveDepartmentDialog
        department={moving}
        saving={update.isPending}
        onCancel={() => setMoving(null)}
        onSubmit={(parentId) => {
          if (moving) update.mutate({ objectId: moving.objectId, parentId }, { onSuccess: () => setMoving(null) });
        }}
      />
    </>
  );

  return { onAction, dialogs };
}
