import { PACKAGE_STORAGE_KEY, PackageEndpoints, type UploadedPackage } from '@canopy/contract';
import { ApiError, asErrorEnvelope } from '../../../shell/api/api-error';
import { buildPath, call, requestHeaders } from '../../../shell/api/client';

function failure(status: number, path: string, json: unknown): ApiError {
  return new ApiError({ kind: status ? 'http' : 'network', status, path, envelope: asErrorEnvelope(json) });
}

/** Uploads a package with the request headers, reporting real progress (XMLHttpRequest can, fetch cannot). */
export function uploadPackage(file: File, onProgress: (percent: number) => void): Promise<UploadedPackage> {
  const path = PackageEndpoints.upload.path;
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
        resolve((json as { data: UploadedPackage }).data);
      else reject(failure(xhr.status, path, json));
    };
    xhr.onerror = () => reject(failure(0, path, undefined));
    // Spec §7 file upload: the storage key goes before the file, where the server reads it.
    const body = new FormData();
    body.append('storageKey', PACKAGE_STORAGE_KEY);
    body.append('file', file);
    xhr.send(body);
  });
}

export const packagesApi = {
  install: (packagePath: string, withBizData: boolean) =>
    call(PackageEndpoints.install, { body: { packagePath, withBizData, source: 3 }, errors: 'inline' }),
  upgradePreview: (packagePath: string, appCode: string) =>
    call(PackageEndpoints.upgradePreview, { body: { packagePath, appCode }, errors: 'inline' }),
  upgrade: (packagePath: string, appCode: string) =>
    call(PackageEndpoints.upgrade, { body: { packagePath, appCode }, errors: 'inline' }),
  task: (taskId: string) => call(PackageEndpoints.task, { params: { taskId }, errors: 'inline' }),
};

/** Downloads the app's package (a fetch, so the team and admin-mode headers go along). */
export async function downloadPackage(appCode: string, withBizData: boolean): Promise<void> {
  const path = buildPath(PackageEndpoints.export.path, { appCode });
  const response = await fetch(`${path}${withBizData ? '?withBizData=true' : ''}`, {
    credentials: 'same-origin',
    headers: requestHeaders(true, false),
  });
  if (!response.ok) throw failure(response.status, path, await response.json().catch(() => undefined));
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? 'app.zip');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
