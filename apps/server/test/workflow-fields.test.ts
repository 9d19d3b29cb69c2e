import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import {
  act,
  actOk,
  approveNode,
  detail,
  type FlowWorld,
  flowWorld,
  members,
  myItem,
  newTable,
  type Person,
  publish,
  startFlow,
  startNode,
  type Table,
} from './workflow-helpers.js';

/** Per-node field rules: hidden fields never leave the server; read-only, editable, required; sub-table columns. */
let server: TestServer;
let w: FlowWorld;
let t: Table;
let summary: string;
beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
});
afterAll(async () => server?.close());

async function context(who: Person, instanceId: string) {
  const item = await myItem(who, instanceId);
  const res = await who.client.request(
    'GET',
    `/v1/workflow/view/context?instanceId=${instanceId}&workitemId=${item.workItemId}`,
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

describe('node field rules', () => {
  beforeAll(async () => {
    t = await newTable(w);
    // A formula reading the hidden field is hidden with it (its value would reveal the secret).
    const formula = await w.team.owner.request('POST', `${t.base}/fields`, {
      body: { name: '说明摘要', type: 'formula', settings: { expression: 'LEFT({内部说明}, 9)' } },
    });
    expect(formula.status, JSON.stringify(formula.json)).toBe(200);
    summary = formula.json.data.code;
    await publish(w, t, [
      startNode('a'),
      approveNode(
        'a',
        members(w.bob),
        {
          fieldRules: {
            [t.f.secret]: 'hidden',
            [t.f.amount]: 'editable',
            [t.f.note]: 'required',
            [`${t.f.items}.cost`]: 'hidden',
            [t.f.items]: 'editable',
          },
        },
        'b',
      ),
      approveNode('b', members(w.carol)),
    ]);
  });

  it('hides a field the node hides from the context, the record, the timeline and the instance', async () => {
    const id = (
      await startFlow(w, t, w.alice, {
        [t.f.title]: '机密单',
        [t.f.secret]: '底价 100',
        [t.f.items]: [{ name: '纸', cost: 5 }],
      })
    ).instance.instanceId;
    const ctx = await context(w.bob, id);
    expect(ctx.record.data).not.toHaveProperty(t.f.secret);
    expect(ctx.fieldRules).not.toHaveProperty(t.f.secret);
    expect(ctx.record.data).not.toHaveProperty(summary);
    expect(ctx.fieldRules).not.toHaveProperty(summary);
    expect([ctx.fieldRules[t.f.amount], ctx.fieldRules[t.f.note], ctx.fieldRules[t.f.title]]).toEqual([
      'editable',
      'required',
      'readonly',
    ]);
    expect(ctx.record.data[t.f.items]).toEqual([{ id: expect.any(String), name: '纸' }]);
    expect(JSON.stringify(ctx)).not.toContain('底价');
    const d = await detail(w.bob, id);
    expect(JSON.stringify(d)).not.toContain('底价');
    // The originator filled it at the start node and sees it there.
    expect(JSON.stringify(await detail(w.alice, id))).toContain('底价');
  });

  it('lets the approver edit only what the node allows, requires what it requires, and logs the diff', async () => {
    const id = (
      await startFlow(w, t, w.alice, {
        [t.f.title]: '改金额',
        [t.f.amount]: 100,
        [t.f.items]: [{ name: '笔', cost: 3 }],
      })
    ).instance.instanceId;
    const readonly = await act(w.bob, id, 'approval', { data: { [t.f.title]: '改标题', [t.f.note]: '好' } });
    expect(readonly.json.fieldErrors).toEqual([{ field: t.f.title, message: '标题为只读字段，不能修改' }]);
    const hidden = await act(w.bob, id, 'approval', { data: { [t.f.secret]: 'x', [t.f.note]: '好' } });
    expect(hidden.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual([t.f.secret]);
    const required = await act(w.bob, id, 'approval', { data: { [t.f.amount]: 90 } });
    expect(required.json.fieldErrors).toEqual([{ field: t.f.note, message: '备注不能为空' }]);
    // Nothing of the refused attempts was written.
    const before = (
      await w.team.owner.request(
        'GET',
        `/v1/apps/${w.appCode}/schemas/${t.schemaCode}/records/${(await detail(w.alice, id)).instance.bizObjectId}`,
      )
    ).json.data;
    expect(before.data[t.f.amount]).toBe(100);
    // A sub-table row sent back without its hidden column keeps the stored value.
    const rowId = (await context(w.bob, id)).record.data[t.f.items][0].id;
    await actOk(w.bob, id, 'approval', {
      comment: '核减',
      data: { [t.f.amount]: 90, [t.f.note]: '核减 10', [t.f.items]: [{ id: rowId, name: '钢笔' }] },
    });
    const after = (await w.team.owner.request('GET', `${t.base}/records/${before.id}`)).json.data;
    expect(after.data[t.f.items]).toEqual([{ id: rowId, name: '钢笔', cost: 3 }]);
    const step = (await detail(w.alice, id)).timeline.find((e: { action: string }) => e.action === 'approve');
    expect(step.comment).toBe('核减');
    expect(step.changes).toContainEqual({ field: t.f.amount, from: 100, to: 90 });
    // The record's own history has the change too (the records service wrote it).
    const history = (await w.team.owner.request('GET', `${t.base}/records/${before.id}/history`)).json.data;
    expect(history.at(-1).changes.map((c: { field: string }) => c.field)).toContain(t.f.amount);
  });

  it('never opens a field the table itself hides from the member, whatever the node says', async () => {
    const perms = (await w.team.owner.request('GET', t.base)).json.data.permissions;
    await w.team.owner.request('PUT', t.base, {
      body: { permissions: { roles: { member: { ...perms.roles.member, fields: { [t.f.amount]: 'hidden' } } } } },
    });
    const id = (await startFlow(w, t, w.dave, { [t.f.title]: '表级隐藏', [t.f.amount]: 777 })).instance.instanceId;
    const ctx = await context(w.bob, id);
    expect(ctx.record.data).not.toHaveProperty(t.f.amount);
    expect(ctx.fieldRules).not.toHaveProperty(t.f.amount);
    const write = await act(w.bob, id, 'approval', { data: { [t.f.amount]: 1, [t.f.note]: 'x' } });
    expect(write.status).toBe(400);
    await w.team.owner.request('PUT', t.base, { body: { permissions: { ...perms, fields: {} } } });
  });

  it('answers the view context in the spec’s shape', async () => {
    const started = await startFlow(w, t, w.alice, { [t.f.title]: '形状' });
    const ctx = await context(w.bob, started.instance.instanceId);
    expect(ctx.workItem).toEqual({
      appCode: w.appCode,
      schemaCode: t.schemaCode,
      workflowCode: expect.any(String),
      itemType: 2,
      workItemId: expect.any(String),
      workflowVersion: 1,
      activityCode: 'a',
      instanceState: 2,
      closeRevert: false,
      closeTerminate: false,
      instanceId: started.instance.instanceId,
    });
    expect(ctx.actions.map((a: { code: string }) => a.code)).toEqual(
      expect.arrayContaining(['approve', 'reject', 'revert', 'transfer', 'addSigner', 'cc', 'comment']),
    );
    expect(ctx.commentConfiguration).toEqual({
      enableComment: true,
      required: false,
      reject: { enableComment: true, required: false },
    });
    // Someone with nothing to do with the instance and no right on the table sees nothing.
    const stranger = await w.frank.client.request(
      'GET',
      `/v1/workflow/view/context?instanceId=${started.instance.instanceId}`,
    );
    expect([stranger.status, stranger.json.errorMessage]).toEqual([403, '您无权查看该流程']);
    const notYours = await w.carol.client.request(
      'GET',
      `/v1/workflow/view/context?instanceId=${started.instance.instanceId}&workitemId=${ctx.workItem.workItemId}`,
    );
    expect(notYours.status).toBe(403);
  });
});
