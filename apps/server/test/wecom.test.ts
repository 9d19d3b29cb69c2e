import {
  AccountEndpoints,
  SystemEndpoints,
  WECOM_CALLBACK_PATH,
  WECOM_QR_MODE,
  WECOM_START_PATH,
  WecomEndpoints,
} from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WecomClient, WecomUnreachable } from '../src/modules/wecom/client.js';
import { Browser } from './browser.js';
import { registeredClient, startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam } from './org-helpers.js';
import { startWecomServer, type WecomServer } from './wecom-server.js';

/**
 * WeCom (企业微信): binding from the WeCom client while signed in, sign-in inside WeCom afterwards,
 * the spec's "未绑定企业微信，请前往PC端绑定" for an unbound member, and the JS-SDK ticket calls —
 * against a stand-in for WeCom's API and OAuth page run inside the test.
 */

let wecom: WecomServer;
let server: TestServer;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  wecom = await startWecomServer();
  server = await startTestServer({ wecom: wecom.config });
  team = await createTeam(server, '青禾制造');
});
afterAll(async () => {
  await server?.close();
  await wecom?.close();
});

/** A browser already signed in as this client (the WeCom PC client after a password login). */
function browserOf(client: TestClient): Browser {
  const browser = new Browser();
  browser.setCookie(server.baseUrl, 'canopy_sid', client.sessionCookie ?? '');
  return browser;
}

async function whoIs(browser: Browser): Promise<string | null> {
  const res = await fetch(`${server.baseUrl}${AccountEndpoints.basic.path}`, {
    headers: { cookie: browser.cookieHeader(server.baseUrl) },
  });
  return res.status === 200 ? ((await res.json()) as { data: { id: string } }).data.id : null;
}

const start = (purpose: 'login' | 'bind', redirect = '/home') =>
  `${server.baseUrl}${WECOM_START_PATH}?purpose=${purpose}&redirect=${encodeURIComponent(redirect)}`;

describe('WeCom sign-in and binding', () => {
  it('the login page learns that WeCom sign-in is offered', async () => {
    const res = await fetch(`${server.baseUrl}${SystemEndpoints.info.path}`);
    expect((await res.json()).data.wecom).toBe(true);
  });

  it('an unbound WeCom member is told to bind on the PC client, and is not signed in', async () => {
    wecom.nextMember = 'nobody-bound';
    const browser = new Browser();
    const landed = await browser.open(start('login'));
    // Canopy → WeCom's OAuth page → back to the callback with a code.
    expect(browser.visited[1]?.startsWith(`${wecom.config.oauthBase}/connect/oauth2/authorize?`)).toBe(true);
    expect(browser.visited.some((u) => u.startsWith(`${server.baseUrl}${WECOM_CALLBACK_PATH}?code=`))).toBe(true);
    expect(landed.status).toBe(403);
    expect(landed.text).toContain('未绑定企业微信，请前往PC端绑定');
    expect(await whoIs(browser)).toBeNull();
  });

  it('binding from the WeCom client, then signing in through WeCom lands on the page asked for', async () => {
    const { client, userId } = await registeredClient(server, '张三');
    expect((await client.request('GET', WecomEndpoints.binding.path)).json.data).toEqual({
      available: true,
      wecomUserId: '',
    });
    wecom.nextMember = 'zhangsan';
    const bound = await browserOf(client).open(start('bind', '/home?settings=account'));
    expect(bound.url).toBe(`${server.baseUrl}/home?settings=account`);
    expect((await client.request('GET', WecomEndpoints.binding.path)).json.data.wecomUserId).toBe('zhangsan');

    const browser = new Browser();
    const landed = await browser.open(start('login', '/app/abc?tab=2'));
    expect(landed.url).toBe(`${server.baseUrl}/app/abc?tab=2`);
    expect(await whoIs(browser)).toBe(userId);
    expect(browser.cookie(server.baseUrl, 'canopy_wecom')).toBeUndefined();
  });

  it('扫码登录 in an ordinary browser goes through WeCom’s QR web login and signs the bound account in', async () => {
    const { client, userId } = await registeredClient(server, '扫码人');
    wecom.nextMember = 'saoma';
    await browserOf(client).open(start('bind'));
    const browser = new Browser();
    const landed = await browser.open(`${start('login', '/todos/approval')}&mode=${WECOM_QR_MODE}`);
    // Canopy → WeCom's QR page (not the in-client OAuth page) → back with a code once scanned.
    expect(browser.visited[1]?.startsWith(`${wecom.config.loginBase}/wwlogin/sso/login?`)).toBe(true);
    const qrPage = new URL(browser.visited[1] ?? '');
    expect(qrPage.searchParams.get('login_type')).toBe('CorpApp');
    expect(qrPage.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}${WECOM_CALLBACK_PATH}`);
    expect(landed.url).toBe(`${server.baseUrl}/todos/approval`);
    expect(await whoIs(browser)).toBe(userId);

    // An unbound scanner is told in words and stays signed out.
    wecom.nextMember = 'saoma-unbound';
    const stranger = new Browser();
    const refused = await stranger.open(`${start('login')}&mode=${WECOM_QR_MODE}`);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('未绑定企业微信，请前往PC端绑定');
    expect(await whoIs(stranger)).toBeNull();
  });

  it('a WeCom identity binds one account: another account is refused and keeps nothing', async () => {
    const other = await registeredClient(server, '李四');
    wecom.nextMember = 'zhangsan';
    const refused = await browserOf(other.client).open(start('bind'));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('该企业微信账号已绑定其他账号');
    expect((await other.client.request('GET', WecomEndpoints.binding.path)).json.data.wecomUserId).toBe('');
  });

  it('rebinding moves the account to its new WeCom identity; unbinding ends WeCom sign-in', async () => {
    const { client, userId } = await registeredClient(server, '王五');
    wecom.nextMember = 'wangwu-old';
    await browserOf(client).open(start('bind'));
    wecom.nextMember = 'wangwu';
    await browserOf(client).open(start('bind'));
    expect((await client.request('GET', WecomEndpoints.binding.path)).json.data.wecomUserId).toBe('wangwu');
    const signedIn = new Browser();
    await signedIn.open(start('login')); // nextMember is still wangwu
    expect(await whoIs(signedIn)).toBe(userId);
    wecom.nextMember = 'wangwu-old';
    expect((await new Browser().open(start('login'))).text).toContain('未绑定企业微信');

    expect((await client.request('DELETE', WecomEndpoints.unbind.path)).json.data.wecomUserId).toBe('');
    wecom.nextMember = 'wangwu';
    const after = await new Browser().open(start('login'));
    expect(after.status).toBe(403);
    expect(after.text).toContain('未绑定企业微信，请前往PC端绑定');
  });

  it('binding needs a signed-in account; a non-member of the WeCom corp cannot sign in', async () => {
    const anonymous = await new Browser().open(start('bind'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toContain('请先登录账号，再绑定企业微信');
    wecom.nextMember = null;
    const outsider = await new Browser().open(start('login'));
    expect(outsider.status).toBe(403);
    expect(outsider.text).toContain('不是本企业成员');
  });

  it('a callback without this browser’s round, or replayed, is refused in words', async () => {
    wecom.nextMember = 'zhangsan';
    const browser = new Browser();
    await browser.open(start('login'));
    const callback = browser.visited.find((u) => u.includes(WECOM_CALLBACK_PATH)) ?? '';
    const replay = await browser.open(callback);
    expect(replay.status).toBe(403);
    expect(replay.text).toContain('企业微信登录已失效');
    const forged = await new Browser().open(`${server.baseUrl}${WECOM_CALLBACK_PATH}?code=x&state=y`);
    expect(forged.text).toContain('企业微信登录已失效');
  });

  it('a redirect never leaves the product', async () => {
    wecom.nextMember = 'zhangsan';
    const landed = await new Browser().open(start('login', '//evil.example/x'));
    expect(landed.url).toBe(`${server.baseUrl}/`);
  });
});

describe('WeCom JS-SDK tickets', () => {
  it('a member gets the corp and app tickets; tokens and tickets are fetched once and kept', async () => {
    const member = await joinTeam(server, team, '赵六');
    const before = wecom.calls.get('/cgi-bin/gettoken') ?? 0;
    const first = await member.client.request('GET', WecomEndpoints.agentTicket.path);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ wecomCorpId: 'ww-test-corp', agentId: '1000002' });
    expect(first.json.data.ticket).toMatch(/^corp-ticket-/);
    expect(first.json.data.agentTicket).toMatch(/^agent-ticket-/);
    const again = await member.client.request('GET', WecomEndpoints.agentTicket.path);
    expect(again.json.data).toEqual(first.json.data);
    expect((wecom.calls.get('/cgi-bin/gettoken') ?? 0) - before).toBeLessThanOrEqual(1);

    const corp = await member.client.request('GET', `${WecomEndpoints.jsApiTicket.path}?corpId=${team.corpId}`);
    expect(corp.json.data).toEqual({ jsApiTicket: first.json.data.ticket, wxCorpId: 'ww-test-corp' });
  });

  it("another team's corpId selects nothing: refused", async () => {
    const other = await createTeam(server, '别家公司');
    const res = await team.owner.request('GET', `${WecomEndpoints.jsApiTicket.path}?corpId=${other.corpId}`);
    expect(res.status).toBe(403);
    expect(res.json.errorMessage).toBe('只能获取当前团队的企业微信凭证');
    expect((await team.owner.request('GET', WecomEndpoints.jsApiTicket.path)).status).toBe(400);
  });

  it('without a session: 401; without a team: refused', async () => {
    const anonymous = await fetch(`${server.baseUrl}${WecomEndpoints.agentTicket.path}`);
    expect(anonymous.status).toBe(401);
    const { client } = await registeredClient(server, '无团队');
    expect((await client.request('GET', WecomEndpoints.agentTicket.path)).status).toBe(403);
  });
});

describe('the WeCom API client', () => {
  it('keeps tickets until shortly before they end, then fetches again', async () => {
    let now = 1_000_000;
    const client = new WecomClient(wecom.config, () => now);
    const before = wecom.calls.get('/cgi-bin/get_jsapi_ticket') ?? 0;
    const first = await client.jsApiTicket();
    expect(await client.jsApiTicket()).toBe(first);
    expect((wecom.calls.get('/cgi-bin/get_jsapi_ticket') ?? 0) - before).toBe(1);
    now += 7200 * 1000; // past WeCom's two hours
    await client.jsApiTicket();
    expect((wecom.calls.get('/cgi-bin/get_jsapi_ticket') ?? 0) - before).toBe(2);
  });

  it('a token WeCom no longer accepts is replaced once and the call answered', async () => {
    let now = 5_000_000;
    const client = new WecomClient(wecom.config, () => now);
    await client.agentTicket();
    const tokens = wecom.calls.get('/cgi-bin/gettoken') ?? 0;
    wecom.expireToken();
    now += 7200 * 1000; // the ticket is due; the kept token is refused by WeCom
    expect(await client.agentTicket()).toMatch(/^agent-ticket-/);
    expect((wecom.calls.get('/cgi-bin/gettoken') ?? 0) - tokens).toBe(1);
  });

  it('requests arriving together share one token fetch', async () => {
    const client = new WecomClient(wecom.config);
    const tokens = wecom.calls.get('/cgi-bin/gettoken') ?? 0;
    await Promise.all([client.jsApiTicket(), client.agentTicket(), client.jsApiTicket()]);
    expect((wecom.calls.get('/cgi-bin/gettoken') ?? 0) - tokens).toBe(1);
  });

  it('WeCom unreachable or refusing is told apart', async () => {
    const client = new WecomClient(wecom.config);
    wecom.down = true;
    try {
      await expect(client.jsApiTicket()).rejects.toBeInstanceOf(WecomUnreachable);
    } finally {
      wecom.down = false;
    }
    const wrongSecret = new WecomClient({ ...wecom.config, secret: 'wrong' });
    await expect(wrongSecret.agentTicket()).rejects.toMatchObject({ errcode: 40001 });
  });

  it('an unreachable WeCom answers the ticket call with a 502 in words', async () => {
    const lonely = await startTestServer({ wecom: { ...wecom.config, apiBase: 'http://127.0.0.1:9' } });
    try {
      const owner = await createTeam(lonely, '断网公司');
      const res = await owner.owner.request('GET', WecomEndpoints.agentTicket.path);
      expect(res.status).toBe(502);
      expect(res.json.errorMessage).toBe('无法连接企业微信，请稍后重试或联系管理员');
    } finally {
      await lonely.close();
    }
  });
});

describe('WeCom not set up', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('the pages say so, the binding is not available, the tickets are 404', async () => {
    const page = await fetch(`${plain.baseUrl}${WECOM_START_PATH}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('本实例未开启企业微信登录');
    const { client } = await registeredClient(plain, '某人');
    expect((await client.request('GET', WecomEndpoints.binding.path)).json.data).toEqual({
      available: false,
      wecomUserId: '',
    });
    const tickets = await client.request('GET', WecomEndpoints.agentTicket.path);
    expect(tickets.status).toBe(404);
    expect(tickets.json.errorMessage).toBe('本实例未开启企业微信登录');
    const info = await fetch(`${plain.baseUrl}${SystemEndpoints.info.path}`);
    expect((await info.json()).data.wecom).toBe(false);
  });
});
