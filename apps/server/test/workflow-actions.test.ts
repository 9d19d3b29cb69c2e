import { InstanceState, WorkItemState } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import {
  act,
  actOk,
  approveNode,
  detail,
  type FlowWorld,
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

/** The actions on work items and instances: reject, revert, resume, withdraw, terminate, transfer, add signer, cc, comment. */
let server: TestServer;
let w: FlowWorld;
let t: Table;
beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
});
afterAll(async () => server?.close());

const current = async (id: string) => (await stateOf(w.owner, id)).currentNodes.map((n) => n.activityCode);
const codes = async (who: Person, id: string, itemId?: string) => {
  const res = await who.client.request(
    'GET',
    `/v1/workflow/view/context?instanceId=${id}${itemId ? `&workitemId=${itemId}` : ''}`,
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.actions.map((a: { code: string }) => a.code) as string[];
};

/** start → a (Bob) → b (Carol) → c (Erin), with the given settings on every approval node. */
async function chain(settings: Record<string, unknown> = {}) {
  t = await newTable(w);
  await publish(w, t, [
    startNode('a'),
    approveNode('a', members(w.bob), settings, 'b'),
    approveNode('b', members(w.carol), settings, 'c'),
    approveNode('c', members(w.erin), settings),
  ]);
}
const begin = async (title = '单据') => (await startFlow(w, t, w.alice, { [t.f.title]: title })).instance.instanceId;

describe('reject', () => {
  it('back to the originator: they correct and resubmit, and the flow runs again from the start', async () => {
    await chain({ rejectTo: 'originator' });
    const id = await begin();
    await actOk(w.bob, id, 'approval');
    const res = await actOk(w.carol, id, 'disapproval', { comment: '金额不对' });
    expect(res.instance.instanceState).toBe(InstanceState.Returned);
    expect(await current(id)).toEqual(['start']);
    await actOk(w.alice, id, 'submit', { data: { [t.f.amount]: 10 } });
    expect(await current(id)).toEqual(['a']);
    const d = await detail(w.alice, id);
    expect(d.timeline.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'submit',
      'approve',
      'reject',
      'resubmit',
    ]);
  });

  it('to the end: the flow finishes as rejected', async () => {
    await chain({ rejectTo: 'end' });
    const id = await begin();
    const res = await actOk(w.bob, id, 'disapproval');
    expect([res.instance.instanceState, res.instance.result]).toEqual([InstanceState.Finished, 'rejected']);
    // Lists tell a rejected flow from an approved one (not both 已完成).
    const approved = await begin('通过的单据');
    for (const who of [w.bob, w.carol, w.erin]) await actOk(who, approved, 'approval');
    const list = await w.owner.client.request('POST', `${t.base}/records/query`, { body: {} });
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    const rows = list.json.data.resultList as {
      data: Record<string, string>;
      flowState: number;
      flowResult?: string;
    }[];
    const byTitle = new Map(rows.map((r) => [r.data[t.f.title], [r.flowState, r.flowResult]]));
    expect(byTitle.get('单据')).toEqual([InstanceState.Finished, 'rejected']);
    expect(byTitle.get('通过的单据')).toEqual([InstanceState.Finished, 'approved']);
  });
});

describe('revert and resume', () => {
  it('to a node already passed, re-running the nodes in between on resubmission', async () => {
    await chain();
    const id = await begin();
    await actOk(w.bob, id, 'approval');
    await actOk(w.carol, id, 'approval');
    const ctx = (
      await w.erin.client.request(
        'GET',
        `/v1/workflow/view/context?instanceId=${id}&workitemId=${(await myItem(w.erin, id)).workItemId}`,
      )
    ).json.data;
    expect(ctx.revertTargets.map((x: { activityCode: string }) => x.activityCode)).toEqual(['b', 'a', 'start']);
    await actOk(w.erin, id, 'revert', { targetActivityCode: 'a', resubmit: 'rerun' });
    expect(await current(id)).toEqual(['a']);
    await actOk(w.bob, id, 'approval');
    expect(await current(id)).toEqual(['b']);
  });

  it('to the originator, coming straight back to the reverting node on resubmission', async () => {
    await chain();
    const id = await begin();
    await actOk(w.bob, id, 'approval');
    await actOk(w.carol, id, 'revert', { targetActivityCode: 'start', resubmit: 'direct', comment: '补材料' });
    expect(await current(id)).toEqual(['start']);
    await actOk(w.alice, id, 'submit');
    expect(await current(id)).toEqual(['b']);
    expect(await hasItem(w.carol, id)).toBe(true);
  });

  it('refuses targets not passed yet', async () => {
    await chain();
    const id = await begin();
    const res = await act(w.bob, id, 'revert', { targetActivityCode: 'c', resubmit: 'rerun' });
    expect([res.status, res.json.errorMessage]).toEqual([400, '只能退回到发起人或已经过的节点']);
  });

  it('resume takes a revert back while nobody at the target acted, and not after', async () => {
    await chain();
    const id = await begin();
    await actOk(w.bob, id, 'approval');
    const carols = await myItem(w.carol, id);
    await actOk(w.carol, id, 'revert', { targetActivityCode: 'a', resubmit: 'rerun' });
    expect(await codes(w.carol, id, carols.workItemId)).toContain('resume');
    const resume = () =>
      w.carol.client.request('POST', '/v1/workflow/resume', { body: { workItem: { workItemId: carols.workItemId } } });
    const resumed = await resume();
    expect(resumed.status, JSON.stringify(resumed.json)).toBe(200);
    expect(await current(id)).toEqual(['b']);
    expect((await myItem(w.carol, id)).workItemId).toBe(carols.workItemId);
    expect(await hasItem(w.bob, id)).toBe(false);
    // Revert again; this time Bob acts first, and the revert can no longer be taken back.
    await actOk(w.carol, id, 'revert', { targetActivityCode: 'a', resubmit: 'rerun' });
    await actOk(w.bob, id, 'approval');
    const late = await resume();
    expect([late.status, late.json.errorMessage]).toEqual([409, '退回后已有人处理，无法取回']);
  });

  it('offers neither revert nor resume where closeRevert is set, and refuses them', async () => {
    await chain({ closeRevert: true });
    const id = await begin();
    const item = await myItem(w.bob, id);
    const offered = await codes(w.bob, id, item.workItemId);
    expect(offered).toContain('approve');
    expect(offered).not.toContain('revert');
    const ctx = (
      await w.bob.client.request('GET', `/v1/workflow/view/context?instanceId=${id}&workitemId=${item.workItemId}`)
    ).json.data;
    expect(ctx.workItem.closeRevert).toBe(true);
    const res = await act(w.bob, id, 'revert', { targetActivityCode: 'start', resubmit: 'rerun' });
    expect([res.status, res.json.errorMessage]).toEqual([400, '当前节点不支持该操作']);
  });
});

describe('withdraw and terminate', () => {
  it('the originator withdraws to a draft before anyone acted, and not after', async () => {
    await chain();
    const id = await begin();
    expect(await codes(w.alice, id)).toContain('withdraw');
    const res = await w.alice.client.request('POST', '/v1/workflow/withdraw', { body: { instanceId: id } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.instance.instanceState).toBe(InstanceState.Initiated);
    expect(await hasItem(w.bob, id)).toBe(false);
    expect((await myItem(w.alice, id)).activityCode).toBe('start');
    await actOk(w.alice, id, 'submit');
    await actOk(w.bob, id, 'approval');
    const late = await w.alice.client.request('POST', '/v1/workflow/withdraw', { body: { instanceId: id } });
    expect([late.status, late.json.errorMessage]).toEqual([409, '已有人处理，无法撤回']);
    const notMine = await w.bob.client.request('POST', '/v1/workflow/withdraw', { body: { instanceId: id } });
    expect([notMine.status, notMine.json.errorMessage]).toEqual([403, '仅发起人可以执行此操作']);
  });

  it('the originator or an app admin terminates; others may not; closeTerminate forbids it', async () => {
    await chain();
    const byOriginator = await begin();
    const byBob = await w.bob.client.request('POST', '/v1/workflow/terminate', { body: { instanceId: byOriginator } });
    expect([byBob.status, byBob.json.errorMessage]).toEqual([403, '仅发起人或应用管理员可以终止流程']);
    const res = await w.alice.client.request('POST', '/v1/workflow/terminate', {
      body: { instanceId: byOriginator, comment: '不报了' },
    });
    expect(res.json.data.instance.instanceState).toBe(InstanceState.Terminate);
    expect(await hasItem(w.bob, byOriginator)).toBe(false);
    const byAdmin = await begin();
    const admin = await w.dave.client.request('POST', '/v1/workflow/terminate', { body: { instanceId: byAdmin } });
    expect(admin.json.data.instance.instanceState).toBe(InstanceState.Terminate);
    // Acting on a terminated instance says so and changes nothing.
    const after = await w.bob.client.request('POST', '/v1/workflow/terminate', { body: { instanceId: byAdmin } });
    expect([after.status, after.json.errorMessage]).toEqual([409, '该流程已结束，无法操作']);

    await chain({ closeTerminate: true });
    const closed = await begin();
    expect(await codes(w.alice, closed)).not.toContain('terminate');
    const refused = await w.alice.client.request('POST', '/v1/workflow/terminate', { body: { instanceId: closed } });
    expect([refused.status, refused.json.errorMessage]).toEqual([403, '当前节点不允许终止流程']);
  });
});

describe('handing on', () => {
  it('transfer (转交): the new member acts in the original participant’s place', async () => {
    await chain();
    const id = await begin();
    await actOk(w.bob, id, 'transfer', { toMemberId: w.frank.memberId, comment: '请代办' });
    expect(await hasItem(w.bob, id)).toBe(false);
    const franks = (await detail(w.frank, id)).myWorkItems[0];
    expect(franks.actingFor.memberId).toBe(w.bob.memberId);
    await actOk(w.frank, id, 'approval');
    expect(await current(id)).toEqual(['b']);
    const self = await act(w.carol, id, 'transfer', { toMemberId: w.carol.memberId });
    expect(self.status).toBe(400);
  });

  it('add signer before: they decide first, then the item comes back to the asker', async () => {
    await chain();
    const id = await begin();
    await actOk(w.bob, id, 'signer', { memberIds: [w.frank.memberId], position: 'before' });
    expect([await hasItem(w.bob, id), await hasItem(w.frank, id)]).toEqual([false, true]);
    await actOk(w.frank, id, 'approval');
    expect(await current(id)).toEqual(['a']);
    expect(await hasItem(w.bob, id)).toBe(true);
    await actOk(w.bob, id, 'approval');
    expect(await current(id)).toEqual(['b']);
  });

  it('add signer after: the asker approves now, the node passes once the added signers approved too', async () => {
    await chain();
    const id = await begin();
    await actOk(w.bob, id, 'signer', { memberIds: [w.frank.memberId, w.dave.memberId], position: 'after' });
    await actOk(w.frank, id, 'approval');
    expect(await current(id)).toEqual(['a']);
    await actOk(w.dave, id, 'approval');
    expect(await current(id)).toEqual(['b']);
  });

  it('cc (抄送) sends read-only copies without moving the flow', async () => {
    await chain();
    const id = await begin();
    await actOk(w.bob, id, 'cc', { memberIds: [w.frank.memberId] });
    expect((await myItem(w.frank, id)).itemType).toBe(3);
    expect(await current(id)).toEqual(['a']);
    expect(await hasItem(w.bob, id)).toBe(true);
  });
});

describe('comments and refusals', () => {
  it('enforces required comments on the server, separately for approving and rejecting', async () => {
    await chain({
      comment: { approve: { enableComment: true, required: true }, reject: { enableComment: true, required: false } },
    });
    const id = await begin();
    const item = await myItem(w.bob, id);
    const ctx = (
      await w.bob.client.request('GET', `/v1/workflow/view/context?instanceId=${id}&workitemId=${item.workItemId}`)
    ).json.data;
    expect(ctx.commentConfiguration).toEqual({
      enableComment: true,
      required: true,
      reject: { enableComment: true, required: false },
    });
    const missing = await act(w.bob, id, 'approval', { comment: '  ' });
    expect([missing.status, missing.json.fieldErrors]).toEqual([
      400,
      [{ field: 'comment', message: '请填写处理意见' }],
    ]);
    expect(await current(id)).toEqual(['a']);
    expect((await act(w.bob, id, 'disapproval')).status).toBe(200);
  });

  it('comments on the instance by those involved only', async () => {
    await chain();
    const id = await begin();
    const res = await w.alice.client.request('POST', '/v1/workflow/comment', {
      body: { instanceId: id, comment: '请尽快' },
    });
    expect(res.status).toBe(200);
    const outsider = await w.frank.client.request('POST', '/v1/workflow/comment', {
      body: { instanceId: id, comment: '路过' },
    });
    expect(outsider.status).toBe(403);
    const entry = (await detail(w.bob, id)).timeline.at(-1);
    expect([entry.action, entry.comment, entry.actor.name]).toEqual(['comment', '请尽快', '艾丽']);
  });

  it('acting on an item already handled, or someone else’s, is refused and changes nothing', async () => {
    await chain();
    const id = await begin();
    const item = await myItem(w.bob, id);
    const approve = (who: Person) =>
      who.client.request('POST', '/v1/workflow/approval', { body: { workItem: { workItemId: item.workItemId } } });
    const stranger = await approve(w.carol);
    expect([stranger.status, stranger.json.errorMessage]).toEqual([403, '您不是该任务的处理人']);
    expect((await approve(w.bob)).status).toBe(200);
    const again = await approve(w.bob);
    expect([again.status, again.json.errorMessage]).toEqual([409, '该任务已被处理']);
    const d = await detail(w.bob, id);
    expect(d.timeline.filter((e: { action: string }) => e.action === 'approve').length).toBe(1);
    expect(d.workItems.find((i: { workItemId: string }) => i.workItemId === item.workItemId).workItemState).toBe(
      WorkItemState.Done,
    );
  });
});
