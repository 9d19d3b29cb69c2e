import type { AutomationDefinition, AutomationItem } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { automationKeys, automationsApi } from '../api/automations-api';
import { problemsByCard } from './problems';
import type { AnyStep } from './step-tree';

export type Busy = 'save' | 'publish' | 'enable' | null;

/**
 * One automation in the designer: the saved item, the draft being changed (unsaved until Save),
 * and saving, publishing and switching it; a refused draft's errors by card.
 */
export function useAutomationDraft(appCode: string, automationId: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const p = { appCode, automationId };
  const item = useQuery({ queryKey: automationKeys.one(appCode, automationId), queryFn: () => automationsApi.get(p) });
  const [draft, setDraft] = useState<AutomationDefinition | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const definition = draft ?? (item.data?.definition as AutomationDefinition | undefined) ?? null;

  const settle = (next: AutomationItem) => {
    client.setQueryData(automationKeys.one(appCode, automationId), next);
    void client.invalidateQueries({ queryKey: automationKeys.list(appCode) });
  };
  const refused = (e: unknown) => {
    if (isApiError(e) && e.fieldErrors.length && definition)
      setProblems(problemsByCard(definition.steps as AnyStep[], e.fieldErrors));
    message.error(errorText(e));
  };
  const run = async <T>(kind: Busy, work: () => Promise<T>): Promise<T | null> => {
    setBusy(kind);
    try {
      return await work();
    } catch (e) {
      refused(e);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const save = () =>
    run('save', async () => {
      if (!draft) return true;
      const next = await automationsApi.update(p, { definition: draft });
      settle(next);
      setDraft(null);
      setProblems(new Map());
      return true;
    });

  /** Saves what is unsaved, then publishes it as the next version. */
  const publish = () =>
    run('publish', async () => {
      if (draft) {
        settle(await automationsApi.update(p, { definition: draft }));
        setDraft(null);
      }
      const next = await automationsApi.publish(p);
      settle(next);
      setProblems(new Map());
      message.success(t('automations.designer.published', { version: next.version }));
      return next;
    });

  const setEnabled = (enabled: boolean) =>
    run('enable', async () => {
      const next = await automationsApi.setEnabled(p, enabled);
      settle(next);
      message.success(enabled ? t('automations.enabledOn') : t('automations.enabledOff'));
      return next;
    });

  const rename = (name: string) =>
    run('save', async () => {
      const trimmed = name.trim();
      if (!trimmed || trimmed === item.data?.name) return null;
      const next = await automationsApi.update(p, { name: trimmed });
      settle(next);
      return next;
    });

  return {
    item,
    definition,
    dirty: draft !== null,
    change: (next: AutomationDefinition) => setDraft(next),
    discard: () => setDraft(null),
    busy,
    problems,
    save,
    publish,
    setEnabled,
    rename,
  };
}
