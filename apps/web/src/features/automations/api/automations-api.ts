import {
  type AutomationDefinition,
  AutomationEndpoints,
  type AutomationItem,
  type AutomationRun,
  type AutomationRunStatus,
} from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shell/api/client';

/** Callers show their own errors (inline, under fields, or in a message). */
const inline = { errors: 'inline' } as const;

export const automationKeys = {
  all: (appCode: string) => ['automations', appCode] as const,
  list: (appCode: string) => ['automations', appCode, 'list'] as const,
  one: (appCode: string, id: string) => ['automations', appCode, 'one', id] as const,
  runs: (appCode: string, id: string, status?: string) => ['automations', appCode, 'runs', id, status ?? ''] as const,
  run: (appCode: string, id: string, runId: string) => ['automations', appCode, 'run', id, runId] as const,
};

type A = { appCode: string; automationId: string };

export const automationsApi = {
  list: (appCode: string) => call(AutomationEndpoints.list, { params: { appCode }, ...inline }),
  get: (p: A) => call(AutomationEndpoints.get, { params: p, ...inline }),
  create: (appCode: string, name: string, definition: AutomationDefinition) =>
    call(AutomationEndpoints.create, { params: { appCode }, body: { name, definition }, ...inline }),
  update: (p: A, body: { name?: string; definition?: AutomationDefinition }) =>
    call(AutomationEndpoints.update, { params: p, body, ...inline }),
  remove: (p: A) => call(AutomationEndpoints.remove, { params: p, ...inline }),
  publish: (p: A) => call(AutomationEndpoints.publish, { params: p, ...inline }),
  setEnabled: (p: A, enabled: boolean) =>
    call(AutomationEndpoints.setEnabled, { params: p, body: { enabled }, ...inline }),
  test: (p: A, body: { recordId?: string; body?: unknown }) =>
    call(AutomationEndpoints.test, { params: p, body, ...inline }),
  runs: (p: A, query: { status?: AutomationRunStatus; before?: number }) =>
    call(AutomationEndpoints.runs, { params: p, query, ...inline }) as Promise<AutomationRun[]>,
  run: (p: A & { runId: string }) => call(AutomationEndpoints.run, { params: p, ...inline }),
  rerun: (p: A & { runId: string }) => call(AutomationEndpoints.rerun, { params: p, ...inline }),
};

export function useAutomations(appCode: string) {
  return useQuery<AutomationItem[]>({
    queryKey: automationKeys.list(appCode),
    queryFn: () => automationsApi.list(appCode),
  });
}

/** The newest run of an automation (the list's "last run" column). */
export function useLastRun(appCode: string, automationId: string) {
  return useQuery({
    queryKey: automationKeys.runs(appCode, automationId, 'last'),
    queryFn: async () => (await automationsApi.runs({ appCode, automationId }, {}))[0] ?? null,
  });
}

/** Every query of the app's automations is read again (after a change). */
export function useRefreshAutomations(appCode: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: automationKeys.all(appCode) });
}
