import { InstanceState } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailingUpdates } from './failing-updates.js';
import { startTestServer, type TestServer } from './harness.js';
import {
  approveNode,
  type FlowWorld,
  flowWorld,
  hasItem,
  members,
  newTable,
  publish,
  startFlow,
  startNode,
  stateOf,
  type Table,
} from './workflow-helpers.js';

/**
 * Issue 36: deleting a record or an app ends its flows, whose closing items take kept-count rows
 * (todo_counts) a concurrent action may hold in the other order; PostgreSQL then picks a deadlock
 * victim (40P01). The deletion runs again, as flow actions do, instead of answering 500. The victim
 * is made here: the deletion's first write to work_items fails as PostgreSQL's victim does.
 */
const victim = new FailingUpdates('work_items', { message: 'deadlock detected', code: '40P01' });
let server: TestServer;
let w: FlowWorld;
let t: Table;
beforeAll(async () => {
  server = await startTestServer({}, { plugins: [victim] });
  w = await flowWorld(server);
  t = await newTable(w);
  await publish(w, t, [startNode('a1'), approveNode('a1', members(w.bob))]);
});
afterAll(async () => server?.close());

describe('a deletion chosen as a deadlock’s victim runs again', () => {
  it('deleting a record in a flow', async () => {
    const started = await startFlow(w, t, w.alice, { [t.f.title]: '删除' });
    victim.remaining = 1;
    const res = await w.team.owner.request('DELETE', `${t.base}/records/${started.record.id}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(victim.fired).toBe(1);
    expect((await stateOf(w.alice, started.instance.instanceId)).instanceState).toBe(InstanceState.Canceled);
    expect(await hasItem(w.bob, started.instance.instanceId)).toBe(false);
  });

  it('deleting records in a batch', async () => {
    const started = await startFlow(w, t, w.alice, { [t.f.title]: '批量删除' });
    const record = await w.team.owner.request('GET', `${t.base}/records/${started.record.id}`);
    victim.remaining = 1;
    const res = await w.team.owner.request('POST', `${t.base}/records/batch`, {
      body: { delete: [{ id: started.record.id, version: record.json.data.version }] },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await stateOf(w.alice, started.instance.instanceId)).instanceState).toBe(InstanceState.Canceled);
  });

  it('deleting an app with a flow under way', async () => {
    const started = await startFlow(w, t, w.alice, { [t.f.title]: '删应用' });
    victim.remaining = 1;
    const res = await w.team.owner.request('DELETE', `/v1/apps/${w.appCode}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(victim.remaining).toBe(0);
    const inst = await server.database.handle.db
      .selectFrom('workflow_instances')
      .select('state')
      .where('id', '=', started.instance.instanceId)
      .executeTakeFirstOrThrow();
    expect(Number(inst.state)).toBe(InstanceState.Terminate);
  });
});
