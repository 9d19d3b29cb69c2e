import type { MemberRow } from '@canopy/contract';
import { Button, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { maskPhone } from '../../../shell/dialogs/mask-phone';
import { MemberAvatar } from './MemberAvatar';
import { RoleTag } from './RoleTag';

interface MemberTableProps {
  rows: MemberRow[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  emptyText: string;
  onPage: (page: number, pageSize: number) => void;
  onOpen: (member: MemberRow) => void;
}

/** The address book's member list: who, how to reach them (as far as they allow), where they sit. */
export function MemberTable({ rows, total, page, pageSize, loading, emptyText, onPage, onOpen }: MemberTableProps) {
  const { t } = useTranslation();
  // Empty means not given or not shared (privacy): the list cannot tell which, so it says neither.
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  const columns: TableColumnsType<MemberRow> = [
    {
      title: t('org.colName'),
      key: 'name',
      render: (_, m) => (
        <Flex align="center" gap={8}>
          <MemberAvatar member={m} />
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={(e) => {
              e.stopPropagation();
              onOpen(m);
            }}
            data-testid={`member-open-${m.userName}`}
          >
            {m.userName}
          </Button>
          <RoleTag role={m.role} />
          {m.state === 'INACTIVE' && <Tag>{t('org.inactiveTag')}</Tag>}
        </Flex>
      ),
    },
    { title: t('org.colMobile'), key: 'mobile', render: (_, m) => (m.mobile ? maskPhone(m.mobile) : none) },
    { title: t('org.colEmail'), key: 'email', ellipsis: true, render: (_, m) => m.email || none },
    {
      title: t('org.colDepartments'),
      key: 'departments',
      render: (_, m) => (
        <Flex wrap gap={4}>
          {m.departments.map((d) => (
            <Tag key={d.objectId} color={d.objectId === m.mainDepartmentId ? 'green' : undefined}>
              {d.name}
            </Tag>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <Table<MemberRow>
      rowKey="memberId"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      onRow={(m) => ({ onClick: () => onOpen(m), style: { cursor: 'pointer' } })}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (n) => t('org.totalMembers', { count: n }),
        onChange: onPage,
        hideOnSinglePage: total <= 10,
      }}
      data-testid="member-table"
    />
  );
}
