import { ReloadOutlined } from '@ant-design/icons';
import type { AdminEndpoints, ResponseOf } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { corpKeys, fetchOutbox } from '../api/corp-api';
import { formatTime } from './date-format';

type OutboxMessage = ResponseOf<typeof AdminEndpoints.outbox>[number];

/** 开发者发件箱 (instance administrator): SMS and mail written here instead of being sent. */
export function OutboxTab() {
  const { t } = useTranslation();
  const outbox = useQuery({ queryKey: corpKeys.outbox, queryFn: fetchOutbox, retry: false });
  const columns: TableColumnsType<OutboxMessage> = [
    {
      title: t('corp.outboxChannel'),
      dataIndex: 'channel',
      width: 90,
      render: (v: string) => (
        <Tag color={v === 'sms' ? 'blue' : 'green'}>{v === 'sms' ? t('corp.sms') : t('corp.mail')}</Tag>
      ),
    },
    { title: t('corp.outboxTarget'), dataIndex: 'target', width: 200, ellipsis: true },
    { title: t('corp.outboxSubject'), dataIndex: 'subject', width: 220, ellipsis: true },
    {
      title: t('corp.outboxBody'),
      dataIndex: 'body',
      render: (v: string) => (
        <Typography.Paragraph
          style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          ellipsis={{ rows: 2, expandable: true, symbol: t('corp.expand') }}
        >
          {v}
        </Typography.Paragraph>
      ),
    },
    { title: t('corp.outboxTime'), dataIndex: 'createdAt', width: 160, render: (v: number) => formatTime(v) },
  ];
  const rows = [...(outbox.data ?? [])].sort((a, b) => b.createdAt - a.createdAt);
  return (
    <div data-testid="corp-outbox-tab">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('corp.outboxIntro')}</Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
          {t('common.refresh')}
        </Button>
      </Flex>
      {outbox.isError ? (
        <Alert type="error" showIcon title={t('org.loadFailed')} />
      ) : (
        <Table<OutboxMessage>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={outbox.isPending}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('corp.outboxEmpty')} /> }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      )}
    </div>
  );
}
