import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberPicker } from '../../../members/components/MemberPicker';
import { useAppRoles } from './useAppRoles';
import type { useAppSettingsActions } from './useAppSettingsActions';

type Transfer = ReturnType<typeof useAppSettingsActions>['transfer'];

/**
 * 转交应用: pick one member (the picker's transfer mode), confirm, and the app changes hands; the
 * former owner becomes a manager (spec §4). 转交成功 / 转交失败，请重试.
 */
export function TransferDialog({
  open,
  transfer,
  onClose,
}: {
  open: boolean;
  transfer: Transfer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const roles = useAppRoles(open);
  const owner = roles.data?.find((r) => r.role === 'owner');
  return (
    <MemberPicker
      open={open}
      mode="transfer"
      title={t('appSettings.transferTitle')}
      okText={t('appSettings.transferOk')}
      excludeMemberIds={owner ? [owner.memberId] : []}
      confirmLoading={transfer.isPending}
      onCancel={onClose}
      onOk={([member]) => {
        if (!member) return;
        modal.confirm({
          title: t('appSettings.transferConfirmTitle', { name: member.userName }),
          content: t('appSettings.transferConfirmContent', { name: member.userName }),
          okText: t('appSettings.transferOk'),
          onOk: () =>
            transfer
              .mutateAsync(member.userId)
              .then(onClose)
              // The failure is already shown (转交失败，请重试); the picker stays open to try again.
              .catch(() => undefined),
        });
      }}
    />
  );
}
