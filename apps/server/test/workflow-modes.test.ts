import { InstanceState, ItemType, WorkItemState } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import {
  act,
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
  publish,
  startFlow,
  startNode,
  stateOf,
} from './workflow-helpers.js';

/** Node kinds and approval modes: approve (any, all, sequence, percent), fill, copies, automatic nodes. */
let server: TestServer;
let w: FlowWorld;
beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
});
afterAll(async () => server?.close());

const actions = (d: { timeline: { action: string }[] }) => d.timeline.map((e) => e.action);

describe('approval modes', () => {
  it('any (或签): the first approval decides, the others’ items close', async () => {
    const t = await newTable(w);
    await publish(w, t, [startNode('a1'), approveNode('a1', members(w.bob, w.carol))]);
    const started = await startFlow(w, t, w.alice, { [t.f.title]: '差旅', [t.f.amount]: 300 });
    expect(started.instance.instanceState).toBe(InstanceState.Running);
    expect(started.instance.currentNodes.map((n) => n.activityCode)).toEqual(['a1']);
    const id = started.instance.instanceId;
    const record = (await w.team.owner.request('GET', `${t.base}/records/${started.record.id}`)).json.data;
    expect([record.flowState, record.flowNode]).toEqual([InstanceState.Running, '审批a1']);
    expect((await myItem(w.bob, id)).itemType).toBe(ItemType.Approve);
    const done = await actOk(w.bob, id, 'approval', { comment: '同意' });
    expect([done.instance.instanceState, done.instance.result]).toEqual([InstanceState.Finished, 'approved']);
    expect(await hasItem(w.carol, id)).toBe(false);
    const d = await detail(w.alice, id);
    expect(actions(d)).toEqual(['create', 'submit', 'approve', 'finish']);
    const carols = d.workItems.find(
      (i: { participant: { memberId: string } }) => i.participant.memberId === w.carol.memberId,
    );
    expect(carols.workItemState).toBe(WorkItemState.Canceled);
    const after = (await w.team.owner.request('GET', `${t.base}/records/${started.record.id}`)).json.data;
    expect([after.flowState, after.flowNode]).toEqual([InstanceState.Finished, '']);
  });

  it('all (会签): everyone must approve; one rejection ends it as rejected', async () => {
    const t = await newTable(w);
    await publish(w, t, [startNode('a1'), approveNode('a1', members(w.bob, w.carol), { mode: 'all' })]);
    const ok = (await startFlow(w, t, w.alice, { [t.f.title]: '会签' })).instance.instanceId;
    await actOk(w.bob, ok, 'approval');
    expect((await stateOf(w.alice, ok)).instanceState).toBe(InstanceState.Running);
    expect((await actOk(w.carol, ok, 'approval')).instance.instanceState).toBe(InstanceState.Finished);
    const no = (await startFlow(w, t, w.alice, { [t.f.title]: '会签二' })).instance.instanceId;
    await actOk(w.bob, no, 'approval');
    const rejected = await actOk(w.carol, no, 'disapproval', { comment: '不行' });
    expect([rejected.instance.instanceState, rejected.instance.result]).toEqual([InstanceState.Finished, 'rejected']);
  });

  it('sequence (依次审批): one after another in the listed order', async () => {
    const t = await newTable(w);
    await publish(w, t, [startNode('a1'), approveNode('a1', members(w.carol, w.bob, w.erin), { mode: 'sequence' })]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '依次' })).instance.instanceId;
    expect([await hasItem(w.carol, id), await hasItem(w.bob, id), await hasItem(w.erin, id)]).toEqual([
      true,
      false,
      false,
    ]);
    await actOk(w.carol, id, 'approval');
    expect([await hasItem(w.bob, id), await hasItem(w.erin, id)]).toEqual([true, false]);
    await actOk(w.bob, id, 'approval');
    expect((await actOk(w.erin, id, 'approval')).instance.instanceState).toBe(InstanceState.Finished);
  });

  it('percent: passes once the share approved, rejects once it cannot be reached', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('a1'),
      approveNode('a1', members(w.bob, w.carol, w.erin, w.dave), { mode: 'percent', percent: 50 }),
    ]);
    const pass = (await startFlow(w, t, w.alice, { [t.f.title]: '比例' })).instance.instanceId;
    await actOk(w.bob, pass, 'approval');
    expect((await stateOf(w.alice, pass)).instanceState).toBe(InstanceState.Running);
    const passed = await actOk(w.carol, pass, 'approval');
    expect([passed.instance.instanceState, passed.instance.result]).toEqual([InstanceState.Finished, 'approved']);
    const fail = (await startFlow(w, t, w.alice, { [t.f.title]: '比例二' })).instance.instanceId;
    await actOk(w.bob, fail, 'disapproval');
    await actOk(w.carol, fail, 'disapproval');
    expect((await stateOf(w.alice, fail)).instanceState).toBe(InstanceState.Running);
    const failed = await actOk(w.erin, fail, 'disapproval');
    expect([failed.instance.instanceState, failed.instance.result]).toEqual([InstanceState.Finished, 'rejected']);
  });
});

describe('participants', () => {
  it('resolves departments (with sub-departments), app roles, managers N levels up and member fields', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('dept'),
      approveNode('dept', [{ kind: 'departments', ids: [w.departments.sales] }], { mode: 'all' }, 'role'),
      approveNode('role', [{ kind: 'roles', roles: ['manager'] }], {}, 'm1'),
      approveNode('m1', [{ kind: 'manager', level: 1 }], {}, 'm2'),
      approveNode('m2', [{ kind: 'manager', level: 2 }], {}, 'field'),
      approveNode('field', [{ kind: 'field', field: t.f.handler }]),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '找人', [t.f.handler]: [w.frank.memberId] })).instance
      .instanceId;
    // Sales holds Alice and Dave.
    expect([await hasItem(w.alice, id), await hasItem(w.dave, id), await hasItem(w.bob, id)]).toEqual([
      true,
      true,
      false,
    ]);
    await actOk(w.alice, id, 'approval');
    await actOk(w.dave, id, 'approval');
    expect((await stateOf(w.alice, id)).currentNodes.map((n) => n.activityCode)).toEqual(['role']);
    await actOk(w.dave, id, 'approval');
    // Alice's manager is Dave (sales), two levels up Erin (root); then the handler field names Frank.
    await actOk(w.dave, id, 'approval');
    await actOk(w.erin, id, 'approval');
    expect(await hasItem(w.frank, id)).toBe(true);
    expect((await actOk(w.frank, id, 'approval')).instance.instanceState).toBe(InstanceState.Finished);
  });

  it('takes the participants the originator chose, and asks for them when missing', async () => {
    const t = await newTable(w);
    await publish(w, t, [startNode('pick'), approveNode('pick', [{ kind: 'originatorChoice', multiple: true }])]);
    const ctx = (await w.alice.client.request('GET', `${t.base}/workflow/start-context`)).json.data;
    expect(ctx.chooseParticipants).toEqual([{ activityCode: 'pick', activityName: '审批pick', multiple: true }]);
    const missing = await w.alice.client.request('POST', '/v1/workflow/start', {
      body: { appCode: w.appCode, schemaCode: t.schemaCode, data: { [t.f.title]: '没选人' } },
    });
    expect([missing.status, missing.json.errorMessage]).toEqual([400, '请为节点「审批pick」选择处理人']);
    // Nothing of the failed submission stays: no record, no instance.
    const list = (await w.team.owner.request('POST', `${t.base}/records/query`, { body: {} })).json.data.resultList;
    expect(list).toEqual([]);
    const id = (
      await startFlow(w, t, w.alice, { [t.f.title]: '选人' }, { chosenParticipants: { pick: [w.carol.memberId] } })
    ).instance.instanceId;
    expect([await hasItem(w.carol, id), await hasItem(w.bob, id)]).toEqual([true, false]);
  });

  it('when nobody resolves: passes, goes to the app owner, or stops with a clear error', async () => {
    const t = await newTable(w);
    const nobody = [{ kind: 'field' as const, field: t.f.handler }];
    await publish(w, t, [
      startNode('p'),
      approveNode('p', nobody, { whenEmpty: 'pass' }, 'o'),
      approveNode('o', nobody, { whenEmpty: 'appOwner' }),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '无人' })).instance.instanceId;
    expect((await stateOf(w.alice, id)).currentNodes.map((n) => n.activityCode)).toEqual(['o']);
    expect((await actOk(w.owner, id, 'approval')).instance.instanceState).toBe(InstanceState.Finished);
    expect(actions(await detail(w.alice, id))).toContain('autoPass');
    await publish(w, t, [startNode('e'), approveNode('e', nobody, { whenEmpty: 'error' })]);
    const res = await w.alice.client.request('POST', '/v1/workflow/start', {
      body: { appCode: w.appCode, schemaCode: t.schemaCode, data: { [t.f.title]: '报错' } },
    });
    expect([res.status, res.json.errorMessage]).toEqual([400, '节点「审批e」没有处理人，请联系管理员']);
  });

  it('passes a participant who approved the node before automatically (same person twice in a row)', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('x'),
      approveNode('x', members(w.bob), {}, 'y'),
      approveNode('y', members(w.bob, w.carol), { mode: 'all', skipRepeated: true }),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '重复' })).instance.instanceId;
    await actOk(w.bob, id, 'approval');
    expect(await hasItem(w.bob, id)).toBe(false);
    expect((await actOk(w.carol, id, 'approval')).instance.instanceState).toBe(InstanceState.Finished);
    expect(actions(await detail(w.alice, id))).toContain('autoApprove');
  });
});

describe('fill, copy and automatic nodes', () => {
  it('a fill node lets its participant complete the fields it makes editable and required', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('fill'),
      fillNode('fill', members(w.bob), { fieldRules: { [t.f.note]: 'required', [t.f.amount]: 'editable' } }),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '待补充' })).instance.instanceId;
    expect((await myItem(w.bob, id)).itemType).toBe(ItemType.Fill);
    const missing = await act(w.bob, id, 'submit', {});
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrors).toEqual([{ field: t.f.note, message: '备注不能为空' }]);
    const locked = await act(w.bob, id, 'submit', { data: { [t.f.note]: '已补', [t.f.title]: '改标题' } });
    expect(locked.status).toBe(400);
    expect(locked.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual([t.f.title]);
    const done = await actOk(w.bob, id, 'submit', { data: { [t.f.note]: '已补', [t.f.amount]: 88 } });
    expect(done.instance.instanceState).toBe(InstanceState.Finished);
    const step = (await detail(w.alice, id)).timeline.find(
      (e: { action: string; actor: { memberId: string } }) =>
        e.action === 'submit' && e.actor.memberId === w.bob.memberId,
    );
    expect(step.changes).toEqual([
      { field: t.f.note, from: null, to: '已补' },
      { field: t.f.amount, from: null, to: 88 },
    ]);
  });

  it('a copy node gives read-only Circulate items that never block, and can be marked read', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('cc'),
      {
        id: 'cc',
        type: 'cc',
        name: '抄送财务',
        next: 'a',
        settings: { participants: members(w.erin), fieldRules: {} },
      },
      approveNode('a', members(w.bob)),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '抄送' })).instance.instanceId;
    const copy = await myItem(w.erin, id);
    expect(copy.itemType).toBe(ItemType.Circulate);
    expect((await stateOf(w.alice, id)).currentNodes.map((n) => n.activityCode)).toEqual(['a']);
    const ctx = (
      await w.erin.client.request('GET', `/v1/workflow/view/context?instanceId=${id}&workitemId=${copy.workItemId}`)
    ).json.data;
    expect(ctx.actions.map((a: { code: string }) => a.code)).toContain('read');
    expect(ctx.actions.map((a: { code: string }) => a.code)).not.toContain('approve');
    expect((await act(w.erin, id, 'approval')).status).toBe(400);
    await actOk(w.bob, id, 'approval');
    // Copies stay to be read after the flow ended.
    await actOk(w.erin, id, 'read');
    expect(await hasItem(w.erin, id)).toBe(false);
  });

  it('automatic nodes update this record, create a record in another table and notify', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('a'),
      approveNode('a', members(w.bob), {}, 'auto'),
      {
        id: 'auto',
        type: 'action',
        name: '归档',
        settings: {
          operations: [
            { kind: 'updateFields', values: [{ field: t.f.note, value: '已归档' }] },
            {
              kind: 'createRecord',
              schemaCode: w.ledger.schemaCode,
              values: [
                { field: w.ledger.subject, fromField: t.f.title },
                { field: w.ledger.amount, fromField: t.f.amount },
              ],
            },
            { kind: 'notify', participants: [{ kind: 'originator' }], subject: '{标题}已通过', content: '金额{金额}' },
          ],
        },
      },
    ]);
    const started = await startFlow(w, t, w.alice, { [t.f.title]: '买电脑', [t.f.amount]: 6000 });
    await actOk(w.bob, started.instance.instanceId, 'approval');
    const record = (await w.team.owner.request('GET', `${t.base}/records/${started.record.id}`)).json.data;
    expect(record.data[t.f.note]).toBe('已归档');
    const ledger = (await w.team.owner.request('POST', `${w.ledger.base}/records/query`, { body: {} })).json.data
      .resultList;
    expect(
      ledger.map((r: { data: Record<string, unknown> }) => [r.data[w.ledger.subject], r.data[w.ledger.amount]]),
    ).toContainEqual(['买电脑', 6000]);
    // The notification is a letter like any other: counted as unread and listed in the designer's words.
    const notices = await w.alice.client.request('GET', '/v1/appletter/list?kind=flowNotice&pageSize=5');
    expect(notices.status, JSON.stringify(notices.json)).toBe(200);
    expect(notices.json.data.resultList.map((l: { subject: string }) => l.subject)).toEqual(['买电脑已通过']);
    expect(notices.json.data.resultList[0].content).toContain('金额6000');
    const unread = await w.alice.client.request('GET', '/v1/appletter/countUnread');
    const all = await w.alice.client.request('GET', '/v1/appletter/list?readStatus=0&pageSize=50');
    expect(unread.json.data).toBe(all.json.data.totalCount);
    const auto = (await detail(w.alice, started.instance.instanceId)).timeline.find(
      (e: { action: string }) => e.action === 'autoUpdate',
    );
    expect(auto.changes).toEqual([{ field: t.f.note, from: null, to: '已归档' }]);
  });
});
