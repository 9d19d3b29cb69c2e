import Type from 'typebox';
import { endpoint, schemaPath, sessionEndpoints } from './endpoint.js';
import { SchemaParams } from './schemas.js';
import {
  DownloadParams,
  ExportJob,
  ExportJobParams,
  ImportError,
  ImportJob,
  ImportJobParams,
  StartExportBody,
  StartImportBody,
  TeamExportJobParams,
  TeamExportParams,
} from './transfer.js';

const recordEndpoint = sessionEndpoints('records');
const exportEndpoint = sessionEndpoints('exports');

/**
 * Export is a job (issue 16): starting answers at once with the job; the member follows its
 * progress, then downloads the file from `downloadUrl` (a plain GET, so a link downloads it with the
 * session cookie) until the link expires.
 */
export const ExportEndpoints = {
  start: recordEndpoint(
    'POST',
    `${schemaPath}/exports`,
    "Start exporting a view as xlsx or CSV (its filter, sorts and columns; the member's permissions)",
    ExportJob,
    {
      params: SchemaParams,
      body: StartExportBody,
    },
  ),
  get: recordEndpoint('GET', `${schemaPath}/exports/:jobId`, "An export job's state and progress", ExportJob, {
    params: ExportJobParams,
  }),
  download: endpoint({
    method: 'GET',
    path: '/v1/downloads/:token',
    summary:
      'Download a finished export (its member only, until its link expires; an expired link answers a page in words)',
    tags: ['exports'],
    auth: 'session',
    params: DownloadParams,
    response: Type.String({ description: 'the file' }),
  }),
} as const;

/**
 * A whole team's data as one zip (issue 14): one xlsx per table (sub-tables as sheets), the
 * attachments and each app's package. Owners and admins only, also of a closed team.
 */
export const TeamExportEndpoints = {
  start: exportEndpoint('POST', '/v1/engine/:engineCode/data-exports', "Start exporting the team's data", ExportJob, {
    params: TeamExportParams,
  }),
  get: exportEndpoint(
    'GET',
    '/v1/engine/:engineCode/data-exports/:jobId',
    "A team export's state and progress",
    ExportJob,
    {
      params: TeamExportJobParams,
    },
  ),
  latest: exportEndpoint(
    'GET',
    '/v1/engine/:engineCode/data-exports',
    "The member's latest team exports (newest first)",
    Type.Array(ExportJob),
    { params: TeamExportParams },
  ),
} as const;

/** Import: upload a sheet (multipart field "file"), map its columns, start, follow the job. */
export const ImportEndpoints = {
  upload: recordEndpoint('POST', `${schemaPath}/imports`, 'Upload an xlsx or CSV sheet to import', ImportJob, {
    params: SchemaParams,
  }),
  get: recordEndpoint('GET', `${schemaPath}/imports/:jobId`, "An import job's state and progress", ImportJob, {
    params: ImportJobParams,
  }),
  start: recordEndpoint('POST', `${schemaPath}/imports/:jobId/start`, 'Start an uploaded import', ImportJob, {
    params: ImportJobParams,
    body: StartImportBody,
  }),
  errors: recordEndpoint(
    'GET',
    `${schemaPath}/imports/:jobId/errors`,
    'The rows an import refused',
    Type.Array(ImportError),
    {
      params: ImportJobParams,
    },
  ),
} as const;
