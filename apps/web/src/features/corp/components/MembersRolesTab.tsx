import { SwapOutlined, UserAddOutlined } from '@ant-design/icons';
import type { MemberRow } from '@canopy/contract';
import { App, Button, Flex, Input, Segmented, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shell/session/session-context';
import { InviteDialog } from '../../invitations/components/InviteDialog';
import { MemberAvatar } from '../../members/components/MemberAvatar';
import { MemberPicker } from '../../members/components/MemberPicker';
import { RoleTag } from '../../members/components/RoleTag';
import { useDebouncedValue } from '../../members/hooks/useDebouncedValue';
import { useMemberActions } from '../../members/hooks/useMemberActions';
import { type MemberStatus, useMemberList } from '../../members/hooks/useMemberList';
import { useMemberPermissions } from '../../members/hooks/useMemberPermissions';
import { useKeptState } from '../hooks/useKeptState';
import { useTransferOwnership } from '../hooks/useTransferOwnership';
import { formatDate } from './date-format';

/** 成员与角色: every member with their role; grant/revoke admin, deactivate, transfer ownership. */
export function MembersRolesTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { current } = useSession();
  const can = useMemberPermissions();
  const actions = useMemberActions();
  const transfer = useTransferOwnership();
  const scope = current?.engineCode ?? '';
  const [text, setText] = useKeptState(`corp:${scope}:keyword`, '');
  const [status, setStatus] = useKeptState<MemberStatus>(`corp:${scope}:status`, 'ACTIVE');
  const [page, setPage] = useKeptState(`corp:${scope}:page`, 1);
  const [dialog, setDialog] = useState<'invite' | 'transfer' | null>(null);
  const keyword = useDebouncedValue(text, 300);
  const list = useMemberList({ departmentId: undefined, deep: true, keyword, status, page, pageSize: 20 });

  const confirm = (title: string, content: string, run: () => Promise<unknown>, danger = false) =>
    modal.confirm({ title, content, okButtonProps: { danger }, onOk: () => run().catch(() => undefined) });

  const columns: TableColumnsType<MemberRow> = [
    {
      title: t('org.colName'),
      key: 'name',
      render: (_, m) => (
        <Flex align="center" gap={8}>
          <MemberAvatar member={m} />
          <span>{m.userName}</span>
          {can.self(m) && <Typography.Text type="secondary">{t('corp.me')}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('org.colRole'), key: 'role', render: (_, m) => <RoleTag role={m.role} showMember /> },
    { title: t('org.colMobile'), dataIndex: 'mobile', render: (v: string) => v || '—' },
    { title: t('org.colEmail'), dataIndex: 'email', ellipsis: true, render: (v: string) => v || '—' },
    { title: t('org.joinedAt'), dataIndex: 'joinedAt', render: (v: number) => formatDate(v) },
    {
      title: t('corp.actions'),
      key: 'actions',
      render: (_, m) => {
        const active = m.state === 'ACTIVE';
        const name = m.userName;
        return (
          <Space size={0} wrap>
            {can.canSetRole(m) && active && (
              <Button
                type="link"
                size="small"
                data-testid={`corp-role-${name}`}
                onClick={() =>
                  m.role === 'admin'
                    ? confirm(t('org.revokeAdminTitle', { name }), t('org.revokeAdminContent'), () =>
                        actions.setRole.mutateAsync({ memberId: m.memberId, role: 'member' }),
                      )
                    : confirm(t('org.grantAdminTitle', { name }), t('org.grantAdminContent'), () =>
                        actions.setRole.mutateAsync({ memberId: m.memberId, role: 'admin' }),
                      )
                }
              >
                {m.role === 'admin' ? t('org.revokeAdmin') : t('org.grantAdmin')}
              </Button>
            )}
            {can.canSetState(m) && (
              <Button
                type="link"
                size="small"
                danger={active}
                data-testid={`corp-state-${name}`}
                onClick={() =>
                  confirm(
                    active ? t('org.deactivateTitle', { name }) : t('org.reactivateTitle', { name }),
                    active ? t('org.deactivateContent') : t('org.reactivateContent'),
                    () => actions.setState.mutateAsync({ memberId: m.memberId, state: active ? 'INACTIVE' : 'ACTIVE' }),
                    active,
                  )
                }
              >
                {active ? t('org.deactivate') : t('org.reactivate')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div data-testid="corp-members-tab">
      <Flex wrap gap={12} align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <Flex wrap gap={12} align="center">
          <Input.Search
            allowClear
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setPage(1);
            }}
            placeholder={t('org.searchPlaceholder')}
            style={{ width: 260 }}
          />
          <Segmented<MemberStatus>
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={[
              { value: 'ACTIVE', label: t('org.statusActive') },
              { value: 'INACTIVE', label: t('org.statusInactive') },
            ]}
          />
        </Flex>
        <Space>
          {can.isOwner && (
            <Button icon={<SwapOutlined />} onClick={() => setDialog('transfer')} data-testid="corp-transfer">
              {t('corp.transfer')}
            </Button>
          )}
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => setDialog('invite')}
            data-testid="corp-invite"
          >
            {t('invite.title')}
          </Button>
        </Space>
      </Flex>
      <Table<MemberRow>
        rowKey="memberId"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.fetching}
        locale={{
          emptyText: keyword ? t('org.noMatch') : status === 'INACTIVE' ? t('org.noInactive') : t('org.noMembers'),
        }}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.total,
          onChange: setPage,
          showTotal: (n) => t('org.totalMembers', { count: n }),
          hideOnSinglePage: true,
        }}
      />
      <InviteDialog open={dialog === 'invite'} onClose={() => setDialog(null)} />
      <MemberPicker
        open={dialog === 'transfer'}
        mode="transfer"
        title={t('corp.transferTitle')}
        okText={t('corp.transferNext')}
        excludeMemberIds={current ? [current.memberId] : []}
        confirmLoading={transfer.transferring}
        onCancel={() => setDialog(null)}
        onOk={async ([member]) => {
          if (member && (await transfer.confirmTransfer(member))) setDialog(null);
        }}
      />
    </div>
  );
}
