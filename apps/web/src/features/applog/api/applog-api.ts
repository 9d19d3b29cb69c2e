import { AppEndpoints, AppLogEndpoints, type AppLogQuery, OrgEndpoints } from '@canopy/contract';
import { ApiError, asErrorEnvelope } from '../../../shell/api/api-error';
import { buildPath, call, requestHeaders } from '../../../shell/api/client';

export const applogKeys = {
  list: (engineCode: string, query: AppLogQuery) => ['applog', engineCode, 'list', query] as const,
  detail: (engineCode: string, id: string) => ['applog', engineCode, 'detail', id] as const,
  settings: (engineCode: string) => ['applog', engineCode, 'settings'] as const,
  apps: (engineCode: string) => ['applog', engineCode, 'apps'] as const,
  tables: (engineCode: string, appCode: string) => ['applog', engineCode, 'tables', appCode] as const,
  members: (engineCode: string, keyword: string) => ['applog', engineCode, 'members', keyword] as const,
};

function queryString(query: AppLogQuery): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') search.set(k, String(v));
  return search.toString();
}

export const applogApi = {
  list: (query: AppLogQuery) => call(AppLogEndpoints.list, { query }),
  detail: (id: string) => call(AppLogEndpoints.detail, { params: { id } }),
  settings: () => call(AppLogEndpoints.settings),
  saveSettings: (retentionDays: 30 | 90 | 180 | 365) => call(AppLogEndpoints.saveSettings, { body: { retentionDays } }),
  apps: () => call(AppEndpoints.list),
  nodes: (appCode: string) => call(AppEndpoints.nodes, { params: { appCode } }),
  members: (keyword: string) =>
    call(OrgEndpoints.memberPage, { body: { keyword, pageSize: 50, pageIndex: 0, deep: true } }),
  /** The entries the filters list, as an xlsx download (a fetch, so the team header goes along). */
  async download(query: AppLogQuery): Promise<void> {
    const path = AppLogEndpoints.export.path;
    const response = await fetch(`${buildPath(path, {})}?${queryString(query)}`, {
      credentials: 'same-origin',
      headers: requestHeaders(true, false),
    });
    if (!response.ok) {
      const envelope = asErrorEnvelope(await response.json().catch(() => undefined));
      throw new ApiError({ kind: 'http', status: response.status, path, envelope });
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? 'applog.xlsx');
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
