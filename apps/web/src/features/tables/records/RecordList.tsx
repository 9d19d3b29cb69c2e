import { PlusOutlined } from '@ant-design/icons';
import type { FieldInfo, RecordItem } from '@canopy/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { tableKeys, tablesApi } from '../api/tables-api';
import { FieldValue } from './FieldValue';

interface Props {
  engineCode: string;
  p: { appCode: string; schemaCode: string };
  fields: FieldInfo[];
  canAdd: boolean;
  onAdd: () => void;
  onOpen: (id: string) => void;
}

/** The table's records, newest first, a page at a time ("加载更多" follows the cursor). */
export function RecordList({ engineCode, p, fields, canAdd, onAdd, onOpen }: Props) {
  const { t } = useTranslation();
  const list = useInfiniteQuery({
    queryKey: tableKeys.records(engineCode, p.appCode, p.schemaCode),
    queryFn: ({ pageParam }) => tablesApi.records(p, pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
  const rows = list.data?.pages.flatMap((page) => page.resultList) ?? [];
  const visible = fields.filter((f) => !f.deleted).slice(0, 12);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t('tables.fieldCount', { count: visible.length })}</Typography.Text>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="record-add">
            {t('tables.add')}
          </Button>
        )}
      </Flex>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} />}
      <Table<RecordItem>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="record-table"
        onRow={(r) => ({ onClick: () => onOpen(r.id), style: { cursor: 'pointer' } })}
        locale={{
          emptyText: (
            <Empty description={t('tables.noRecords')} image={Empty.PRESENTED_IMAGE_SIMPLE}>
              {canAdd && <Typography.Text type="secondary">{t('tables.noRecordsHint')}</Typography.Text>}
            </Empty>
          ),
        }}
        columns={[
          {
            key: 'title',
            title: t('tables.title'),
            fixed: 'left',
            width: 200,
            render: (_, r) => (
              <Typography.Link
                data-testid="record-title"
                onClick={(e) => {
                  e.stopPropagation();
                  onOpen(r.id);
                }}
              >
                {r.title || r.id}
              </Typography.Link>
            ),
          },
          ...visible.map((f) => ({
            key: f.code,
            title: f.name,
            width: f.type === 'subTable' || f.type === 'textarea' ? 220 : 160,
            render: (_: unknown, r: RecordItem) => <FieldValue field={f} value={r.data[f.code]} compact />,
          })),
        ]}
      />
      {list.hasNextPage && (
        <Button onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          {t('tables.loadMore')}
        </Button>
      )}
    </Flex>
  );
}
