import { ErrorCode, hashPasswordForTransport, LoginThrottle } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { PASSWORD, registeredClient, startTestServer, TestClient, type TestServer, uniqueMobile } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('register', () => {
  it('registers with a mobile number, starts a session and answers the basic user', async () => {
    const client = new TestClient(server.baseUrl);
    const account = uniqueMobile();
    const res = await client.request('POST', '/v1/user/register', {
      body: { account, name: ' 李雷 ', password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      userName: '李雷',
      nickname: '李雷',
      mobile: account,
      email: '',
      state: 'ENABLE',
    });
    expect(res.json.data.thirdBinds).toEqual({ wechat: { openName: '' } });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/canopy_sid=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const basic = await client.request('GET', '/v1/user/information/basic');
    expect(basic.json.data.id).toBe(res.json.data.id);
  });

  it('registers with an email (case-insensitive) and refuses a second registration', async () => {
    const email = `Han.Meimei.${Date.now()}@Example.com`;
    const first = await new TestClient(server.baseUrl).request('POST', '/v1/user/register', {
      body: { account: email, name: '韩梅梅', password: PASSWORD },
    });
    expect(first.status).toBe(200);
    expect(first.json.data.email).toBe(email.toLowerCase());
    const again = await new TestClient(server.baseUrl).request('POST', '/v1/user/register', {
      body: { account: email.toLowerCase(), name: '韩梅梅', password: PASSWORD },
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ errorCode: ErrorCode.accountExists, errorMessage: '该账号已注册，请直接登录' });
    const page = new TestClient(server.baseUrl);
    expect((await page.request('POST', '/v1/user/check/challenge')).status).toBe(200);
    const check = await page.request('GET', `/v1/user/check/account?account=${encodeURIComponent(email)}`);
    expect(check.json.data).toEqual({ exists: true });
  });

  it('refuses an account that is neither a mobile number nor an email, naming the field', async () => {
    const res = await new TestClient(server.baseUrl).request('POST', '/v1/user/register', {
      body: { account: 'not-an-account', name: '张三', password: PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toEqual([{ field: 'account', message: '请输入正确的手机号或邮箱' }]);
  });

  it('stores Argon2id over the browser-side hash, never the password', async () => {
    const { account } = await registeredClient(server);
    const row = await server.database.handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('mobile', '=', account)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('hashes at the production cost unless PASSWORD_HASHING says otherwise (19 MiB, 2 passes)', async () => {
    // The test servers hash cheaply (harness.ts); a server configured as in production does not.
    expect(loadConfig({}).passwordHashing).toBe('standard');
    expect(() => loadConfig({ PASSWORD_HASHING: 'weak' })).toThrow(/PASSWORD_HASHING/);
    const production = await startTestServer({ passwordHashing: loadConfig({}).passwordHashing });
    try {
      const { account } = await registeredClient(production);
      const row = await production.database.handle.db
        .selectFrom('users')
        .select('password_hash')
        .where('mobile', '=', account)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const { password_hash: cheap } = await server.database.handle.db
        .selectFrom('users')
        .select('password_hash')
        .where('mobile', '=', (await registeredClient(server)).account)
        .executeTakeFirstOrThrow();
      expect(cheap).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    } finally {
      await production.close();
    }
  });
});

describe('login and logout', () => {
  it('logs in with a new session id each time and revokes the one it replaces', async () => {
    const { client, account } = await registeredClient(server);
    const registerCookie = client.sessionCookie;
    const stolen = new TestClient(server.baseUrl);
    stolen.headers.cookie = `canopy_sid=${registerCookie}`;
    const login = await client.request('POST', '/v1/user/login', { body: { account, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(client.sessionCookie).toBeTruthy();
    expect(client.sessionCookie).not.toBe(registerCookie);
    // The session that existed before login is gone: a planted cookie cannot ride along.
    expect((await stolen.request('GET', '/v1/user/information/basic')).status).toBe(401);
    expect((await client.request('GET', '/v1/user/information/basic')).status).toBe(200);
  });

  it('refuses a wrong password with a clear message and no session', async () => {
    const { account } = await registeredClient(server);
    const client = new TestClient(server.baseUrl);
    const res = await client.request('POST', '/v1/user/login', {
      body: { account, password: hashPasswordForTransport('wrong') },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ errorCode: ErrorCode.invalidCredentials, errorMessage: '账号或密码错误' });
    expect(client.sessionCookie).toBeUndefined();
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const res = await new TestClient(server.baseUrl).request('POST', '/v1/user/login', {
      body: { account: '13000000000', password: PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.json.errorCode).toBe(ErrorCode.invalidCredentials);
  });

  it('revokes the session at logout on the server, not only in the browser', async () => {
    const { client } = await registeredClient(server);
    const cookie = client.sessionCookie;
    expect((await client.request('GET', '/v1/token/terminal/check')).json.data).toBe(true);
    const out = await client.request('GET', '/v1/logout');
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ data: true });
    const replay = new TestClient(server.baseUrl);
    replay.headers.cookie = `canopy_sid=${cookie}`;
    expect((await replay.request('GET', '/v1/user/information/basic')).status).toBe(401);
    expect((await replay.request('GET', '/v1/token/terminal/check')).json.data).toBe(false);
  });

  it('slows and then refuses repeated failed logins for one account, with the time to wait', async () => {
    const { account } = await registeredClient(server);
    const client = new TestClient(server.baseUrl);
    const wrong = hashPasswordForTransport('nope');
    let last = await client.request('POST', '/v1/user/login', { body: { account, password: wrong } });
    for (let i = 1; i < LoginThrottle.lockAfterAccount; i++) {
      last = await client.request('POST', '/v1/user/login', { body: { account, password: wrong } });
    }
    expect(last.status).toBe(429);
    expect(last.json).toMatchObject({
      errorCode: ErrorCode.loginThrottled,
      errorMessage: '登录失败次数过多，请15分钟后再试',
    });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(800);
    // Even the right password is refused while locked.
    const right = await client.request('POST', '/v1/user/login', { body: { account, password: PASSWORD } });
    expect(right.status).toBe(429);
    expect(client.sessionCookie).toBeUndefined();
  }, 60_000);
});

describe('account lookups', () => {
  const lookUp = (client: TestClient, account: string) =>
    client.request('GET', `/v1/user/check/account?account=${encodeURIComponent(account)}`);

  it('answers only within a started sign-up: without its challenge the same refusal for every account (issue 30)', async () => {
    const { account } = await registeredClient(server);
    const stranger = new TestClient(server.baseUrl);
    const known = await lookUp(stranger, account);
    const unknown = await lookUp(stranger, uniqueMobile());
    // No oracle: a registered and an unregistered number get the same answer, which says neither.
    for (const res of [known, unknown]) {
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ errorCode: ErrorCode.forbidden, errorMessage: '请在注册页面输入账号后再查询' });
      expect(JSON.stringify(res.json)).not.toContain('exists');
    }
    // A made-up cookie is no challenge.
    const forged = await new TestClient(server.baseUrl).request(
      'GET',
      `/v1/user/check/account?account=${encodeURIComponent(account)}`,
      { headers: { cookie: 'canopy_check=made-up' } },
    );
    expect(forged.status).toBe(403);

    // The registration page starts the sign-up: an httpOnly, same-site-only cookie for /v1/user/check.
    const page = new TestClient(server.baseUrl);
    const started = await page.request('POST', '/v1/user/check/challenge');
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    expect(started.json.data).toEqual({
      expiresIn: LoginThrottle.challengeTtlMs / 1000,
      lookups: LoginThrottle.lookupsPerChallenge,
    });
    const cookie = started.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/canopy_check=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/v1\/user\/check/i);
    expect((await lookUp(page, account)).json.data).toEqual({ exists: true });
    expect((await lookUp(page, uniqueMobile())).json.data).toEqual({ exists: false });
    // The challenge is good for a few look-ups only, then the page asks for a new one.
    for (let i = 2; i < LoginThrottle.lookupsPerChallenge; i++)
      expect((await lookUp(page, uniqueMobile())).status).toBe(200);
    expect((await lookUp(page, account)).status).toBe(403);
    expect((await page.request('POST', '/v1/user/check/challenge')).status).toBe(200);
    expect((await lookUp(page, account)).json.data).toEqual({ exists: true });
    // The challenge is kept only as a hash, never as the cookie's value.
    const token = (cookie.match(/canopy_check=([^;]+)/) ?? [])[1] ?? '';
    const rows = await server.database.handle.db.selectFrom('account_checks').select('id').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).not.toContain(token);
  });

  it('refuses a cross-site start of a sign-up', async () => {
    const res = await new TestClient(server.baseUrl).request('POST', '/v1/user/check/challenge', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/canopy_check=/);
  });

  it('pauses a client address that looks up too many accounts: as many as its failed logins (issue 30)', async () => {
    const lookup = await startTestServer();
    try {
      const client = new TestClient(lookup.baseUrl);
      const challenge = () => client.request('POST', '/v1/user/check/challenge');
      expect((await challenge()).status).toBe(200);
      let last = await lookUp(client, '13000000000');
      expect(last.json.data).toEqual({ exists: false });
      // Not an account oracle: the address's login limit, not hundreds a window.
      expect(LoginThrottle.lookupsPerWindow).toBe(LoginThrottle.lockAfterAddress);
      for (let i = 1; i < LoginThrottle.lookupsPerWindow; i++) {
        // A fresh challenge whenever one is spent, as the page does: the limit is the address's.
        if (i % LoginThrottle.lookupsPerChallenge === 0) expect((await challenge()).status).toBe(200);
        last = await lookUp(client, `1300000${String(i).padStart(4, '0')}`);
      }
      expect(last.status).toBe(200);
      expect((await challenge()).status).toBe(200);
      const over = await lookUp(client, '13099999999');
      expect(over.status).toBe(429);
      expect(over.json.errorMessage).toBe('查询过于频繁，请15分钟后再试');
      expect(over.json.errorCode).toBe(ErrorCode.rateLimited);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(800);
    } finally {
      await lookup.close();
    }
  }, 120_000);

  it('pauses a client address that starts too many sign-ups', async () => {
    const lookup = await startTestServer();
    try {
      const client = new TestClient(lookup.baseUrl);
      for (let i = 0; i < LoginThrottle.challengesPerWindow; i++)
        expect((await client.request('POST', '/v1/user/check/challenge')).status).toBe(200);
      const over = await client.request('POST', '/v1/user/check/challenge');
      expect(over.status).toBe(429);
      expect(over.json.errorCode).toBe(ErrorCode.rateLimited);
    } finally {
      await lookup.close();
    }
  }, 120_000);
});

describe('with team sub-domains', () => {
  it('scopes the session cookie to the root domain so every team host shares it', async () => {
    const sub = await startTestServer({ rootDomain: 'canopy.example.com' });
    try {
      const res = await new TestClient(sub.baseUrl).request('POST', '/v1/user/register', {
        body: { account: uniqueMobile(), name: '子域', password: PASSWORD },
      });
      expect(res.headers.get('set-cookie')).toMatch(/Domain=canopy\.example\.com/i);
    } finally {
      await sub.close();
    }
  });
});
