import type { PlacedNode } from '@canopy/contract';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeAction } from './NodeActions';
import { NodeNameDialog } from './NodeNameDialog';
import type { CreatableType } from './node-visuals';
import { useNodeActions } from './useNodeActions';

type DialogState =
  | { mode: 'create'; type: CreatableType; parentCode: string }
  | { mode: 'rename'; node: PlacedNode }
  | null;

/** What the menu's editing opens: the name dialog (create or rename) and the delete confirmation. */
export function useNodeDialogs() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const actions = useNodeActions();
  const [dialog, setDialog] = useState<DialogState>(null);

  const openCreate = (type: CreatableType, parentCode: string) => setDialog({ mode: 'create', type, parentCode });

  const onAction = (node: PlacedNode, action: NodeAction) => {
    if (action.kind === 'rename') setDialog({ mode: 'rename', node });
    else if (action.kind === 'moveUp') actions.shift(node, -1);
    else if (action.kind === 'moveDown') actions.shift(node, 1);
    else if (action.kind === 'moveTo') actions.update.mutate({ code: node.code, parentCode: action.parentCode });
    else if (action.kind === 'addIn') openCreate(action.type, node.code);
    else if (action.kind === 'delete')
      modal.confirm({
        title: t('appNodes.deleteTitle', { name: node.displayName }),
        content: node.type === 'Group' ? t('appNodes.deleteGroupContent') : t('appNodes.deleteContent'),
        okText: t('appNodes.delete'),
        okButtonProps: { danger: true },
        // The failure is already shown; the dialog just closes.
        onOk: () => actions.remove.mutateAsync(node.code).catch(() => undefined),
      });
  };

  return { dialog, setDialog, openCreate, onAction, actions };
}

type NodeDialogsState = ReturnType<typeof useNodeDialogs>;

export function NodeDialogs({ state, groups }: { state: NodeDialogsState; groups: PlacedNode[] }) {
  const { t } = useTranslation();
  const { dialog, setDialog, actions } = state;
  const close = () => setDialog(null);
  if (dialog?.mode === 'rename') {
    return (
      <NodeNameDialog
        open
        title={t('appNodes.renameTitle')}
        initial={{ displayName: dialog.node.displayName, parentCode: dialog.node.parentCode }}
        saving={actions.update.isPending}
        onCancel={close}
        onSubmit={({ displayName }) =>
          actions.update.mutate({ code: dialog.node.code, displayName }, { onSuccess: close })
        }
      />
    );
  }
  return (
    <NodeNameDialog
      open={dialog !== null}
      title={dialog ? t('appNodes.createTitle', { type: t(`appNodes.types.${dialog.type}`) }) : ''}
      initial={{ displayName: '', parentCode: dialog?.parentCode ?? '' }}
      groups={dialog && dialog.type !== 'Group' ? groups : undefined}
      saving={actions.create.isPending}
      onCancel={close}
      onSubmit={({ displayName, parentCode }) => {
        if (dialog?.mode === 'create')
          actions.create.mutate({ type: dialog.type, displayName, parentCode }, { onSuccess: close });
      }}
    />
  );
}
