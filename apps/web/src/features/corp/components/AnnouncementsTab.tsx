import { PlusOutlined } from '@ant-design/icons';
import type { AdminAnnouncement } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { announcementKeys, deleteAnnouncement, fetchAdminAnnouncements } from '../api/announcements-api';
import { AnnouncementDialog } from './AnnouncementDialog';
import { formatTime } from './date-format';

type Stage = 'live' | 'scheduled' | 'ended';
const stageOf = (a: AdminAnnouncement, now: number): Stage =>
  a.startsAt > now ? 'scheduled' : a.endsAt !== null && a.endsAt <= now ? 'ended' : 'live';
const STAGE_COLOR: Record<Stage, string> = { live: 'green', scheduled: 'blue', ended: 'default' };
const STAGE_LABEL = {
  live: 'corp.announcementLive',
  scheduled: 'corp.announcementScheduled',
  ended: 'corp.announcementEnded',
} as const satisfies Record<Stage, string>;

/** 产品动态 (instance administrator): the items every workbench of the instance shows in their window. */
export function AnnouncementsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useQuery({ queryKey: announcementKeys.admin, queryFn: fetchAdminAnnouncements, retry: false });
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteAnnouncement(id),
    onSuccess: async () => {
      message.success(t('corp.announcementDeleted'));
      await Promise.all([
        client.invalidateQueries({ queryKey: announcementKeys.admin }),
        client.invalidateQueries({ queryKey: announcementKeys.published }),
      ]);
    },
    onError: (error) => message.error(errorText(error)),
  });
  const now = Date.now();

  const columns: TableColumnsType<AdminAnnouncement> = [
    {
      title: t('corp.announcementTitle'),
      dataIndex: 'title',
      ellipsis: true,
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    {
      title: t('corp.announcementWindow'),
      width: 320,
      render: (_, a) =>
        `${formatTime(a.startsAt)} – ${a.endsAt === null ? t('corp.announcementUntilDeleted') : formatTime(a.endsAt)}`,
    },
    {
      title: t('corp.announcementState'),
      width: 100,
      render: (_, a) => {
        const stage = stageOf(a, now);
        return <Tag color={STAGE_COLOR[stage]}>{t(STAGE_LABEL[stage])}</Tag>;
      },
    },
    {
      title: t('corp.actions'),
      width: 140,
      render: (_, a) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing(a)} data-testid={`announcement-edit-${a.title}`}>
            {t('corp.edit')}
          </Button>
          <Popconfirm
            title={t('corp.announcementDeleteConfirm', { title: a.title })}
            okText={t('corp.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => remove.mutateAsync(a.id)}
          >
            <Button type="link" size="small" danger data-testid={`announcement-delete-${a.title}`}>
              {t('corp.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="corp-announcements-tab">
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('corp.announcementsIntro')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="announcement-new">
          {t('corp.announcementNew')}
        </Button>
      </Flex>
      {list.isError ? (
        <Alert type="error" showIcon title={t('org.loadFailed')} />
      ) : (
        <Table<AdminAnnouncement>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isPending}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('corp.announcementsEmpty')} />,
          }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      )}
      {editing && <AnnouncementDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
