import type { MemberRow } from '@canopy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { sessionKeys } from '../../../shell/session/query-keys';
import { useSession } from '../../../shell/session/session-context';
import { orgApi, orgKeys } from '../../members/api/org-api';

/**
 * Ownership transfer (spec §4): the chosen member becomes owner, the former owner an admin. The
 * spec's texts: 转交成功 / 转交失败，请重试. The team list is refreshed so roles show at once.
 */
export function useTransferOwnership() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (member: MemberRow) => orgApi.changeOwner(member.memberId),
    onSuccess: async () => {
      message.success(t('corp.transferDone'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.engines }),
        current && queryClient.invalidateQueries({ queryKey: orgKeys.all(current.engineCode) }),
      ]);
    },
    onError: () => {
      message.error(t('corp.transferFailed'));
    },
  });

  /** Asks once more (the owner gives the team away), then transfers. Resolves when done. */
  const confirmTransfer = (member: MemberRow) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('corp.transferConfirmTitle', { name: member.userName }),
        content: t('corp.transferConfirmContent'),
        okText: t('corp.transferOk'),
        okButtonProps: { danger: true },
        onOk: () =>
          mutation
            .mutateAsync(member)
            .then(() => resolve(true))
            .catch(() => resolve(false)),
        onCancel: () => resolve(false),
      });
    });

  return { confirmTransfer, transferring: mutation.isPending };
}
