import Type from 'typebox';
import { AppLogDetail, AppLogPage, AppLogParams, AppLogQuery, AppLogSettings } from './applog.js';
import { endpoint } from './endpoint.js';

/** The current team's application log: its owner and admins, with the feature Applog on. */
export const AppLogEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/applog',
    summary: 'Application log entries, newest first (filters, search over record titles, keyset paging)',
    tags: ['applog'],
    auth: 'session',
    operationId: 'listAppLog',
    query: AppLogQuery,
    response: AppLogPage,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/v1/applog/entries/:id',
    summary: 'One application log entry with its changes (old → new per field)',
    tags: ['applog'],
    auth: 'session',
    operationId: 'getAppLogEntry',
    params: AppLogParams,
    response: AppLogDetail,
  }),
  /** Answers an xlsx file (not JSON): the entries the same filters list, newest first. */
  export: endpoint({
    method: 'GET',
    path: '/v1/applog/export',
    summary: 'Export application log entries as xlsx (the same filters as the list)',
    tags: ['applog'],
    auth: 'session',
    operationId: 'exportAppLog',
    query: AppLogQuery,
    response: Type.String(),
  }),
  settings: endpoint({
    method: 'GET',
    path: '/v1/applog/settings',
    summary: "The team's application log retention",
    tags: ['applog'],
    auth: 'session',
    operationId: 'getAppLogSettings',
    response: AppLogSettings,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/v1/applog/settings',
    summary: "Set the team's application log retention in days (owner or admin)",
    tags: ['applog'],
    auth: 'session',
    operationId: 'saveAppLogSettings',
    body: AppLogSettings,
    response: Type.Boolean(),
  }),
} as const;
