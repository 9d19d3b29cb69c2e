import { TeamOutlined } from '@ant-design/icons';
import { EngineState, FeatureCode, Limits } from '@canopy/contract';
import { Alert, App, Button, Card, Flex, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shell/api/api-error';
import { PageHeading } from '../../../shell/layout/PageHeading';
import { useDocumentTitle } from '../../../shell/layout/useDocumentTitle';
import { useGoBack } from '../../../shell/navigation/useAppNavigate';
import { useSession } from '../../../shell/session/session-context';
import { INVITATION_PARAM } from '../../invitations/invitation-param';
import { ClosedTeamList } from '../components/ClosedTeamList';
import { teamNameRule } from '../components/team-name-rule';
import { useCreateTeam } from '../hooks/useCreateTeam';

interface TeamForm {
  corpName: string;
}

/**
 * /team/create: a newcomer's first team, or another team from the team dropdown. A new team becomes
 * the current one, so a team with ForbiddenTeamSwitch does not let its members here.
 */
export function TeamCreatePage() {
  const { hasFeature, featuresSettled } = useSession();
  // Decided on the server's list. The form stays mounted meanwhile: creating a team changes the
  // current team (and so reloads the features), and the form must live on to finish its work.
  if (featuresSettled && hasFeature(FeatureCode.forbiddenTeamSwitch)) return <Navigate to="/403" replace />;
  return <TeamCreateForm />;
}

function TeamCreateForm() {
  const { t } = useTranslation();
  useDocumentTitle(t('team.createTitle'));
  const { engines } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<TeamForm>();
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateTeam();
  const navigate = useNavigate();
  const goBack = useGoBack();
  // A closed team's owner may restore it here instead of starting over.
  const closedTeams = engines.filter((e) => e.state === EngineState.closed);
  const firstTeam = engines.length === closedTeams.length;
  // With an invitation on screen, focus (and the blur check) belongs to the invitation first.
  const [search] = useSearchParams();
  const invited = search.has(INVITATION_PARAM);
  // The blur check waits for the first keystroke: an invitation dialog opening over the page takes
  // focus from the empty field, which is not the user leaving it unfilled.
  const [typed, setTyped] = useState(false);

  const submit = ({ corpName }: TeamForm) => {
    setFormError(null);
    create.mutate(corpName, {
      onSuccess: () => {
        message.success(t('team.created'));
        // Plain navigate on purpose: a carried engineCode would point back at the previous team.
        navigate('/home', { replace: true });
      },
      onError: (error) => {
        if (!isApiError(error)) return setFormError(t('errors.unknownTitle'));
        const fieldMessage = error.fieldMessage('corpName');
        if (fieldMessage) form.setFields([{ name: 'corpName', errors: [fieldMessage] }]);
        else if (error.kind === 'network') setFormError(t('errors.networkMessage'));
        else if (!error.handled) setFormError(error.errorMessage || t('errors.unknownTitle'));
      },
    });
  };

  return (
    <Flex justify="center" style={{ padding: '56px 16px' }} data-testid="team-create-page">
      <Card style={{ width: '100%', maxWidth: 480 }}>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 24 }}>
          <TeamOutlined style={{ fontSize: 36, color: 'var(--ant-color-primary)' }} />
          <PageHeading look={3} style={{ margin: 0 }}>
            {t('team.createTitle')}
          </PageHeading>
          <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
            {firstTeam ? t('team.firstTeamIntro') : t('team.createIntro')}
          </Typography.Text>
        </Flex>
        <Form<TeamForm> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item
            name="corpName"
            label={t('team.nameLabel')}
            rules={[teamNameRule]}
            validateFirst
            validateTrigger={typed ? 'onBlur' : []}
          >
            <Input
              id="corpName"
              name="corpName"
              size="large"
              autoFocus={!invited}
              autoComplete="organization"
              placeholder={t('team.namePlaceholder')}
              count={{ show: true, max: Limits.teamNameMax, strategy: (text) => [...text].length }}
              onChange={() => {
                setTyped(true);
                setFormError(null);
              }}
            />
          </Form.Item>
          {formError && (
            <Alert
              type="error"
              showIcon
              title={formError}
              style={{ marginBottom: 16 }}
              data-testid="team-create-error"
            />
          )}
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={create.isPending}
              data-testid="team-create-submit"
            >
              {t('team.submit')}
            </Button>
            {!firstTeam && (
              <Button size="large" block onClick={goBack} disabled={create.isPending}>
                {t('common.cancel')}
              </Button>
            )}
          </Space>
        </Form>
        {closedTeams.length > 0 && (
          <div style={{ marginTop: 16 }}>
            <ClosedTeamList teams={closedTeams} />
          </div>
        )}
      </Card>
    </Flex>
  );
}
