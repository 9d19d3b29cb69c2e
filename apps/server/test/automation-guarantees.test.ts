import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automation, ended, ledgerStep, recordsOf, runs } from './automation-helpers.js';
import { startPeer, startTestServer, type TestServer } from './harness.js';
import { type Receiver, startReceiver } from './receiver.js';
import { type FlowWorld, flowWorld, newTable } from './workflow-helpers.js';

/**
 * Automations' guarantees (issue 28): every event runs exactly once across two server processes,
 * a run's database steps are never applied twice (a duplicate executor backs off; a resumed run
 * replays its finished steps), the loop guard stops a self-triggering automation, and a failed run
 * is re-run from its failed step.
 */
let server: TestServer;
let peer: { app: FastifyInstance; baseUrl: string };
let w: FlowWorld;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({ webhooksAllowPrivate: true });
  w = await flowWorld(server);
}, 240_000);
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const subjects = async () => (await recordsOf(w, w.ledger.base)).map((r) => String(r.data[w.ledger.subject]));

describe('exactly once', { timeout: 180_000 }, () => {
  // A second process on the same database, for these tests only (its configuration is the
  // default one: it may not reach the loopback receiver the later tests call).
  beforeAll(async () => {
    peer = await startPeer(server);
  }, 120_000);
  afterAll(async () => {
    await peer?.app.close();
  });

  it('100 record events give 100 runs across two processes, none twice', async () => {
    const t = await newTable(w);
    const a = await automation(w, '每条都记', {
      trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['created'] },
      steps: [ledgerStep(w, 'log', 'once {{trigger.record.id}}')],
    });
    const ids: string[] = [];
    for (let batch = 0; batch < 4; batch += 1) {
      const res = await w.team.owner.request('POST', `${t.base}/records/batch`, {
        body: { create: Array.from({ length: 25 }, (_, i) => ({ data: { [t.f.title]: `第${batch * 25 + i}` } })) },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      ids.push(...res.json.data.created.map((r: { id: string }) => r.id));
    }
    const db = server.database.handle.db;
    const done = async () => {
      // Both processes take jobs (their own queues tick too); ticking here only hurries them.
      await Promise.all([server.app.jobs.tick(), peer.app.jobs.tick()]);
      const row = await db
        .selectFrom('automation_runs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('automation_id', '=', a.id)
        .where('status', '=', 'done')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    await expect.poll(done, { timeout: 120_000, interval: 50 }).toBe(100);
    const logged = (await subjects()).filter((s) => s.startsWith('once '));
    expect(logged).toHaveLength(100);
    expect(new Set(logged)).toEqual(new Set(ids.map((id) => `once ${id}`)));
    const all = await db.selectFrom('automation_runs').select('event_key').where('automation_id', '=', a.id).execute();
    expect(all).toHaveLength(100);
    const steps = await db
      .selectFrom('automation_steps')
      .innerJoin('automation_runs', 'automation_runs.id', 'automation_steps.run_id')
      .select('automation_steps.path')
      .where('automation_runs.automation_id', '=', a.id)
      .execute();
    expect(steps).toHaveLength(100);
  });

  it('a run executed by several jobs at once (a takeover, a duplicate) applies each step once', async () => {
    const a = await automation(w, '重放', {
      trigger: { kind: 'webhook' },
      steps: [ledgerStep(w, 'x', 'replay-x'), { id: 'wait', kind: 'delay', ms: 1000 }, ledgerStep(w, 'y', 'replay-y')],
    });
    const res = await fetch(`${server.baseUrl}${a.webhookPath}`, { method: 'POST' });
    const { runId } = (await res.json()).data;
    await expect.poll(async () => (await runs(w, a))[0]?.status, { timeout: 10_000, interval: 50 }).toBe('waiting');
    // Three more executors of the same run, in both processes: each replays what is done.
    for (const app of [server.app, peer.app, server.app]) await app.jobs.enqueue('automation.run', { runId });
    const [run] = await ended(w, a, 1);
    expect(run?.status).toBe('done');
    await expect
      .poll(
        async () => {
          await Promise.all([server.app.jobs.tick(), peer.app.jobs.tick()]);
          const jobs = await server.database.handle.db
            .selectFrom('jobs')
            .select('state')
            .where('kind', '=', 'automation.run')
            .where('payload', 'like', `%${runId}%`)
            .where('state', '=', 'pending')
            .execute();
          return jobs.length;
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    const mine = (await subjects()).filter((s) => s.startsWith('replay-'));
    expect(mine.sort()).toEqual(['replay-x', 'replay-y']);
  });
});

describe('loop guard', { timeout: 180_000 }, () => {
  it('stops a self-triggering automation at its depth and says why', async () => {
    const t = await newTable(w);
    const a = await automation(w, '自己触发自己', {
      trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['updated'], fields: [t.f.note] },
      steps: [
        {
          id: 'again',
          kind: 'updateRecord',
          schemaCode: t.schemaCode,
          recordId: '{{trigger.record.id}}',
          values: { [t.f.note]: `{{trigger.record.data.${t.f.note}}}+` },
        },
      ],
    });
    const r = (await w.team.owner.request('POST', `${t.base}/records`, { body: { data: { [t.f.note]: 'n' } } })).json
      .data;
    await w.team.owner.request('PATCH', `${t.base}/records/${r.id}`, {
      body: { version: r.version, data: { [t.f.note]: 'go' } },
    });
    // Depths 0–3 run (AutomationLimits.maxDepth = 3); the fifth is stopped.
    const list = await ended(w, a, 5);
    expect(list.map((x) => [x.depth, x.status])).toEqual([
      [4, 'stopped'],
      [3, 'done'],
      [2, 'done'],
      [1, 'done'],
      [0, 'done'],
    ]);
    expect(list[0]?.error).toBe('自动化相互触发已达 4 层，为防止循环已停止');
    const record = (await w.team.owner.request('GET', `${t.base}/records/${r.id}`)).json.data;
    expect(record.data[t.f.note]).toBe('go++++');
    // Nothing more follows the stop.
    expect(await runs(w, a)).toHaveLength(5);
  });
});

describe('re-run', { timeout: 180_000 }, () => {
  it('runs a failed run again from its failed step; the steps before it are not repeated', async () => {
    const a = await automation(w, '会失败', {
      trigger: { kind: 'webhook' },
      steps: [
        ledgerStep(w, 'first', 'rerun-first'),
        { id: 'call', kind: 'http', method: 'GET', url: `${receiver.base}/slow`, timeoutMs: 300 },
      ],
    });
    receiver.answerDelayMs = 2_000;
    await fetch(`${server.baseUrl}${a.webhookPath}`, { method: 'POST' });
    const [failed] = await ended(w, a, 1);
    expect(failed?.status).toBe('failed');
    expect(failed?.steps?.map((s) => [s.stepId, s.status])).toEqual([
      ['first', 'done'],
      ['call', 'failed'],
    ]);
    expect(failed?.error).toBe('HTTP 请求失败：timeout');
    receiver.answerDelayMs = 0;
    const failedOnly = await w.team.owner.request('GET', `${a.base}/runs?status=failed`);
    expect(failedOnly.json.data.map((r: { id: string }) => r.id)).toEqual([failed?.id]);
    const again = await w.team.owner.request('POST', `${a.base}/runs/${failed?.id}/rerun`);
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    await expect.poll(async () => (await runs(w, a))[0]?.status, { timeout: 30_000, interval: 100 }).toBe('done');
    const run = (await w.team.owner.request('GET', `${a.base}/runs/${failed?.id}`)).json.data;
    expect(run.steps.map((s: { stepId: string; status: string }) => [s.stepId, s.status])).toEqual([
      ['first', 'done'],
      ['call', 'done'],
    ]);
    expect((await subjects()).filter((s) => s === 'rerun-first')).toHaveLength(1);
    // A run that did not fail is not re-run.
    expect((await w.team.owner.request('POST', `${a.base}/runs/${failed?.id}/rerun`)).status).toBe(409);
  });
});
