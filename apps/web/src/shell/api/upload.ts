import { FileEndpoints, Headers, type UploadedFile } from '@canopy/contract';
import { ApiError, asErrorEnvelope } from './api-error';
import { requestHeaders } from './client';

/**
 * Multipart upload into the current team with the headers `call` sends (the JSON client cannot
 * carry a file). Errors are left to the caller, which shows them beside its upload button.
 */
export async function uploadFile(kind: 'attachment' | 'image', file: File): Promise<UploadedFile> {
  const headers = requestHeaders(true, false);
  // An upload is the team's, never an app's admin-mode action.
  delete headers[Headers.corpAdmin];
  const body = new FormData();
  body.append('file', file);
  const response = await fetch(`${FileEndpoints.upload.path}?kind=${kind}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body,
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok && json && typeof json === 'object' && 'data' in json) return (json as { data: UploadedFile }).data;
  throw new ApiError({
    kind: 'http',
    status: response.status,
    path: FileEndpoints.upload.path,
    envelope: asErrorEnvelope(json),
  });
}
