import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/database.js';
import { registeredClient, TestClient, type TestServer } from '../test/harness.js';
import { LiveStream } from '../test/live-client.js';
import {
  approveNode,
  type FlowWorld,
  flowWorld,
  members,
  myItem,
  newTable,
  publish,
  startFlow,
  startNode,
} from '../test/workflow-helpers.js';
import { createDatabase, freePort, healthy, type Proc, startNginx, startServer, stop, until } from './kit.js';

/**
 * Issue 16's proof: two Canopy server processes (node apps/server/src/main.ts, as deployed) on one
 * PostgreSQL database behind Debian's nginx, configured from deploy/nginx.conf's own rules. Sessions,
 * exactly-once actions, live events and jobs work across them, and an import survives the death of
 * the process that ran it. Run by scripts/test.mjs's `cluster` step (PostgreSQL + nginx).
 */
const IMPORT_ROWS = 12_000;

let work: string;
let databaseUrl: string;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let a: Proc;
let b: Proc;
let nginx: ChildProcess;
let proxy: string;
let w: FlowWorld;

/** How many requests to `url` a process logged (Fastify's "incoming request" lines). */
function served(p: Proc, method: string, url: string): number {
  return p.log.filter((l) => l.includes('incoming request') && l.includes(`"method":"${method}","url":"${url}"`))
    .length;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-cluster-'));
  fs.chmodSync(work, 0o755);
  // A new, empty database of its own (the servers take DATABASE_URL as it is): both processes start at
  // once and migrate it, one after the other (an advisory lock), as `systemctl start canopy@…` does.
  database = await createDatabase(testDatabaseUrl(), 'canopy_cluster');
  databaseUrl = database.url;
  const settings = {
    databaseUrl,
    // One data directory for both, as a shared disk (or the S3 store) would be.
    dataDir: path.join(work, 'data'),
    // A dead process's job is taken over 3 s after its last heartbeat.
    env: { JOB_LEASE_SECONDS: '3' },
  };
  a = startServer('A', await freePort(), settings);
  b = startServer('B', await freePort(), settings);
  for (const p of [a, b])
    await until(`server ${p.name} up (log: ${p.log.slice(-5).join(' | ')})`, healthy(p.url), 90_000, 200);
  const front = await startNginx(
    [a, b].map((p) => Number(new URL(p.url).port)),
    work,
  );
  nginx = front.child;
  proxy = front.url;
  // Everyone works through nginx unless a test pins a process.
  w = await flowWorld({ baseUrl: proxy } as TestServer);
}, 180_000);

afterAll(async () => {
  await stop(nginx, 'SIGQUIT');
  await Promise.all([stop(a?.child), stop(b?.child)]);
  await database?.drop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('two processes behind nginx on one PostgreSQL', () => {
  it('answers through nginx with the proxy headers honoured', async () => {
    const res = await fetch(`${proxy}/healthz`);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'postgres' });
  });

  it('honours TRUST_PROXY: the address nginx saw, never one the client made up', async () => {
    const seen = async (url: string, probe: string) => {
      const res = await fetch(`${url}/healthz?probe=${probe}`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(res.status).toBe(200);
      let line: string | undefined;
      await until('the request logged', async () => {
        line = [...a.log, ...b.log].find((l) => l.includes(probe) && l.includes('incoming request'));
        return line !== undefined;
      });
      return (JSON.parse(line as string) as { req: { remoteAddress: string } }).req.remoteAddress;
    };
    // Straight to a process (only nginx can, it listens on loopback): the forwarded address is taken.
    expect(await seen(a.url, 'direct')).toBe('203.0.113.9');
    // Through nginx, which replaces the client's header with the address it saw.
    expect(await seen(proxy, 'proxied')).toBe('127.0.0.1');
  });

  it('keeps a user signed in through one process signed in through the other, and out when signed out', async () => {
    const { client, userId } = await registeredClient({ baseUrl: a.url } as TestServer, '跨进程用户');
    const onB = client.on(b.url);
    const me = await onB.request('GET', '/v1/user/information/basic');
    expect(me.status).toBe(200);
    expect(me.json.data.id).toBe(userId);
    const cookie = client.sessionCookie;
    expect((await onB.request('GET', '/v1/logout')).status).toBe(200);
    const stale = new TestClient(a.url);
    stale.headers.cookie = `canopy_sid=${cookie}`;
    expect((await stale.request('GET', '/v1/user/information/basic')).status).toBe(401);
  });

  it('gives one of 50 parallel approvals of one work item spread over both processes a success', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('a'),
      approveNode('a', members(w.bob), {}, 'b'),
      approveNode('b', members(w.carol)),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '集群并发' })).instance.instanceId;
    const item = await myItem(w.bob, id);
    const before = [served(a, 'POST', '/v1/workflow/approval'), served(b, 'POST', '/v1/workflow/approval')];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        w.bob.client.request('POST', '/v1/workflow/approval', {
          body: { workItem: { workItemId: item.workItemId }, comment: `第${i}次` },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect([r.status, r.json.errorMessage]).toEqual([409, '该任务已被处理']);
    // Both processes took part (their request logs), and the next node opened once.
    await until('request logs written', async () => {
      const now = [served(a, 'POST', '/v1/workflow/approval'), served(b, 'POST', '/v1/workflow/approval')];
      return (now[0] ?? 0) - (before[0] ?? 0) + (now[1] ?? 0) - (before[1] ?? 0) === 50;
    });
    expect(served(a, 'POST', '/v1/workflow/approval') - (before[0] ?? 0)).toBeGreaterThan(0);
    expect(served(b, 'POST', '/v1/workflow/approval') - (before[1] ?? 0)).toBeGreaterThan(0);
    const d = (await w.alice.client.request('GET', `/v1/workflow/instance?instanceId=${id}`)).json.data;
    expect(d.workItems.filter((i: { activityCode: string }) => i.activityCode === 'b')).toHaveLength(1);
  });

  it('gives one of 50 parallel updates of one record at the same version a success', async () => {
    const t = await newTable(w);
    const created = await w.owner.client.request('POST', `${t.base}/records`, {
      body: { data: { [t.f.title]: '原值' } },
    });
    expect(created.status).toBe(200);
    const rid = created.json.data.id;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        w.owner.client.request('PATCH', `${t.base}/records/${rid}`, {
          body: { version: 1, data: { [t.f.title]: `改${i}` } },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    const now = (await w.owner.client.request('GET', `${t.base}/records/${rid}`)).json.data;
    expect(now.version).toBe(2);
    expect(now.data[t.f.title]).toBe(ok[0]?.json.data.data[t.f.title]);
  });

  it('brings a letter written through process A to an event stream on process B in under 2 s', async () => {
    const t = await newTable(w);
    await publish(w, t, [startNode('a'), approveNode('a', members(w.bob))]);
    const cookie = w.bob.client.sessionCookie;
    const onB = await LiveStream.open(b.url, w.team.engineCode, cookie);
    const throughNginx = await LiveStream.open(proxy, w.team.engineCode, cookie);
    expect([onB.status, throughNginx.status]).toEqual([200, 200]);
    const alice = { ...w.alice, client: w.alice.client.on(a.url) };
    const sent = Date.now();
    await startFlow(w, t, alice, { [t.f.title]: '跨进程来信' });
    const answered = Date.now();
    const tookB = await onB.waitFor('letter', 1, 2_000);
    // nginx passes the stream on unbuffered: the same letter reaches a stream opened through it.
    const tookNginx = await throughNginx.waitFor('letter', 1, 2_000);
    // Measured: from sending the action to A until the streams had the letter (it commits before A answers).
    console.log(
      `letter from A: on B's stream within ${answered - sent + tookB} ms, through nginx ${answered - sent + tookNginx} ms`,
    );
    expect(tookB).toBeLessThan(2_000);
    onB.close();
    throughNginx.close();
  });

  it('finishes an import started on A after A is killed mid-job, writing every row once', async () => {
    const t = await newTable(w);
    const owner = w.owner.client.on(a.url);
    const lines = ['标题,金额'];
    for (let i = 1; i <= IMPORT_ROWS; i += 1) lines.push(`第${i}行,${i}`);
    const up = await owner.upload(`${t.base}/imports`, '大表.csv', Buffer.from(lines.join('\n')), {
      'x-app-name': 'canopy-web',
    });
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    const job = up.json.data;
    const started = await owner.request('POST', `${t.base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'atomic' },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    // A is in the middle of it: rows checked, nothing written yet.
    await until('the import under way on A', async () => {
      const now = (await owner.request('GET', `${t.base}/imports/${job.id}`)).json.data;
      return now.state === 'running' && now.processed > 0;
    });
    await stop(a.child, 'SIGKILL');
    const onB = w.owner.client.on(b.url);
    const running = (await onB.request('GET', `${t.base}/imports/${job.id}`)).json.data;
    expect(running.state).toBe('running');
    // B takes the job over once A's lease runs out and runs it again from the sheet.
    await until(
      'the import ended on B',
      async () => (await onB.request('GET', `${t.base}/imports/${job.id}`)).json.data.state !== 'running',
      45_000,
      200,
    );
    const end = (await onB.request('GET', `${t.base}/imports/${job.id}`)).json.data;
    expect(end).toMatchObject({ state: 'done', created: IMPORT_ROWS, failed: 0 });
    const count = (await onB.request('POST', `${t.base}/records/count`, { body: {} })).json.data;
    expect(count).toMatchObject({ count: IMPORT_ROWS });
    // Every row once (a second run on top of a committed first would count twice), and the job
    // itself was taken over by B on its second attempt.
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      const { rows: jobs } = await c.query('select attempts, state, locked_by from jobs where kind = $1', ['import']);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ attempts: 2, state: 'done' });
      expect(String(jobs[0].locked_by)).toContain(`:${b.child.pid}:`);
    } finally {
      await c.end();
    }
  });
});
