import Type from 'typebox';
import { endpoint, schemaPath, sessionEndpoints } from './endpoint.js';
import { SchemaParams } from './schemas.js';
import { ExportQuery, ImportError, ImportJob, ImportJobParams, StartImportBody } from './transfer.js';

/**
 * Export streams a file (not the JSON envelope); it is a GET so a plain link downloads it with the
 * session cookie. Documented here for its parameters.
 */

const recordEndpoint = sessionEndpoints('records');

export const ExportEndpoints = {
  records: endpoint({
    method: 'GET',
    path: `${schemaPath}/export`,
    summary: "Download a view as xlsx or CSV (its filter, sorts and columns; the member's permissions)",
    tags: ['records'],
    auth: 'session',
    params: SchemaParams,
    query: ExportQuery,
    response: Type.String({ description: 'the file' }),
  }),
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
