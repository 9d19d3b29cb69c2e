import { InstanceState } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import {
  actOk,
  approveNode,
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
} from './workflow-helpers.js';

/** Designing flows: the edit right, drafts, publish checks naming the node, versions, running instances. */
let server: TestServer;
let w: FlowWorld;
beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
});
afterAll(async () => server?.close());

describe('drafts and the edit right', () => {
  it('needs the app’s edit right to design; a new table answers the default flow', async () => {
    const t = await newTable(w);
    const denied = await w.alice.client.request('GET', `${t.base}/workflow`);
    expect([denied.status, denied.json.errorMessage]).toEqual([403, '无编辑权限']);
    const info = (await w.dave.client.request('GET', `${t.base}/workflow`)).json.data;
    expect(info.publishedVersion).toBe(0);
    expect(info.draft.nodes.map((n: { type: string }) => n.type)).toEqual(['start', 'approve']);
    const save = await w.alice.client.request('PUT', `${t.base}/workflow`, { body: { definition: info.draft } });
    expect(save.status).toBe(403);
    expect((await w.alice.client.request('POST', `${t.base}/workflow/publish`)).status).toBe(403);
  });

  it('refuses drafts that are not a flow at all (schema, dangling links, two starts)', async () => {
    const t = await newTable(w);
    const put = (nodes: unknown[]) =>
      w.dave.client.request('PUT', `${t.base}/workflow`, { body: { definition: { nodes } } });
    expect((await put([{ id: 'x', type: 'teleport', name: '?', settings: {} }])).status).toBe(400);
    const dangling = await put([startNode('nowhere')]);
    expect([dangling.status, dangling.json.errorMessage]).toEqual([400, '流程定义不正确：unknown node nowhere']);
    expect((await put([startNode(), { ...startNode(), id: 'start2' }])).status).toBe(400);
    expect((await put([startNode('a'), approveNode('a', members(w.bob))])).status).toBe(200);
  });
});

describe('publishing', () => {
  it('names every offending node: unreachable, branch without condition, nobody to approve, deleted fields', async () => {
    const t = await newTable(w);
    const gone = (await w.team.owner.request('POST', `${t.base}/fields`, { body: { name: '将删除', type: 'text' } }))
      .json.data.code;
    expect((await w.team.owner.request('DELETE', `${t.base}/fields/${gone}`)).status).toBe(200);
    await w.dave.client.request('PUT', `${t.base}/workflow`, {
      body: {
        definition: {
          nodes: [
            startNode('cond', { [gone]: 'hidden' }),
            {
              id: 'cond',
              type: 'condition',
              name: '判断',
              next: 'empty',
              settings: {
                branches: [
                  {
                    id: 'b1',
                    name: '有条件',
                    filter: { op: 'and', conditions: [{ field: t.f.amount, operator: 'gt', value: 1 }] },
                  },
                  { id: 'b2', name: '忘了条件' },
                ],
              },
            },
            approveNode('empty', []),
            approveNode('orphan', members(w.bob)),
          ],
        },
      },
    });
    const res = await w.dave.client.request('POST', `${t.base}/workflow/publish`);
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toEqual([
      { field: 'start', message: `节点「发起」引用了已删除或不存在的字段${gone}` },
      { field: 'cond', message: '分支「忘了条件」没有设置条件（只有“其他情况”分支可以不设条件）' },
      { field: 'empty', message: '节点「审批empty」没有设置处理人' },
      { field: 'orphan', message: '节点「审批orphan」无法到达' },
    ]);
    expect((await w.dave.client.request('GET', `${t.base}/workflow`)).json.data.publishedVersion).toBe(0);
  });

  it('keeps a history of versions with who published when', async () => {
    const t = await newTable(w);
    expect(await publish(w, t, [startNode('a'), approveNode('a', members(w.bob))])).toBe(1);
    expect(await publish(w, t, [startNode('a'), approveNode('a', members(w.carol))])).toBe(2);
    const versions = (await w.dave.client.request('GET', `${t.base}/workflow/versions`)).json.data;
    expect(versions.map((v: { version: number; publisherName: string }) => [v.version, v.publisherName])).toEqual([
      [2, '老板'],
      [1, '老板'],
    ]);
    const v1 = (await w.dave.client.request('GET', `${t.base}/workflow/versions/1`)).json.data;
    expect(v1.definition.nodes[1].settings.participants).toEqual(members(w.bob));
    const info = (await w.dave.client.request('GET', `${t.base}/workflow`)).json.data;
    expect([info.publishedVersion, info.unpublishedChanges]).toEqual([2, false]);
  });
});

describe('versions and running instances', () => {
  it('a running instance stays on the version it started with; new ones take the latest', async () => {
    const t = await newTable(w);
    await publish(w, t, [startNode('a'), approveNode('a', members(w.bob), {}, 'b'), approveNode('b', members(w.bob))]);
    const old = (await startFlow(w, t, w.alice, { [t.f.title]: '旧版' })).instance.instanceId;
    // Editing the draft disturbs nothing; publishing v2 neither.
    await w.dave.client.request('PUT', `${t.base}/workflow`, {
      body: { definition: { nodes: [startNode('a'), approveNode('a', members(w.carol))] } },
    });
    expect((await w.dave.client.request('GET', `${t.base}/workflow`)).json.data.unpublishedChanges).toBe(true);
    await w.dave.client.request('POST', `${t.base}/workflow/publish`);
    expect((await stateOf(w.alice, old)).workflowVersion).toBe(1);
    await actOk(w.bob, old, 'approval');
    expect((await stateOf(w.alice, old)).currentNodes.map((n) => n.activityCode)).toEqual(['b']);
    expect((await actOk(w.bob, old, 'approval')).instance.instanceState).toBe(InstanceState.Finished);
    const fresh = (await startFlow(w, t, w.alice, { [t.f.title]: '新版' })).instance.instanceId;
    expect((await stateOf(w.alice, fresh)).workflowVersion).toBe(2);
    expect([await hasItem(w.bob, fresh), await hasItem(w.carol, fresh)]).toEqual([false, true]);
  });

  it('a field deleted while flows run is simply absent at the nodes that named it', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('a'),
      approveNode('a', members(w.bob), { fieldRules: { [t.f.note]: 'required', [t.f.secret]: 'hidden' } }),
    ]);
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '删字段', [t.f.secret]: '机密' })).instance.instanceId;
    expect((await w.team.owner.request('DELETE', `${t.base}/fields/${t.f.note}`)).status).toBe(200);
    const item = await myItem(w.bob, id);
    const ctx = (
      await w.bob.client.request('GET', `/v1/workflow/view/context?instanceId=${id}&workitemId=${item.workItemId}`)
    ).json.data;
    expect(Object.keys(ctx.fieldRules)).not.toContain(t.f.note);
    expect(ctx.record.data).not.toHaveProperty(t.f.note);
    // The required rule on the deleted field no longer holds anyone up.
    expect((await actOk(w.bob, id, 'approval')).instance.instanceState).toBe(InstanceState.Finished);
  });

  it('tells a record form whether the table has a published flow and what the start node allows', async () => {
    const t = await newTable(w);
    const none = (await w.alice.client.request('GET', `${t.base}/workflow/start-context`)).json.data;
    expect(none.published).toBe(false);
    const notPublished = await w.alice.client.request('POST', '/v1/workflow/start', {
      body: { appCode: w.appCode, schemaCode: t.schemaCode, data: {} },
    });
    expect([notPublished.status, notPublished.json.errorMessage]).toEqual([400, '该表单尚未发布流程']);
    await publish(w, t, [
      startNode('a', { [t.f.secret]: 'hidden', [t.f.note]: 'required' }),
      approveNode('a', members(w.bob)),
    ]);
    const ctx = (await w.alice.client.request('GET', `${t.base}/workflow/start-context`)).json.data;
    expect(ctx.published).toBe(true);
    expect(ctx.fieldRules[t.f.note]).toBe('required');
    expect(ctx.fieldRules[t.f.title]).toBe('editable');
    expect(ctx.fieldRules).not.toHaveProperty(t.f.secret);
    const hidden = await w.alice.client.request('POST', '/v1/workflow/start', {
      body: { appCode: w.appCode, schemaCode: t.schemaCode, data: { [t.f.note]: 'x', [t.f.secret]: '偷写' } },
    });
    expect(hidden.status).toBe(400);
    const required = await w.alice.client.request('POST', '/v1/workflow/start', {
      body: { appCode: w.appCode, schemaCode: t.schemaCode, data: { [t.f.title]: 'x' } },
    });
    expect(required.json.fieldErrors).toEqual([{ field: t.f.note, message: '备注不能为空' }]);
    // A draft may leave required fields empty; submitting it later checks them.
    const draft = await startFlow(w, t, w.alice, { [t.f.title]: '草稿' }, { draft: true });
    expect(draft.instance.instanceState).toBe(InstanceState.Initiated);
    const record = (await w.team.owner.request('GET', `${t.base}/records/${draft.record.id}`)).json.data;
    expect([record.flowState, record.flowNode]).toEqual([InstanceState.Initiated, '发起']);
    const again = await w.alice.client.request('POST', '/v1/workflow/start', {
      body: { appCode: w.appCode, schemaCode: t.schemaCode, recordId: draft.record.id },
    });
    expect([again.status, again.json.errorMessage]).toEqual([409, '该数据已提交过流程']);
    await actOk(w.alice, draft.instance.instanceId, 'submit', { data: { [t.f.note]: '补上' } });
    expect(await hasItem(w.bob, draft.instance.instanceId)).toBe(true);
  });
});
