import { ErrorCode } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient, startTestServer, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let outsider: TestClient;
let team: { engineCode: string; corpId: string; memberId: string };

/** Puts a user into the team the real way: a link invitation, accepted. */
async function addMember(client: TestClient): Promise<void> {
  const link = (await owner.request('POST', '/v1/corpintegrate/invitation', { body: {} })).json.data;
  const res = await client.request('PUT', `/v1/corpintegrate/invitation/join/${link.id}`);
  expect(res.status).toBe(200);
}

async function teamName(): Promise<string> {
  const row = await server.database.handle.db
    .selectFrom('engines')
    .select('corp_name')
    .where('engine_code', '=', team.engineCode)
    .executeTakeFirstOrThrow();
  return row.corp_name;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = (await registeredClient(server, '王老板')).client;
  member = (await registeredClient(server, '小李')).client;
  outsider = (await registeredClient(server, '路人')).client;
  team = (await owner.request('POST', '/v1/corp/own/register', { body: { corpName: '星河科技' } })).json.data;
  await addMember(member);
});
afterAll(async () => server?.close());

describe('corp info and rename', () => {
  it('shows the organisation record to members only', async () => {
    const res = await member.request('GET', `/v1/corpintegrate/corpinfo/${team.corpId}`);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      corpId: team.corpId,
      corpName: '星河科技',
      ownerName: '王老板',
      memberCount: 2,
    });
    const foreign = await outsider.request('GET', `/v1/corpintegrate/corpinfo/${team.corpId}`);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.json)).not.toContain('星河科技');
  });

  it('lets the owner rename with the spec rules; an unchanged name changes nothing', async () => {
    const ok = await owner.request('PUT', `/v1/corpintegrate/corpinfo/${team.corpId}`, {
      body: { corpName: ' 星河科技有限公司 ' },
    });
    expect(ok.json).toEqual({ data: true });
    expect(await teamName()).toBe('星河科技有限公司');
    const bad = await owner.request('PUT', `/v1/corpintegrate/corpinfo/${team.corpId}`, { body: { corpName: '星🌟' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toEqual([{ field: 'corpName', message: '团队名称不允许使用emoji文字' }]);
    expect(await teamName()).toBe('星河科技有限公司');
  });

  it('refuses a rename by a plain member or an outsider and keeps the name', async () => {
    const byMember = await member.request('PUT', `/v1/corpintegrate/corpinfo/${team.corpId}`, {
      body: { corpName: '被改了' },
    });
    expect(byMember.status).toBe(403);
    expect(byMember.json.errorMessage).toBe('仅团队所有者或管理员可以修改团队名称');
    const byOutsider = await outsider.request('PUT', `/v1/corpintegrate/corpinfo/${team.corpId}`, {
      body: { corpName: '被改了' },
    });
    expect(byOutsider.status).toBe(404);
    expect(await teamName()).toBe('星河科技有限公司');
  });

  it('refuses renames while the ForbiddenTeamName feature is on', async () => {
    await server.database.handle.db
      .insertInto('engine_features')
      .values({ engine_code: team.engineCode, feature_code: 'ForbiddenTeamName' })
      .execute();
    const res = await owner.request('PUT', `/v1/corpintegrate/corpinfo/${team.corpId}`, {
      body: { corpName: '新名字' },
    });
    expect(res.status).toBe(403);
    const features = await owner.request('GET', '/v1/corp/features');
    expect(features.json.data.featureList).toContain('ForbiddenTeamName');
    await server.database.handle.db.deleteFrom('engine_features').where('engine_code', '=', team.engineCode).execute();
  });
});

describe('leaving', () => {
  it('does not let the owner leave before transferring', async () => {
    const res = await owner.request('DELETE', `/v1/engine/${team.engineCode}/membership`);
    expect(res.status).toBe(400);
    expect(res.json.errorMessage).toBe('您是团队所有者，请先转交团队所有权再退出');
    expect((await owner.request('GET', '/v1/engine/list')).json.data).toHaveLength(1);
  });

  it('lets a member leave; afterwards the team is gone from their list and its headers are refused', async () => {
    await member.request('PUT', '/v1/engine/active', { body: { engineCode: team.engineCode } });
    const res = await member.request('DELETE', `/v1/engine/${team.engineCode}/membership`);
    expect(res.json).toEqual({ data: true });
    expect((await member.request('GET', '/v1/engine/list')).json.data).toEqual([]);
    const after = await member.request('GET', '/v1/org/member/info', { headers: { 'x-engine-code': team.engineCode } });
    expect(after.status).toBe(403);
    expect(after.json.errorCode).toBe(ErrorCode.tenantMismatch);
  });

  it('answers 404 for a team the user is not in', async () => {
    const res = await outsider.request('DELETE', `/v1/engine/${team.engineCode}/membership`);
    expect(res.status).toBe(404);
  });
});
