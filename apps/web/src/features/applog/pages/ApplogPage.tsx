import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { type AppLogItem, AppLogKinds, type AppLogQuery, FeatureCode, type FunctionNode } from '@canopy/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Empty, Flex, Input, Select, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { errorText } from '../../../shell/api/form-errors';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { FullPageLoading } from '../../../shell/session/FullPageLoading';
import { useSession } from '../../../shell/session/session-context';
import { applogApi, applogKeys } from '../api/applog-api';
import { ApplogDetailDrawer } from '../components/ApplogDetailDrawer';
import { useActionLabel } from '../components/labels';

interface Filters {
  appCode?: string;
  schemaCode?: string;
  memberId?: string;
  kind?: AppLogQuery['kind'];
  range?: [Dayjs, Dayjs] | null;
  search?: string;
}

/** Data tables of an app's menu, groups opened. */
function tablesOf(nodes: FunctionNode[]): FunctionNode[] {
  return nodes.flatMap((n) => [...(n.type === 'Schema' ? [n] : []), ...tablesOf(n.children)]);
}

/**
 * /applog: the team's application log (owner and admins, feature Applog on; spec §6) — filters,
 * a search over record titles, newest first with "load more", a detail drawer and an xlsx export.
 */
export function ApplogPage() {
  const { t } = useTranslation();
  const { hasFeature, featuresSettled, current } = useSession();
  if (!featuresSettled) return <FullPageLoading />;
  if (!hasFeature(FeatureCode.applog) || !(current?.ownFlag || current?.adminFlag))
    return <Navigate to="/403" replace />;
  return (
    <PageContainer title={t('pages.applog.title')} testId="applog-page">
      <ApplogView engineCode={current.engineCode} />
    </PageContainer>
  );
}

function ApplogView({ engineCode }: { engineCode: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const actionLabel = useActionLabel();
  const [filters, setFilters] = useState<Filters>({});
  const [searchText, setSearchText] = useState('');
  const [memberKeyword, setMemberKeyword] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const query = useMemo((): AppLogQuery => {
    const q: AppLogQuery = { limit: 50 };
    if (filters.appCode) q.appCode = filters.appCode;
    if (filters.schemaCode) q.schemaCode = filters.schemaCode;
    if (filters.memberId) q.memberId = filters.memberId;
    if (filters.kind) q.kind = filters.kind;
    if (filters.range) {
      q.from = filters.range[0].startOf('day').valueOf();
      q.to = filters.range[1].endOf('day').valueOf();
    }
    if (filters.search) q.search = filters.search;
    return q;
  }, [filters]);

  const apps = useQuery({ queryKey: applogKeys.apps(engineCode), queryFn: applogApi.apps, staleTime: 60_000 });
  const tables = useQuery({
    queryKey: applogKeys.tables(engineCode, filters.appCode ?? ''),
    queryFn: () => applogApi.nodes(filters.appCode as string),
    enabled: Boolean(filters.appCode),
  });
  const members = useQuery({
    queryKey: applogKeys.members(engineCode, memberKeyword),
    queryFn: () => applogApi.members(memberKeyword),
    staleTime: 60_000,
  });
  const list = useInfiniteQuery({
    queryKey: applogKeys.list(engineCode, query),
    queryFn: ({ pageParam }) => applogApi.list(pageParam ? { ...query, cursor: pageParam } : query),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
  const rows: AppLogItem[] = list.data?.pages.flatMap((p) => p.resultList) ?? [];
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== null && v !== '');

  const download = async () => {
    setExporting(true);
    const hide = message.loading(t('applog.exporting'), 0);
    try {
      const { limit: _limit, ...rest } = query;
      await applogApi.download(rest);
      message.success(t('applog.exported'));
    } catch (error) {
      message.error(errorText(error));
    } finally {
      hide();
      setExporting(false);
    }
  };

  return (
    <>
      <Flex wrap gap={8} style={{ marginBottom: 16 }} data-testid="applog-filters">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 140 }}
          placeholder={t('applog.app')}
          value={filters.appCode}
          loading={apps.isPending}
          options={(apps.data ?? []).map((a) => ({ value: a.code, label: a.displayName }))}
          onChange={(appCode?: string) => setFilters((f) => ({ ...f, appCode, schemaCode: undefined }))}
          data-testid="applog-app"
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 140 }}
          placeholder={t('applog.table')}
          disabled={!filters.appCode}
          value={filters.schemaCode}
          loading={tables.isFetching}
          options={tablesOf(tables.data ?? []).map((n) => ({ value: n.code, label: n.displayName }))}
          onChange={(schemaCode?: string) => setFilters((f) => ({ ...f, schemaCode }))}
          data-testid="applog-table"
        />
        <Select
          allowClear
          showSearch
          filterOption={false}
          style={{ width: 140 }}
          placeholder={t('applog.member')}
          value={filters.memberId}
          loading={members.isFetching}
          onSearch={setMemberKeyword}
          options={(members.data?.resultList ?? []).map((m) => ({ value: m.memberId, label: m.userName }))}
          onChange={(memberId?: string) => setFilters((f) => ({ ...f, memberId }))}
          data-testid="applog-member"
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('applog.kind')}
          value={filters.kind}
          options={AppLogKinds.map((k) => ({ value: k, label: t(`applog.kinds.${k}`) }))}
          onChange={(kind?: AppLogQuery['kind']) => setFilters((f) => ({ ...f, kind }))}
          data-testid="applog-kind"
        />
        <DatePicker.RangePicker
          value={filters.range ?? null}
          onChange={(range) =>
            setFilters((f) => ({ ...f, range: range?.[0] && range[1] ? [range[0], range[1]] : null }))
          }
          data-testid="applog-range"
        />
        <Input.Search
          allowClear
          style={{ width: 200 }}
          placeholder={t('applog.search')}
          value={searchText}
          maxLength={100}
          onChange={(e) => setSearchText(e.target.value)}
          onSearch={(value) => setFilters((f) => ({ ...f, search: value.trim() || undefined }))}
          data-testid="applog-search"
        />
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            setFilters({});
            setSearchText('');
          }}
        >
          {t('applog.reset')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void download()}
          style={{ marginLeft: 'auto' }}
          data-testid="applog-export"
        >
          {t('applog.export')}
        </Button>
      </Flex>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('applog.loadFailed')}
          description={errorText(list.error)}
          action={<Button onClick={() => void list.refetch()}>{t('applog.retry')}</Button>}
        />
      ) : (
        <Table<AppLogItem>
          rowKey="id"
          size="middle"
          loading={list.isPending}
          dataSource={rows}
          pagination={false}
          data-testid="applog-table-list"
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('applog.emptyFiltered') : t('applog.empty')}
              />
            ),
          }}
          onRow={(row) => ({ onClick: () => setOpenId(row.id), style: { cursor: 'pointer' } })}
          columns={[
            {
              title: t('applog.time'),
              dataIndex: 'createdAt',
              width: 170,
              render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
            },
            { title: t('applog.member'), dataIndex: 'memberName', width: 120 },
            {
              title: t('applog.action'),
              width: 150,
              render: (_, row) => actionLabel(row.kind, row.action),
            },
            {
              title: t('applog.app'),
              width: 180,
              render: (_, row) =>
                [row.appName, row.schemaName].filter(Boolean).join(' / ') || (
                  <Typography.Text type="secondary">—</Typography.Text>
                ),
            },
            {
              title: t('applog.target'),
              ellipsis: true,
              render: (_, row) => row.recordTitle || <Typography.Text type="secondary">—</Typography.Text>,
            },
            {
              title: '',
              width: 80,
              render: (_, row) => (
                <Button type="link" size="small" onClick={() => setOpenId(row.id)}>
                  {t('applog.detail')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {list.hasNextPage && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} data-testid="applog-more">
            {t('applog.loadMore')}
          </Button>
        </Flex>
      )}
      <ApplogDetailDrawer engineCode={engineCode} id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
