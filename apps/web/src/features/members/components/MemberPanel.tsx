import type { Department, MemberRow } from '@canopy/contract';
import { Alert, Button, Card, Flex, Input, Segmented, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { type MemberStatus, useMemberList } from '../hooks/useMemberList';
import { MemberDrawer } from './MemberDrawer';
import { MemberTable } from './MemberTable';

/** The right side of the address book: search, filters, the paged member list and the member card. */
export function MemberPanel({ department, canManage }: { department: Department | undefined; canManage: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text, 300);
  const [deep, setDeep] = useState(true);
  const [status, setStatus] = useState<MemberStatus>('ACTIVE');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [opened, setOpened] = useState<MemberRow | null>(null);
  const departmentId = department?.objectId;
  const list = useMemberList({ departmentId, deep, keyword, status, page, pageSize });

  // Another department, search or filter starts again on the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPage(1), [departmentId, keyword, deep, status]);

  const fresh = opened ? (list.rows.find((r) => r.memberId === opened.memberId) ?? opened) : null;
  const emptyText = keyword.trim()
    ? t('org.noMatch')
    : status === 'INACTIVE'
      ? t('org.noInactive')
      : t('org.noMembers');

  return (
    <Card
      title={
        <Flex align="baseline" gap={8}>
          <span data-testid="member-panel-title">{department?.name ?? t('pages.members.title')}</span>
          {!list.loading && (
            <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
              {t('org.totalMembers', { count: list.total })}
            </Typography.Text>
          )}
        </Flex>
      }
    >
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={setText}
          placeholder={t('org.searchPlaceholder')}
          style={{ maxWidth: 280 }}
          data-testid="member-search"
        />
        <Flex align="center" gap={6}>
          <Switch size="small" checked={deep} onChange={setDeep} id="member-deep" data-testid="member-deep" />
          <label htmlFor="member-deep">{t('org.includeSub')}</label>
        </Flex>
        {canManage && (
          <Segmented<MemberStatus>
            value={status}
            onChange={setStatus}
            options={[
              { value: 'ACTIVE', label: t('org.statusActive') },
              { value: 'INACTIVE', label: <span data-testid="member-status-inactive">{t('org.statusInactive')}</span> },
            ]}
          />
        )}
      </Flex>
      {list.error ? (
        <Alert
          type="error"
          showIcon
          title={t('org.loadFailed')}
          action={<Button onClick={list.retry}>{t('common.retry')}</Button>}
        />
      ) : (
        <MemberTable
          rows={list.rows}
          total={list.total}
          page={page}
          pageSize={pageSize}
          loading={list.fetching}
          emptyText={emptyText}
          onPage={(p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          }}
          onOpen={setOpened}
        />
      )}
      <MemberDrawer member={fresh} onClose={() => setOpened(null)} />
    </Card>
  );
}
