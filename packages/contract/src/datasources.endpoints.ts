import Type from 'typebox';
import {
  CreateSyncTableBody,
  DataSourceAppParams,
  DataSourceBody,
  DataSourceInfo,
  DataSourceParams,
  DataSourceTest,
  SourcePreview,
  SourceTables,
  SyncLog,
  SyncSource,
  SyncTableInfo,
  SyncTableParams,
  UpdateSyncTableBody,
} from './datasources.js';
import { sessionEndpoints } from './endpoint.js';

const ds = sessionEndpoints('datasources');
const base = '/v1/apps/:appCode/datasources';
const syncs = '/v1/apps/:appCode/sync-tables';

/** Data sources and sync tables of an app (the app's designers). */
export const DataSourceEndpoints = {
  list: ds('GET', base, "The app's data sources (passwords never included)", Type.Array(DataSourceInfo), {
    params: DataSourceAppParams,
  }),
  create: ds('POST', base, 'Add a data source', DataSourceInfo, { params: DataSourceAppParams, body: DataSourceBody }),
  update: ds('PUT', `${base}/:id`, 'Change a data source (an omitted password keeps the saved one)', DataSourceInfo, {
    params: DataSourceParams,
    body: DataSourceBody,
  }),
  remove: ds('DELETE', `${base}/:id`, 'Delete a data source no sync table uses', Type.Null(), {
    params: DataSourceParams,
  }),
  test: ds('POST', `${base}/:id/test`, 'Try to connect; the error in words', DataSourceTest, {
    params: DataSourceParams,
  }),
  tables: ds('GET', `${base}/:id/tables`, "A database source's tables and their columns", SourceTables, {
    params: DataSourceParams,
  }),
  preview: ds(
    'POST',
    `${base}/:id/preview`,
    'The columns and first rows of a table, query or JSON array',
    SourcePreview,
    {
      params: DataSourceParams,
      body: SyncSource,
    },
  ),
  createSync: ds('POST', `${base}/:id/sync-tables`, 'Create a sync table and start its first sync', SyncTableInfo, {
    params: DataSourceParams,
    body: CreateSyncTableBody,
  }),
  syncTables: ds('GET', syncs, "The app's sync tables with their last sync", Type.Array(SyncTableInfo), {
    params: DataSourceAppParams,
  }),
  updateSync: ds('PUT', `${syncs}/:schemaCode`, "Change a sync table's schedule", SyncTableInfo, {
    params: SyncTableParams,
    body: UpdateSyncTableBody,
  }),
  runSync: ds('POST', `${syncs}/:schemaCode/run`, 'Sync now (runs as a job)', SyncTableInfo, {
    params: SyncTableParams,
  }),
  logs: ds('GET', `${syncs}/:schemaCode/logs`, "A sync table's recent syncs", Type.Array(SyncLog), {
    params: SyncTableParams,
  }),
} as const;
