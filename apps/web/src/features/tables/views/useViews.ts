import type { FieldInfo, ViewConfig, ViewInfo } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { tableKeys, tablesApi } from '../api/tables-api';
import { asViewKind, saveableConfig } from './view-model';
import { viewOf, WithheldWarnings } from './withheld';

type P = { appCode: string; schemaCode: string };

/** The table's views: the public ones and the member's own. */
export function useViewList(engineCode: string, p: P) {
  return useQuery({
    queryKey: tableKeys.views(engineCode, p.appCode, p.schemaCode),
    queryFn: () => tablesApi.views(p),
    // Asked for by the table page and again by the views as they mount, moments apart (the answer
    // may be in before the second, e.g. sent early by the entry): one request. Changes to views
    // update or invalidate this cache at once.
    staleTime: 5_000,
  });
}

/**
 * Changing a view's config: the cached view changes at once (the list follows), the save waits for
 * a pause so dragging a column width or typing a filter value makes one request, not dozens.
 */
export function useViewConfigSaver(engineCode: string, p: P, allFields: FieldInfo[]) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const pending = useRef(new Map<string, { timer: number; view: ViewInfo }>());
  const warnings = useRef(new WithheldWarnings());
  // The latest table facts, read when a save runs (the caller's objects change every render).
  const latest = useRef({ p, allFields, key: tableKeys.views(engineCode, p.appCode, p.schemaCode) });
  latest.current = { p, allFields, key: tableKeys.views(engineCode, p.appCode, p.schemaCode) };

  const flush = useCallback(
    async (code: string) => {
      const entry = pending.current.get(code);
      if (!entry) return;
      pending.current.delete(code);
      const { view } = entry;
      const now = latest.current;
      try {
        const saved = await tablesApi.updateView(now.p, code, {
          name: view.name,
          kind: asViewKind(view.kind),
          config: saveableConfig(view.config, now.allFields),
        });
        // Unless another change is already waiting, the cache takes what the server stored (a
        // refetch meanwhile may have brought back the old config).
        if (!pending.current.has(code))
          queryClient.setQueryData<ViewInfo[]>(now.key, (list) =>
            list?.map((v) => (v.code === code ? viewOf(saved) : v)),
          );
        // A public view filtering, sorting or grouping by fields hidden from some role: say what those
        // members will not get (once, until it changes).
        const warning = warnings.current.next(code, saved.withheld, t);
        if (warning) message.warning({ content: warning, duration: 8 });
      } catch (error) {
        message.error(`${t('views.saveFailed')}：${errorText(error)}`);
        await queryClient.invalidateQueries({ queryKey: now.key });
      }
    },
    [message, t, queryClient],
  );

  // Leaving the table saves what is still waiting.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => {
    const waiting = pending.current;
    return () => {
      for (const [code, entry] of waiting) {
        window.clearTimeout(entry.timer);
        void flushRef.current(code);
      }
    };
  }, []);

  return useCallback(
    (view: ViewInfo, config: ViewConfig) => {
      const next = { ...view, config };
      queryClient.setQueryData<ViewInfo[]>(latest.current.key, (list) =>
        list?.map((v) => (v.code === view.code ? next : v)),
      );
      const waiting = pending.current.get(view.code);
      if (waiting) window.clearTimeout(waiting.timer);
      const timer = window.setTimeout(() => void flushRef.current(view.code), 400);
      pending.current.set(view.code, { timer, view: next });
    },
    [queryClient],
  );
}
