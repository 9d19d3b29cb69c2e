import { ExclamationCircleFilled } from '@ant-design/icons';
import { type EngineItem, formatMessage } from '@canopy/contract';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shell/i18n/i18n';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useSession } from '../../../shell/session/session-context';
import { useLeaveTeam } from '../hooks/useLeaveTeam';

interface LeaveTeamDialogProps {
  team: EngineItem | null;
  /** Shown instead of the team's name (the current team's name is hidden by ForbiddenTeamName). */
  displayName?: string | undefined;
  onClose: () => void;
}

/**
 * Leave-team confirm (spec §5) with its double check: first what leaving means (no team
 * information any more), then 确认执行此操作. An owner is told to transfer the team first.
 */
export function LeaveTeamDialog({ team, displayName, onClose }: LeaveTeamDialogProps) {
  const { t } = useTranslation();
  const { current } = useSession();
  const navigate = useAppNavigate();
  const { leave, leaving, error, resetError } = useLeaveTeam();
  const [step, setStep] = useState<1 | 2>(1);

  useEffect(() => {
    if (team) {
      setStep(1);
      resetError();
    }
  }, [team, resetError]);

  if (!team) return null;
  const owner = team.ownFlag;
  const isCurrent = team.engineCode === current?.engineCode;

  const footer = owner ? (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onClose} data-testid="leave-team-close">
        {t('common.close')}
      </Button>
      {isCurrent && (
        <Button
          type="primary"
          data-testid="leave-team-go-transfer"
          onClick={() => {
            onClose();
            navigate('/corp/manage?tab=members');
          }}
        >
          {t('teams.goTransfer')}
        </Button>
      )}
    </Flex>
  ) : (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onClose} disabled={leaving}>
        {t('common.cancel')}
      </Button>
      {step === 1 ? (
        <Button danger type="primary" data-testid="leave-team-next" onClick={() => setStep(2)}>
          {t('teams.leave')}
        </Button>
      ) : (
        <Button
          danger
          type="primary"
          loading={leaving}
          data-testid="leave-team-confirm"
          onClick={() => void leave(team)}
        >
          {t('teams.leaveConfirm')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Modal
      open
      title={t('teams.leaveTitle', { name: displayName ?? team.corpName })}
      onCancel={leaving ? undefined : onClose}
      footer={footer}
      width={440}
      destroyOnHidden
    >
      <div data-testid="leave-team-dialog">
        <Flex gap={12} align="flex-start" style={{ margin: '8px 0' }}>
          <ExclamationCircleFilled style={{ color: 'var(--ant-color-warning)', fontSize: 22, marginTop: 2 }} />
          <Typography.Paragraph style={{ margin: 0 }} data-testid="leave-team-text">
            {owner
              ? formatMessage('team.ownerMustTransfer', currentLanguage())
              : step === 1
                ? t('teams.leaveWarning')
                : t('teams.leaveDoubleCheck')}
          </Typography.Paragraph>
        </Flex>
        {error && <Alert type="error" showIcon title={error} data-testid="leave-team-error" />}
      </div>
    </Modal>
  );
}
