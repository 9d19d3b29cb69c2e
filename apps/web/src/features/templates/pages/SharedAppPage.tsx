import { readTemplateIcon } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Progress, Result, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { PageHeading } from '../../../shell/layout/PageHeading';
import { useSession } from '../../../shell/session/session-context';
import { AppIcon } from '../../apps/components/AppIcon';
import { templateKeys, templatesApi } from '../api/templates-api';
import { useInstallTask } from '../hooks/useInstallTask';

/** A share link (`/share/<token>`): the shared app's preview and 安装 into the current team. */
export function SharedAppPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { current } = useSession();
  const install = useInstallTask();
  const preview = useQuery({
    queryKey: templateKeys.shared(token),
    queryFn: () => templatesApi.sharedPreview(token),
    retry: false,
  });
  if (preview.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (preview.isError || !preview.data)
    return (
      <Result
        status="warning"
        title={isApiError(preview.error) ? errorText(preview.error) : t('templates.loadFailed')}
        data-testid="shared-app-error"
      />
    );
  const app = preview.data;
  const names = (items: string[]) => (
    <Flex wrap gap={4}>
      {items.length ? items.map((n) => <Tag key={n}>{n}</Tag>) : '—'}
    </Flex>
  );
  return (
    <Flex justify="center" style={{ padding: 24 }}>
      <Card style={{ width: 720 }} data-testid="shared-app">
        <Flex vertical gap={16}>
          <Flex align="center" gap={12}>
            <span data-testid="shared-app-icon" style={{ display: 'inline-flex' }}>
              <AppIcon {...readTemplateIcon(app.icon)} size={48} />
            </span>
            <Flex vertical style={{ flex: 1 }}>
              <PageHeading style={{ margin: 0 }}>{app.name}</PageHeading>
              <Typography.Text type="secondary">
                {t('templates.sharedFrom', { name: app.sharedBy, team: app.teamName })}
              </Typography.Text>
            </Flex>
            <Button
              type="primary"
              size="large"
              loading={install.running}
              disabled={!current}
              onClick={() => void install.run(() => templatesApi.installShared(token))}
              data-testid="shared-app-install"
            >
              {install.running
                ? t('packages.installing')
                : t('templates.installInto', { team: current?.corpName ?? '' })}
            </Button>
          </Flex>
          {install.running && <Progress percent={install.progress} status="active" />}
          {app.description && (
            // The introduction is the app's rich text, shown as plain text here.
            <Typography.Paragraph>{app.description.replace(/<[^>]+>/g, ' ').trim()}</Typography.Paragraph>
          )}
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('templates.tables')}>{names(app.contents.tables)}</Descriptions.Item>
            <Descriptions.Item label={t('templates.flows')}>{names(app.contents.flows)}</Descriptions.Item>
            <Descriptions.Item label={t('templates.dashboards')}>{names(app.contents.dashboards)}</Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary">{t('templates.sharedHint')}</Typography.Text>
        </Flex>
      </Card>
    </Flex>
  );
}
