import type { RecordItem } from '@canopy/contract';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { tableKeys, tablesApi } from '../api/tables-api';
import type { ViewEnv } from './view-env';

type Pages = InfiniteData<{ resultList: RecordItem[]; nextCursor: string }, string>;

/**
 * Writes from the views (a cell, a dragged card, a batch) and their effect on the loaded pages: a
 * saved row is replaced in place rather than reloading the list, so the user keeps their place.
 */
export function useRecordWrites(env: ViewEnv) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { p, engineCode } = env;
  const pagesKey = tableKeys.viewRecords(engineCode, p.appCode, p.schemaCode);
  const countKey = tableKeys.count(engineCode, p.appCode, p.schemaCode);

  const editPages = useCallback(
    (edit: (rows: RecordItem[]) => RecordItem[]) =>
      queryClient.setQueriesData<Pages>({ queryKey: pagesKey }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, resultList: edit(page.resultList) })) } : data,
      ),
    [queryClient, pagesKey],
  );

  const put = useCallback(
    (saved: RecordItem[]) => {
      const byId = new Map(saved.map((r) => [r.id, r]));
      editPages((rows) => rows.map((r) => byId.get(r.id) ?? r));
      for (const r of saved) queryClient.setQueryData(tableKeys.record(engineCode, p.appCode, p.schemaCode, r.id), r);
    },
    [editPages, queryClient, engineCode, p.appCode, p.schemaCode],
  );

  const drop = useCallback(
    (ids: string[]) => {
      const gone = new Set(ids);
      editPages((rows) => rows.filter((r) => !gone.has(r.id)));
    },
    [editPages],
  );

  /** After a conflict or failure: the row as the server has it now (or gone). */
  const reload = useCallback(
    async (id: string) => {
      try {
        put([await tablesApi.record(p, id)]);
      } catch (error) {
        if (isApiError(error) && error.status === 404) drop([id]);
      }
    },
    [p, put, drop],
  );

  /** Saves some fields of one record; false when it failed (the message has been shown). */
  const update = useCallback(
    async (record: RecordItem, data: Record<string, unknown>): Promise<boolean> => {
      try {
        put([await tablesApi.updateRecord(p, record.id, record.version, data)]);
        void queryClient.invalidateQueries({ queryKey: countKey });
        return true;
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          // The server's conflict message; the row then shows what the other person saved.
          message.error(error.errorMessage || errorText(error));
          await reload(record.id);
        } else {
          message.error(errorText(error));
          if (isApiError(error) && error.status === 404) drop([record.id]);
        }
        return false;
      }
    },
    [p, put, reload, drop, message, queryClient, countKey],
  );

  /** Shows a change before the server has it (a dropped card moves at once). */
  const preview = useCallback(
    (record: RecordItem, data: Record<string, unknown>) => put([{ ...record, data: { ...record.data, ...data } }]),
    [put],
  );

  const batchDelete = useCallback(
    async (rows: RecordItem[]) => {
      const result = await tablesApi.batch(p, { delete: rows.map((r) => ({ id: r.id, version: r.version })) });
      drop(result.deleted);
      await queryClient.invalidateQueries({ queryKey: countKey });
      return result.deleted.length;
    },
    [p, drop, queryClient, countKey],
  );

  const batchUpdate = useCallback(
    async (rows: RecordItem[], code: string, value: unknown) => {
      const result = await tablesApi.batch(p, {
        update: rows.map((r) => ({ id: r.id, version: r.version, data: { [code]: value } })),
      });
      put(result.updated);
      await queryClient.invalidateQueries({ queryKey: countKey });
      return result.updated.length;
    },
    [p, put, queryClient, countKey],
  );

  return { update, preview, reload, batchDelete, batchUpdate };
}
