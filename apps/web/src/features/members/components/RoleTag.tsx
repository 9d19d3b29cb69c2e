import { MemberRole } from '@canopy/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** 所有者 / 管理员 (and 成员 where every row should say its role). */
export function RoleTag({ role, showMember = false }: { role: string; showMember?: boolean }) {
  const { t } = useTranslation();
  if (role === MemberRole.owner) return <Tag color="gold">{t('org.roleOwner')}</Tag>;
  if (role === MemberRole.admin) return <Tag color="blue">{t('org.roleAdmin')}</Tag>;
  return showMember ? <Tag>{t('org.roleMember')}</Tag> : null;
}
