import { UserAddOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../shell/api/form-errors';
import { MemberPicker } from '../../../members/components/MemberPicker';
import { appKeys, appsApi } from '../../api/apps-api';
import { useAppWorkspace } from '../../hooks/app-context';
import { type RoleMember, RoleSection } from './RoleSection';
import { useAppRoles } from './useAppRoles';

type AddRole = 'manager' | 'member' | null;

/**
 * 角色管理 (spec §6): the owner, managers and members. Managers may add and remove members; the
 * owner (or a team admin in admin mode) also appoints and removes managers.
 */
export function AppRolesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { engineCode, appCode, canOwn } = useAppWorkspace();
  const queryClient = useQueryClient();
  const roles = useAppRoles();
  const [adding, setAdding] = useState<AddRole>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: appKeys.app(engineCode, appCode) });

  const add = useMutation({
    mutationFn: (input: { userIds: string[]; role: 'manager' | 'member' }) => appsApi.addRole({ appCode, ...input }),
    onSuccess: () => {
      message.success(t('appRoles.added'));
      setAdding(null);
      return refresh();
    },
    onError: (error) => message.error(errorText(error)),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => appsApi.removeRole(appCode, [userId]),
    onSuccess: () => {
      message.success(t('appRoles.removed'));
      return refresh();
    },
    onError: (error) => message.error(errorText(error)),
  });

  const confirmRemove = (member: RoleMember) =>
    modal.confirm({
      title: t('appRoles.removeTitle', { name: member.userName }),
      content: t('appRoles.removeContent'),
      okText: t('appRoles.remove'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(member.userId).catch(() => undefined),
    });

  const list = roles.data ?? [];
  const of = (role: string) => list.filter((r) => r.role === role);
  let body = <Skeleton active avatar paragraph={{ rows: 4 }} />;
  if (roles.isError)
    body = (
      <Result
        status="warning"
        title={t('appRoles.loadFailed')}
        extra={<Button onClick={() => void roles.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (roles.data)
    body = (
      <Flex vertical gap={16}>
        <RoleSection title={t('appRoles.groupOwner')} members={of('owner')} testId="roles-owner" />
        <RoleSection
          title={t('appRoles.groupManager')}
          members={of('manager')}
          onRemove={canOwn ? confirmRemove : undefined}
          testId="roles-manager"
        />
        <RoleSection
          title={t('appRoles.groupMember')}
          members={of('member')}
          onRemove={confirmRemove}
          testId="roles-member"
        />
      </Flex>
    );

  return (
    <>
      <Modal
        open
        title={t('appRoles.title')}
        width={600}
        onCancel={onClose}
        footer={
          <Flex justify="space-between">
            <Space>
              {canOwn && (
                <Button icon={<UserAddOutlined />} onClick={() => setAdding('manager')} data-testid="roles-add-manager">
                  {t('appRoles.addManager')}
                </Button>
              )}
              <Button icon={<UserAddOutlined />} onClick={() => setAdding('member')} data-testid="roles-add-member">
                {t('appRoles.addMember')}
              </Button>
            </Space>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </Flex>
        }
      >
        <Typography.Paragraph type="secondary">{t('appRoles.intro')}</Typography.Paragraph>
        <div data-testid="app-roles">{body}</div>
      </Modal>
      <MemberPicker
        open={adding !== null}
        title={adding === 'manager' ? t('appRoles.addManagerTitle') : t('appRoles.addMemberTitle')}
        excludeMemberIds={list.map((r) => r.memberId)}
        confirmLoading={add.isPending}
        onCancel={() => setAdding(null)}
        onOk={(members) => {
          if (adding && members.length) add.mutate({ userIds: members.map((m) => m.userId), role: adding });
        }}
      />
    </>
  );
}
