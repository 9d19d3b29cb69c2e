import type { MemberRow } from '@canopy/contract';
import { App, Button, Descriptions, Drawer, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberActions } from '../hooks/useMemberActions';
import { useMemberPermissions } from '../hooks/useMemberPermissions';
import { MemberAvatar } from './MemberAvatar';
import { MemberDepartmentsDialog } from './MemberDepartmentsDialog';
import { RoleTag } from './RoleTag';

/** A member's card: contact, departments (main marked), and what a manager may change. */
export function MemberDrawer({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const can = useMemberPermissions();
  const actions = useMemberActions();
  const [moving, setMoving] = useState(false);
  if (!member) return null;
  const hidden = <Typography.Text type="secondary">{t('org.notShown')}</Typography.Text>;
  const active = member.state === 'ACTIVE';

  const toggleState = () =>
    modal.confirm({
      title: active
        ? t('org.deactivateTitle', { name: member.userName })
        : t('org.reactivateTitle', { name: member.userName }),
      content: active ? t('org.deactivateContent') : t('org.reactivateContent'),
      okButtonProps: { danger: active },
      onOk: () =>
        actions.setState
          .mutateAsync({ memberId: member.memberId, state: active ? 'INACTIVE' : 'ACTIVE' })
          .then(onClose)
          .catch(() => undefined),
    });
  const toggleRole = () => {
    const role = member.role === 'admin' ? 'member' : 'admin';
    modal.confirm({
      title:
        role === 'admin'
          ? t('org.grantAdminTitle', { name: member.userName })
          : t('org.revokeAdminTitle', { name: member.userName }),
      content: role === 'admin' ? t('org.grantAdminContent') : t('org.revokeAdminContent'),
      onOk: () => actions.setRole.mutateAsync({ memberId: member.memberId, role }).catch(() => undefined),
    });
  };

  return (
    <Drawer open title={t('org.memberDetail')} onClose={onClose} size={440} destroyOnHidden>
      <div data-testid="member-drawer">
        <Flex align="center" gap={12} style={{ marginBottom: 20 }}>
          <MemberAvatar member={member} size={56} />
          <div>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {member.userName} <RoleTag role={member.role} showMember />
              {!active && <Tag>{t('org.inactiveTag')}</Tag>}
            </Typography.Title>
          </div>
        </Flex>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('org.colMobile')}>{member.mobile || hidden}</Descriptions.Item>
          <Descriptions.Item label={t('org.colEmail')}>{member.email || hidden}</Descriptions.Item>
          <Descriptions.Item label={t('org.joinedAt')}>
            {new Date(member.joinedAt).toLocaleDateString()}
          </Descriptions.Item>
          <Descriptions.Item label={t('org.colDepartments')}>
            <Flex vertical gap={6} data-testid="member-departments">
              {member.departments.map((d) => (
                <Flex key={d.objectId} align="center" justify="space-between" gap={8}>
                  <span>
                    {d.name}
                    {d.objectId === member.mainDepartmentId && (
                      <Tag color="green" style={{ marginInlineStart: 6 }}>
                        {t('org.mainDepartment')}
                      </Tag>
                    )}
                  </span>
                  {d.objectId !== member.mainDepartmentId && can.canSetMainDepartment(member) && (
                    <Button
                      size="small"
                      type="link"
                      loading={actions.setMain.isPending}
                      onClick={() =>
                        actions.setMain.mutate({
                          departmentId: d.objectId,
                          ...(can.self(member) ? {} : { memberId: member.memberId }),
                        })
                      }
                    >
                      {t('org.setMain')}
                    </Button>
                  )}
                </Flex>
              ))}
            </Flex>
          </Descriptions.Item>
        </Descriptions>
        <Flex wrap gap={8} style={{ marginTop: 20 }}>
          {can.canSetDepartments() && active && (
            <Button onClick={() => setMoving(true)} data-testid="member-set-departments">
              {t('org.setDepartments')}
            </Button>
          )}
          {can.canSetRole(member) && active && (
            <Button onClick={toggleRole} data-testid="member-toggle-admin">
              {member.role === 'admin' ? t('org.revokeAdmin') : t('org.grantAdmin')}
            </Button>
          )}
          {can.canSetState(member) && (
            <Button danger={active} onClick={toggleState} data-testid="member-toggle-state">
              {active ? t('org.deactivate') : t('org.reactivate')}
            </Button>
          )}
        </Flex>
      </div>
      <MemberDepartmentsDialog
        member={moving ? member : null}
        saving={actions.setDepartments.isPending}
        onCancel={() => setMoving(false)}
        onSubmit={(departmentIds) =>
          actions.setDepartments.mutate(
            { memberId: member.memberId, departmentIds },
            {
              onSuccess: () => {
                setMoving(false);
                onClose();
              },
            },
          )
        }
      />
    </Drawer>
  );
}
