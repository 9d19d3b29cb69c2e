import type { MemberRow } from '@canopy/contract';
import { Checkbox, Empty, Flex, Radio, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from './MemberAvatar';
import { RoleTag } from './RoleTag';

interface MemberChoiceListProps {
  rows: MemberRow[];
  loading: boolean;
  single: boolean;
  selectedIds: Set<string>;
  excluded: Set<string>;
  onToggle: (member: MemberRow) => void;
}

/** The candidates of the member picker, each with a checkbox (or a radio in transfer mode). */
export function MemberChoiceList({ rows, loading, single, selectedIds, excluded, onToggle }: MemberChoiceListProps) {
  const { t } = useTranslation();
  if (!loading && rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('org.noMatch')} style={{ padding: '32px 0' }} />;
  }
  const Choice = single ? Radio : Checkbox;
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={2} style={{ minHeight: 120 }} data-testid="picker-candidates">
        {rows.map((m) => {
          const disabled = excluded.has(m.memberId);
          return (
            <Choice
              key={m.memberId}
              checked={selectedIds.has(m.memberId)}
              disabled={disabled}
              onChange={() => onToggle(m)}
              className="canopy-picker-row"
              data-testid={`picker-member-${m.userName}`}
            >
              <Flex align="center" gap={8}>
                <MemberAvatar member={m} size={24} />
                <span>{m.userName}</span>
                <RoleTag role={m.role} />
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 180 }}>
                  {m.departments.map((d) => d.name).join('、')}
                </Typography.Text>
              </Flex>
            </Choice>
          );
        })}
      </Flex>
    </Spin>
  );
}
