import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Empty, Skeleton, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { applogApi, applogKeys } from '../api/applog-api';
import { useActionLabel } from './labels';

function shown(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => shown(v, empty)).join('、');
  if (typeof value === 'object') {
    const named = value as { name?: unknown; title?: unknown; userName?: unknown };
    const label = named.name ?? named.title ?? named.userName;
    if (typeof label === 'string') return label;
  }
  return JSON.stringify(value);
}

/** One entry with its changes field by field, old → new. */
export function ApplogDetailDrawer({
  engineCode,
  id,
  onClose,
}: {
  engineCode: string;
  id: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const actionLabel = useActionLabel();
  const detail = useQuery({
    queryKey: applogKeys.detail(engineCode, id ?? ''),
    queryFn: () => applogApi.detail(id as string),
    enabled: Boolean(id),
  });
  const empty = t('applog.emptyValue');
  const d = detail.data;
  const more = d ? Object.entries(d.detail).filter(([, v]) => v !== '' && v !== null) : [];
  return (
    <Drawer open={Boolean(id)} onClose={onClose} width={640} title={t('applog.detailTitle')} destroyOnHidden>
      {detail.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {detail.isError && <Alert type="error" showIcon title={t('applog.loadFailed')} />}
      {d && (
        <div data-testid="applog-detail">
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 120 } }}>
            <Descriptions.Item label={t('applog.time')}>
              {dayjs(d.createdAt).format('YYYY-MM-DD HH:mm:ss')}
            </Descriptions.Item>
            <Descriptions.Item label={t('applog.member')}>{d.memberName || d.memberId}</Descriptions.Item>
            <Descriptions.Item label={t('applog.action')}>{actionLabel(d.kind, d.action)}</Descriptions.Item>
            {d.appName && <Descriptions.Item label={t('applog.app')}>{d.appName}</Descriptions.Item>}
            {d.schemaName && <Descriptions.Item label={t('applog.table')}>{d.schemaName}</Descriptions.Item>}
            {d.recordTitle && <Descriptions.Item label={t('applog.target')}>{d.recordTitle}</Descriptions.Item>}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('applog.detail')}
          </Typography.Title>
          {d.changes.length ? (
            <Table
              size="small"
              rowKey="field"
              pagination={false}
              dataSource={d.changes}
              data-testid="applog-changes"
              columns={[
                {
                  title: t('applog.field'),
                  width: 140,
                  // A comment's entry names its text by a code: shown in the reader's language.
                  render: (_, c) =>
                    d.targetType === 'comment' && c.field === 'comment' ? t('applog.commentText') : c.name,
                },
                {
                  title: t('applog.before'),
                  render: (_, c) => <Typography.Text delete>{shown(c.from, empty)}</Typography.Text>,
                },
                { title: '', width: 32, render: () => '→' },
                {
                  title: t('applog.after'),
                  render: (_, c) => <Typography.Text strong>{shown(c.to, empty)}</Typography.Text>,
                },
              ]}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('applog.noChanges')} />
          )}
          {more.length > 0 && (
            <Descriptions column={1} size="small" style={{ marginTop: 16 }} title={t('applog.more')}>
              {more.map(([k, v]) => (
                <Descriptions.Item key={k} label={k}>
                  {shown(v, empty)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
        </div>
      )}
    </Drawer>
  );
}
