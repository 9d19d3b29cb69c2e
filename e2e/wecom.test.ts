import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWecomServer, type WecomServer } from '../apps/server/test/wecom-server.js';
import { cspViolations, launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, openAccountSettings, pageApi, registerWithTeam, shot } from './steps.js';

/**
 * The WeCom client as the product detects it (its user agent), against a stand-in for WeCom's API
 * and OAuth page: binding from the PC client, sign-in inside WeCom, the unbound member's message,
 * forwarding a record through the JS-SDK (a stand-in SDK served at WeCom's own script addresses),
 * and the low-version alert. Also the plugin modal, which a custom page's link opens.
 */
const PC =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) wxwork/4.1.22 MicroMessenger/7.0.1 Chrome/120.0 Safari/537.36';
const MOBILE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.22 MicroMessenger/7.0.1';
const OLD_PC = PC.replace('wxwork/4.1.22', 'wxwork/2.8.12');

/** WeCom's JS-SDK as a stand-in: records config, agentConfig and invoke calls on the page. */
const FAKE_SDK = `
window.__wecom = { config: null, agentConfig: null, invoked: [] };
window.wx = {
  config(o) { window.__wecom.config = o; setTimeout(() => (window.__wecomReady || []).forEach((f) => f()), 0); },
  ready(f) { (window.__wecomReady = window.__wecomReady || []).push(f); },
  error() {},
  agentConfig(o) { window.__wecom.agentConfig = o; setTimeout(() => o.success && o.success({}), 0); },
  invoke(name, args, cb) { window.__wecom.invoked.push({ name, args }); setTimeout(() => cb({ err_msg: name + ':ok' }), 0); },
};`;

async function wecomContext(ua: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, server.baseUrl, { userAgent: ua });
  await opened.context.route('https://res.wx.qq.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_SDK }),
  );
  await opened.context.route('https://open.work.weixin.qq.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
  );
  return opened;
}

let wecom: WecomServer;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  wecom = await startWecomServer();
  server = await startServer({
    WECOM_CORP_ID: wecom.config.corpId,
    WECOM_AGENT_ID: wecom.config.agentId,
    WECOM_SECRET: wecom.config.secret,
    WECOM_API_BASE: wecom.config.apiBase,
    WECOM_OAUTH_BASE: wecom.config.oauthBase,
    WECOM_LOGIN_BASE: wecom.config.loginBase,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await wecom?.close();
});

let recordPath = '';

describe('WeCom', () => {
  it('a member binds WeCom from the PC client in account settings', async () => {
    const { page } = await wecomContext(PC);
    await registerWithTeam(page, '周宁', '青禾物流');
    await page.getByTestId('home-page').waitFor();
    await createBlankApp(page, '出车登记');
    await createTable(page, '车辆');
    const [, , appCode = '', schemaCode = ''] = new URL(page.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const field = (await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name: '车牌', type: 'text' }))
      .data;
    const made = await pageApi<{ id: string }>(page, 'POST', `${base}/records`, { data: { [field.code]: '沪A12345' } });
    expect(made.status).toBe(200);
    recordPath = `/app/${appCode}/${schemaCode}?record=${made.data.id}`;

    await page.goto('/home');
    await openAccountSettings(page, 'security');
    const row = page.getByTestId('wecom-row');
    await expect.poll(() => row.innerText()).toContain('未绑定');
    wecom.nextMember = 'zhouning';
    await row.getByTestId('wecom-bind').click();
    await page.waitForURL((url) => url.pathname === '/home');
    await openAccountSettings(page, 'security');
    await expect.poll(() => page.getByTestId('wecom-bound').innerText()).toBe('已绑定（zhouning）');
    await shot(page, 'wecom-bound');
  });

  it('opening the app inside WeCom on the phone signs the bound member in by itself', async () => {
    const { page } = await wecomContext(MOBILE);
    wecom.nextMember = 'zhouning';
    await page.goto(recordPath);
    await page.getByTestId('record-drawer').waitFor();
    expect(new URL(page.url()).pathname).toBe(recordPath.split('?')[0]);
    const me = await pageApi<{ userName: string }>(page, 'GET', '/v1/user/information/basic');
    expect(me.data.userName).toBe('周宁');
  });

  it('an unbound WeCom member is told to bind on the PC client; the login form stays reachable', async () => {
    const { page } = await wecomContext(MOBILE);
    wecom.nextMember = 'stranger';
    await page.goto('/home');
    const result = page.getByTestId('wecom-result');
    await expect.poll(() => result.innerText()).toBe('未绑定企业微信，请前往PC端绑定');
    await shot(page, 'wecom-unbound');
    await page.getByText('返回登录页').click();
    await page.getByTestId('login-page').waitFor();
    // Tried once in this tab: the page stays, with WeCom sign-in as a button.
    await page.getByTestId('login-wecom').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('an ordinary browser offers 企业微信扫码登录, which signs the bound member in', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/login?redirect=%2Fhome');
    const qr = page.getByTestId('login-wecom-qr');
    await expect.poll(() => qr.innerText()).toContain('企业微信扫码登录');
    // Outside the WeCom client there is no in-client sign-in button, and nothing starts by itself.
    expect(await page.getByTestId('login-wecom').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await shot(page, 'wecom-qr-login');
    wecom.nextMember = 'zhouning';
    await qr.click();
    await page.waitForURL((url) => url.pathname === '/home');
    const me = await pageApi<{ userName: string }>(page, 'GET', '/v1/user/information/basic');
    expect(me.data.userName).toBe('周宁');
    await context.close();
  });

  it('without WeCom set up, /login has no 扫码登录', async () => {
    const plain = await startServer();
    const { context, page } = await newPage(browser, plain.baseUrl);
    const info = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/system/info');
    await page.goto('/login');
    expect(((await (await info).json()) as { data: { wecom: boolean } }).data.wecom).toBe(false);
    await page.getByTestId('login-submit').waitFor();
    expect(await page.getByTestId('login-wecom-qr').count()).toBe(0);
    await context.close();
    await plain.stop();
  });

  it('forwards a record to a WeCom chat through the JS-SDK, signed with the tickets', async () => {
    const { page } = await wecomContext(PC);
    wecom.nextMember = 'zhouning';
    await page.goto(recordPath);
    await page.getByTestId('record-wecom-share').click();
    await expect.poll(() => page.getByText('已转发').count()).toBeGreaterThan(0);
    const seen = await page.evaluate(() => (window as unknown as { __wecom: unknown }).__wecom);
    const calls = seen as {
      config: { appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] };
      agentConfig: { corpid: string; agentid: string; signature: string };
      invoked: { name: string; args: { link: string } }[];
    };
    expect(calls.config.appId).toBe(wecom.config.corpId);
    expect(calls.agentConfig).toMatchObject({ corpid: wecom.config.corpId, agentid: wecom.config.agentId });
    const tickets = await pageApi<{ ticket: string; agentTicket: string }>(
      page,
      'GET',
      '/v1/corpintegrate/wecom/standard/agent/jsapiticket',
    );
    const url = page.url().split('#')[0];
    const sign = (ticket: string) =>
      createHash('sha1')
        .update(
          `jsapi_ticket=${ticket}&noncestr=${calls.config.nonceStr}&timestamp=${calls.config.timestamp}&url=${url}`,
        )
        .digest('hex');
    expect(calls.config.signature).toBe(sign(tickets.data.ticket));
    expect(calls.agentConfig.signature).toBe(sign(tickets.data.agentTicket));
    expect(calls.invoked).toHaveLength(1);
    expect(calls.invoked[0]?.name).toBe('shareAppMessage');
    expect(calls.invoked[0]?.args.link).toBe(`${server.baseUrl}${recordPath}`);
    expect(cspViolations()).toEqual([]);
  });

  it('a WeCom client too old for the JS-SDK gets the alert asking to upgrade, and nothing is loaded', async () => {
    const { page } = await wecomContext(OLD_PC);
    wecom.nextMember = 'zhouning';
    await page.goto(recordPath);
    await page.getByTestId('record-wecom-share').click();
    const alert = page.locator('.ant-modal-confirm');
    await expect.poll(() => alert.innerText()).toContain('企业微信版本过低');
    expect(await alert.innerText()).toContain('2.8.12');
    await shot(page, 'wecom-too-old');
    expect(await page.evaluate(() => 'wx' in window)).toBe(false);
    await page.locator('#wecom-too-old-ok').click();
  });
});

describe('plugin modal', () => {
  it("a custom page's link opens a page of the product in the plugin modal, which closes when that page is done", async () => {
    const { page } = await newPage(browser, server.baseUrl);
    await registerWithTeam(page, '韩梅', '青禾商贸');
    await page.getByTestId('home-page').waitFor();
    await createBlankApp(page, '客户');
    await createTable(page, '客户表');
    const [, , appCode = '', schemaCode = ''] = new URL(page.url()).pathname.split('/');
    const node = await pageApi<{ code: string }>(page, 'POST', `/v1/apps/${appCode}/nodes`, {
      type: 'UserModule',
      displayName: '门户',
    });
    const saved = await pageApi(page, 'PUT', `/v1/apps/${appCode}/pages/${node.data.code}`, {
      roles: [],
      blocks: [
        {
          id: 'l1',
          kind: 'links',
          title: '快捷入口',
          place: { x: 0, y: 0, w: 6, h: 4 },
          roles: [],
          links: [{ title: '登记客户', url: `/app/${appCode}/${schemaCode}?add=1`, openIn: 'modal' }],
        },
      ],
    });
    expect(saved.status).toBe(200);
    await page.goto(`/app/${appCode}/${node.data.code}`);
    await page.getByTestId('links-block').getByText('登记客户').click();
    const frame = page.getByTestId('plugin-frame');
    await frame.waitFor();
    const framed = page.frameLocator('[data-testid="plugin-frame"]');
    // The framed page is the add form alone: no header, no app menu.
    await framed.getByTestId('record-drawer').waitFor();
    expect(await framed.getByTestId('app-menu-sider').count()).toBe(0);
    await shot(page, 'plugin-modal');
    // Done with it (closing the form): the framed page posts modal-close and the modal goes away.
    await framed.locator('.ant-drawer-close').click();
    await frame.waitFor({ state: 'detached' });
  });
});
