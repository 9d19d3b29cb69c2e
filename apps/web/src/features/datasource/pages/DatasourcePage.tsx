import { ApiOutlined, ArrowLeftOutlined, DatabaseOutlined, PlusOutlined } from '@ant-design/icons';
import { DataSourceEndpoints, type DataSourceInfo } from '@canopy/contract';
import { App, Button, Card, Empty, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { call } from '../../../shell/api/client';
import { errorText } from '../../../shell/api/form-errors';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { inline, useRefresh, useSources } from '../api';
import { BrowseDrawer } from '../components/BrowseDrawer';
import { SourceDialog } from '../components/SourceDialog';
import { SyncTablesCard } from '../components/SyncTablesCard';
import { SyncWizard } from '../components/SyncWizard';

type Open =
  | { kind: 'edit'; source: DataSourceInfo | null }
  | { kind: 'browse'; source: DataSourceInfo }
  | { kind: 'sync'; source: DataSourceInfo }
  | null;

/**
 * /datasource/:appCode: the data-source sub-application of one app (issue 14) — its data sources
 * (add, edit, test, browse, delete) and its sync tables (create, sync now, schedule, log).
 */
export function DatasourcePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { appCode = '' } = useParams();
  const sources = useSources(appCode);
  const refresh = useRefresh(appCode);
  const [open, setOpen] = useState<Open>(null);
  const [testing, setTesting] = useState<string | null>(null);

  const test = async (s: DataSourceInfo) => {
    setTesting(s.id);
    try {
      const r = await call(DataSourceEndpoints.test, { params: { appCode, id: s.id }, ...inline });
      if (r.ok) message.success(t('datasource.testOk'));
      else
        modal.error({
          title: r.error?.message,
          content: <Typography.Text type="secondary">{r.error?.detail}</Typography.Text>,
        });
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setTesting(null);
    }
  };
  const remove = async (s: DataSourceInfo) => {
    try {
      await call(DataSourceEndpoints.remove, { params: { appCode, id: s.id }, ...inline });
      message.success(t('datasource.deleted'));
    } catch (e) {
      message.error(errorText(e));
    }
    await refresh();
  };

  return (
    <PageContainer
      title={t('pages.datasource.title')}
      testId="datasource-page"
      extra={
        <Link to={`/app/${encodeURIComponent(appCode)}`}>
          <ArrowLeftOutlined /> {t('datasource.back')}
        </Link>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('datasource.intro')}</Typography.Text>
        <Card
          title={t('datasource.sources')}
          extra={
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setOpen({ kind: 'edit', source: null })}
              data-testid="source-add"
            >
              {t('datasource.addSource')}
            </Button>
          }
        >
          <Table<DataSourceInfo>
            rowKey="id"
            loading={sources.isLoading}
            dataSource={sources.data ?? []}
            pagination={false}
            data-testid="source-list"
            locale={{
              emptyText: <Empty description={sources.error ? errorText(sources.error) : t('datasource.noSources')} />,
            }}
            columns={[
              {
                title: t('datasource.name'),
                render: (_, s) => (
                  <Flex gap={8} align="center">
                    {s.kind === 'http' ? <ApiOutlined /> : <DatabaseOutlined />}
                    <Typography.Text strong>{s.name}</Typography.Text>
                  </Flex>
                ),
              },
              {
                title: t('datasource.kind'),
                width: 170,
                render: (_, s) => <Tag>{t(`datasource.kinds.${s.kind}`)}</Tag>,
              },
              {
                title: t('datasource.target'),
                render: (_, s) => (
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
                    {s.kind === 'http' ? s.url : `${s.user}@${s.host}:${s.port}/${s.database}`}
                  </Typography.Text>
                ),
              },
              {
                title: t('datasource.syncTables'),
                width: 110,
                render: (_, s) => t('datasource.usedBy', { count: s.syncTables }),
              },
              {
                title: '',
                width: 450,
                render: (_, s) => (
                  <Flex gap={4} wrap justify="flex-end">
                    <Button
                      size="small"
                      type="primary"
                      onClick={() => setOpen({ kind: 'sync', source: s })}
                      data-testid="source-new-sync"
                    >
                      {t('datasource.newSync')}
                    </Button>
                    <Button
                      size="small"
                      loading={testing === s.id}
                      onClick={() => void test(s)}
                      data-testid="source-test"
                    >
                      {t('datasource.test')}
                    </Button>
                    {s.kind !== 'http' && (
                      <Button size="small" onClick={() => setOpen({ kind: 'browse', source: s })}>
                        {t('datasource.browse')}
                      </Button>
                    )}
                    <Button size="small" onClick={() => setOpen({ kind: 'edit', source: s })}>
                      {t('datasource.edit')}
                    </Button>
                    <Popconfirm
                      title={t('datasource.deleteTitle', { name: s.name })}
                      description={t('datasource.deleteContent')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove(s)}
                    >
                      <Button size="small" danger>
                        {t('datasource.delete')}
                      </Button>
                    </Popconfirm>
                  </Flex>
                ),
              },
            ]}
          />
        </Card>
        <SyncTablesCard appCode={appCode} />
      </Flex>
      {open?.kind === 'edit' && (
        <SourceDialog
          appCode={appCode}
          source={open.source}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            void refresh();
          }}
        />
      )}
      {open?.kind === 'browse' && <BrowseDrawer appCode={appCode} source={open.source} onClose={() => setOpen(null)} />}
      {open?.kind === 'sync' && (
        <SyncWizard
          appCode={appCode}
          source={open.source}
          onClose={() => setOpen(null)}
          onCreated={() => {
            setOpen(null);
            void refresh();
          }}
        />
      )}
    </PageContainer>
  );
}
