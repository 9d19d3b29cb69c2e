import { InstanceState } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam } from './org-helpers.js';
import {
  actOk,
  approveNode,
  detail,
  type FlowWorld,
  flowWorld,
  hasItem,
  members,
  myItem,
  newTable,
  publish,
  startFlow,
  startNode,
  stateOf,
  type Table,
} from './workflow-helpers.js';

/** Flow status in record lists, and ends caused elsewhere: record deletion cancels, app deletion terminates. */
let server: TestServer;
let w: FlowWorld;
let t: Table;
beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
  t = await newTable(w);
  await publish(w, t, [startNode('a'), approveNode('a', members(w.bob), {}, 'b'), approveNode('b', members(w.carol))]);
});
afterAll(async () => server?.close());

describe('flow status in record lists', () => {
  it('filters and sorts records by 流程状态 and 当前节点 like any field', async () => {
    const running = await startFlow(w, t, w.alice, { [t.f.title]: '审批中' });
    const second = await startFlow(w, t, w.alice, { [t.f.title]: '二审' });
    await actOk(w.bob, second.instance.instanceId, 'approval');
    const done = await startFlow(w, t, w.alice, { [t.f.title]: '已完成' });
    await actOk(w.bob, done.instance.instanceId, 'approval');
    await actOk(w.carol, done.instance.instanceId, 'approval');
    await startFlow(w, t, w.alice, { [t.f.title]: '草稿' }, { draft: true });
    await w.team.owner.request('POST', `${t.base}/records`, { body: { data: { [t.f.title]: '没走流程' } } });
    const titles = async (body: Record<string, unknown>) => {
      const res = await w.team.owner.request('POST', `${t.base}/records/query`, { body });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.data.resultList.map((r: { data: Record<string, string> }) => r.data[t.f.title]);
    };
    const where = (field: string, operator: string, value?: unknown) => ({
      filter: { op: 'and', conditions: [{ field, operator, ...(value === undefined ? {} : { value }) }] },
    });
    expect((await titles(where('flowState', 'eq', InstanceState.Running))).sort()).toEqual(['二审', '审批中'].sort());
    expect(await titles(where('flowState', 'in', [InstanceState.Finished, InstanceState.Initiated]))).toEqual(
      expect.arrayContaining(['已完成', '草稿']),
    );
    expect(await titles(where('flowState', 'empty'))).toEqual(['没走流程']);
    expect(await titles(where('flowNode', 'eq', '审批b'))).toEqual(['二审']);
    expect(
      await titles({ ...where('flowState', 'notEmpty'), sorts: [{ field: 'flowNode', direction: 'asc' }] }),
    ).toEqual(['草稿', '审批中', '二审', '已完成']);
    const bad = await w.team.owner.request('POST', `${t.base}/records/query`, {
      body: where('flowState', 'contains', 'x'),
    });
    expect(bad.status).toBe(400);
    expect(running.record.id).toBeTruthy();
  });
});

describe('records in a running flow', () => {
  it('are changed at a node of the flow; the plain records API refuses members without the app edit right', async () => {
    const own = await newTable(w);
    await publish(w, own, [startNode('a'), approveNode('a', members(w.bob))]);
    const rules = { add: ['manager', 'member'], view: ['manager', 'member'], edit: ['manager', 'member'], delete: [] };
    expect((await w.team.owner.request('PUT', own.base, { body: { permissions: rules } })).status).toBe(200);
    const started = await startFlow(w, own, w.alice, { [own.f.title]: '在途单据', [own.f.amount]: 100 });
    const patch = (who: typeof w.alice, version: number, amount: number) =>
      who.client.request('PATCH', `${own.base}/records/${started.record.id}`, {
        body: { version, data: { [own.f.amount]: amount } },
      });
    const read = async () =>
      (await w.team.owner.request('GET', `${own.base}/records/${started.record.id}`)).json.data as {
        version: number;
        data: Record<string, unknown>;
      };
    const refused = await patch(w.alice, (await read()).version, 1);
    expect([refused.status, refused.json.errorMessage]).toEqual([409, '该数据正在审批流程中，请在流程中修改']);
    const batch = await w.alice.client.request('POST', `${own.base}/records/batch`, {
      body: { update: [{ id: started.record.id, version: (await read()).version, data: { [own.f.amount]: 2 } }] },
    });
    expect(batch.status).toBe(409);
    expect((await read()).data[own.f.amount]).toBe(100);
    // The app's manager (who can design the app) may correct it.
    const corrected = await patch(w.dave, (await read()).version, 120);
    expect(corrected.status, JSON.stringify(corrected.json)).toBe(200);
    // Once the flow has finished, the record is the table's again.
    await actOk(w.bob, started.instance.instanceId, 'approval');
    expect((await patch(w.alice, (await read()).version, 130)).status).toBe(200);
  });
});

describe('record deletion', () => {
  it('cancels the record’s instance; acting on it afterwards says it was canceled', async () => {
    const started = await startFlow(w, t, w.alice, { [t.f.title]: '将删除' });
    const id = started.instance.instanceId;
    const item = await myItem(w.bob, id);
    expect((await w.team.owner.request('DELETE', `${t.base}/records/${started.record.id}`)).status).toBe(200);
    expect((await stateOf(w.alice, id)).instanceState).toBe(InstanceState.Canceled);
    expect(await hasItem(w.bob, id)).toBe(false);
    const res = await w.bob.client.request('POST', '/v1/workflow/approval', {
      body: { workItem: { workItemId: item.workItemId } },
    });
    expect([res.status, res.json.errorMessage]).toEqual([409, '该流程已作废，无法操作']);
    expect((await detail(w.alice, id)).timeline.at(-1).action).toBe('cancel');
  });
});

describe('other teams', () => {
  it('never reach an instance or a work item of this team', async () => {
    const started = await startFlow(w, t, w.alice, { [t.f.title]: '别的团队' });
    const id = started.instance.instanceId;
    const item = await myItem(w.bob, id);
    const other = await createTeam(server, '隔壁团队');
    const ctx = await other.owner.request(
      'GET',
      `/v1/workflow/view/context?instanceId=${id}&workitemId=${item.workItemId}`,
    );
    expect(ctx.status).toBe(404);
    expect((await other.owner.request('GET', `/v1/workflow/instance?instanceId=${id}`)).status).toBe(404);
    const approve = await other.owner.request('POST', '/v1/workflow/approval', {
      body: { workItem: { workItemId: item.workItemId } },
    });
    expect(approve.status).toBe(404);
    const terminate = await other.owner.request('POST', '/v1/workflow/terminate', { body: { instanceId: id } });
    expect(terminate.status).toBe(404);
    expect((await stateOf(w.alice, id)).instanceState).toBe(InstanceState.Running);
  });
});

describe('app deletion', () => {
  it('terminates the app’s running instances (spec §4), drafts included', async () => {
    const running = (await startFlow(w, t, w.alice, { [t.f.title]: '应用删除' })).instance.instanceId;
    const draft = (await startFlow(w, t, w.alice, { [t.f.title]: '应用删除草稿' }, { draft: true })).instance
      .instanceId;
    const finished = (await startFlow(w, t, w.alice, { [t.f.title]: '早已完成' })).instance.instanceId;
    await actOk(w.bob, finished, 'approval');
    await actOk(w.carol, finished, 'approval');
    expect((await w.team.owner.request('DELETE', `/v1/apps/${w.appCode}`)).status).toBe(200);
    expect((await stateOf(w.alice, running)).instanceState).toBe(InstanceState.Terminate);
    expect((await stateOf(w.alice, draft)).instanceState).toBe(InstanceState.Terminate);
    expect((await stateOf(w.alice, finished)).instanceState).toBe(InstanceState.Finished);
    expect(await hasItem(w.bob, running)).toBe(false);
    expect(await hasItem(w.alice, draft)).toBe(false);
  });
});
