import type { FieldInfo, HistoryEntry } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Skeleton, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { tableKeys, tablesApi } from '../api/tables-api';
import { FieldValue } from './FieldValue';

/** What the member may restore from the history: nothing without the edit right (or in a flow). */
export interface RestoreRights {
  /** Fields the member may not change (read-only or hidden for them): their values are not offered. */
  locked: ReadonlySet<string>;
  /** The record's values now: a value it already holds is not offered. */
  current: Record<string, unknown>;
  /** After a restore was written: the record and the table read again. */
  onRestored: () => Promise<void> | void;
}

interface Props {
  engineCode: string;
  p: { appCode: string; schemaCode: string };
  id: string;
  fields: FieldInfo[];
  version: number;
  restore?: RestoreRights | undefined;
}

/** Who changed which field from what to what, and when; with the edit right, a version or a value restored. */
export function RecordHistory({ engineCode, p, id, fields, version, restore }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
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
  // A restore is a new edit with the version shown: a record changed meanwhile answers 409 (said by errorText).
  const confirm = (e: HistoryEntry, field?: FieldInfo) =>
    modal.confirm({
      title: field ? t('tables.restoreValueConfirm', { field: field.name }) : t('tables.restoreVersionConfirm'),
      content: t('tables.restoreHint'),
      okText: t('tables.restore'),
      onOk: async () => {
        try {
          await tablesApi.restoreRecord(p, id, {
            historyId: e.id as string,
            version,
            ...(field ? { field: field.code } : {}),
          });
          message.success(t('tables.restored'));
          await restore?.onRestored();
        } catch (error) {
          message.error(errorText(error));
        }
      },
    });
  const writable = (f: FieldInfo | undefined): f is FieldInfo =>
    Boolean(f && !f.deleted && !f.system && !restore?.locked.has(f.code));
  const held = (code: string, value: unknown) =>
    JSON.stringify(restore?.current[code] ?? null) === JSON.stringify(value ?? null);
  return (
    <Timeline
      data-testid="record-history"
      items={entries.map((e, index) => {
        const restorable = Boolean(restore && e.id && e.action !== 'delete');
        return {
          key: e.id ?? `${e.createdAt}-${e.action}`,
          content: (
            <div data-testid="history-entry">
              <Typography.Text strong>{e.userName}</Typography.Text>{' '}
              {t(
                `tables.historyAction.${e.action === 'create' || e.action === 'delete' || e.action === 'import' ? e.action : 'update'}`,
              )}
              {e.fileName ? <Typography.Text type="secondary">（{e.fileName}）</Typography.Text> : null}
              <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                {dayjs(e.createdAt).format('YYYY-MM-DD HH:mm')}
              </Typography.Text>
              {restorable && index < entries.length - 1 ? (
                <Button type="link" size="small" onClick={() => confirm(e)} data-testid="history-restore-version">
                  {t('tables.restoreVersion')}
                </Button>
              ) : null}
              {e.action !== 'create' &&
                e.action !== 'import' &&
                e.changes.map((c) => {
                  const f = byCode.get(c.field);
                  return (
                    <div key={c.field} data-testid="history-change">
                      {f?.name ?? c.field}：{show(f, c.from)} → {show(f, c.to)}
                      {restorable && writable(f) && !held(f.code, c.to) ? (
                        <Button
                          type="link"
                          size="small"
                          onClick={() => confirm(e, f)}
                          aria-label={`${t('tables.restoreValue')} ${f.name}`}
                          data-testid="history-restore-value"
                        >
                          {t('tables.restoreValue')}
                        </Button>
                      ) : null}
                    </div>
                  );
                })}
            </div>
          ),
        };
      })}
    />
  );
}
