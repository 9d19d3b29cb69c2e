import { ApiTokenLimits } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintenance } from '../src/maintenance.js';
import { startTestServer, TestClient, type TestServer } from './harness.js';
import { bearer, createToken, type OpenApiFixture, openApiFixture } from './open-api-helpers.js';

/**
 * API tokens (issue 17): created in account settings, stored hashed, scoped to a team, some apps,
 * read-only or read-write, expiring, revocable, rate limited; a token acts exactly with its owner's
 * app role, field rules and row rules on every records call of `/open/v1`.
 */
let server: TestServer;
let fx: OpenApiFixture;
let anon: TestClient;
let ownerRecord: string;
let aliceToken: string;

const call = (token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  anon.request(method, path, { body, headers: { ...bearer(token), ...headers } });

async function recordCount(): Promise<number> {
  const res = await fx.team.owner.request('POST', `${fx.base}/records/count`, { body: {} });
  return res.json.data.count;
}

beforeAll(async () => {
  server = await startTestServer();
  fx = await openApiFixture(server);
  anon = new TestClient(server.baseUrl);
  ownerRecord = (
    await fx.team.owner.request('POST', `${fx.base}/records`, {
      body: { data: { [fx.f.name]: '负责人的单', [fx.f.region]: '华东', [fx.f.cost]: 99 } },
    })
  ).json.data.id;
  aliceToken = (await createToken(fx.alice.client, { appCodes: [fx.appCode] })).token;
});
afterAll(async () => server?.close());

describe('creating and listing tokens', () => {
  it('shows the secret once, keeps only its hash, and lists it with its scope and last use', async () => {
    const created = await fx.alice.client.request('POST', '/v1/user/api-tokens', {
      body: { name: '报表脚本', appCodes: [fx.appCode], readOnly: true, expiresInDays: 7 },
    });
    expect(created.status).toBe(200);
    const { token, item } = created.json.data;
    expect(token).toMatch(/^cnp_[\w-]{43}$/);
    expect(item).toMatchObject({ name: '报表脚本', readOnly: true, appCodes: [fx.appCode], state: 'active' });
    expect(item.engineCode).toBe(fx.team.engineCode);
    expect(item.expiresAt - item.createdAt).toBe(7 * 86_400_000);
    const rows = await server.database.handle.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', item.id)
      .execute();
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token.slice(10));
    const list = await fx.alice.client.request('GET', '/v1/user/api-tokens');
    expect(JSON.stringify(list.json)).not.toContain(token.slice(10));
    const listed = list.json.data.find((t: { id: string }) => t.id === item.id);
    expect(listed).toMatchObject({ lastUsedAt: null, prefix: token.slice(0, 10), engineName: '开放接口团队' });
    expect((await call(token, 'GET', `${fx.open}/records`)).status).toBe(200);
    await expect
      .poll(async () => {
        const again = await fx.alice.client.request('GET', '/v1/user/api-tokens');
        return again.json.data.find((t: { id: string }) => t.id === item.id).lastUsedAt;
      })
      .toBeGreaterThan(0);
  });

  it('refuses apps outside the team, a missing name and unknown expiries, naming the field', async () => {
    const foreign = await fx.alice.client.request('POST', '/v1/user/api-tokens', {
      body: { name: 'x', appCodes: ['nope'], readOnly: false, expiresInDays: 30 },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual(['appCodes']);
    const blank = await fx.alice.client.request('POST', '/v1/user/api-tokens', {
      body: { name: '  ', appCodes: [fx.appCode], readOnly: false, expiresInDays: 30 },
    });
    expect(blank.status).toBe(400);
    const days = await fx.alice.client.request('POST', '/v1/user/api-tokens', {
      body: { name: 'x', appCodes: [fx.appCode], readOnly: false, expiresInDays: 3 },
    });
    expect(days.status).toBe(400);
    expect(days.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual(['expiresInDays']);
  });

  it('needs a session: a token cannot list, create or revoke tokens, nor manage the account or team', async () => {
    for (const [method, path, body] of [
      ['GET', '/v1/user/api-tokens', undefined],
      ['POST', '/v1/user/api-tokens', { name: 'x', appCodes: [fx.appCode], readOnly: false, expiresInDays: 30 }],
      ['DELETE', '/v1/user/api-tokens/whatever', undefined],
      ['GET', '/v1/user/information/basic', undefined],
      ['POST', '/v1/apps', { displayName: '偷建' }],
      ['POST', '/v1/corpintegrate/invitation', {}],
      ['GET', `${fx.base}/records`, undefined],
      ['POST', `${fx.base}/records`, { data: {} }],
    ] as const) {
      const res = await call(aliceToken, method, path, body);
      expect([res.status, res.json.errorCode], `${method} ${path}`).toEqual([403, 'auth.forbidden']);
    }
  });

  it('answers 401 for a malformed, unknown or cookie-less wrong token, even beside a valid session cookie', async () => {
    for (const header of ['Bearer', 'Bearer cnp_nothing', 'Bearer abc', 'Basic abc', 'bearer  ']) {
      const res = await anon.request('GET', `${fx.open}/records`, { headers: { authorization: header } });
      expect(res.status, header).toBe(401);
    }
    const withCookie = await fx.alice.client.request('GET', `${fx.open}/records`, {
      headers: { authorization: 'Bearer cnp_forged' },
    });
    expect(withCookie.status).toBe(401);
    // Another scheme (a proxy's Basic credentials passed along) is not a token: the cookie decides.
    const basic = await fx.alice.client.request('GET', `${fx.open}/records`, {
      headers: { authorization: 'Basic dXNlcjpwdw==' },
    });
    expect(basic.status).toBe(200);
  });
});

describe('a token acts as its owner, never more', () => {
  it('lists only the rows her row rule reaches, without her hidden fields, in the token’s team whatever the headers say', async () => {
    const mine = await call(aliceToken, 'POST', `${fx.open}/records`, {
      data: { [fx.f.name]: '艾丽的单', [fx.f.region]: '华南' },
    });
    expect(mine.status, JSON.stringify(mine.json)).toBe(200);
    expect(mine.json.data.data).not.toHaveProperty(fx.f.cost);
    const list = await call(aliceToken, 'GET', `${fx.open}/records`, undefined, {
      'x-engine-code': 'some-other-team',
      'x-corp-admin': '1',
    });
    expect(list.status).toBe(200);
    expect(list.json.data.resultList.map((r: { data: Record<string, unknown> }) => r.data[fx.f.name])).toEqual([
      '艾丽的单',
    ]);
    for (const r of list.json.data.resultList) expect(r.data).not.toHaveProperty(fx.f.cost);
    // The owner's session sees both, with 成本.
    const owner = await fx.team.owner.request('POST', `${fx.open}/records/query`, { body: {} });
    expect(owner.json.data.resultList.length).toBe(2);
    expect(owner.json.data.resultList.some((r: { data: Record<string, unknown> }) => r.data[fx.f.cost] === 99)).toBe(
      true,
    );
  });

  it('refuses every call on a record outside her rule and every use of the hidden field', async () => {
    expect((await call(aliceToken, 'GET', `${fx.open}/records/${ownerRecord}`)).status).toBe(403);
    const update = await call(aliceToken, 'PATCH', `${fx.open}/records/${ownerRecord}`, {
      version: 1,
      data: { [fx.f.region]: '西北' },
    });
    expect(update.status).toBe(403);
    expect((await call(aliceToken, 'DELETE', `${fx.open}/records/${ownerRecord}?version=1`)).status).toBe(403);
    const batch = await call(aliceToken, 'POST', `${fx.open}/records/batch`, {
      create: [{ data: { [fx.f.name]: '批量一' } }],
      delete: [{ id: ownerRecord, version: 1 }],
    });
    expect(batch.status).toBe(403);
    const filter = await call(aliceToken, 'POST', `${fx.open}/records/query`, {
      filter: { op: 'and', conditions: [{ field: fx.f.cost, operator: 'gt', value: 1 }] },
    });
    expect(filter.status).toBe(400);
    const sort = await call(aliceToken, 'POST', `${fx.open}/records/query`, {
      sorts: [{ field: fx.f.cost, direction: 'desc' }],
    });
    expect(sort.status).toBe(400);
    const write = await call(aliceToken, 'POST', `${fx.open}/records`, { data: { [fx.f.name]: 'x', [fx.f.cost]: 1 } });
    expect(write.status).toBe(400);
    expect(write.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual([fx.f.cost]);
    const owner = await fx.team.owner.request('GET', `${fx.base}/records/${ownerRecord}`);
    expect(owner.json.data).toMatchObject({ version: 1, data: { [fx.f.region]: '华东' } });
    expect(await recordCount()).toBe(2);
  });

  it('loses what the owner loses: a narrower role applies to the token at once', async () => {
    const res = await fx.team.owner.request('PUT', fx.base, {
      body: { permissions: { add: ['manager'], view: ['manager'], edit: ['manager'], delete: ['manager'] } },
    });
    expect(res.status).toBe(200);
    expect((await call(aliceToken, 'GET', `${fx.open}/records`)).status).toBe(403);
    const all = ['manager', 'member'];
    await fx.team.owner.request('PUT', fx.base, {
      body: {
        permissions: {
          add: all,
          view: all,
          edit: all,
          delete: all,
          fields: { [fx.f.cost]: { member: 'hidden' } },
          rows: { member: { scope: 'mine' } },
        },
      },
    });
    expect((await call(aliceToken, 'GET', `${fx.open}/records`)).status).toBe(200);
  });

  it('reads, changes and deletes her own records through the token', async () => {
    const created = await call(aliceToken, 'POST', `${fx.open}/records`, { data: { [fx.f.name]: '临时' } });
    const id = created.json.data.id;
    const got = await call(aliceToken, 'GET', `${fx.open}/records/${id}`);
    expect(got.json.data.data[fx.f.name]).toBe('临时');
    const changed = await call(aliceToken, 'PATCH', `${fx.open}/records/${id}`, {
      version: 1,
      data: { [fx.f.region]: '华北' },
    });
    expect(changed.json.data).toMatchObject({ version: 2, data: { [fx.f.region]: '华北' } });
    const stale = await call(aliceToken, 'PATCH', `${fx.open}/records/${id}`, { version: 1, data: {} });
    expect(stale.status).toBe(409);
    // Her hidden field stays out of reach on updates and batches too.
    const hiddenUpdate = await call(aliceToken, 'PATCH', `${fx.open}/records/${id}`, {
      version: 2,
      data: { [fx.f.cost]: 5 },
    });
    expect(hiddenUpdate.status).toBe(400);
    const batch = await call(aliceToken, 'POST', `${fx.open}/records/batch`, {
      update: [{ id, version: 2, data: { [fx.f.region]: '西南' } }],
    });
    expect(batch.status, JSON.stringify(batch.json)).toBe(200);
    expect(batch.json.data.updated[0].data).not.toHaveProperty(fx.f.cost);
    const hiddenBatch = await call(aliceToken, 'POST', `${fx.open}/records/batch`, {
      update: [{ id, version: 3, data: { [fx.f.cost]: 5 } }],
    });
    expect(hiddenBatch.status).toBe(400);
    expect((await call(aliceToken, 'DELETE', `${fx.open}/records/${id}?version=3`)).status).toBe(200);
    expect((await call(aliceToken, 'GET', `${fx.open}/records/${id}`)).status).toBe(404);
  });
});

describe('scope, read-only, expiry and revocation', () => {
  it('refuses apps the token does not name', async () => {
    const res = await call(aliceToken, 'GET', `/open/v1/apps/${fx.otherApp}/tables/${fx.tableCode}/records`);
    expect([res.status, res.json.errorMessage]).toEqual([403, '该令牌无权访问此应用']);
  });

  it('lets a read-only token read and query but not write', async () => {
    const { token } = await createToken(fx.alice.client, { appCodes: [fx.appCode], readOnly: true });
    expect((await call(token, 'GET', `${fx.open}/records`)).status).toBe(200);
    expect((await call(token, 'POST', `${fx.open}/records/query`, {})).status).toBe(200);
    const before = await recordCount();
    for (const [method, path, body] of [
      ['POST', `${fx.open}/records`, { data: { [fx.f.name]: 'x' } }],
      ['PATCH', `${fx.open}/records/x`, { version: 1, data: {} }],
      ['DELETE', `${fx.open}/records/x`, undefined],
      ['POST', `${fx.open}/records/batch`, { create: [{ data: { [fx.f.name]: 'x' } }] }],
    ] as const) {
      const res = await call(token, method, path, body);
      expect([res.status, res.json.errorMessage], `${method} ${path}`).toEqual([403, '只读令牌不能修改数据']);
    }
    expect(await recordCount()).toBe(before);
  });

  it('stops an expired token and a revoked one, and lists them so', async () => {
    const expiring = await createToken(fx.alice.client, { appCodes: [fx.appCode] });
    expect((await call(expiring.token, 'GET', `${fx.open}/records`)).status).toBe(200);
    await server.database.handle.db
      .updateTable('api_tokens')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', expiring.id)
      .execute();
    expect((await call(expiring.token, 'GET', `${fx.open}/records`)).status).toBe(401);

    const revoking = await createToken(fx.alice.client, { appCodes: [fx.appCode] });
    expect((await call(revoking.token, 'GET', `${fx.open}/records`)).status).toBe(200);
    // Someone else cannot revoke it.
    expect((await fx.team.owner.request('DELETE', `/v1/user/api-tokens/${revoking.id}`)).status).toBe(404);
    expect((await fx.alice.client.request('DELETE', `/v1/user/api-tokens/${revoking.id}`)).status).toBe(200);
    expect((await call(revoking.token, 'GET', `${fx.open}/records`)).status).toBe(401);

    const list = (await fx.alice.client.request('GET', '/v1/user/api-tokens')).json.data;
    const state = (id: string) => list.find((t: { id: string }) => t.id === id).state;
    expect([state(expiring.id), state(revoking.id)]).toEqual(['expired', 'revoked']);
  });

  it('stops a token whose owner left the team', async () => {
    const server2 = await startTestServer();
    try {
      const fx2 = await openApiFixture(server2);
      const { token } = await createToken(fx2.alice.client, { appCodes: [fx2.appCode] });
      const client = new TestClient(server2.baseUrl);
      expect((await client.request('GET', `${fx2.open}/records`, { headers: bearer(token) })).status).toBe(200);
      const left = await fx2.alice.client.request('DELETE', `/v1/engine/${fx2.team.engineCode}/membership`);
      expect(left.status).toBe(200);
      const after = await client.request('GET', `${fx2.open}/records`, { headers: bearer(token) });
      expect(after.status).toBe(403);
    } finally {
      await server2.close();
    }
  });
});

describe('housekeeping', () => {
  it('keeps revoked and expired tokens listed for 30 days, then sweeps them; only live ones count to the cap', async () => {
    const own = await startTestServer();
    try {
      const fx2 = await openApiFixture(own);
      const live = await createToken(fx2.alice.client, { appCodes: [fx2.appCode], expiresInDays: 365 });
      const revoked = await createToken(fx2.alice.client, { appCodes: [fx2.appCode] });
      expect((await fx2.alice.client.request('DELETE', `/v1/user/api-tokens/${revoked.id}`)).status).toBe(200);
      const db = own.database.handle.db;
      const ids = async () => (await db.selectFrom('api_tokens').select('id').execute()).map((r) => r.id).sort();
      await runMaintenance(db, own.dataDir, Date.now() + 29 * 86_400_000);
      expect(await ids()).toEqual([live.id, revoked.id].sort());
      await runMaintenance(db, own.dataDir, Date.now() + 31 * 86_400_000);
      expect(await ids()).toEqual([live.id]);
    } finally {
      await own.close();
    }
  });

  it('refuses a token past the cap of live tokens, but counts no revoked one', async () => {
    const own = await startTestServer();
    try {
      const fx2 = await openApiFixture(own);
      const made = [];
      for (let i = 0; i < ApiTokenLimits.perUser; i++)
        made.push(await createToken(fx2.alice.client, { appCodes: [fx2.appCode] }));
      const body = { name: 'x', appCodes: [fx2.appCode], readOnly: true, expiresInDays: 7 };
      const over = await fx2.alice.client.request('POST', '/v1/user/api-tokens', { body });
      expect([over.status, over.json.errorMessage]).toEqual([400, `令牌数量已达上限（${ApiTokenLimits.perUser}个）`]);
      await fx2.alice.client.request('DELETE', `/v1/user/api-tokens/${made[0]?.id}`);
      expect((await fx2.alice.client.request('POST', '/v1/user/api-tokens', { body })).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('batch', () => {
  it('writes up to 1,000 rows all or nothing', async () => {
    const before = await recordCount();
    const rows = Array.from({ length: ApiTokenLimits.batchMax }, (_, i) => ({ data: { [fx.f.name]: `批量${i}` } }));
    const bad = [...rows.slice(0, 999), { data: { [fx.f.name]: 'x', [fx.f.cost]: 5 } }];
    const refused = await call(aliceToken, 'POST', `${fx.open}/records/batch`, { create: bad });
    expect(refused.status).toBe(400);
    expect(await recordCount()).toBe(before);
    const tooMany = await call(aliceToken, 'POST', `${fx.open}/records/batch`, {
      create: rows,
      delete: [{ id: ownerRecord, version: 1 }],
    });
    expect(tooMany.status).toBe(400);
    expect(await recordCount()).toBe(before);
    const ok = await call(aliceToken, 'POST', `${fx.open}/records/batch`, { create: rows });
    expect(ok.status, JSON.stringify(ok.json).slice(0, 300)).toBe(200);
    expect(ok.json.data.created.length).toBe(ApiTokenLimits.batchMax);
    expect(await recordCount()).toBe(before + ApiTokenLimits.batchMax);
  }, 120_000);
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the token’s rate, per token', async () => {
    const limited = await startTestServer({ apiTokenRatePerMinute: 3 });
    try {
      const fx2 = await openApiFixture(limited);
      const client = new TestClient(limited.baseUrl);
      const one = await createToken(fx2.alice.client, { appCodes: [fx2.appCode] });
      const two = await createToken(fx2.alice.client, { appCodes: [fx2.appCode] });
      const get = (token: string) => client.request('GET', `${fx2.open}/records`, { headers: bearer(token) });
      for (let i = 0; i < 3; i++) expect((await get(one.token)).status).toBe(200);
      const over = await get(one.token);
      expect(over.status).toBe(429);
      expect(over.json.errorCode).toBe('common.rate.limited');
      const wait = Number(over.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect((await get(two.token)).status).toBe(200);
      // The session path is not limited by tokens.
      expect((await fx2.alice.client.request('GET', `${fx2.open}/records`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
