import { Button, Flex, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface JoinWaitDialogProps {
  corpName: string;
  timedOut: boolean;
  onEnter: () => void;
  onKeepWaiting: () => void;
}

/** While the new team is being looked for; after 30 tries, 加入团队超时 with 进入系统 / 继续等待. */
export function JoinWaitDialog({ corpName, timedOut, onEnter, onKeepWaiting }: JoinWaitDialogProps) {
  const { t } = useTranslation();
  if (timedOut) {
    return (
      <Modal
        open
        title={t('invite.timeoutTitle')}
        closable={false}
        mask={{ closable: false }}
        width={440}
        footer={
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onEnter} data-testid="join-timeout-enter">
              {t('invite.enterSystem')}
            </Button>
            <Button type="primary" onClick={onKeepWaiting} data-testid="join-timeout-wait">
              {t('invite.keepWaiting')}
            </Button>
          </Flex>
        }
      >
        <Typography.Paragraph data-testid="join-timeout">
          {t('invite.timeoutText', { team: corpName })}
        </Typography.Paragraph>
      </Modal>
    );
  }
  return (
    <Modal open closable={false} mask={{ closable: false }} footer={null} width={400}>
      <Flex vertical align="center" gap={12} style={{ padding: '24px 8px' }} data-testid="join-waiting">
        <Spin size="large" />
        <Typography.Text strong style={{ fontSize: 16, textAlign: 'center' }}>
          {t('invite.joining', { team: corpName })}
        </Typography.Text>
        <Typography.Text type="secondary">{t('invite.joiningHint')}</Typography.Text>
      </Flex>
    </Modal>
  );
}
