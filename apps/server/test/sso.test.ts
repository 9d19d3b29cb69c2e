import { AccountEndpoints, SSO_CALLBACK_PATH, SSO_START_PATH, SystemEndpoints } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './browser.js';
import { registeredClient, startTestServer, type TestServer } from './harness.js';
import { type IdentityProvider, startIdentityProvider } from './identity-provider.js';
import { createTeam } from './org-helpers.js';

/**
 * Sign-in with the company's OpenID Connect provider, against a real provider (oidc-provider) run
 * in the test: the whole redirect round trip with real tokens, state, nonce and PKCE.
 */

let idp: IdentityProvider;
let server: TestServer;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  idp = await startIdentityProvider();
  const oidc = idp.config({ label: '青禾统一认证' });
  server = await startTestServer({ oidc });
  idp.allow(`${server.baseUrl}${SSO_CALLBACK_PATH}`);
  team = await createTeam(server, '青禾设计');
  // The configured team exists only now; the server reads the setting at each first sign-in.
  oidc.teamCode = team.engineCode;
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

const db = () => server.database.handle.db;

async function signedInUser(browser: Browser) {
  const res = await fetch(`${server.baseUrl}${AccountEndpoints.basic.path}`, {
    headers: { cookie: browser.cookieHeader(server.baseUrl) },
  });
  return {
    status: res.status,
    user: res.status === 200 ? ((await res.json()) as { data: { id: string; userName: string } }).data : null,
  };
}

async function signIn(browser = new Browser(), redirect = '/home') {
  const landed = await browser.open(`${server.baseUrl}${SSO_START_PATH}?redirect=${encodeURIComponent(redirect)}`);
  return { browser, landed };
}

const usersNamed = (name: string) => db().selectFrom('users').selectAll().where('user_name', '=', name).execute();

describe('company sign-in (OpenID Connect)', () => {
  it('the login page learns that it is offered, with its label', async () => {
    const res = await fetch(`${server.baseUrl}${SystemEndpoints.info.path}`);
    expect((await res.json()).data.sso).toEqual({ label: '青禾统一认证' });
  });

  it('a first sign-in creates the account, joins the configured team and lands signed in', async () => {
    idp.next = { sub: 'emp-1001', name: '王芳', email: 'Wang.Fang@qinghe.example', email_verified: true };
    const { browser, landed } = await signIn(new Browser(), '/app/abc?tab=1');
    // Canopy → provider → its login and consent → back to Canopy's callback → the page asked for.
    expect(browser.visited[1]?.startsWith(idp.issuer)).toBe(true);
    expect(browser.visited.some((u) => u.startsWith(`${server.baseUrl}${SSO_CALLBACK_PATH}?code=`))).toBe(true);
    expect(landed.url).toBe(`${server.baseUrl}/app/abc?tab=1`);
    const me = await signedInUser(browser);
    expect(me.status).toBe(200);
    expect(me.user?.userName).toBe('王芳');
    const [user] = await usersNamed('王芳');
    expect(user).toMatchObject({
      email: 'wang.fang@qinghe.example',
      mobile: null,
      active_engine_code: team.engineCode,
    });
    const members = await db()
      .selectFrom('members')
      .select('role')
      .where('user_id', '=', user?.id ?? '')
      .execute();
    expect(members).toEqual([{ role: 'member' }]);
    // The state cookie is spent with the sign-in.
    expect(browser.cookie(server.baseUrl, 'canopy_sso')).toBeUndefined();
  });

  it('signing in again is the same account, still one membership', async () => {
    idp.next = { sub: 'emp-1001', name: '王芳（新名字）', email: 'wang.fang@qinghe.example', email_verified: true };
    const { browser } = await signIn();
    const me = await signedInUser(browser);
    expect(me.user?.userName).toBe('王芳');
    expect(await usersNamed('王芳（新名字）')).toEqual([]);
    const [user] = await usersNamed('王芳');
    expect(
      await db()
        .selectFrom('members')
        .select('member_id')
        .where('user_id', '=', user?.id ?? '')
        .execute(),
    ).toHaveLength(1);
  });

  it('an account whose email the provider verified is linked; an unverified email is not trusted', async () => {
    const { client, userId } = await registeredClient(server, '李雷');
    const email = `li.lei.${Date.now()}@qinghe.example`;
    await db().updateTable('users').set({ email }).where('id', '=', userId).execute();
    expect(client.sessionCookie).toBeTruthy();

    idp.next = { sub: 'emp-2002', name: '李雷', email, email_verified: true };
    const linked = await signedInUser((await signIn()).browser);
    expect(linked.user?.id).toBe(userId);

    idp.next = { sub: 'emp-3003', name: '冒名者', email, email_verified: false };
    const other = await signedInUser((await signIn()).browser);
    expect(other.user?.id).not.toBe(userId);
    const [made] = await usersNamed('冒名者');
    expect(made?.email).toBeNull();
  });

  it('a callback used twice, or in another browser, signs nobody in', async () => {
    idp.next = { sub: 'emp-4004', name: '韩梅梅', email: 'han@qinghe.example', email_verified: true };
    const { browser } = await signIn();
    const callback = browser.visited.find((u) => u.startsWith(`${server.baseUrl}${SSO_CALLBACK_PATH}`));
    expect(callback).toBeTruthy();
    const replay = await new Browser().open(callback as string);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('登录已失效');

    // Started here, finished in a browser without this one's state cookie (a planted link).
    const victim = new Browser();
    const attacker = new Browser();
    const start = await fetch(`${server.baseUrl}${SSO_START_PATH}`, { redirect: 'manual' });
    const providerUrl = start.headers.get('location') as string;
    const atProvider = await attacker.open(providerUrl);
    expect(atProvider.url.startsWith(`${server.baseUrl}${SSO_CALLBACK_PATH}`)).toBe(true);
    expect(atProvider.status).toBe(400);
    const planted = await victim.open(atProvider.url);
    expect(planted.text).toContain('登录已失效');
    expect((await signedInUser(victim)).status).toBe(401);
  });

  it('a refusal at the provider is told in words, with its reason', async () => {
    idp.refuse = '该员工已离职';
    try {
      const { browser, landed } = await signIn();
      expect(landed.status).toBe(400);
      expect(landed.text).toContain('企业身份提供方拒绝了登录：该员工已离职');
      expect(landed.text).toContain('href="/login"');
      expect((await signedInUser(browser)).status).toBe(401);
    } finally {
      idp.refuse = null;
    }
  });

  it('a disabled account is not signed in', async () => {
    idp.next = { sub: 'emp-5005', name: '停用者', email: 'off@qinghe.example', email_verified: true };
    await signIn();
    await db().updateTable('users').set({ state: 'DISABLE' }).where('user_name', '=', '停用者').execute();
    const { browser, landed } = await signIn();
    expect(landed.text).toContain('该账号已停用');
    expect((await signedInUser(browser)).status).toBe(401);
  });

  it('never sends the browser to another site after signing in', async () => {
    idp.next = { sub: 'emp-1001', name: '王芳', email: 'wang.fang@qinghe.example', email_verified: true };
    for (const redirect of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const { landed } = await signIn(new Browser(), redirect);
      expect(landed.url).toBe(`${server.baseUrl}/`);
    }
  });
});

describe('company sign-in without a provider', () => {
  it('is not offered, and its addresses say so', async () => {
    const plain = await startTestServer();
    try {
      const info = await (await fetch(`${plain.baseUrl}${SystemEndpoints.info.path}`)).json();
      expect(info.data.sso).toBeNull();
      const res = await fetch(`${plain.baseUrl}${SSO_START_PATH}`, { redirect: 'manual' });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('本实例未开启企业账号登录');
    } finally {
      await plain.close();
    }
  });

  it('a provider that cannot be reached is told in words', async () => {
    const closed = await startIdentityProvider();
    await closed.close();
    const down = await startTestServer({ oidc: closed.config() });
    try {
      const res = await fetch(`${down.baseUrl}${SSO_START_PATH}`, { redirect: 'manual' });
      expect(res.status).toBe(502);
      expect(await res.text()).toContain('无法连接企业身份提供方');
    } finally {
      await down.close();
    }
  });
});
