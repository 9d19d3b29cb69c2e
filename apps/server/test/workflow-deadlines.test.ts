import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InstanceState, WorkItemState } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { startTestServer, type TestServer } from './harness.js';
import {
  actOk,
  approveNode,
  detail,
  type FlowWorld,
  fillNode,
  flowWorld,
  hasItem,
  members,
  myItem,
  newTable,
  type Person,
  publish,
  startFlow,
  startNode,
  stateOf,
  type Table,
} from './workflow-helpers.js';

/**
 * Node deadlines: reminders and automatic actions stored as timers, fired by the runner with a
 * controllable clock (the test passes a later `now`), once however many runners try.
 */
let server: TestServer;
let w: FlowWorld;
beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
});
afterAll(async () => server?.close());
// Each test looks at its own timers only: what an earlier test left pending never fires in a later one.
afterEach(async () => {
  await db().updateTable('workflow_timers').set({ state: 2 }).where('state', '=', 0).execute();
});

const MINUTE = 60_000;
const runner = () => server.app.workflowDeadlines;
const db = () => server.database.handle.db;

interface Step {
  action: string;
  actor: { memberId: string } | null;
  actingFor: { memberId: string; name: string } | null;
  detail: Record<string, unknown>;
  comment: string;
}

async function timeline(instanceId: string): Promise<Step[]> {
  return (await detail(w.owner, instanceId)).timeline;
}

async function timers(instanceId: string) {
  return db()
    .selectFrom('workflow_timers')
    .select(['kind', 'state', 'due_at', 'work_item_id', 'outcome'])
    .where('instance_id', '=', instanceId)
    .orderBy('due_at')
    .execute();
}

/** start → a1 (Bob, with this deadline and settings) → end. */
async function deadlineFlow(deadline: Record<string, unknown>, settings: Record<string, unknown> = {}) {
  const t = await newTable(w);
  await publish(w, t, [startNode('a1'), approveNode('a1', members(w.bob), { deadline, ...settings })]);
  return t;
}

async function begin(t: Table, data: Record<string, unknown> = {}) {
  const started = Date.now();
  const id = (await startFlow(w, t, w.alice, { [t.f.title]: '差旅', ...data })).instance.instanceId;
  return { id, started };
}

describe('reminders and automatic actions', () => {
  it('reminds after its time (an outbox event and a timeline step), then approves in the system’s name', async () => {
    const t = await deadlineFlow({ remindAfterMinutes: 60, actAfterMinutes: 120, action: 'approve' });
    const { id, started } = await begin(t);
    const pending = await timers(id);
    expect(pending.map((x) => [x.kind, Number(x.state)])).toEqual([
      ['remind', 0],
      ['act', 0],
    ]);
    expect(Number(pending[0]?.due_at) - started).toBeGreaterThanOrEqual(60 * MINUTE);

    // Before either is due nothing happens.
    expect(await runner().runDue(started + 30 * MINUTE)).toMatchObject({ reminded: 0, acted: 0 });

    const reminded = await runner().runDue(Date.now() + 61 * MINUTE);
    expect(reminded).toMatchObject({ reminded: 1, acted: 0, failed: 0 });
    const events = await db()
      .selectFrom('outbox_events')
      .select('payload')
      .where('type', '=', 'workflow.workitem.reminder')
      .execute();
    const payloads = events.map((e) => JSON.parse(e.payload) as { instanceId: string; participant: string });
    expect(payloads.filter((p) => p.instanceId === id)).toEqual([
      expect.objectContaining({ instanceId: id, participant: w.bob.memberId }),
    ]);
    const remind = (await timeline(id)).find((s) => s.action === 'remind');
    expect(remind).toMatchObject({ actor: null, detail: { remindedMemberId: w.bob.memberId, remindedName: '鲍勃' } });
    // A timer fires once: running again at the same time does nothing more.
    expect(await runner().runDue(Date.now() + 61 * MINUTE)).toMatchObject({ reminded: 0, acted: 0 });
    expect(await hasItem(w.bob, id)).toBe(true);

    const acted = await runner().runDue(Date.now() + 121 * MINUTE);
    expect(acted).toMatchObject({ acted: 1, failed: 0 });
    expect(await stateOf(w.owner, id)).toMatchObject({ instanceState: InstanceState.Finished, result: 'approved' });
    const approve = (await timeline(id)).find((s) => s.action === 'approve');
    expect(approve).toMatchObject({ actor: null, actingFor: { memberId: w.bob.memberId }, detail: { by: 'deadline' } });
    const items = (await detail(w.owner, id)).workItems as { participant: { memberId: string }; action: string }[];
    expect(items.find((i) => i.participant.memberId === w.bob.memberId)?.action).toBe('approve');
    expect((await timers(id)).map((x) => Number(x.state))).toEqual([1, 1]);
  });

  it('rejects automatically even where rejecting needs a comment from a person', async () => {
    const t = await deadlineFlow(
      { actAfterMinutes: 30, action: 'reject' },
      {
        comment: {
          approve: { enableComment: true, required: false },
          reject: { enableComment: true, required: true },
        },
      },
    );
    const { id } = await begin(t);
    expect(await runner().runDue(Date.now() + 31 * MINUTE)).toMatchObject({ acted: 1 });
    expect(await stateOf(w.owner, id)).toMatchObject({ instanceState: InstanceState.Finished, result: 'rejected' });
    expect((await timeline(id)).find((s) => s.action === 'reject')).toMatchObject({
      actor: null,
      actingFor: { memberId: w.bob.memberId },
    });
  });

  it('transfers to the first member its rule names who is not handling the node; the new item gets its own timers', async () => {
    const t = await deadlineFlow({
      remindAfterMinutes: 10,
      actAfterMinutes: 20,
      action: 'transfer',
      transferTo: [{ kind: 'members', ids: [w.bob.memberId, w.carol.memberId] }],
    });
    const { id } = await begin(t);
    const later = Date.now() + 21 * MINUTE;
    // Both the reminder and the transfer are due: the reminder fires, then the action.
    expect(await runner().runDue(later)).toMatchObject({ reminded: 1, acted: 1 });
    const carolItem = (await detail(w.carol, id)).myWorkItems[0];
    expect(carolItem).toMatchObject({ actingFor: { memberId: w.bob.memberId } });
    expect(await hasItem(w.bob, id)).toBe(false);
    expect((await timeline(id)).find((s) => s.action === 'transfer')).toMatchObject({
      actor: null,
      detail: { toMemberId: w.carol.memberId, by: 'deadline' },
    });
    // Carol's item counts from its own arrival (the runner's clock at the transfer).
    const fresh = (await timers(id)).filter((x) => x.work_item_id === carolItem.workItemId);
    expect(fresh.map((x) => [x.kind, Number(x.state), Number(x.due_at) - later])).toEqual([
      ['remind', 0, 10 * MINUTE],
      ['act', 0, 20 * MINUTE],
    ]);
  });

  it('submits a fill node automatically', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('f1'),
      fillNode('f1', members(w.carol), { deadline: { actAfterMinutes: 5, action: 'approve' } }, 'a1'),
      approveNode('a1', members(w.bob)),
    ]);
    const { id } = await begin(t);
    expect(await runner().runDue(Date.now() + 6 * MINUTE)).toMatchObject({ acted: 1 });
    expect((await stateOf(w.owner, id)).currentNodes.map((n) => n.activityCode)).toEqual(['a1']);
    expect((await timeline(id)).find((s) => s.action === 'submit' && s.actor === null)).toBeTruthy();
  });
});

describe('timers follow their items', () => {
  it('are canceled when the participant acts first, and never fire afterwards', async () => {
    const t = await deadlineFlow({ remindAfterMinutes: 60, actAfterMinutes: 120, action: 'reject' });
    const { id } = await begin(t);
    await actOk(w.bob, id, 'approval');
    expect((await timers(id)).map((x) => [Number(x.state), x.outcome])).toEqual([
      [2, 'itemClosed'],
      [2, 'itemClosed'],
    ]);
    expect(await runner().runDue(Date.now() + 200 * MINUTE)).toMatchObject({ reminded: 0, acted: 0 });
    expect(await stateOf(w.owner, id)).toMatchObject({ result: 'approved' });
  });

  it('start again from the new arrival when a revert is taken back (resume reopens the item)', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('a1'),
      approveNode('a1', members(w.bob), {}, 'a2'),
      approveNode('a2', members(w.carol), { deadline: { remindAfterMinutes: 30 } }),
    ]);
    const { id } = await begin(t);
    await actOk(w.bob, id, 'approval');
    const carolItem = (await myItem(w.carol, id)).workItemId;
    await actOk(w.carol, id, 'revert', { targetActivityCode: 'a1', resubmit: 'rerun' });
    expect((await timers(id)).map((x) => Number(x.state))).toEqual([2]);
    const resumed = await w.carol.client.request('POST', '/v1/workflow/resume', {
      body: { workItem: { workItemId: carolItem } },
    });
    expect(resumed.status, JSON.stringify(resumed.json)).toBe(200);
    expect((await myItem(w.carol, id)).workItemId).toBe(carolItem);
    const mine = (await timers(id)).filter((x) => x.work_item_id === carolItem);
    expect(mine.map((x) => Number(x.state)).sort()).toEqual([0, 2]);
    expect(await runner().runDue(Date.now() + 31 * MINUTE)).toMatchObject({ reminded: 1 });
  });

  it('are canceled when the flow ends early', async () => {
    const t = await deadlineFlow({ actAfterMinutes: 120, action: 'approve' });
    const { id } = await begin(t);
    const res = await w.alice.client.request('POST', '/v1/workflow/terminate', { body: { instanceId: id } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await timers(id)).map((x) => Number(x.state))).toEqual([2]);
    expect(await runner().runDue(Date.now() + 200 * MINUTE)).toMatchObject({ acted: 0 });
    expect(await stateOf(w.owner, id)).toMatchObject({ instanceState: InstanceState.Terminate });
  });
});

describe('refused automatic actions', () => {
  it('an approval the node cannot take (a required field is empty) fails, says why, and leaves the item open', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('a1'),
      approveNode('a1', members(w.bob), {
        deadline: { actAfterMinutes: 10, action: 'approve' },
        fieldRules: { [t.f.amount]: 'required' },
      }),
    ]);
    const { id } = await begin(t);
    expect(await runner().runDue(Date.now() + 11 * MINUTE)).toMatchObject({ acted: 0, failed: 1, errors: [] });
    const failed = (await timeline(id)).find((s) => s.action === 'deadlineFailed');
    expect(failed).toMatchObject({
      actor: null,
      actingFor: { memberId: w.bob.memberId },
      detail: { errorKey: 'validate.title', fields: [t.f.amount] },
    });
    expect((await timers(id)).map((x) => [Number(x.state), x.outcome])).toEqual([[3, 'validate.title']]);
    // Nothing of the refused action was written: Bob's item is open and he can still decide.
    const item = await myItem(w.bob, id);
    expect(item.workItemId).toBeTruthy();
    await actOk(w.bob, id, 'approval', { data: { [t.f.amount]: 12 } });
    expect(await stateOf(w.owner, id)).toMatchObject({ result: 'approved' });
  });

  it('a transfer with nobody to go to fails with its reason', async () => {
    const t = await deadlineFlow({
      actAfterMinutes: 10,
      action: 'transfer',
      transferTo: [{ kind: 'members', ids: [w.bob.memberId] }],
    });
    const { id } = await begin(t);
    expect(await runner().runDue(Date.now() + 11 * MINUTE)).toMatchObject({ failed: 1 });
    expect((await timeline(id)).find((s) => s.action === 'deadlineFailed')?.detail).toMatchObject({
      errorKey: 'workflow.deadlineNoTarget',
    });
    expect(await hasItem(w.bob, id)).toBe(true);
  });
});

describe('persisted timers', () => {
  /** Another server over the same database (a second PostgreSQL pool; on SQLite the same connection). */
  async function secondServer(): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
    const own = server.database;
    const handle: DatabaseHandle = own.databaseUrl
      ? openDatabase({ databaseUrl: own.databaseUrl, ...(own.pgSchema ? { pgSchema: own.pgSchema } : {}), poolSize: 4 })
      : own.handle;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-data-'));
    const config = { ...loadConfig({ WEB_DIST: '', DATA_DIR: dataDir }), port: 0, host: '127.0.0.1' };
    const app = await buildApp({ config, database: handle, logger: false });
    return {
      app,
      async close() {
        await app.close();
        if (handle !== own.handle) await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  it('fire from a server started afterwards (nothing of them lives in memory)', async () => {
    const t = await deadlineFlow({ actAfterMinutes: 60, action: 'approve' });
    const { id } = await begin(t);
    const other = await secondServer();
    try {
      expect(await other.app.workflowDeadlines.runDue(Date.now() + 61 * MINUTE)).toMatchObject({ acted: 1 });
    } finally {
      await other.close();
    }
    expect(await stateOf(w.owner, id)).toMatchObject({ result: 'approved' });
  });

  it('run once when several servers run them at the same moment', async () => {
    const t = await deadlineFlow({ remindAfterMinutes: 5, actAfterMinutes: 10, action: 'approve' });
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push((await begin(t)).id);
    const other = await secondServer();
    try {
      const at = Date.now() + 11 * MINUTE;
      const runs = await Promise.all([
        runner().runDue(at),
        other.app.workflowDeadlines.runDue(at),
        runner().runDue(at),
        other.app.workflowDeadlines.runDue(at),
      ]);
      const total = (k: 'reminded' | 'acted' | 'failed') => runs.reduce((n, r) => n + r[k], 0);
      expect([total('reminded'), total('acted'), total('failed')]).toEqual([4, 4, 0]);
      expect(runs.flatMap((r) => r.errors)).toEqual([]);
    } finally {
      await other.close();
    }
    for (const id of ids) {
      const steps = await timeline(id);
      expect(steps.filter((s) => s.action === 'remind')).toHaveLength(1);
      expect(steps.filter((s) => s.action === 'approve')).toHaveLength(1);
      expect(await stateOf(w.owner, id)).toMatchObject({ result: 'approved' });
    }
  });
});

describe('publishing checks deadlines', () => {
  async function refused(node: ReturnType<typeof approveNode>, who: Person = w.owner) {
    const t = await newTable(w);
    const put = await who.client.request('PUT', `${t.base}/workflow`, {
      body: { definition: { nodes: [startNode(node.id), node] } },
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    const res = await who.client.request('POST', `${t.base}/workflow/publish`);
    expect(res.status).toBe(400);
    return (res.json.fieldErrors as { field: string; message: string }[]).filter((e) => e.field === node.id);
  }

  it('refuses an action without its time, a transfer to nobody, an action before the reminder and a fill node that rejects', async () => {
    expect(await refused(approveNode('a1', members(w.bob), { deadline: { action: 'approve' } }))).toHaveLength(1);
    expect(
      await refused(approveNode('a1', members(w.bob), { deadline: { actAfterMinutes: 5, action: 'transfer' } })),
    ).toHaveLength(1);
    const order = await refused(
      approveNode('a1', members(w.bob), {
        deadline: { remindAfterMinutes: 30, actAfterMinutes: 30, action: 'approve' },
      }),
    );
    expect(order.map((e) => e.message)).toEqual(['节点「审批a1」的超时自动处理时间必须晚于提醒时间']);
    const fill = await refused(fillNode('a1', members(w.bob), { deadline: { actAfterMinutes: 5, action: 'reject' } }));
    expect(fill.map((e) => e.message)).toEqual(['填写节点「填写a1」不能超时自动驳回']);
  });

  it('refuses a deadline block with unknown settings when the draft is saved', async () => {
    const t = await newTable(w);
    const res = await w.owner.client.request('PUT', `${t.base}/workflow`, {
      body: {
        definition: {
          nodes: [
            startNode('a1'),
            approveNode('a1', members(w.bob), { deadline: { actAfterMinutes: 0, action: 'wait' } }),
          ],
        },
      },
    });
    expect(res.status).toBe(400);
  });
});

it('a reminder for an item already handled is dropped, not sent', async () => {
  const t = await deadlineFlow({ remindAfterMinutes: 5 });
  const { id } = await begin(t);
  // The participant acts in the same moment the runner looks: the timer was due, its item is closed.
  await db()
    .updateTable('work_items')
    .set({ state: WorkItemState.Canceled })
    .where('instance_id', '=', id)
    .where('participant_member_id', '=', w.bob.memberId)
    .execute();
  expect(await runner().runDue(Date.now() + 6 * MINUTE)).toMatchObject({ reminded: 0, canceled: 1 });
  expect((await timeline(id)).some((s) => s.action === 'remind')).toBe(false);
});
