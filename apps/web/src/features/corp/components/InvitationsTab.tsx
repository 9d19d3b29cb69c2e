import { ReloadOutlined, UserAddOutlined } from '@ant-design/icons';
import type { SentInvitation } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Popconfirm, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { fetchSentInvitations, invitationKeys, revokeInvitation } from '../../invitations/api/invitation-api';
import { InviteDialog } from '../../invitations/components/InviteDialog';
import { formatTime } from './date-format';

const STATE_COLORS: Record<string, string> = { PENDING: 'processing', ACCEPTED: 'success', REFUSED: 'warning' };
const STATES = ['PENDING', 'ACCEPTED', 'REFUSED', 'REVOKED', 'EXPIRED'] as const;
const KINDS = ['mobile', 'email', 'link'] as const;

/** 邀请记录: the team's invitations with their state; a pending one can be revoked. */
export function InvitationsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const key = invitationKeys.sent(current?.engineCode ?? '');
  const sent = useQuery({ queryKey: key, queryFn: fetchSentInvitations, staleTime: 30_000 });
  const revoke = useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => {
      message.success(t('corp.revoked'));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (e) => {
      message.error(errorText(e));
    },
  });

  const stateLabel = (state: string) => {
    const known = STATES.find((s) => s === state);
    return known ? t(`corp.invitationState.${known}`) : state;
  };
  const kindLabel = (kind: string) => {
    const known = KINDS.find((k) => k === kind);
    return known ? t(`corp.invitationKind.${known}`) : kind;
  };

  const columns: TableColumnsType<SentInvitation> = [
    { title: t('corp.invitee'), key: 'target', render: (_, i) => i.target || t('corp.anyoneWithLink') },
    { title: t('corp.invitationKindTitle'), dataIndex: 'targetKind', render: (v: string) => <Tag>{kindLabel(v)}</Tag> },
    { title: t('corp.inviter'), dataIndex: 'inviterName' },
    {
      title: t('corp.invitationStateTitle'),
      dataIndex: 'state',
      render: (v: string) => <Tag color={STATE_COLORS[v]}>{stateLabel(v)}</Tag>,
    },
    { title: t('corp.createdAt'), dataIndex: 'createdAt', render: (v: number) => formatTime(v) },
    { title: t('corp.expiresAt'), dataIndex: 'expiresAt', render: (v: number) => formatTime(v) },
    {
      title: t('corp.actions'),
      key: 'actions',
      render: (_, i) =>
        i.state === 'PENDING' && (
          <Popconfirm title={t('corp.revokeConfirm')} onConfirm={() => revoke.mutateAsync(i.id).catch(() => undefined)}>
            <Button type="link" size="small" danger data-testid={`invitation-revoke-${i.id}`}>
              {t('corp.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <div data-testid="corp-invitations-tab">
      <Flex justify="flex-end" gap={8} style={{ marginBottom: 16 }}>
        <Button icon={<ReloadOutlined />} onClick={() => void sent.refetch()} loading={sent.isFetching}>
          {t('common.refresh')}
        </Button>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
          {t('invite.title')}
        </Button>
      </Flex>
      {sent.isError ? (
        <Alert type="error" showIcon title={t('org.loadFailed')} />
      ) : (
        <Table<SentInvitation>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={sent.data ?? []}
          loading={sent.isPending}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('corp.noInvitations')} /> }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      )}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}
