import { LinkOutlined, MailOutlined } from '@ant-design/icons';
import { accountKind, FeatureCode, INVITATION_TTL_MS, type InvitationCreated } from '@canopy/contract';
import { Alert, App, Button, Flex, Form, Input, Modal, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { useSession } from '../../../shell/session/session-context';
import { useCreateInvitation } from '../hooks/useCreateInvitation';
import { copyText } from './copy-text';
import { InvitationLink } from './InvitationLink';

type Mode = 'account' | 'link';
const TTL_DAYS = Math.round(INVITATION_TTL_MS / 86_400_000);

/** Invite members (owner or admin): by mobile or email, or with a shareable link. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { current, hasFeature } = useSession();
  // ForbiddenTeamName: the team's name is not shown, so the intro does not name it.
  const nameHidden = hasFeature(FeatureCode.forbiddenTeamName);
  const [form] = Form.useForm<{ account: string }>();
  const [mode, setMode] = useState<Mode>('account');
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateInvitation();

  const fail = (e: unknown) => {
    if (!isApiError(e)) return setError(t('errors.unknownTitle'));
    const field = e.fieldMessage('account');
    if (field) form.setFields([{ name: 'account', errors: [field] }]);
    else setError(e.kind === 'network' ? t('errors.networkMessage') : e.errorMessage || t('errors.unknownTitle'));
  };

  const sendTo = ({ account }: { account: string }) => {
    setError(null);
    create.mutate(account, {
      onSuccess: (result) => {
        setCreated(result);
        form.resetFields();
      },
      onError: fail,
    });
  };

  const copyLink = () => {
    setError(null);
    create.mutate(undefined, {
      onSuccess: async (result) => {
        setCreated(result);
        if (await copyText(result.link)) message.success(t('invite.copied'));
      },
      onError: fail,
    });
  };

  return (
    <Modal
      open={open}
      title={t('invite.title')}
      onCancel={onClose}
      footer={null}
      width={520}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) {
          setCreated(null);
          setError(null);
          setMode('account');
        }
      }}
    >
      <Flex vertical gap={16} data-testid="invite-dialog">
        <Typography.Text type="secondary">
          {nameHidden ? t('invite.introUnnamed') : t('invite.intro', { team: current?.corpName ?? '' })}
        </Typography.Text>
        <Segmented<Mode>
          block
          value={mode}
          onChange={(value) => {
            setMode(value);
            setCreated(null);
            setError(null);
          }}
          options={[
            { value: 'account', label: t('invite.byAccount'), icon: <MailOutlined /> },
            { value: 'link', label: t('invite.byLink'), icon: <LinkOutlined /> },
          ]}
        />
        {mode === 'account' ? (
          <Form form={form} layout="vertical" requiredMark={false} onFinish={sendTo} style={{ marginBottom: -8 }}>
            <Form.Item label={t('invite.accountLabel')} htmlFor="invite-account">
              <Flex gap={8}>
                <Form.Item
                  name="account"
                  noStyle
                  validateFirst
                  rules={[
                    { required: true, whitespace: true, message: t('auth.accountRequired') },
                    {
                      validator: async (_rule, value: string) => {
                        if (!accountKind(value.trim())) throw new Error(t('auth.accountInvalid'));
                      },
                    },
                  ]}
                >
                  <Input
                    id="invite-account"
                    autoFocus
                    style={{ flex: 1 }}
                    placeholder={t('auth.accountPlaceholder')}
                    data-testid="invite-account"
                  />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="invite-send">
                  {t('invite.send')}
                </Button>
              </Flex>
            </Form.Item>
          </Form>
        ) : (
          <Flex vertical gap={8} align="flex-start">
            <Typography.Text>{t('invite.linkIntro', { days: TTL_DAYS })}</Typography.Text>
            <Button
              type="primary"
              icon={<LinkOutlined />}
              loading={create.isPending}
              onClick={copyLink}
              data-testid="invite-copy-link"
            >
              {t('invite.copyLink')}
            </Button>
          </Flex>
        )}
        {error && <Alert type="error" showIcon title={error} data-testid="invite-error" />}
        {created && (
          <Alert
            type="success"
            showIcon
            data-testid="invite-result"
            title={
              created.target
                ? t(created.targetKind === 'email' ? 'invite.sentEmail' : 'invite.sentMobile', {
                    target: created.target,
                  })
                : t('invite.linkReady', { days: TTL_DAYS })
            }
            description={<InvitationLink link={created.link} />}
          />
        )}
      </Flex>
    </Modal>
  );
}
