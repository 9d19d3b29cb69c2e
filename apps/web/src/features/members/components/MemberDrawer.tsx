import type { MemberRow } from '@canopy/contract';
import { App, Button, Descriptions, Drawer, Flex, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberActions } from '../hooks/useMemberActions';
import { useMemberPermissions } from '../hooks/useMemberPermissions';
import { useUserInfo } from '../hooks/useUserInfo';
import { MemberAvatar } from './MemberAvatar';
import { MemberDepartmentsDialog } from './MemberDepartmentsDialog';
import { RoleTag } from './RoleTag';

/**
 * A member's card: the person as the user-info call answers it (spec §3 User info, cached 60 s:
 * photo, signature, contact as their privacy allows, departments with the main one marked), and what
 * a manager may change.
 */
export function MemberDrawer({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const can = useMemberPermissions();
  const actions = useMemberActions();
  const [moving, setMoving] = useState(false);
  const info = useUserInfo(member?.userId).data;
  if (!member) return null;
  const person = {
    name: info?.name ?? member.userName,
    photo: info?.bigProfilePhotoUrl ?? member.avatarUrl,
    mobile: info ? info.mobile : member.mobile,
    email: info ? info.email : member.email,
    departments: info?.departments ?? member.departments,
    mainDepartmentId: info?.departmentId ?? member.mainDepartmentId,
  };
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
          <MemberAvatar member={{ userName: person.name, avatarUrl: person.photo }} size={56} />
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={5} style={{ margin: 0 }} data-testid="member-drawer-name">
              {person.name} <RoleTag role={member.role} showMember />
              {!active && <Tag>{t('org.inactiveTag')}</Tag>}
            </Typography.Title>
            {info ? (
              <Typography.Paragraph
                type="secondary"
                ellipsis={{ rows: 2, tooltip: info.personalSignature }}
                style={{ margin: '4px 0 0' }}
                data-testid="member-signature"
              >
                {info.personalSignature || t('org.noSignature')}
              </Typography.Paragraph>
            ) : (
              <Skeleton active title={false} paragraph={{ rows: 1, width: 160 }} style={{ marginTop: 6 }} />
            )}
          </div>
        </Flex>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('org.colMobile')}>
            <span data-testid="member-mobile">{person.mobile || hidden}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('org.colEmail')}>
            <span data-testid="member-email">{person.email || hidden}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('org.joinedAt')}>
            {new Date(member.joinedAt).toLocaleDateString()}
          </Descriptions.Item>
          <Descriptions.Item label={t('org.colDepartments')}>
            <Flex vertical gap={6} data-testid="member-departments">
              {person.departments.map((d) => (
                <Flex key={d.objectId} align="center" justify="space-between" gap={8}>
                  <span>
                    {d.name}
                    {d.objectId === person.mainDepartmentId && (
                      <Tag color="green" style={{ marginInlineStart: 6 }}>
                        {t('org.mainDepartment')}
                      </Tag>
                    )}
                  </span>
                  {d.objectId !== person.mainDepartmentId && can.canSetMainDepartment(member) && (
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
