import {
  AggregateResult,
  DashboardInfo,
  DashboardParams,
  PivotResult,
  SaveDashboardBody,
  WidgetQuery,
} from './dashboards.js';
import { sessionEndpoints } from './endpoint.js';

const dashboardEndpoint = sessionEndpoints('dashboards');

/** A Dashboard menu node's widgets, and the figures a widget shows. */
export const DashboardEndpoints = {
  get: dashboardEndpoint('GET', '/v1/apps/:appCode/dashboards/:code', 'A dashboard and its widgets', DashboardInfo, {
    params: DashboardParams,
  }),
  save: dashboardEndpoint(
    'PUT',
    '/v1/apps/:appCode/dashboards/:code',
    "Save a dashboard's widgets and layout (the app's designers)",
    DashboardInfo,
    { params: DashboardParams, body: SaveDashboardBody },
  ),
  aggregate: dashboardEndpoint(
    'POST',
    '/v1/apps/:appCode/dashboards/:code/aggregate',
    "One widget's figures, grouped by the database within the viewer's row and field rules",
    AggregateResult,
    { params: DashboardParams, body: WidgetQuery },
  ),
  pivot: dashboardEndpoint(
    'POST',
    '/v1/apps/:appCode/dashboards/:code/pivot',
    "A pivot widget's cells, subtotals and totals, grouped by the database within the viewer's row and field rules",
    PivotResult,
    { params: DashboardParams, body: WidgetQuery },
  ),
} as const;
