import { crc32, deflateRawSync } from 'node:zlib';
import { expect } from 'vitest';
import type { TestClient } from './harness.js';

/** Calls of the package tests: export, upload, install, and the task polled until it ends. */
export async function exportPackage(client: TestClient, appCode: string, withBizData = true): Promise<Buffer> {
  const res = await client.download(`/v1/apps/${appCode}/package${withBizData ? '?withBizData=true' : ''}`);
  expect(res.status, res.bytes.toString().slice(0, 300)).toBe(200);
  return res.bytes;
}

export async function uploadPackage(client: TestClient, bytes: Uint8Array, name = 'app.zip') {
  return client.upload('/v1/app/package/upload', name, bytes, { 'x-app-name': 'canopy' });
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

export interface RawEntry {
  name: string;
  data: Buffer;
  /** Deflate the data (otherwise stored). */
  deflate?: boolean;
  /** The uncompressed size the headers claim (a lie, for bombs). */
  claim?: number;
  /** Unix mode in the external attributes (a link: 0o120777). */
  mode?: number;
}

/** A zip written byte by byte, so a test can put in it what no zip library would. */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.deflate ? deflateRawSync(e.data) : e.data;
    const size = e.claim ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc32(e.data), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc32(e.data), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
