import { InstanceState } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import {
  actOk,
  approveNode,
  detail,
  type FlowWorld,
  flowWorld,
  hasItem,
  members,
  newTable,
  publish,
  startFlow,
  startNode,
  stateOf,
} from './workflow-helpers.js';

/** Condition branches (record filters, the originator's department and role, else) and parallel joins. */
let server: TestServer;
let w: FlowWorld;
beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
});
afterAll(async () => server?.close());

const current = async (id: string) => (await stateOf(w.owner, id)).currentNodes.map((n) => n.activityCode);

describe('condition branches', () => {
  it('takes the first branch whose record filter holds, else the else branch', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('cond'),
      {
        id: 'cond',
        type: 'condition',
        name: '金额判断',
        next: 'final',
        settings: {
          branches: [
            {
              id: 'big',
              name: '大额',
              next: 'boss',
              filter: { op: 'and', conditions: [{ field: t.f.amount, operator: 'gt', value: 1000 }] },
            },
            {
              id: 'mid',
              name: '中额',
              next: 'lead',
              filter: { op: 'and', conditions: [{ field: t.f.amount, operator: 'gt', value: 100 }] },
            },
            { id: 'else', name: '其他情况', isElse: true },
          ],
        },
      },
      approveNode('boss', members(w.erin)),
      approveNode('lead', members(w.dave)),
      approveNode('final', members(w.bob)),
    ]);
    const big = (await startFlow(w, t, w.alice, { [t.f.title]: '大', [t.f.amount]: 5000 })).instance.instanceId;
    const mid = (await startFlow(w, t, w.alice, { [t.f.title]: '中', [t.f.amount]: 500 })).instance.instanceId;
    const small = (await startFlow(w, t, w.alice, { [t.f.title]: '小', [t.f.amount]: 5 })).instance.instanceId;
    expect([await current(big), await current(mid), await current(small)]).toEqual([['boss'], ['lead'], ['final']]);
    await actOk(w.erin, big, 'approval');
    // After the branch the flow joins the group's next node.
    expect(await current(big)).toEqual(['final']);
    expect((await actOk(w.bob, big, 'approval')).instance.instanceState).toBe(InstanceState.Finished);
  });

  it('decides by the originator’s department (or one below it) and app role', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('cond'),
      {
        id: 'cond',
        type: 'condition',
        name: '按部门',
        settings: {
          branches: [
            {
              id: 'sales',
              name: '销售',
              next: 'dave',
              originator: { departments: [w.departments.root], roles: ['manager'] },
            },
            { id: 'salesMember', name: '销售成员', next: 'erin', originator: { departments: [w.departments.sales] } },
            { id: 'else', name: '其他', isElse: true, next: 'bob' },
          ],
        },
      },
      approveNode('dave', members(w.dave)),
      approveNode('erin', members(w.erin)),
      approveNode('bob', members(w.bob)),
    ]);
    // Dave is in sales (below root) and a manager of the app; Alice is in sales; Carol only in root.
    const byDave = (await startFlow(w, t, w.dave, { [t.f.title]: '戴夫' })).instance.instanceId;
    const byAlice = (await startFlow(w, t, w.alice, { [t.f.title]: '艾丽' })).instance.instanceId;
    const byCarol = (await startFlow(w, t, w.carol, { [t.f.title]: '卡罗' })).instance.instanceId;
    expect([await current(byDave), await current(byAlice), await current(byCarol)]).toEqual([
      ['dave'],
      ['erin'],
      ['bob'],
    ]);
  });

  it('stops with a clear message when no branch holds and there is no else', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('cond'),
      {
        id: 'cond',
        type: 'condition',
        name: '只收大额',
        settings: {
          branches: [
            {
              id: 'big',
              name: '大额',
              next: 'boss',
              filter: { op: 'and', conditions: [{ field: t.f.amount, operator: 'gt', value: 1000 }] },
            },
            {
              id: 'huge',
              name: '巨额',
              next: 'boss2',
              filter: { op: 'and', conditions: [{ field: t.f.amount, operator: 'gt', value: 100000 }] },
            },
          ],
        },
      },
      approveNode('boss', members(w.erin)),
      approveNode('boss2', members(w.erin)),
    ]);
    const res = await w.alice.client.request('POST', '/v1/workflow/start', {
      body: { appCode: w.appCode, schemaCode: t.schemaCode, data: { [t.f.title]: '小', [t.f.amount]: 1 } },
    });
    expect([res.status, res.json.errorMessage]).toEqual([400, '节点「只收大额」没有满足条件的分支']);
  });
});

describe('parallel branches', () => {
  it('runs every branch and goes on only once all of them joined', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('par'),
      {
        id: 'par',
        type: 'parallel',
        name: '并行会审',
        next: 'final',
        settings: {
          branches: [
            { id: 'left', name: '财务', next: 'fin' },
            { id: 'right', name: '法务', next: 'law' },
            { id: 'empty', name: '空分支' },
          ],
        },
      },
      approveNode('fin', members(w.bob), {}, 'fin2'),
      approveNode('fin2', members(w.erin)),
      approveNode('law', members(w.carol)),
      approveNode('final', members(w.dave)),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '并行' })).instance.instanceId;
    expect((await current(id)).sort()).toEqual(['fin', 'law']);
    await actOk(w.carol, id, 'approval');
    expect(await current(id)).toEqual(['fin']);
    await actOk(w.bob, id, 'approval');
    expect(await current(id)).toEqual(['fin2']);
    expect(await hasItem(w.dave, id)).toBe(false);
    await actOk(w.erin, id, 'approval');
    expect(await current(id)).toEqual(['final']);
    expect((await actOk(w.dave, id, 'approval')).instance.instanceState).toBe(InstanceState.Finished);
  });

  it('a rejection in one branch ends the whole flow and closes the other branch’s items', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('par'),
      {
        id: 'par',
        type: 'parallel',
        name: '并行',
        settings: {
          branches: [
            { id: 'l', name: '左', next: 'l1' },
            { id: 'r', name: '右', next: 'r1' },
          ],
        },
      },
      approveNode('l1', members(w.bob)),
      approveNode('r1', members(w.carol)),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '并行驳回' })).instance.instanceId;
    const res = await actOk(w.bob, id, 'disapproval');
    expect([res.instance.instanceState, res.instance.result]).toEqual([InstanceState.Finished, 'rejected']);
    expect(await hasItem(w.carol, id)).toBe(false);
  });

  it('skips a repeated approver by the task before it on its own path, not the last one passed in a sibling branch', async () => {
    const t = await newTable(w);
    // Branch A's first node has nobody (the handler field is empty) and passes; branch B's first node
    // follows the start node (Alice's) on its path: Alice passes there, Carol still has to approve.
    await publish(w, t, [
      startNode('par'),
      {
        id: 'par',
        type: 'parallel',
        name: '并行',
        settings: {
          branches: [
            { id: 'a', name: '甲', next: 'a1' },
            { id: 'b', name: '乙', next: 'b1' },
          ],
        },
      },
      approveNode('a1', [{ kind: 'field', field: t.f.handler }], { whenEmpty: 'pass' }, 'a2'),
      approveNode('a2', members(w.bob)),
      approveNode('b1', members(w.alice, w.carol), { mode: 'all', skipRepeated: true }),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '跳过重复' })).instance.instanceId;
    expect((await current(id)).sort()).toEqual(['a2', 'b1']);
    expect(await hasItem(w.alice, id)).toBe(false);
    const steps = (await detail(w.owner, id)).timeline as { action: string; activityCode?: string }[];
    expect(steps.filter((s) => s.action === 'autoApprove')).toHaveLength(1);
    await actOk(w.carol, id, 'approval');
    expect((await actOk(w.bob, id, 'approval')).instance.instanceState).toBe(InstanceState.Finished);
  });

  it('a return in one branch keeps the history of the branch beside it (its own return still works)', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('par'),
      {
        id: 'par',
        type: 'parallel',
        name: '并行',
        settings: {
          branches: [
            { id: 'l', name: '左', next: 'l1' },
            { id: 'r', name: '右', next: 'r1' },
          ],
        },
      },
      approveNode('l1', members(w.bob), {}, 'l2'),
      approveNode('l2', members(w.carol)),
      approveNode('r1', members(w.dave), {}, 'r2'),
      approveNode('r2', members(w.erin)),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '分支退回' })).instance.instanceId;
    await actOk(w.bob, id, 'approval');
    await actOk(w.dave, id, 'approval');
    expect((await current(id)).sort()).toEqual(['l2', 'r2']);
    // Carol sends the left branch back to l1: the right branch's r1 (passed after l1) stays passed.
    await actOk(w.carol, id, 'revert', { targetActivityCode: 'l1', resubmit: 'rerun' });
    expect((await current(id)).sort()).toEqual(['l1', 'r2']);
    const erinItem = (await detail(w.erin, id)).myWorkItems[0];
    const ctx = await w.erin.client.request(
      'GET',
      `/v1/workflow/view/context?instanceId=${id}&workitemId=${erinItem.workItemId}`,
    );
    expect(ctx.status, JSON.stringify(ctx.json)).toBe(200);
    expect(JSON.stringify(ctx.json.data)).toContain('"r1"');
    await actOk(w.erin, id, 'revert', { targetActivityCode: 'r1', resubmit: 'rerun' });
    expect((await current(id)).sort()).toEqual(['l1', 'r1']);
    expect(await hasItem(w.dave, id)).toBe(true);
  });
});
