import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgTestDatabase, testDialect } from './database.js';
import { TestClient, type TestServer } from './harness.js';
import { adminSql, databaseUrlOf, spawnServer } from './server-process.js';
import {
  approveNode,
  detail,
  type FlowWorld,
  flowWorld,
  members,
  myItem,
  newTable,
  publish,
  startFlow,
  startNode,
} from './workflow-helpers.js';

/**
 * Two real server processes sharing one PostgreSQL database: 50 simultaneous approvals of one work
 * item, sent to both, still give exactly one success.
 */
const postgres = testDialect() === 'postgres';
const database = `canopy_wf_${randomBytes(5).toString('hex')}`;
const children: ChildProcess[] = [];
const dataDirs: string[] = [];
let urls: string[] = [];
let w: FlowWorld;

/** Starts `node --import tsx apps/server/src/main.ts` on a free port; resolves with its URL once it listens. */
async function startProcess(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-proc-'));
  dataDirs.push(dataDir);
  const { url } = await spawnServer(
    'apps/server/src/main.ts',
    { DATABASE_URL: databaseUrlOf(database), DATA_DIR: dataDir },
    children,
  );
  return url;
}

beforeAll(async () => {
  if (!postgres) return;
  await createPgTestDatabase(database);
  // One after the other: the second finds the migrations applied by the first.
  urls = [await startProcess(), await startProcess()];
  w = await flowWorld({ baseUrl: urls[0] } as TestServer);
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.pid && child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : Promise.resolve())),
  );
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  if (postgres) await adminSql(`drop database if exists ${database} with (force)`);
});

describe.skipIf(!postgres)('two server processes on one PostgreSQL', () => {
  it('50 simultaneous approvals through both processes: exactly one succeeds', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('a'),
      approveNode('a', members(w.bob), {}, 'b'),
      approveNode('b', members(w.carol)),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '双进程' })).instance.instanceId;
    const item = await myItem(w.bob, id);
    // The same browser session, talking to both processes.
    const clients = urls.map((url) => {
      const c = new TestClient(url);
      c.headers = { ...w.bob.client.headers, cookie: `canopy_sid=${w.bob.client.sessionCookie}` };
      return c;
    });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (clients[i % 2] as TestClient).request('POST', '/v1/workflow/approval', {
          body: { workItem: { workItemId: item.workItemId } },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.length).toBe(49);
    for (const r of refused) expect([r.status, r.json.errorMessage]).toEqual([409, '该任务已被处理']);
    const d = await detail(w.alice, id);
    expect(d.timeline.filter((e: { action: string }) => e.action === 'approve').length).toBe(1);
    expect(d.workItems.filter((i: { activityCode: string }) => i.activityCode === 'b').length).toBe(1);
  }, 60_000);
});
