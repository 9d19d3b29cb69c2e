import { DashboardEndpoints, type DashboardFilter, type Widget, type WidgetQuery } from '@canopy/contract';
import { call } from '../../../shell/api/client';

/** Query keys of dashboards; a dashboard's figures sit under its own key. */
export const dashboardKeys = {
  dashboard: (e: string, a: string, code: string) => ['dashboards', e, a, code] as const,
  figures: (e: string, a: string, code: string, q: WidgetQuery) => ['dashboards', e, a, code, 'figures', q] as const,
  pivot: (e: string, a: string, code: string, q: WidgetQuery) => ['dashboards', e, a, code, 'pivot', q] as const,
};

type P = { appCode: string; code: string };
const inline = { errors: 'inline' } as const;

export const dashboardsApi = {
  get: (p: P) => call(DashboardEndpoints.get, { params: p, ...inline }),
  save: (p: P, widgets: Widget[], filters: DashboardFilter[]) =>
    call(DashboardEndpoints.save, { params: p, body: { widgets, filters }, ...inline }),
  pivot: (p: P, q: WidgetQuery, signal?: AbortSignal) =>
    call(DashboardEndpoints.pivot, { params: p, body: q, signal, ...inline }),
  figures: (p: P, q: WidgetQuery, signal?: AbortSignal) =>
    call(DashboardEndpoints.aggregate, { params: p, body: q, signal, ...inline }),
};
