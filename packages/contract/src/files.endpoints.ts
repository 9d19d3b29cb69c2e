import { endpoint } from './endpoint.js';
import { FileIdParams, UploadedFile, UploadQuery } from './files.js';

/** Uploads are multipart (field `file`); the schema here documents the query and the answer. */
export const FileEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/v1/files',
    summary: 'Upload one file (multipart field "file") into the current team',
    tags: ['files'],
    auth: 'session',
    query: UploadQuery,
    response: UploadedFile,
  }),
  info: endpoint({
    method: 'GET',
    path: '/v1/files/:id/info',
    summary: "An uploaded file's facts",
    tags: ['files'],
    auth: 'session',
    params: FileIdParams,
    response: UploadedFile,
  }),
} as const;
