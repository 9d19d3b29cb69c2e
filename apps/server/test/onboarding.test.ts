import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiResponse,
  PASSWORD,
  registeredClient,
  startTestServer,
  TestClient,
  type TestServer,
} from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';
import { startNode } from './workflow-helpers.js';

/** The new-user guide (spec §4 Guide, §7 onboarding calls): who it opens for, its steps, and the skip kept. */
let server: TestServer;
let team: TeamFixture;

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '引导团队', '新人');
});
afterAll(async () => server?.close());

const state = async (client: TestClient) => (await client.request('GET', '/v1/onboarding/user')).json.data;
const step = (client: TestClient, userTag: string) =>
  client.request('POST', '/v1/onboarding/web/step/', { body: { userTag } });
function ok(res: ApiResponse): ApiResponse {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
}

describe('guide progress', () => {
  it('is due for a new user, and each step counts only once really done in the team', async () => {
    const me = team.owner;
    expect(await state(me)).toEqual({ action: null, steps: [], due: true });

    // Nothing created yet: the step is not recorded.
    expect(ok(await step(me, 'app')).json.data).toEqual({ action: null, steps: [], due: true });
    const appCode = ok(await me.request('POST', '/v1/apps', { body: { displayName: '客户管理' } })).json.data.code;
    expect(ok(await step(me, 'app')).json.data.steps).toEqual(['app']);
    expect(ok(await step(me, 'table')).json.data.steps).toEqual(['app']);

    const schemaCode = ok(
      await me.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '客户' } }),
    ).json.data.code;
    expect(ok(await step(me, 'table')).json.data.steps).toEqual(['app', 'table']);
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const name = ok(await me.request('POST', `${base}/fields`, { body: { name: '名称', type: 'text' } })).json.data
      .code;
    expect(ok(await step(me, 'fields')).json.data.steps).toEqual(['app', 'table']);
    ok(await me.request('POST', `${base}/fields`, { body: { name: '电话', type: 'text' } }));
    expect(ok(await step(me, 'fields')).json.data.steps).toEqual(['app', 'table', 'fields']);

    expect(ok(await step(me, 'record')).json.data.steps).toHaveLength(3);
    ok(await me.request('POST', `${base}/records`, { body: { data: { [name]: '星河贸易' } } }));
    expect(ok(await step(me, 'record')).json.data.steps).toEqual(['app', 'table', 'fields', 'record']);

    expect(ok(await step(me, 'flow')).json.data.steps).toHaveLength(4);
    const flow = await me.request('PUT', `${base}/workflow`, { body: { definition: { nodes: [startNode()] } } });
    expect(flow.status, JSON.stringify(flow.json)).toBe(200);
    expect(ok(await step(me, 'flow')).json.data).toEqual({
      action: null,
      steps: ['app', 'table', 'fields', 'record', 'flow'],
      due: true,
    });

    // Kept on the server: a second browser of the same user sees the same progress.
    expect((await state(me)).steps).toHaveLength(5);
    ok(await me.request('POST', '/v1/onboarding/user', { body: { action: 'finished' } }));
    expect(await state(me)).toEqual({
      action: 'finished',
      steps: ['app', 'table', 'fields', 'record', 'flow'],
      due: false,
    });
  });

  it("counts only the member's own work: another member's app does not advance their guide", async () => {
    const other = (await joinTeam(server, team, '同事')).client;
    expect(ok(await step(other, 'app')).json.data.steps).toEqual([]);
    expect(ok(await step(other, 'table')).json.data.steps).toEqual([]);
  });

  it('skipping closes it; the help menu restarts it from the first step', async () => {
    const { client } = await joinTeam(server, team, '跳过者');
    ok(await client.request('POST', '/v1/apps', { body: { displayName: '请假' } }));
    ok(await step(client, 'app'));
    expect(ok(await client.request('POST', '/v1/onboarding/user', { body: { action: 'skipped' } })).json.data).toEqual({
      action: 'skipped',
      steps: ['app'],
      due: false,
    });
    expect(await state(client)).toEqual({ action: 'skipped', steps: ['app'], due: false });
    // Asked for from the help menu, it opens for a plain member too.
    expect(ok(await client.request('POST', '/v1/onboarding/user', { body: { action: 'restart' } })).json.data).toEqual({
      action: null,
      steps: [],
      due: true,
    });
    expect(await state(client)).toEqual({ action: null, steps: [], due: true });
    // Only what is done after the restart counts: the app made before does not.
    expect(ok(await step(client, 'app')).json.data.steps).toEqual([]);
    ok(await client.request('POST', '/v1/apps', { body: { displayName: '加班' } }));
    expect(ok(await step(client, 'app')).json.data.steps).toEqual(['app']);
  });

  it('does not open by itself for a plain member, who is not building the team', async () => {
    const { client } = await joinTeam(server, team, '普通成员');
    expect(await state(client)).toEqual({ action: null, steps: [], due: false });
    // Without a team there is nothing to build in yet.
    const newcomer = (await registeredClient(server, '新来的')).client;
    expect(await state(newcomer)).toEqual({ action: null, steps: [], due: false });
  });

  it('stays skipped: in another browser of the user, and after a step check that lands after the skip', async () => {
    const { client: owner, account } = await registeredClient(server, '店长');
    const created = await owner.request('POST', '/v1/corp/own/register', { body: { corpName: '跳过团队' } });
    owner.headers['x-engine-code'] = created.json.data.engineCode;
    expect((await state(owner)).due).toBe(true);
    ok(await owner.request('POST', '/v1/apps', { body: { displayName: '库存' } }));
    ok(await owner.request('POST', '/v1/onboarding/user', { body: { action: 'skipped' } }));
    // A check the page sent before the skip, answered after it: it records the step, not a reopened guide.
    expect(ok(await step(owner, 'app')).json.data).toEqual({ action: 'skipped', steps: ['app'], due: false });
    const again = new TestClient(server.baseUrl);
    ok(await again.request('POST', '/v1/user/login', { body: { account, password: PASSWORD } }));
    again.headers['x-engine-code'] = created.json.data.engineCode;
    expect(await state(again)).toEqual({ action: 'skipped', steps: ['app'], due: false });
  });

  it('authenticates first, then names the field it refuses, in the language asked', async () => {
    const anonymous = new TestClient(server.baseUrl);
    for (const [method, path] of [
      ['GET', '/v1/onboarding/user'],
      ['POST', '/v1/onboarding/user'],
      ['POST', '/v1/onboarding/web/step/'],
    ] as const) {
      const res = await anonymous.request(method, path, method === 'GET' ? {} : { body: { nonsense: 1 } });
      expect(res.status).toBe(401);
    }
    const me = team.owner;
    const before = await state(me);
    const bad = await me.request('POST', '/v1/onboarding/web/step/', { body: { userTag: 'launch' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors[0].field).toBe('userTag');
    expect(bad.json.fieldErrors[0].message).toContain('引导步骤');
    const en = await me.request('POST', '/v1/onboarding/user', {
      body: { action: 'maybe' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.status).toBe(400);
    expect(en.json.fieldErrors[0].field).toBe('action');
    expect(en.json.fieldErrors[0].message).toContain('Guide action');
    const jp = await me.request('POST', '/v1/onboarding/user', { body: {}, headers: { 'accept-language': 'ja' } });
    expect(jp.status).toBe(400);
    expect(jp.json.fieldErrors[0].message).toContain('ガイド操作');
    expect(await state(me)).toEqual(before);
  });
});
