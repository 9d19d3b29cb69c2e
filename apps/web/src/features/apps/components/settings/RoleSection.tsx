import type { AppEndpoints, ResponseOf } from '@canopy/contract';
import { Button, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../../../members/components/MemberAvatar';

export type RoleMember = ResponseOf<typeof AppEndpoints.roles>[number];

/** One role's people in the roles dialog, each removable when the viewer may. */
export function RoleSection({
  title,
  members,
  onRemove,
  testId,
}: {
  title: string;
  members: RoleMember[];
  onRemove?: (member: RoleMember) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Typography.Text strong>
        {title}
        <Typography.Text type="secondary" style={{ marginInlineStart: 6 }}>
          {members.length}
        </Typography.Text>
      </Typography.Text>
      {members.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
          {t('appRoles.none')}
        </Typography.Paragraph>
      ) : (
        <List
          size="small"
          dataSource={members}
          renderItem={(m) => (
            <List.Item
              data-testid={`role-row-${m.userName}`}
              actions={
                onRemove
                  ? [
                      <Button key="remove" type="link" size="small" danger onClick={() => onRemove(m)}>
                        {t('appRoles.remove')}
                      </Button>,
                    ]
                  : []
              }
            >
              <Flex align="center" gap={8}>
                <MemberAvatar member={m} size={28} />
                <span>{m.userName}</span>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
