import { ReloadOutlined } from '@ant-design/icons';
import type { AdminEndpoints, ResponseOf } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { corpKeys, fetchOutbox } from '../api/corp-api';
import { formatTime } from './date-format';

type OutboxMessage = ResponseOf<typeof AdminEndpoints.outbox>[number];

/** Links in a message (invitations, the WeChat stand-in's scan link) open in a new tab. */
function linkify(text: string) {
  return text.split(/(https?:\/\/[^\s，。]+)/).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
      <a key={i} href={part} target="_blank" rel="noopener noreferrer" data-testid="outbox-link">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/** 开发者发件箱 (instance administrator): SMS and mail written here instead of being sent. */
export function OutboxTab() {
  const { t } = useTranslation();
  const outbox = useQuery({ queryKey: corpKeys.outbox, queryFn: fetchOutbox, retry: false });
  const columns: TableColumnsType<OutboxMessage> = [
    {
      title: t('corp.outboxChannel'),
      dataIndex: 'channel',
      width: 90,
      render: (v: string) => {
        const [color, label] =
          v === 'sms'
            ? ['blue', t('corp.sms')]
            : v === 'wechat'
              ? ['cyan', t('corp.wechatChannel')]
              : ['green', t('corp.mail')];
        return <Tag color={color}>{label}</Tag>;
      },
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
          {linkify(v)}
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
