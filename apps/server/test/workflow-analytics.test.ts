import { InstanceState } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import {
  actOk,
  approveNode,
  type FlowWorld,
  flowWorld,
  members,
  newTable,
  publish,
  startFlow,
  startNode,
  type Table,
} from './workflow-helpers.js';

/**
 * A flow's analytics: instances by state, time to finish, time per node and approver (median and
 * 90th percentile by nearest rank, computed by the database), and where instances wait now.
 * Durations are set on the rows after real flows ran, so the expected figures are exact.
 */
let server: TestServer;
let w: FlowWorld;
let t: Table;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 0, 5, 9);
const db = () => server.database.handle.db;

beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
  t = await newTable(w);
  // start → a1 (Bob) → a2 (Carol).
  await publish(w, t, [
    startNode('a1'),
    approveNode('a1', members(w.bob), {}, 'a2'),
    approveNode('a2', members(w.carol)),
  ]);
  const ids: string[] = [];
  for (let i = 0; i < 10; i += 1)
    ids.push((await startFlow(w, t, w.alice, { [t.f.title]: `单据${i}` })).instance.instanceId);
  for (const id of ids) await actOk(w.bob, id, 'approval');
  // Carol approves seven, rejects one, and two wait at a2; one more is only a draft.
  for (const id of ids.slice(0, 7)) await actOk(w.carol, id, 'approval');
  await actOk(w.carol, ids[7] as string, 'disapproval', { comment: '不符合规定' });
  await startFlow(w, t, w.alice, { [t.f.title]: '草稿' }, { draft: true });

  // Known durations: finished instances 1…8 h; Bob's items 1…10 min; Carol's done items 2…16 min.
  const finished = await db()
    .selectFrom('workflow_instances')
    .select('id')
    .where('schema_code', '=', t.schemaCode)
    .where('state', '=', InstanceState.Finished)
    .orderBy('created_at')
    .execute();
  for (const [k, row] of finished.entries())
    await db()
      .updateTable('workflow_instances')
      .set({ started_at: T0, finished_at: T0 + (k + 1) * HOUR })
      .where('id', '=', row.id)
      .execute();
  const done = async (memberId: string, step: number) => {
    const rows = await db()
      .selectFrom('work_items')
      .select('id')
      .where('schema_code', '=', t.schemaCode)
      .where('participant_member_id', '=', memberId)
      .where('state', '=', 1)
      .orderBy('created_at')
      .execute();
    for (const [k, row] of rows.entries())
      await db()
        .updateTable('work_items')
        .set({ created_at: T0, finished_at: T0 + (k + 1) * step * MINUTE })
        .where('id', '=', row.id)
        .execute();
  };
  await done(w.bob.memberId, 1);
  await done(w.carol.memberId, 2);

  // Another table's flow never counts here.
  const other = await newTable(w);
  await publish(w, other, [startNode('a1'), approveNode('a1', members(w.bob))]);
  await actOk(w.bob, (await startFlow(w, other, w.alice, { [other.f.title]: '别的' })).instance.instanceId, 'approval');
});
afterAll(async () => server?.close());

const analytics = (table: Table, who = w.owner) => who.client.request('GET', `${table.base}/workflow/analytics`);

describe('flow analytics', () => {
  it('answers instances by state, time to finish, time per node and approver, and where instances wait', async () => {
    const res = await analytics(t);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const a = res.json.data;
    expect(a.instancesByState).toEqual([
      { instanceState: InstanceState.Initiated, result: '', count: 1 },
      { instanceState: InstanceState.Running, result: '', count: 2 },
      { instanceState: InstanceState.Finished, result: 'approved', count: 7 },
      { instanceState: InstanceState.Finished, result: 'rejected', count: 1 },
    ]);
    // 8 samples, 1…8 h: median at rank ⌈4⌉ = 4 h, p90 at rank ⌈7.2⌉ = 8 h.
    expect(a.timeToFinish).toEqual({ count: 8, medianMs: 4 * HOUR, p90Ms: 8 * HOUR });
    // a1: Bob's 10 items 1…10 min (ranks 5 and 9); a2: Carol's 8 items 2…16 min (ranks 4 and 8).
    expect(a.nodes).toEqual([
      { activityCode: 'a1', activityName: '审批a1', count: 10, medianMs: 5 * MINUTE, p90Ms: 9 * MINUTE },
      { activityCode: 'a2', activityName: '审批a2', count: 8, medianMs: 8 * MINUTE, p90Ms: 16 * MINUTE },
    ]);
    expect(a.approvers).toEqual([
      { member: { memberId: w.bob.memberId, name: '鲍勃' }, count: 10, medianMs: 5 * MINUTE, p90Ms: 9 * MINUTE },
      { member: { memberId: w.carol.memberId, name: '卡罗' }, count: 8, medianMs: 8 * MINUTE, p90Ms: 16 * MINUTE },
    ]);
    // The draft's open start item is no running instance waiting.
    expect(a.waiting).toEqual([
      { activityCode: 'a2', activityName: '审批a2', instances: 2, workItems: 2, oldestSince: expect.any(Number) },
    ]);
    expect(a.waiting[0].oldestSince).toBeLessThanOrEqual(Date.now());
    expect(a.workflowCode).toMatch(/^w/);
  });

  it('is empty for a flow nobody has used yet', async () => {
    const fresh = await newTable(w);
    const a = (await analytics(fresh)).json.data;
    expect(a).toMatchObject({
      workflowCode: '',
      instancesByState: [],
      timeToFinish: { count: 0, medianMs: 0, p90Ms: 0 },
      nodes: [],
      approvers: [],
      waiting: [],
    });
  });

  it('needs the app’s edit right (designers and admins, not members)', async () => {
    expect((await analytics(t, w.bob)).status).toBe(403);
    expect((await analytics(t, w.dave)).status).toBe(200);
  });
});
