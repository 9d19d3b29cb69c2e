import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import {
  actOk,
  approveNode,
  type FlowWorld,
  flowWorld,
  hasItem,
  members,
  newTable,
  type Person,
  publish,
  startFlow,
  startNode,
  type Table,
} from './workflow-helpers.js';

/**
 * Out-of-office delegation for chosen apps or flows, with a note (issue 29); what a member may
 * delegate; and the delegate's to-dos naming whom they act for (`delegatedFrom`).
 */
let server: TestServer;
let w: FlowWorld;
let t1: Table;
let t2: Table;
let flow1: string;
let flow2: string;
beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
  t1 = await newTable(w);
  t2 = await newTable(w);
  for (const t of [t1, t2]) await publish(w, t, [startNode('a1'), approveNode('a1', members(w.bob))]);
  const code = async (t: Table) => (await w.owner.client.request('GET', `${t.base}/workflow`)).json.data.workflowCode;
  flow1 = await code(t1);
  flow2 = await code(t2);
});
afterAll(async () => server?.close());
beforeEach(async () => {
  for (const p of [w.bob, w.frank]) await p.client.request('DELETE', '/v1/workflow/delegation');
});

const HOUR = 3_600_000;
const put = (who: Person, body: Record<string, unknown>, headers?: Record<string, string>) =>
  who.client.request('PUT', '/v1/workflow/delegation', {
    body: { delegateMemberId: w.erin.memberId, startsAt: Date.now() - HOUR, endsAt: Date.now() + 24 * HOUR, ...body },
    headers,
  });
const begin = async (t: Table) => (await startFlow(w, t, w.alice, { [t.f.title]: '出差' })).instance.instanceId;

describe('what a member may delegate', () => {
  it('lists the apps of their app list and of their tasks, each with its published flows named by table', async () => {
    const bob = await w.bob.client.request('GET', '/v1/workflow/delegation/scopes');
    expect(bob.status, JSON.stringify(bob.json)).toBe(200);
    const app = bob.json.data.apps.find((a: { appCode: string }) => a.appCode === w.appCode);
    expect(app.appName).toBe('报销审批');
    const codes = app.flows.map((f: { workflowCode: string }) => f.workflowCode);
    expect(codes).toEqual(expect.arrayContaining([flow1, flow2]));
    // Frank has no role in the app and no task in it yet: nothing to delegate.
    const before = (await w.frank.client.request('GET', '/v1/workflow/delegation/scopes')).json.data;
    expect(before.apps.map((a: { appCode: string }) => a.appCode)).not.toContain(w.appCode);
    const t = await newTable(w);
    await publish(w, t, [startNode('a1'), approveNode('a1', members(w.frank))]);
    await begin(t);
    const after = (await w.frank.client.request('GET', '/v1/workflow/delegation/scopes')).json.data;
    expect(after.apps.map((a: { appCode: string }) => a.appCode)).toContain(w.appCode);
  });
});

describe('a delegation for chosen flows or apps', () => {
  it('takes only the chosen flow’s tasks, shows its note and names; an app covers all its flows', async () => {
    const res = await put(w.bob, { scope: 'chosen', workflowCodes: [flow1], note: '  年假，急事打电话  ' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.mine).toMatchObject({
      note: '年假，急事打电话',
      apps: [],
      flows: [{ code: flow1, name: expect.stringMatching(/^报销\d+$/) }],
    });
    const erin = (await w.erin.client.request('GET', '/v1/workflow/delegation')).json.data;
    expect(erin.forMe[0]).toMatchObject({ member: { name: '鲍勃' }, note: '年假，急事打电话' });

    const inFlow1 = await begin(t1);
    const inFlow2 = await begin(t2);
    expect(await hasItem(w.erin, inFlow1)).toBe(true);
    expect(await hasItem(w.bob, inFlow1)).toBe(false);
    expect(await hasItem(w.bob, inFlow2)).toBe(true);
    expect(await hasItem(w.erin, inFlow2)).toBe(false);

    const byApp = await put(w.bob, { scope: 'chosen', appCodes: [w.appCode] });
    expect(byApp.json.data.mine).toMatchObject({ note: '', apps: [{ code: w.appCode, name: '报销审批' }], flows: [] });
    const again = await begin(t2);
    expect(await hasItem(w.erin, again)).toBe(true);

    // `all` (the default) forgets a former choice.
    const all = await put(w.bob, { appCodes: [w.appCode] });
    expect(all.json.data.mine).toMatchObject({ apps: [], flows: [] });
  });

  it('refuses an empty choice, unknown codes and a long note, naming the field in the asker’s language, writing nothing', async () => {
    const empty = await put(w.bob, { scope: 'chosen', appCodes: [], workflowCodes: [] });
    expect(empty.status).toBe(400);
    expect(empty.json.fieldErrors).toEqual([{ field: 'appCodes', message: '请选择要委托的应用或流程' }]);
    const english = await put(w.bob, { scope: 'chosen' }, { 'accept-language': 'en' });
    expect(english.json.fieldErrors).toEqual([{ field: 'appCodes', message: 'Choose the apps or flows to delegate' }]);
    const unknown = await put(w.bob, { scope: 'chosen', workflowCodes: ['no-such-flow'] });
    expect(unknown.json.fieldErrors).toEqual([
      { field: 'workflowCodes', message: '所选的应用或流程不存在，或不能委托' },
    ]);
    // An app that is not the member's to delegate (another member's app list, no task of theirs there).
    const other = await w.owner.client.request('POST', '/v1/apps', { body: { displayName: '别的应用' } });
    const notMine = await put(w.bob, { scope: 'chosen', appCodes: [other.json.data.code] });
    expect(notMine.json.fieldErrors).toEqual([{ field: 'appCodes', message: '所选的应用或流程不存在，或不能委托' }]);
    // Several problems at once, each on its field.
    const both = await put(w.bob, { delegateMemberId: w.bob.memberId, endsAt: Date.now() - HOUR, scope: 'chosen' });
    expect(both.json.fieldErrors.map((f: { field: string }) => f.field)).toEqual([
      'delegateMemberId',
      'endsAt',
      'appCodes',
    ]);
    const long = await put(w.bob, { note: '假'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.json.fieldErrors[0].field).toBe('note');
    expect((await w.bob.client.request('GET', '/v1/workflow/delegation')).json.data.mine).toBeNull();
  });
});

describe("the delegate's to-dos", () => {
  it('name whom the item was meant for, in the list and the panel, open and done; own items name nobody', async () => {
    expect((await put(w.bob, {})).status).toBe(200);
    const id = await begin(t1);
    const list = async (who: Person, taskType: string) =>
      (
        await who.client.request('POST', '/v1/todos/list', { body: { taskType, pageSize: 100, pageIndex: 0 } })
      ).json.data.resultList.find((r: { instanceId: string }) => r.instanceId === id);
    expect((await list(w.erin, 'todo')).delegatedFrom).toEqual({ memberId: w.bob.memberId, name: '鲍勃' });
    const panel = await w.erin.client.request('POST', '/v1/todos/page', {
      body: { participantId: w.erin.memberId, state: 0, pageSize: 6, pageIndex: 0, sortDirection: 1 },
    });
    expect(panel.status, JSON.stringify(panel.json)).toBe(200);
    const item = panel.json.data.resultList.find(
      (r: { workflowInstance: { instanceId: string } }) => r.workflowInstance.instanceId === id,
    );
    expect(item.delegatedFrom).toEqual({ memberId: w.bob.memberId, name: '鲍勃' });
    // What Alice started names nobody (it is no item of hers to act for).
    expect((await list(w.alice, 'original')).delegatedFrom).toBeNull();

    await w.bob.client.request('DELETE', '/v1/workflow/delegation');
    const own = await begin(t1);
    const bobs = (
      await w.bob.client.request('POST', '/v1/todos/list', { body: { taskType: 'todo', pageSize: 100, pageIndex: 0 } })
    ).json.data.resultList.find((r: { instanceId: string }) => r.instanceId === own);
    expect(bobs.delegatedFrom).toBeNull();

    await actOk(w.erin, id, 'approval');
    expect((await list(w.erin, 'done')).delegatedFrom).toEqual({ memberId: w.bob.memberId, name: '鲍勃' });
  });
});
