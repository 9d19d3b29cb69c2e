import { type ApiTokenItem, ApiTokenLimits, type CreateApiTokenBody } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Popconfirm,
  Radio,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { appsApi } from '../../apps/api/apps-api';
import { apiTokenKeys, apiTokensApi } from '../api/api-tokens-api';

interface TokenValues {
  name: string;
  appCodes: string[];
  access: 'read' | 'write';
  expiresInDays: CreateApiTokenBody['expiresInDays'];
}

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/**
 * API tokens (issue 17): create one for the current team and chosen apps (read-only or read-write,
 * with an expiry; the secret is shown once), list mine with last use, revoke.
 */
export function ApiTokensSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: apiTokenKeys.list, queryFn: apiTokensApi.list });
  const apps = useQuery({
    queryKey: ['apps', current?.engineCode ?? '', 'list'],
    queryFn: appsApi.list,
    enabled: Boolean(current),
  });
  const [form] = Form.useForm<TokenValues>();
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const appName = new Map((apps.data ?? []).map((a) => [a.code, a.displayName]));

  const submit = async (v: TokenValues) => {
    setSaving(true);
    setError(null);
    try {
      const created = await apiTokensApi.create({
        name: v.name.trim(),
        appCodes: v.appCodes,
        readOnly: v.access === 'read',
        expiresInDays: v.expiresInDays,
      });
      setSecret(created.token);
      setCreating(false);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: apiTokenKeys.list });
    } catch (e) {
      setError(showFormError(form, e, ['name', 'appCodes', 'expiresInDays']));
    } finally {
      setSaving(false);
    }
  };

  const revoke = async (token: ApiTokenItem) => {
    try {
      await apiTokensApi.revoke(token.id);
      message.success(t('account.tokenRevoked'));
    } catch {
      message.error(t('errors.unknownTitle'));
    }
    await queryClient.invalidateQueries({ queryKey: apiTokenKeys.list });
  };

  return (
    <div data-testid="api-tokens">
      <Typography.Paragraph type="secondary">{t('account.tokensIntro')}</Typography.Paragraph>
      {secret && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setSecret(null)}
          style={{ marginBottom: 16 }}
          title={t('account.tokenShownOnce')}
          description={
            <Typography.Text copyable={{ text: secret }} code data-testid="api-token-secret">
              {secret}
            </Typography.Text>
          }
        />
      )}
      {!current && <Alert type="info" showIcon title={t('account.tokenNoTeam')} style={{ marginBottom: 16 }} />}
      {current && !creating && (
        <Button
          type="primary"
          onClick={() => setCreating(true)}
          data-testid="api-token-new"
          style={{ marginBottom: 16 }}
        >
          {t('account.tokenNew')}
        </Button>
      )}
      {current && creating && (
        <Form<TokenValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ access: 'read', expiresInDays: 90, appCodes: [] }}
          onFinish={(v) => void submit(v)}
          data-testid="api-token-form"
        >
          <Typography.Paragraph>{t('account.tokenTeam', { team: current.corpName })}</Typography.Paragraph>
          <Form.Item
            name="name"
            label={t('account.tokenName')}
            rules={[{ required: true, whitespace: true, message: t('account.tokenNameRequired') }]}
          >
            <Input maxLength={ApiTokenLimits.nameMax} data-testid="api-token-name" />
          </Form.Item>
          <Form.Item
            name="appCodes"
            label={t('account.tokenApps')}
            rules={[{ required: true, message: t('account.tokenAppsRequired') }]}
          >
            <Select
              mode="multiple"
              loading={apps.isLoading}
              options={(apps.data ?? []).map((a) => ({ value: a.code, label: a.displayName }))}
              optionFilterProp="label"
              data-testid="api-token-apps"
            />
          </Form.Item>
          <Form.Item name="access" label={t('account.tokenAccess')}>
            <Radio.Group
              options={[
                { value: 'read', label: t('account.tokenReadOnly') },
                { value: 'write', label: t('account.tokenReadWrite') },
              ]}
            />
          </Form.Item>
          <Form.Item name="expiresInDays" label={t('account.tokenExpiry')}>
            <Select
              options={ApiTokenLimits.expiryDays.map((d) => ({ value: d, label: t('account.tokenDays', { days: d }) }))}
              data-testid="api-token-expiry"
            />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Flex justify="flex-end" gap={8} style={{ marginBottom: 16 }}>
            <Button onClick={() => setCreating(false)}>{t('common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="api-token-create">
              {t('account.tokenCreate')}
            </Button>
          </Flex>
        </Form>
      )}
      <List<ApiTokenItem>
        loading={tokens.isLoading}
        dataSource={tokens.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('account.tokensEmpty')} /> }}
        renderItem={(token) => (
          <List.Item
            data-testid={`api-token-${token.name}`}
            actions={
              token.state === 'active'
                ? [
                    <Popconfirm
                      key="revoke"
                      title={t('account.tokenRevokeConfirm')}
                      onConfirm={() => revoke(token)}
                      okButtonProps={{ danger: true, ...{ 'data-testid': 'api-token-revoke-ok' } }}
                    >
                      <Button danger size="small" data-testid="api-token-revoke">
                        {t('account.tokenRevoke')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space size={6} wrap>
                  <span>{token.name}</span>
                  <Typography.Text type="secondary" code>{`${token.prefix}…`}</Typography.Text>
                  <Tag color={token.readOnly ? 'default' : 'blue'}>
                    {token.readOnly ? t('account.tokenReadOnly') : t('account.tokenReadWrite')}
                  </Tag>
                  {token.state !== 'active' && (
                    <Tag color="red" data-testid="api-token-state">
                      {token.state === 'revoked' ? t('account.tokenStateRevoked') : t('account.tokenStateExpired')}
                    </Tag>
                  )}
                </Space>
              }
              description={
                <>
                  <div>
                    {token.engineName} · {token.appCodes.map((c) => appName.get(c) ?? c).join('、')}
                  </div>
                  <div>
                    {t('account.tokenExpires', { time: time(token.expiresAt) })} ·{' '}
                    {token.lastUsedAt
                      ? t('account.tokenLastUsed', { time: time(token.lastUsedAt) })
                      : t('account.tokenNeverUsed')}
                  </div>
                </>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
}
