import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automation, ended, runs } from './automation-helpers.js';
import { startTestServer, type TestServer } from './harness.js';
import { type FlowWorld, flowWorld } from './workflow-helpers.js';

/**
 * Automations' per-team quotas (issue 28), set low for this server: one run at a time (a second
 * waits in the queue, and its history says why), and four runs a day (the fifth is recorded as
 * skipped with the reason, and runs nothing).
 */
let server: TestServer;
let w: FlowWorld;
let slow: http.Server;
let slowUrl: string;
let calls = 0;
let release: () => void = () => {};
let held = new Promise<void>((r) => {
  release = r;
});

beforeAll(async () => {
  // An HTTP target that holds its answer until the test lets it go: the first run stays running.
  slow = http.createServer((_req, res) => {
    calls += 1;
    void held.then(() => res.end('{"ok":true}'));
  });
  await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
  slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hold`;
  server = await startTestServer({
    webhooksAllowPrivate: true,
    automationQuotas: { runsPerDay: 4, concurrentRuns: 1 },
  });
  w = await flowWorld(server);
}, 240_000);
afterAll(async () => {
  release();
  await server?.close();
  await new Promise((r) => slow?.close(r));
});

const call = async (path: string | null) => {
  const res = await w.team.owner.request('POST', path ?? '', { body: {} });
  expect(res.status).toBe(202);
};

describe('quotas per team', { timeout: 180_000 }, () => {
  it('runs one at a time: the next waits, saying why, and runs once the first has ended', async () => {
    const a = await automation(w, '慢调用', {
      trigger: { kind: 'webhook' },
      steps: [{ id: 'call', kind: 'http', method: 'GET', url: slowUrl, timeoutMs: 30_000 }],
    });
    await call(a.webhookPath);
    await expect.poll(() => calls, { timeout: 30_000, interval: 50 }).toBe(1);
    await call(a.webhookPath);
    // The second run stays queued with the concurrency quota's reason while the first runs.
    await expect
      .poll(async () => (await runs(w, a)).map((r) => [r.status, r.error]), { timeout: 30_000, interval: 100 })
      .toEqual([
        ['queued', '团队同时运行的自动化已达上限（1 个），本次运行正在排队'],
        ['running', null],
      ]);
    const en = await w.team.owner.request('GET', `${a.base}/runs?status=queued`, {
      headers: { 'accept-language': 'en' },
    });
    expect(en.json.data[0].error).toBe(
      "The team's automations running at once have reached the limit (1); this run waits in the queue",
    );
    expect(calls).toBe(1);
    held = Promise.resolve();
    release();
    const done = await ended(w, a, 2);
    expect(done.map((r) => [r.status, r.error])).toEqual([
      ['done', null],
      ['done', null],
    ]);
    expect(calls).toBe(2);
  });

  it('counts the runs of the day: past the quota a run is recorded as skipped, with why, and runs nothing', async () => {
    const a = await automation(w, '每日配额', { trigger: { kind: 'webhook' }, steps: [] });
    // Two runs of the team so far today (the test above); two more fit.
    await call(a.webhookPath);
    await call(a.webhookPath);
    await call(a.webhookPath);
    const list = await ended(w, a, 3);
    expect(list.map((r) => r.status).sort()).toEqual(['done', 'done', 'skipped']);
    const skipped = list.find((r) => r.status === 'skipped');
    expect(skipped?.error).toBe('团队今天的自动化运行次数已达上限（4 次）');
    expect(skipped?.startedAt).toBeNull();
    expect(skipped?.steps).toEqual([]);
  });
});
