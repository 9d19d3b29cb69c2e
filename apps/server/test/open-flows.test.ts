import { InstanceState } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from './harness.js';
import { bearer, createToken } from './open-api-helpers.js';
import {
  approveNode,
  type FlowWorld,
  flowWorld,
  members,
  newTable,
  publish,
  startNode,
  type Table,
} from './workflow-helpers.js';

/**
 * Flows through the integrators' API with tokens (issue 17): a record is submitted into its flow,
 * the approver lists their own work items of the app and approves or rejects one — with the same
 * rules as the web app, and only within the token's apps.
 */
let server: TestServer;
let w: FlowWorld;
let t: Table;
let anon: TestClient;
let aliceToken: string;
let daveToken: string;
let bobToken: string;

const call = (token: string, method: string, path: string, body?: unknown) =>
  anon.request(method, path, { body, headers: bearer(token) });

async function submitted(title: string): Promise<string> {
  const open = `/open/v1/apps/${w.appCode}/tables/${t.schemaCode}/records`;
  const created = await call(aliceToken, 'POST', open, { data: { [t.f.title]: title, [t.f.amount]: 10 } });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const started = await call(aliceToken, 'POST', `${open}/${created.json.data.id}/flow`, { comment: '请审批' });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  expect(started.json.data.instance.instanceState).toBe(InstanceState.Running);
  return started.json.data.instance.instanceId;
}

async function daveItem(instanceId: string): Promise<string> {
  const list = await call(daveToken, 'GET', `/open/v1/apps/${w.appCode}/work-items`);
  expect(list.status, JSON.stringify(list.json)).toBe(200);
  const entry = list.json.data.resultList.find((e: { instanceId: string }) => e.instanceId === instanceId);
  expect(entry, 'Dave has the item').toBeTruthy();
  return entry.todos[0].workItemId;
}

beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
  t = await newTable(w);
  await publish(w, t, [startNode('a1'), approveNode('a1', members(w.dave))]);
  anon = new TestClient(server.baseUrl);
  aliceToken = (await createToken(w.alice.client, { appCodes: [w.appCode] })).token;
  daveToken = (await createToken(w.dave.client, { appCodes: [w.appCode] })).token;
  bobToken = (await createToken(w.bob.client, { appCodes: [w.appCode] })).token;
});
afterAll(async () => server?.close());

describe('flows through API tokens', () => {
  it('submits a record, lists the approver’s work items and approves one', async () => {
    const instanceId = await submitted('差旅');
    const item = await daveItem(instanceId);
    const approved = await call(daveToken, 'POST', `/open/v1/apps/${w.appCode}/work-items/${item}/approve`, {
      comment: '同意',
    });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json.data.instance.instanceState).toBe(InstanceState.Finished);
    const again = await call(daveToken, 'GET', `/open/v1/apps/${w.appCode}/work-items`);
    expect(again.json.data.resultList.map((e: { instanceId: string }) => e.instanceId)).not.toContain(instanceId);
  });

  it('rejects one, and refuses others’ items, other apps and read-only tokens', async () => {
    const instanceId = await submitted('采购');
    const item = await daveItem(instanceId);
    const path = (app: string, action: string) => `/open/v1/apps/${app}/work-items/${item}/${action}`;

    // Bob is not its participant: the workflow refuses him as it would in the web app.
    const bob = await call(bobToken, 'POST', path(w.appCode, 'approve'), {});
    expect([bob.status, bob.json.errorMessage]).toEqual([403, '您不是该任务的处理人']);

    // Through another app the item is not found; a token for that app only cannot name this one.
    const otherApp = (await w.team.owner.request('POST', '/v1/apps', { body: { displayName: '别的应用' } })).json.data
      .code;
    const other = await createToken(w.dave.client, { appCodes: [otherApp] });
    expect((await call(other.token, 'POST', path(otherApp, 'approve'), {})).status).toBe(404);
    expect((await call(other.token, 'POST', path(w.appCode, 'approve'), {})).status).toBe(403);
    const readOnly = await createToken(w.dave.client, { appCodes: [w.appCode], readOnly: true });
    expect((await call(readOnly.token, 'POST', path(w.appCode, 'reject'), {})).status).toBe(403);
    expect((await call(readOnly.token, 'GET', `/open/v1/apps/${w.appCode}/work-items`)).status).toBe(200);

    const rejected = await call(daveToken, 'POST', path(w.appCode, 'reject'), { comment: '预算不足' });
    expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
    expect(rejected.json.data.instance.instanceState).toBe(InstanceState.Finished);
    const detail = await w.alice.client.request('GET', `/v1/workflow/instance?instanceId=${instanceId}`);
    expect(JSON.stringify(detail.json.data)).toContain('预算不足');
  });

  it('cannot submit a record outside the submitter’s reach', async () => {
    const open = `/open/v1/apps/${w.appCode}/tables/${t.schemaCode}/records`;
    const res = await call(aliceToken, 'POST', `${open}/no-such-record/flow`, {});
    expect(res.status).toBe(404);
  });
});
