import {
  ExportEndpoints,
  type ExportFormat,
  escapeFormula,
  ImportEndpoints,
  type ImportJob,
  type ImportMode,
} from '@canopy/contract';
import { ApiError, asErrorEnvelope } from '../../../shell/api/api-error';
import { buildPath, call, requestHeaders } from '../../../shell/api/client';

type P = { appCode: string; schemaCode: string };

function failure(status: number, path: string, json: unknown): ApiError {
  return new ApiError({ kind: status ? 'http' : 'network', status, path, envelope: asErrorEnvelope(json) });
}

/**
 * Uploads a sheet with the headers every request carries, reporting progress (fetch cannot report
 * an upload's progress; XMLHttpRequest can).
 */
export function uploadSheet(p: P, file: File, onProgress: (percent: number) => void): Promise<ImportJob> {
  const path = buildPath(ImportEndpoints.upload.path, p);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(requestHeaders(true, false))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      if (xhr.status === 200 && json && typeof json === 'object' && 'data' in json)
        resolve((json as { data: ImportJob }).data);
      else reject(failure(xhr.status, path, json));
    };
    xhr.onerror = () => reject(failure(0, path, undefined));
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

export const transferApi = {
  job: (p: P, jobId: string) => call(ImportEndpoints.get, { params: { ...p, jobId }, errors: 'inline' }),
  start: (p: P, jobId: string, mapping: Record<string, string>, mode: ImportMode) =>
    call(ImportEndpoints.start, { params: { ...p, jobId }, body: { mapping, mode }, errors: 'inline' }),
  errors: (p: P, jobId: string) => call(ImportEndpoints.errors, { params: { ...p, jobId }, errors: 'inline' }),
  /** Starts exporting the view (a job; its file is downloaded from the job's link once done). */
  startExport: (p: P, body: { format: ExportFormat; view?: string; search?: string }) =>
    call(ExportEndpoints.start, { params: p, body, errors: 'inline' }),
  exportJob: (p: P, jobId: string) => call(ExportEndpoints.get, { params: { ...p, jobId }, errors: 'inline' }),
};

/** The refused rows as a CSV to download; text a spreadsheet would run as a formula is escaped. */
export function errorReportCsv(rows: { row: number; field: string; message: string }[], header: string[]): string {
  const cell = (v: string | number) => {
    const safe = escapeFormula(String(v));
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [header, ...rows.map((r) => [r.row, r.field, r.message])].map((r) => r.map(cell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
