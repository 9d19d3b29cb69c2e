import type { MemberRow } from '@canopy/contract';
import { Avatar, theme } from 'antd';
import { avatarSrcSet } from '../../../shell/layout/avatar-src';

export function MemberAvatar({
  member,
  size = 28,
}: {
  member: Pick<MemberRow, 'avatarUrl' | 'userName'>;
  size?: number;
}) {
  const { token } = theme.useToken();
  return (
    <Avatar
      size={size}
      src={member.avatarUrl || undefined}
      srcSet={avatarSrcSet(member.avatarUrl)}
      style={{ flex: 'none', background: token.colorPrimary }}
    >
      {member.userName.slice(0, 1)}
    </Avatar>
  );
}
