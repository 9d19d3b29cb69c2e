import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient, startTestServer, type TestClient, type TestServer } from './harness.js';

/** WeChat binding: the developer provider end to end, and the official account against a stand-in API. */
let server: TestServer;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  // The first account on an instance administers it (and so may play WeChat's part).
  admin = (await registeredClient(server, '实例管理员')).client;
  user = (await registeredClient(server, '普通用户')).client;
});
afterAll(async () => server?.close());

const pathOf = (url: string) => url.slice(url.indexOf('/v1/'));
const openName = async (client: TestClient) =>
  (await client.request('GET', '/v1/user/information/basic')).json.data.thirdBinds.wechat.openName;

describe('developer provider (no official account configured)', () => {
  it('binds through the QR link opened by the instance administrator, and unbinds', async () => {
    const qr = (await user.request('GET', '/v1/user/wechat/getQrCode')).json.data;
    expect(qr.developer).toBe(true);
    expect(qr.url).toMatch(/^http:\/\/localhost:\d+\/v1\/user\/wechat\/dev\/scan\?scene=[0-9a-f]{32}$/);
    expect(qr.expiresAt).toBeGreaterThan(Date.now() + 9 * 60_000);
    const mail = await server.database.handle.db
      .selectFrom('dev_outbox')
      .selectAll()
      .where('channel', '=', 'wechat')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain(qr.url);
    expect((await user.request('GET', '/v1/user/wechat/bind/check')).json.data).toBe(false);

    // Only the instance administrator can stand in for WeChat.
    const self = await user.request('GET', pathOf(qr.url));
    expect(self.status).toBe(403);
    expect(self.body).toContain('仅实例管理员可以模拟微信扫码');
    expect((await user.request('GET', '/v1/user/wechat/bind/check')).json.data).toBe(false);

    const scanned = await admin.request('GET', pathOf(qr.url));
    expect(scanned.status).toBe(200);
    expect(scanned.headers.get('content-type')).toContain('text/html');
    expect(scanned.body).toMatch(/已模拟扫码，微信「微信用户[0-9A-F]{4}」绑定完成/);
    expect((await user.request('GET', '/v1/user/wechat/bind/check')).json.data).toBe(true);
    const name = await openName(user);
    expect(name).toMatch(/^微信用户[0-9A-F]{4}$/);
    expect(await openName(admin)).toBe('');

    // A code binds once.
    const again = await admin.request('GET', pathOf(qr.url));
    expect(again.status).toBe(410);
    expect(again.body).toContain('二维码已过期，请刷新后重新扫码');

    expect((await user.request('DELETE', '/v1/user/wechat/officialAccount/unbind')).json.data).toBe(true);
    expect((await user.request('GET', '/v1/user/wechat/bind/check')).json.data).toBe(false);
    expect(await openName(user)).toBe('');
  });

  it('refuses an expired code and a WeChat user already bound to another account', async () => {
    const expired = (await user.request('GET', '/v1/user/wechat/getQrCode')).json.data;
    await server.database.handle.db
      .updateTable('wechat_bind_scenes')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    expect((await admin.request('GET', pathOf(expired.url))).status).toBe(410);

    // Two accounts cannot share one WeChat user: bind the user, then try the same openid elsewhere.
    const first = (await user.request('GET', '/v1/user/wechat/getQrCode')).json.data;
    expect((await admin.request('GET', pathOf(first.url))).status).toBe(200);
    const openId = (
      await server.database.handle.db
        .selectFrom('users')
        .select('wechat_open_id')
        .where('wechat_open_name', '=', await openName(user))
        .executeTakeFirstOrThrow()
    ).wechat_open_id;
    const other = (await registeredClient(server, '第三人')).client;
    const theirs = (await other.request('GET', '/v1/user/wechat/getQrCode')).json.data;
    const scene = new URL(theirs.url).searchParams.get('scene') ?? '';
    // The same WeChat user scanning the other account's code is refused.
    const { WechatBinding } = await import('../src/modules/settings/wechat.js');
    const binding = new WechatBinding(server.database.handle.db, { developer: true, qrLink: async () => '' });
    await expect(binding.completeScan(scene, openId ?? '', 'x')).rejects.toMatchObject({
      messageKey: 'wechat.boundElsewhere',
    });
    expect(await openName(other)).toBe('');
  });
});

describe('official account', () => {
  const TOKEN = 'callback-token';
  let api: http.Server;
  let official: TestServer;
  let tokenCalls = 0;
  const created: string[] = [];

  beforeAll(async () => {
    // A stand-in for the official-account API: an access token, then temporary QR codes.
    api = http.createServer((req, res) => {
      const url = new URL(req.url ?? '', 'http://x');
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (url.pathname === '/cgi-bin/token' && url.searchParams.get('appid') === 'wx-app') {
          tokenCalls += 1;
          res.end(JSON.stringify({ access_token: 'AT', expires_in: 7200 }));
        } else if (url.pathname === '/cgi-bin/qrcode/create' && url.searchParams.get('access_token') === 'AT') {
          const scene = JSON.parse(body).action_info.scene.scene_str as string;
          created.push(scene);
          res.end(
            JSON.stringify({ ticket: `T-${scene}`, expire_seconds: 600, url: `http://weixin.qq.com/q/${scene}` }),
          );
        } else res.end(JSON.stringify({ errcode: 40001, errmsg: 'invalid credential' }));
      });
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    const { port } = api.address() as AddressInfo;
    official = await startTestServer({
      wechat: { appId: 'wx-app', appSecret: 'secret', token: TOKEN, apiBase: `http://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    await official?.close();
    api?.close();
  });

  const signed = (extra: Record<string, string> = {}) => {
    const timestamp = '1700000000';
    const nonce = 'n0nce';
    const signature = createHash('sha1').update([TOKEN, timestamp, nonce].sort().join('')).digest('hex');
    return new URLSearchParams({ signature, timestamp, nonce, ...extra }).toString();
  };

  it('asks WeChat for a temporary QR code and binds on the scan event WeChat sends back', async () => {
    const client = (await registeredClient(official, '公众号用户')).client;
    const qr = (await client.request('GET', '/v1/user/wechat/getQrCode')).json.data;
    expect(qr.developer).toBe(false);
    const scene = created.at(-1) ?? '';
    expect(qr.url).toBe(`http://weixin.qq.com/q/${scene}`);
    await client.request('GET', '/v1/user/wechat/getQrCode');
    expect(tokenCalls).toBe(1);
    // No developer stand-in on an instance with an official account.
    expect((await client.request('GET', `/v1/user/wechat/dev/scan?scene=${scene}`)).status).toBe(404);

    const echo = await client.request('GET', `/v1/wechat/officialAccount/callback?${signed({ echostr: 'hello' })}`);
    expect(echo.body).toBe('hello');
    const forged = await client.request(
      'GET',
      '/v1/wechat/officialAccount/callback?signature=x&timestamp=1&nonce=2&echostr=hello',
    );
    expect(forged.status).toBe(403);

    const event = `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[oUser1234ABCD]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event><EventKey><![CDATA[qrscene_${scene}]]></EventKey></xml>`;
    const unsigned = await client.request('POST', '/v1/wechat/officialAccount/callback', {
      rawBody: event,
      contentType: 'text/xml',
    });
    expect(unsigned.status).toBe(403);
    expect((await client.request('GET', '/v1/user/wechat/bind/check')).json.data).toBe(false);
    const delivered = await client.request('POST', `/v1/wechat/officialAccount/callback?${signed()}`, {
      rawBody: event,
      contentType: 'text/xml',
    });
    expect(delivered.body).toBe('success');
    expect((await client.request('GET', '/v1/user/wechat/bind/check')).json.data).toBe(true);
    expect(await openName(client)).toBe('微信用户ABCD');
  });

  it('answers a clear error when WeChat refuses', async () => {
    const broken = await startTestServer({
      wechat: {
        appId: 'wrong',
        appSecret: 's',
        token: TOKEN,
        apiBase: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      },
    });
    try {
      const client = (await registeredClient(broken, '用户')).client;
      const res = await client.request('GET', '/v1/user/wechat/getQrCode');
      expect(res.status).toBe(502);
      expect(res.json.errorMessage).toBe('微信服务暂不可用，请稍后重试');
    } finally {
      await broken.close();
    }
  });
});
