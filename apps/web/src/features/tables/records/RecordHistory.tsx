import type { FieldInfo } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { tableKeys, tablesApi } from '../api/tables-api';
import { FieldValue } from './FieldValue';

interface Props {
  engineCode: string;
  p: { appCode: string; schemaCode: string };
  id: string;
  fields: FieldInfo[];
  version: number;
}

/** Who changed which field from what to what, and when. */
export function RecordHistory({ engineCode, p, id, fields, version }: Props) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: [...tableKeys.history(engineCode, p.appCode, p.schemaCode, id), version],
    queryFn: () => tablesApi.history(p, id),
  });
  if (history.isLoading) return <Skeleton active />;
  const entries = history.data ?? [];
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tables.noHistory')} />;
  const byCode = new Map(fields.map((f) => [f.code, f]));
  const show = (f: FieldInfo | undefined, v: unknown) =>
    v === null || v === undefined || v === '' ? (
      <Typography.Text type="secondary">{t('tables.emptyValue')}</Typography.Text>
    ) : f ? (
      <FieldValue field={f} value={v} compact />
    ) : (
      String(v)
    );
  return (
    <Timeline
      data-testid="record-history"
      items={entries.map((e) => ({
        key: `${e.createdAt}-${e.action}`,
        content: (
          <div>
            <Typography.Text strong>{e.userName}</Typography.Text>{' '}
            {t(
              `tables.historyAction.${e.action === 'create' || e.action === 'delete' || e.action === 'import' ? e.action : 'update'}`,
            )}
            {e.fileName ? <Typography.Text type="secondary">（{e.fileName}）</Typography.Text> : null}
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {dayjs(e.createdAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
            {e.action !== 'create' &&
              e.action !== 'import' &&
              e.changes.map((c) => {
                const f = byCode.get(c.field);
                return (
                  <div key={c.field} data-testid="history-change">
                    {f?.name ?? c.field}：{show(f, c.from)} → {show(f, c.to)}
                  </div>
                );
              })}
          </div>
        ),
      }))}
    />
  );
}
