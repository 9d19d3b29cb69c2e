import type { FieldInfo, PageBlock, RecordItem } from '@canopy/contract';
import { CustomPageLimits } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { tableKeys, tablesApi } from '../../tables/api/tables-api';
import { TableServices } from '../../tables/components/TableServices';
import { FieldValue } from '../../tables/records/FieldValue';

/** At most this many of the view's columns besides the title fit a block. */
const MAX_COLUMNS = 5;

/** "No permission" when the viewer may not see the table; other failures in words. */
export function BlockError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const forbidden = error instanceof ApiError && error.status === 403;
  return (
    <Result
      status={forbidden ? 'warning' : 'error'}
      title={forbidden ? t('customPages.noPermission') : errorText(error)}
      style={{ padding: 16 }}
      data-testid={forbidden ? 'block-no-permission' : 'block-error'}
    />
  );
}

/**
 * A live view of a table: the view's filter and sorts applied by the server within the viewer's row
 * and field rules, a page at a time (cursor paging), a click opening the record on its table.
 */
export function ViewBlock({ block }: { block: PageBlock }) {
  return (
    <TableServices>
      <ViewRows block={block} />
    </TableServices>
  );
}

function ViewRows({ block }: { block: PageBlock }) {
  const { t } = useTranslation();
  const { engineCode, appCode } = useAppWorkspace();
  const navigate = useAppNavigate();
  const schemaCode = block.schemaCode ?? '';
  const p = { appCode, schemaCode };
  const rows = block.rows ?? CustomPageLimits.viewRows.default;
  // Cursors of the pages seen so far: back goes to the one before.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const schema = useQuery({
    queryKey: tableKeys.schema(engineCode, appCode, schemaCode),
    queryFn: () => tablesApi.schema(p),
    retry: false,
  });
  const views = useQuery({
    queryKey: tableKeys.views(engineCode, appCode, schemaCode),
    queryFn: () => tablesApi.views(p),
    retry: false,
  });
  const page = useQuery({
    queryKey: ['custom-pages', engineCode, appCode, 'view-block', schemaCode, block.viewCode, rows, cursor],
    queryFn: ({ signal }) =>
      tablesApi.query(
        p,
        { limit: rows, ...(block.viewCode ? { view: block.viewCode } : {}), ...(cursor ? { cursor } : {}) },
        signal,
      ),
    retry: false,
  });
  const failed = page.error ?? schema.error;
  if (failed) return <BlockError error={failed} />;
  const fields = schema.data?.fields ?? [];
  const view = views.data?.find((v) => v.code === block.viewCode) ?? views.data?.find((v) => !v.personal);
  const byCode = new Map(fields.map((f) => [f.code, f]));
  // The view's columns in its order (fields it does not list follow in table order), minus hidden ones.
  const columns = view?.config.columns ?? [];
  const listed = new Map(columns.map((c) => [c.field, c.hidden]));
  const shown: FieldInfo[] = [
    ...columns.filter((c) => !c.hidden).map((c) => byCode.get(c.field)),
    ...fields.filter((f) => !listed.has(f.code)),
  ]
    .filter((f): f is FieldInfo => Boolean(f && !f.system && f.code !== schema.data?.titleFieldCode))
    .slice(0, MAX_COLUMNS);
  const open = (r: RecordItem) =>
    navigate(
      `/app/${encodeURIComponent(appCode)}/${encodeURIComponent(schemaCode)}?record=${encodeURIComponent(r.id)}`,
    );
  return (
    <Flex vertical gap={8} data-testid="view-block">
      <Table<RecordItem>
        size="small"
        rowKey="id"
        loading={page.isPending || schema.isPending}
        dataSource={page.data?.resultList ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('customPages.noRecords') }}
        onRow={(r) =>
          ({ onClick: () => open(r), style: { cursor: 'pointer' }, 'data-testid': 'view-block-row' }) as object
        }
        columns={[
          {
            key: 'title',
            title: t('customPages.recordTitle'),
            render: (_: unknown, r: RecordItem) => <Typography.Link>{r.title || r.id}</Typography.Link>,
          },
          ...shown.map((f) => ({
            key: f.code,
            title: f.name,
            render: (_: unknown, r: RecordItem) => <FieldValue field={f} value={r.data[f.code]} compact />,
          })),
        ]}
      />
      <Flex justify="flex-end" gap={8}>
        <Button size="small" disabled={!cursors.length} onClick={() => setCursors((c) => c.slice(0, -1))}>
          {t('customPages.previous')}
        </Button>
        <Button
          size="small"
          disabled={!page.data?.nextCursor}
          onClick={() => page.data?.nextCursor && setCursors((c) => [...c, page.data.nextCursor])}
          data-testid="view-block-next"
        >
          {t('customPages.next')}
        </Button>
      </Flex>
    </Flex>
  );
}
