import { ErrorCode, USER_LIVE_PATH } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient, startTestServer, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
let aliceTeam: { engineCode: string; corpId: string; memberId: string; engineShard: string };
let bobTeam: typeof aliceTeam;

async function count(table: 'engines' | 'members'): Promise<number> {
  const row = await server.database.handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  server = await startTestServer();
  alice = (await registeredClient(server, 'Alice')).client;
  bob = (await registeredClient(server, 'Bob')).client;
  aliceTeam = (await alice.request('POST', '/v1/corp/own/register', { body: { corpName: '爱丽丝的团队' } })).json.data;
  bobTeam = (await bob.request('POST', '/v1/corp/own/register', { body: { corpName: 'Bob Team' } })).json.data;
});
afterAll(async () => server?.close());

describe('teams', () => {
  it('creates a team with its owner membership and makes it active', async () => {
    const list = await alice.request('GET', '/v1/engine/list');
    expect(list.json.data).toEqual([
      {
        engineCode: aliceTeam.engineCode,
        corpId: aliceTeam.corpId,
        corpName: '爱丽丝的团队',
        memberId: aliceTeam.memberId,
        engineShard: 'default',
        entryType: 'WEB',
        state: 'ACTIVE',
        ownFlag: true,
        adminFlag: false,
        active: true,
        purgeAt: 0,
      },
    ]);
    const features = await alice.request('GET', '/v1/corp/features');
    expect(features.json.data.featureList).toEqual(['TemplateCenterForAppInstall', 'TemplateInstallByUpload']);
    const info = await alice.request('GET', '/v1/org/member/info');
    expect(info.json.data).toMatchObject({ corpOwner: true, memberId: aliceTeam.memberId, corpId: aliceTeam.corpId });
  });

  it.each([
    ['', '团队名称不能为空'],
    ['   ', '团队名称不能为空'],
    ['A', '团队名称不能少于两个字符'],
    ['团队🚀', '团队名称不允许使用emoji文字'],
    ['很'.repeat(33), '团队名称不能超过32个字符'],
  ])('refuses the team name %j with the spec message and creates nothing', async (corpName, message) => {
    const before = await count('engines');
    const res = await alice.request('POST', '/v1/corp/own/register', { body: { corpName } });
    expect(res.status).toBe(400);
    expect(res.json.errorCode).toBe('rule.submit.validate.failed');
    expect(res.json.fieldErrors).toEqual([{ field: 'corpName', message }]);
    expect(await count('engines')).toBe(before);
  });

  it('accepts exactly 32 characters, counting characters rather than bytes', async () => {
    const res = await alice.request('POST', '/v1/corp/own/register', { body: { corpName: '团'.repeat(32) } });
    expect(res.status).toBe(200);
    // Back to the first team for the other tests.
    await alice.request('PUT', '/v1/engine/active', { body: { engineCode: aliceTeam.engineCode } });
  });
});

describe('tenant headers select, never grant', () => {
  it('refuses a forged member id with 403 and changes nothing', async () => {
    const before = [await count('engines'), await count('members')];
    const res = await bob.request('POST', '/v1/corp/own/register', {
      body: { corpName: '伪造成员' },
      headers: { 'x-member-id': aliceTeam.memberId },
    });
    expect(res.status).toBe(403);
    expect(res.json.errorCode).toBe(ErrorCode.tenantMismatch);
    expect([await count('engines'), await count('members')]).toEqual(before);
  });

  it("refuses an engine code of a team the user is not in, and a mix of one's own team with another's member", async () => {
    const foreign = await bob.request('GET', '/v1/org/member/info', {
      headers: { 'x-engine-code': aliceTeam.engineCode },
    });
    expect(foreign.status).toBe(403);
    const mixed = await bob.request('GET', '/v1/org/member/info', {
      headers: { 'x-engine-code': bobTeam.engineCode, 'x-member-id': aliceTeam.memberId },
    });
    expect(mixed.status).toBe(403);
    const shard = await bob.request('GET', '/v1/org/member/info', {
      headers: { 'x-engine-code': bobTeam.engineCode, 'x-engine-shard': 'other-shard' },
    });
    expect(shard.status).toBe(403);
    const own = await bob.request('GET', '/v1/org/member/info', {
      headers: { 'x-engine-code': bobTeam.engineCode, 'x-member-id': bobTeam.memberId, 'x-engine-shard': 'default' },
    });
    expect(own.status).toBe(200);
    expect(own.json.data.memberId).toBe(bobTeam.memberId);
  });

  it("cannot switch into another user's team", async () => {
    const res = await bob.request('PUT', '/v1/engine/active', { body: { engineCode: aliceTeam.engineCode } });
    expect(res.status).toBe(403);
    const list = await bob.request('GET', '/v1/engine/list');
    expect(list.json.data.map((e: { engineCode: string }) => e.engineCode)).toEqual([bobTeam.engineCode]);
  });

  it("no registered GET route answers with another team's data, with or without forged headers", async () => {
    const routes: string[] = [];
    for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = line.match(/(\/[^\s(]*) \(([^)]*)\)/);
      if (m?.[1] && m[2]?.includes('GET') && !m[1].includes(':') && !m[1].includes('*')) routes.push(m[1]);
    }
    const apiRoutes = routes.filter((r) => r.startsWith('/v1/') || r.startsWith('/v2/'));
    expect(apiRoutes.length).toBeGreaterThan(5);
    const secrets = [aliceTeam.engineCode, aliceTeam.corpId, aliceTeam.memberId, '爱丽丝的团队'];
    for (const path of apiRoutes) {
      // The user's live stream never ends (it carries only their own invitation signals, no data).
      if (path === '/v1/logout' || path === USER_LIVE_PATH) continue;
      const headerSets: Record<string, string>[] = [
        {},
        { 'x-engine-code': aliceTeam.engineCode },
        { 'x-member-id': aliceTeam.memberId },
      ];
      for (const headers of headerSets) {
        const res = await bob.request('GET', path, { headers });
        const text = JSON.stringify(res.json ?? '');
        for (const secret of secrets) expect(text, `${path} ${JSON.stringify(headers)}`).not.toContain(secret);
        if (Object.keys(headers).length) expect(res.status, path).toBe(403);
      }
    }
  });
});
