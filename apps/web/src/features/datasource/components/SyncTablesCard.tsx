import { DataSourceEndpoints, type SyncLog, SyncSchedule, type SyncTableInfo } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Empty, Flex, Select, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../shell/api/client';
import { errorText } from '../../../shell/api/form-errors';
import { inline, useRefresh, useSyncTables } from '../api';

const time = (ms: number | null) => (ms === null ? '' : dayjs(ms).format('YYYY-MM-DD HH:mm:ss'));

/** A sync's state as a tag; a failure's words (and the driver's) on hover and below. */
export function SyncState({ log }: { log: SyncLog | null }) {
  const { t } = useTranslation();
  if (!log) return <Typography.Text type="secondary">{t('datasource.never')}</Typography.Text>;
  const color = log.state === 'succeeded' ? 'green' : log.state === 'failed' ? 'red' : 'processing';
  return (
    <Flex vertical gap={2} data-testid="sync-state">
      <span>
        <Tag color={color}>{t(`datasource.state.${log.state}`)}</Tag>
        <Typography.Text type="secondary">{time(log.endedAt ?? log.startedAt)}</Typography.Text>
      </span>
      {log.state === 'succeeded' && (
        <Typography.Text type="secondary">
          {t('datasource.rowsSummary', {
            rows: log.rows,
            inserted: log.inserted,
            updated: log.updated,
            removed: log.removed,
          })}
        </Typography.Text>
      )}
      {log.error && (
        <Tooltip title={log.error.detail}>
          <Typography.Text type="danger">{log.error.message}</Typography.Text>
        </Tooltip>
      )}
    </Flex>
  );
}

function LogDrawer({ appCode, sync, onClose }: { appCode: string; sync: SyncTableInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const logs = useQuery({
    queryKey: ['sync-logs', appCode, sync.schemaCode],
    queryFn: () => call(DataSourceEndpoints.logs, { params: { appCode, schemaCode: sync.schemaCode }, ...inline }),
    refetchInterval: (q) => (q.state.data?.some((l) => l.state === 'running') ? 1_500 : false),
  });
  return (
    <Drawer open width={760} title={t('datasource.logTitle', { name: sync.name })} onClose={onClose} destroyOnHidden>
      <Table<SyncLog>
        size="small"
        rowKey="id"
        loading={logs.isLoading}
        dataSource={logs.data ?? []}
        pagination={false}
        data-testid="sync-log"
        locale={{ emptyText: t('datasource.noLogs') }}
        columns={[
          { title: t('datasource.started'), width: 160, render: (_, l) => time(l.startedAt) },
          { title: t('datasource.ended'), width: 160, render: (_, l) => time(l.endedAt) },
          {
            title: t('datasource.result'),
            render: (_, l) => (
              <Flex vertical gap={2}>
                <span>
                  <Tag color={l.state === 'succeeded' ? 'green' : l.state === 'failed' ? 'red' : 'processing'}>
                    {t(`datasource.state.${l.state}`)}
                  </Tag>
                  <Typography.Text type="secondary">
                    {t(`datasource.triggers.${l.trigger}`, { defaultValue: l.trigger })}
                  </Typography.Text>
                </span>
                {l.error && (
                  <Typography.Text type="danger">
                    {l.error.message}
                    {l.error.detail && <Typography.Text type="secondary"> — {l.error.detail}</Typography.Text>}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: t('datasource.rows'),
            width: 200,
            render: (_, l) =>
              l.state === 'succeeded'
                ? t('datasource.rowsSummary', {
                    rows: l.rows,
                    inserted: l.inserted,
                    updated: l.updated,
                    removed: l.removed,
                  })
                : '',
          },
        ]}
      />
    </Drawer>
  );
}

/** The app's sync tables: source, schedule, last sync, 立即同步 and the log. */
export function SyncTablesCard({ appCode }: { appCode: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const syncs = useSyncTables(appCode);
  const refresh = useRefresh(appCode);
  const [log, setLog] = useState<SyncTableInfo | null>(null);

  const act = async (run: () => Promise<unknown>, done?: string) => {
    try {
      await run();
      if (done) message.success(done);
    } catch (e) {
      message.error(errorText(e));
    }
    await refresh();
  };

  return (
    <Card title={t('datasource.syncTables')} data-testid="sync-tables">
      <Table<SyncTableInfo>
        rowKey="schemaCode"
        loading={syncs.isLoading}
        dataSource={syncs.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('datasource.noSyncTables')} /> }}
        columns={[
          {
            title: t('datasource.syncTables'),
            render: (_, s) => (
              <Flex vertical>
                <Link to={`/app/${encodeURIComponent(appCode)}/${encodeURIComponent(s.schemaCode)}`}>{s.name}</Link>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 260 }}>
                  {s.sourceName} · {s.source.table ?? s.source.query ?? (s.source.path || t('datasource.wizard.root'))}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('datasource.wizard.schedule'),
            width: 170,
            render: (_, s) => (
              <Flex vertical gap={2}>
                <Select
                  size="small"
                  value={s.schedule}
                  style={{ width: 130 }}
                  options={SyncSchedule.map((x) => ({ value: x, label: t(`datasource.schedules.${x}`) }))}
                  onChange={(schedule) =>
                    act(() =>
                      call(DataSourceEndpoints.updateSync, {
                        params: { appCode, schemaCode: s.schemaCode },
                        body: { schedule },
                        ...inline,
                      }),
                    )
                  }
                />
                {s.nextRunAt && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('datasource.nextRun', { time: dayjs(s.nextRunAt).format('MM-DD HH:mm') })}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          { title: t('datasource.lastSync'), render: (_, s) => <SyncState log={s.lastSync} /> },
          {
            title: '',
            width: 190,
            render: (_, s) => (
              <Flex gap={8}>
                <Button
                  size="small"
                  type="primary"
                  ghost
                  loading={s.lastSync?.state === 'running'}
                  data-testid="sync-now"
                  onClick={() =>
                    act(
                      () =>
                        call(DataSourceEndpoints.runSync, { params: { appCode, schemaCode: s.schemaCode }, ...inline }),
                      t('datasource.syncStarted'),
                    )
                  }
                >
                  {t('datasource.syncNow')}
                </Button>
                <Button size="small" onClick={() => setLog(s)} data-testid="sync-log-open">
                  {t('datasource.log')}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      {log && <LogDrawer appCode={appCode} sync={log} onClose={() => setLog(null)} />}
    </Card>
  );
}
