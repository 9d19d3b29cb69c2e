import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgTestDatabase, testDialect } from './database.js';
import { TestClient, type TestServer } from './harness.js';
import { createTeam } from './org-helpers.js';
import { adminSql, databaseUrlOf, spawnServer, stopAll } from './server-process.js';

/**
 * A server process killed (SIGKILL) in the middle of an automation's run: its first step (a
 * record written) has committed, its second (an HTTP call) is in flight. The next process takes the
 * run's job once its lease has passed and carries on: the first step is not applied again, the
 * call is made again (at least once, as the designer is told), and the last step writes once.
 * Two processes in all; the lease is short so the takeover comes quickly.
 */
const postgres = testDialect() === 'postgres';
const database = `canopy_auto_${randomBytes(5).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-auto-crash-'));
const children: ChildProcess[] = [];
let target: http.Server;
let targetUrl: string;
const calls: string[] = [];
/** The target answers only once this is true (the first process dies waiting for it). */
let answering = false;

/** The server's own start (crash-server.ts runs server.ts as main.ts does), on this test's database. */
const startProcess = () =>
  spawnServer(
    'apps/server/test/crash-server.ts',
    {
      DATABASE_URL: postgres ? databaseUrlOf(database) : '',
      DATA_DIR: dataDir,
      WEBHOOK_ALLOW_PRIVATE: '1',
      // A killed process's job is taken up this long after its last beat.
      JOB_LEASE_SECONDS: '2',
    },
    children,
  );

beforeAll(async () => {
  target = http.createServer((req, res) => {
    calls.push(req.url ?? '');
    if (answering) res.end('{"ok":true}');
    // Otherwise the call hangs until its process dies.
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/erp`;
  if (postgres) await createPgTestDatabase(database);
}, 60_000);

afterAll(async () => {
  await stopAll(children);
  target.closeAllConnections();
  await new Promise((r) => target.close(r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (postgres) await adminSql(`drop database if exists ${database} with (force)`);
});

describe('a server killed in the middle of a run', () => {
  it('is resumed by the next process; no database step is applied twice', async () => {
    const first = await startProcess();
    const team = await createTeam({ baseUrl: first.url } as TestServer, '自动化崩溃团队');
    const owner = team.owner;
    const appCode = (await owner.request('POST', '/v1/apps', { body: { displayName: '订单' } })).json.data.code;
    const node = async (displayName: string) =>
      (await owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName } })).json.data
        .code as string;
    const orders = await node('订单');
    const log = await node('日志');
    const field = async (schema: string, name: string) =>
      (await owner.request('POST', `/v1/apps/${appCode}/schemas/${schema}/fields`, { body: { name, type: 'text' } }))
        .json.data.code as string;
    const title = await field(orders, '标题');
    const entry = await field(log, '内容');
    const base = `/v1/apps/${appCode}/automations`;
    const logStep = (id: string, text: string) => ({
      id,
      kind: 'createRecord',
      schemaCode: log,
      values: { [entry]: text },
    });
    const made = await owner.request('POST', base, {
      body: {
        name: '同步到 ERP',
        definition: {
          trigger: { kind: 'record', schemaCode: orders, events: ['created'] },
          steps: [
            logStep('before', `开始 {{trigger.record.data.${title}}}`),
            { id: 'erp', kind: 'http', method: 'POST', url: targetUrl, body: { order: '{{trigger.record.id}}' } },
            logStep('after', '完成 {{steps.erp.status}}'),
          ],
        },
      },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const id = made.json.data.id as string;
    expect((await owner.request('POST', `${base}/${id}/publish`)).status).toBe(200);
    expect((await owner.request('PUT', `${base}/${id}/enabled`, { body: { enabled: true } })).status).toBe(200);
    const order = await owner.request('POST', `/v1/apps/${appCode}/schemas/${orders}/records`, {
      body: { data: { [title]: 'A-1' } },
    });
    expect(order.status).toBe(200);

    // The run is in its HTTP step (its first step committed): kill the process there.
    await expect.poll(() => calls.length, { timeout: 60_000, interval: 50 }).toBe(1);
    const dead = new Promise<NodeJS.Signals | null>((resolve) => first.child.once('exit', (_c, s) => resolve(s)));
    first.child.kill('SIGKILL');
    expect(await dead).toBe('SIGKILL');
    answering = true;

    const second = await startProcess();
    const again = new TestClient(second.url);
    again.headers = { ...owner.headers, cookie: `canopy_sid=${owner.sessionCookie}` };
    const runsOf = async () =>
      (await again.request('GET', `${base}/${id}/runs`)).json.data as { id: string; status: string }[];
    await expect
      .poll(async () => (await runsOf()).map((r) => r.status), { timeout: 60_000, interval: 200 })
      .toEqual(['done']);
    const runId = (await runsOf())[0]?.id;
    const run = (await again.request('GET', `${base}/${id}/runs/${runId}`)).json.data as {
      steps: { path: string; status: string }[];
    };
    expect(run.steps.map((s) => [s.path, s.status])).toEqual([
      ['before', 'done'],
      ['erp', 'done'],
      ['after', 'done'],
    ]);
    const logged = await again.request('POST', `/v1/apps/${appCode}/schemas/${log}/records/query`, {
      body: { limit: 100 },
    });
    const entries = (logged.json.data.resultList as { data: Record<string, unknown> }[])
      .map((r) => r.data[entry])
      .sort();
    // Each database step once; the outside call twice (at least once).
    expect(entries).toEqual(['开始 A-1', '完成 200'].sort());
    expect(calls).toEqual(['/erp', '/erp']);
  }, 180_000);
});
