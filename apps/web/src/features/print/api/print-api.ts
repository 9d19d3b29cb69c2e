import { type PrintBody, PrintEndpoints, type SavePrintTemplateBody } from '@canopy/contract';
import { ApiError, asErrorEnvelope } from '../../../shell/api/api-error';
import { buildPath, call, requestHeaders } from '../../../shell/api/client';

type P = { appCode: string; schemaCode: string };
const inline = { errors: 'inline' } as const;

export const printKeys = {
  templates: (e: string, p: P) => ['print', e, p.appCode, p.schemaCode, 'templates'] as const,
  document: (e: string, p: P, body: PrintBody) => ['print', e, p.appCode, p.schemaCode, 'document', body] as const,
};

export const printApi = {
  templates: (p: P) => call(PrintEndpoints.list, { params: p, ...inline }),
  create: (p: P, body: SavePrintTemplateBody) => call(PrintEndpoints.create, { params: p, body, ...inline }),
  save: (p: P, templateId: string, body: SavePrintTemplateBody) =>
    call(PrintEndpoints.save, { params: { ...p, templateId }, body, ...inline }),
  remove: (p: P, templateId: string) => call(PrintEndpoints.remove, { params: { ...p, templateId }, ...inline }),
  document: (p: P, body: PrintBody) => call(PrintEndpoints.document, { params: p, body, ...inline }),
};

/** Downloads the records as a PDF made by the server (a fetch, so the team headers go with it). */
export async function downloadPdf(p: P, body: PrintBody): Promise<void> {
  const path = buildPath(PrintEndpoints.pdf.path, p);
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: requestHeaders(true, true),
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const json = await response.json().catch(() => undefined);
    throw new ApiError({ kind: 'http', status: response.status, path, envelope: asErrorEnvelope(json) });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? 'print.pdf');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
