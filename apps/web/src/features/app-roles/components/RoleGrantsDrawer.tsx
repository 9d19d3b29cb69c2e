import { ApartmentOutlined, DeleteOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import type { RoleGrant } from '@canopy/contract';
import { Button, Checkbox, Divider, Empty, Flex, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../members/components/DepartmentTreeSelect';
import { MemberPicker } from '../../members/components/MemberPicker';
import { appRolesApi } from '../api/app-roles-api';
import { type MatrixRole, useRoleWrite } from '../hooks/useRoleMatrix';
import { SaveDrawer } from './SaveDrawer';

type Grant = { kind: RoleGrant['kind']; target: string; name: string };

/**
 * Who holds a role: members by name, departments (with or without their sub-departments), the
 * team's administrators, or everyone in the team. Saved as a whole (the server replaces the grants).
 */
export function RoleGrantsDrawer({ role, onClose }: { role: MatrixRole; onClose: () => void }) {
  const { t } = useTranslation();
  const [grants, setGrants] = useState<Grant[]>(() =>
    role.grants.map((g) => ({ ...g, kind: g.kind as Grant['kind'] })),
  );
  const [picking, setPicking] = useState(false);
  const save = useRoleWrite(
    (appCode, list: Grant[]) =>
      appRolesApi.setGrants(
        appCode,
        role.key,
        list.map(({ kind, target }) => ({ kind, target })),
      ),
    t('roleMatrix.grantsSaved'),
  );

  const members = grants.filter((g) => g.kind === 'member');
  const departments = grants.filter((g) => g.kind === 'department' || g.kind === 'departmentTree');
  const has = (kind: Grant['kind']) => grants.some((g) => g.kind === kind);
  const toggle = (kind: 'teamRole' | 'everyone', on: boolean) =>
    setGrants((prev) =>
      on
        ? [...prev, { kind, target: kind === 'teamRole' ? 'admin' : '', name: '' }]
        : prev.filter((g) => g.kind !== kind),
    );
  const drop = (g: Grant) => setGrants((prev) => prev.filter((x) => !(x.kind === g.kind && x.target === g.target)));
  const setDepartments = (ids: string[], names: string[]) =>
    setGrants((prev) => {
      const kept = prev.filter(
        (g) => (g.kind !== 'department' && g.kind !== 'departmentTree') || ids.includes(g.target),
      );
      const added = ids
        .filter((id) => !prev.some((g) => (g.kind === 'department' || g.kind === 'departmentTree') && g.target === id))
        .map((id) => ({ kind: 'departmentTree' as const, target: id, name: names[ids.indexOf(id)] ?? '' }));
      return [...kept, ...added];
    });
  const setTree = (g: Grant, tree: boolean) =>
    setGrants((prev) =>
      prev.map((x) =>
        x.target === g.target && x.kind === g.kind ? { ...x, kind: tree ? 'departmentTree' : 'department' } : x,
      ),
    );

  return (
    <SaveDrawer
      title={t('roleMatrix.grantsTitle', { name: role.name })}
      width={520}
      testId="role-grants-drawer"
      saving={save.isPending}
      onSave={() => save.mutateAsync(grants)}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('roleMatrix.grantsIntro')}</Typography.Paragraph>

      <Typography.Title level={5}>{t('roleMatrix.grantTeam')}</Typography.Title>
      <Flex vertical gap={8}>
        <Checkbox
          checked={has('everyone')}
          onChange={(e) => toggle('everyone', e.target.checked)}
          data-testid="grant-everyone"
        >
          {t('roleMatrix.grantEveryoneLong')}
        </Checkbox>
        <Checkbox
          checked={has('teamRole')}
          onChange={(e) => toggle('teamRole', e.target.checked)}
          data-testid="grant-admins"
        >
          {t('roleMatrix.grantAdminsLong')}
        </Checkbox>
      </Flex>

      <Divider />
      <Typography.Title level={5}>{t('roleMatrix.grantDepartments')}</Typography.Title>
      <DepartmentTreeSelect
        multiple
        value={departments.map((d) => d.target)}
        known={departments.map((d) => ({ objectId: d.target, name: d.name }))}
        onChange={(v, labels) => setDepartments(Array.isArray(v) ? v : [v], labels)}
        testId="grant-departments"
        ariaLabel={t('roleMatrix.grantDepartments')}
      />
      <List
        size="small"
        dataSource={departments}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roleMatrix.noDepartments')} />,
        }}
        renderItem={(d) => (
          <List.Item
            data-testid={`grant-department-${d.target}`}
            actions={[
              <Checkbox
                key="tree"
                checked={d.kind === 'departmentTree'}
                onChange={(e) => setTree(d, e.target.checked)}
                data-testid={`grant-tree-${d.target}`}
              >
                {t('roleMatrix.withSubDepartments')}
              </Checkbox>,
              <Button
                key="drop"
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('roleMatrix.removeGrant', { name: d.name })}
                onClick={() => drop(d)}
              />,
            ]}
          >
            <Space>
              <ApartmentOutlined />
              {d.name}
            </Space>
          </List.Item>
        )}
      />

      <Divider />
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('roleMatrix.grantMembers')}
        </Typography.Title>
        <Button icon={<UserAddOutlined />} onClick={() => setPicking(true)} data-testid="grant-add-members">
          {t('roleMatrix.addMembers')}
        </Button>
      </Flex>
      <List
        size="small"
        dataSource={members}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roleMatrix.noMembers')} /> }}
        renderItem={(m) => (
          <List.Item
            actions={[
              <Button
                key="drop"
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('roleMatrix.removeGrant', { name: m.name })}
                onClick={() => drop(m)}
              />,
            ]}
          >
            <Space>
              <UserOutlined />
              {m.name}
            </Space>
          </List.Item>
        )}
      />
      <MemberPicker
        open={picking}
        title={t('roleMatrix.addMembersTitle', { name: role.name })}
        excludeMemberIds={members.map((m) => m.target)}
        onCancel={() => setPicking(false)}
        onOk={(picked) => {
          setPicking(false);
          setGrants((prev) => [
            ...prev,
            ...picked.map((p) => ({ kind: 'member' as const, target: p.memberId, name: p.userName })),
          ]);
        }}
      />
    </SaveDrawer>
  );
}
