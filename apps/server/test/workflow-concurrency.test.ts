import { InstanceState } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
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
  stateOf,
} from './workflow-helpers.js';

/**
 * Exactly once, whatever the concurrency: many simultaneous approvals of one item give one success
 * and clear refusals; simultaneous approvals of different items of one instance all count.
 */
let server: TestServer;
let w: FlowWorld;
beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
});
afterAll(async () => server?.close());

describe('exactly once', () => {
  it('50 simultaneous approvals of the same item: one succeeds, 49 are told it was handled', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('a'),
      approveNode('a', members(w.bob), {}, 'b'),
      approveNode('b', members(w.carol)),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '并发' })).instance.instanceId;
    const item = await myItem(w.bob, id);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        w.bob.client.request('POST', '/v1/workflow/approval', {
          body: { workItem: { workItemId: item.workItemId }, comment: `第${i}次` },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok.length).toBe(1);
    expect(refused.length).toBe(49);
    for (const r of refused) expect([r.status, r.json.errorMessage]).toEqual([409, '该任务已被处理']);
    const d = await detail(w.alice, id);
    expect(d.timeline.filter((e: { action: string }) => e.action === 'approve').length).toBe(1);
    // The next node opened once, not once per attempt.
    expect(d.workItems.filter((i: { activityCode: string }) => i.activityCode === 'b').length).toBe(1);
    expect((await stateOf(w.alice, id)).currentNodes.map((n) => n.activityCode)).toEqual(['b']);
  });

  it('simultaneous approvals of different items of one node (会签) all count, once each', async () => {
    const t = await newTable(w);
    const approvers = [w.bob, w.carol, w.dave, w.erin, w.frank, w.owner];
    await publish(w, t, [startNode('a'), approveNode('a', members(...approvers), { mode: 'all' })]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '会签并发' })).instance.instanceId;
    const items = await Promise.all(approvers.map((p) => myItem(p, id)));
    const results = await Promise.all(
      approvers.map((p, i) =>
        p.client.request('POST', '/v1/workflow/approval', { body: { workItem: { workItemId: items[i]?.workItemId } } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(approvers.map(() => 200));
    const state = await stateOf(w.alice, id);
    expect([state.instanceState, state.result]).toEqual([InstanceState.Finished, 'approved']);
    const d = await detail(w.alice, id);
    expect(d.timeline.filter((e: { action: string }) => e.action === 'approve').length).toBe(approvers.length);
    expect(d.timeline.filter((e: { action: string }) => e.action === 'finish').length).toBe(1);
  });
});
