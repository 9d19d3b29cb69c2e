import { TeamOutlined } from '@ant-design/icons';
import type { InvitationSummary } from '@canopy/contract';
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PendingInvitation } from '../hooks/usePendingInvitation';

interface InvitationPromptProps {
  pending: PendingInvitation;
  busy: 'join' | 'refuse' | null;
  error: string | null;
  onJoin: (invitation: InvitationSummary) => void;
  onRefuse: (invitation: InvitationSummary) => void;
  onClose: () => void;
}

/** "X 邀请你加入「团队」" with 加入 / 拒绝; a broken or used link says why. */
export function InvitationPrompt({ pending, busy, error, onJoin, onRefuse, onClose }: InvitationPromptProps) {
  const { t } = useTranslation();
  const ready = pending.state === 'ready' ? pending.invitation : null;
  const footer = ready ? (
    <Flex justify="flex-end" gap={8}>
      <Button
        onClick={() => onRefuse(ready)}
        loading={busy === 'refuse'}
        disabled={busy === 'join'}
        data-testid="invitation-refuse"
      >
        {t('invite.refuse')}
      </Button>
      <Button
        type="primary"
        onClick={() => onJoin(ready)}
        loading={busy === 'join'}
        disabled={busy === 'refuse'}
        data-testid="invitation-join"
      >
        {t('invite.join')}
      </Button>
    </Flex>
  ) : (
    <Button type="primary" onClick={onClose}>
      {t('common.close')}
    </Button>
  );
  return (
    <Modal
      open
      title={t('invite.promptTitle')}
      onCancel={busy ? undefined : onClose}
      footer={pending.state === 'loading' ? null : footer}
      width={440}
      mask={{ closable: false }}
    >
      <div data-testid="invitation-prompt" style={{ padding: '8px 0' }}>
        {pending.state === 'loading' && (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        )}
        {pending.state === 'problem' && (
          <Alert type="warning" showIcon title={pending.message} data-testid="invitation-problem" />
        )}
        {ready && (
          <Flex vertical align="center" gap={12}>
            <TeamOutlined style={{ fontSize: 40, color: 'var(--ant-color-primary)' }} />
            <Typography.Text style={{ fontSize: 16, textAlign: 'center' }} data-testid="invitation-text">
              {t('invite.promptText', { inviter: ready.memberName, team: ready.corpName })}
            </Typography.Text>
            {error && (
              <Alert type="error" showIcon title={error} style={{ width: '100%' }} data-testid="invitation-error" />
            )}
          </Flex>
        )}
      </div>
    </Modal>
  );
}
