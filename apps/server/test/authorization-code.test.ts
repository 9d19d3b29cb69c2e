import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient, startTestServer, TestClient, type TestServer } from './harness.js';

/** "Open in browser" (spec §7 authorizationCode): a one-minute, single-use code that signs the system browser in. */
let server: TestServer;
let user: TestClient;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = (await registeredClient(server, '钉钉用户')).client;
  userId = (await user.request('GET', '/v1/user/information/basic')).json.data.id;
});
afterAll(async () => server?.close());

const issue = async (query = 'clientType=pc_web') => {
  const res = await user.request('POST', `/v1/user/information/authorizationCode?${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { code: string; url: string; expiresAt: number };
};
const pathOf = (url: string) => url.slice(url.indexOf('/v1/'));

describe('authorization code', () => {
  it('signs a fresh browser in once and lands on the page asked for; a replay is refused', async () => {
    const before = Date.now();
    const issued = await issue(`clientType=pc_web&redirect=${encodeURIComponent('/app/abc?tab=1')}`);
    expect(issued.url).toMatch(
      /^http:\/\/localhost:\d+\/v1\/user\/information\/authorizationCode\/open\?code=[\w-]{43}$/,
    );
    expect(issued.expiresAt).toBeGreaterThanOrEqual(before + 60_000);
    expect(issued.expiresAt).toBeLessThanOrEqual(Date.now() + 60_000);

    // Stored only as a hash.
    const rows = await server.database.handle.db.selectFrom('authorization_codes').selectAll().execute();
    expect(rows.some((r) => r.code_hash === issued.code || r.redirect.includes(issued.code))).toBe(false);
    expect(rows.filter((r) => r.user_id === userId)).toHaveLength(1);

    const browser = new TestClient(server.baseUrl);
    const opened = await browser.request('GET', pathOf(issued.url));
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/app/abc?tab=1');
    expect(browser.sessionCookie).toBeTruthy();
    expect(browser.sessionCookie).not.toBe(user.sessionCookie);
    const me = await browser.request('GET', '/v1/user/information/basic');
    expect(me.status).toBe(200);
    expect(me.json.data.id).toBe(userId);

    const stranger = new TestClient(server.baseUrl);
    const replay = await stranger.request('GET', pathOf(issued.url));
    expect(replay.status).toBe(410);
    expect(replay.headers.get('content-type')).toContain('text/html');
    expect(replay.body).toContain('链接已失效（有效期 1 分钟，且只能使用一次）');
    expect(stranger.sessionCookie).toBeUndefined();
  });

  it('lands on the workbench by default; two browsers racing with one code: only one wins', async () => {
    const issued = await issue();
    const [a, b] = [new TestClient(server.baseUrl), new TestClient(server.baseUrl)];
    const results = await Promise.all([a.request('GET', pathOf(issued.url)), b.request('GET', pathOf(issued.url))]);
    expect(results.map((r) => r.status).sort()).toEqual([302, 410]);
    expect(results.find((r) => r.status === 302)?.headers.get('location')).toBe('/');
  });

  it('refuses an expired code with a clear page, in the language asked', async () => {
    const issued = await issue();
    await server.database.handle.db
      .updateTable('authorization_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    const browser = new TestClient(server.baseUrl);
    const res = await browser.request('GET', pathOf(issued.url), { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(410);
    expect(res.body).toContain('This link is no longer valid (it works once, within one minute)');
    expect(browser.sessionCookie).toBeUndefined();
    for (const code of ['', 'nope', 'x'.repeat(500)]) {
      const bad = await browser.request('GET', `/v1/user/information/authorizationCode/open?code=${code}`);
      expect(bad.status).toBe(410);
    }
  });

  it('authenticates first, then names the field it refuses; a redirect never leaves the product', async () => {
    const anonymous = new TestClient(server.baseUrl);
    const res = await anonymous.request('POST', '/v1/user/information/authorizationCode?clientType=nope');
    expect(res.status).toBe(401);
    const count = async () =>
      (await server.database.handle.db.selectFrom('authorization_codes').select('code_hash').execute()).length;
    const before = await count();
    const wrong = await user.request('POST', '/v1/user/information/authorizationCode?clientType=ios', {
      headers: { 'accept-language': 'ja' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fieldErrors[0].field).toBe('clientType');
    expect(wrong.json.fieldErrors[0].message).toContain('クライアント種別');
    for (const redirect of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'app', '/a b']) {
      const bad = await user.request(
        'POST',
        `/v1/user/information/authorizationCode?clientType=pc_web&redirect=${encodeURIComponent(redirect)}`,
      );
      expect(bad.status, redirect).toBe(400);
      expect(bad.json.fieldErrors[0].field).toBe('redirect');
      expect(bad.json.fieldErrors[0].message).toBe('跳转地址格式不正确');
    }
    expect(await count()).toBe(before);
  });
});
