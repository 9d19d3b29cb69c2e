import { expect } from 'vitest';
import type { TestClient } from './harness.js';

/** Calls of the package tests: export, upload, install, and the task polled until it ends. */
export async function exportPackage(client: TestClient, appCode: string, withBizData = true): Promise<Buffer> {
  const res = await client.download(`/v1/apps/${appCode}/package${withBizData ? '?withBizData=true' : ''}`);
  expect(res.status, res.bytes.toString().slice(0, 300)).toBe(200);
  return res.bytes;
}

/** Spec §7 file upload: the form carries the storage key ug_app_template before the file. */
export async function uploadPackage(
  client: TestClient,
  bytes: Uint8Array,
  name = 'app.zip',
  storageKey: string | null = 'ug_app_template',
) {
  const fields: Record<string, string> = storageKey === null ? {} : { storageKey };
  return client.upload('/v1/app/package/upload', name, bytes, { 'x-app-name': 'canopy' }, fields);
}

export async function installPackage(client: TestClient, bytes: Uint8Array, withBizData = true) {
  const up = await uploadPackage(client, bytes);
  expect(up.status, JSON.stringify(up.json)).toBe(200);
  const res = await client.request('POST', '/v2/app/installpackage', {
    body: { packagePath: up.json.data.packagePath, withBizData, source: 3 },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { taskId: string; appCode: string };
}

export interface TaskView {
  taskId: string;
  appCode: string;
  isCompleted: boolean;
  state: string;
  progress: number;
  message: string;
}

export async function finishedTask(client: TestClient, taskId: string): Promise<TaskView> {
  let last: TaskView | undefined;
  await expect
    .poll(
      async () => {
        const res = await client.request('GET', `/v2/app/installtask/${taskId}`);
        last = res.json.data as TaskView;
        return last?.isCompleted;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(true);
  return last as TaskView;
}

export { type RawEntry, rawZip } from './raw-zip.js';
