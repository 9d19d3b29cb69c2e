import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient, startTestServer, TestClient, type TestServer } from './harness.js';

/**
 * 产品动态 as data (issue 29): the instance administrator writes, changes and deletes them; every
 * workbench shows the ones within their publish window; none ship with the product.
 */
let server: TestServer;
let admin: TestClient;
let member: TestClient;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  // The first account of an instance administers it.
  admin = (await registeredClient(server, '管理员')).client;
  member = (await registeredClient(server, '普通用户')).client;
});
afterAll(async () => server?.close());

const published = async () =>
  (await new TestClient(server.baseUrl).request('GET', '/v1/system/announcements')).json.data;
const expired = async () => (await new TestClient(server.baseUrl).request('GET', '/v1/opdata/tag/expired')).json.data;
const item = (over: Record<string, unknown> = {}) => ({
  title: '  新版本上线  ',
  body: '<p>支持<strong>审批</strong><script>alert(1)</script><a href="javascript:alert(1)">点我</a></p>',
  link: 'https://example.com/changelog',
  startsAt: Date.now() - HOUR,
  endsAt: null,
  ...over,
});

describe('announcements', () => {
  it('ships none: the workbench gets an empty list and nothing has expired', async () => {
    expect(await published()).toEqual([]);
    expect(await expired()).toEqual([]);
  });

  it('the administrator adds one, stored trimmed and sanitized, and every workbench shows it', async () => {
    const res = await admin.request('POST', '/v1/admin/announcements', { body: item() });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const saved = res.json.data;
    expect(saved.title).toBe('新版本上线');
    expect(saved.body).not.toContain('script');
    expect(saved.body).not.toContain('javascript:');
    expect(saved.body).toContain('<strong>审批</strong>');
    expect(await published()).toEqual([
      {
        id: saved.id,
        title: '新版本上线',
        body: saved.body,
        link: 'https://example.com/changelog',
        startsAt: saved.startsAt,
        endsAt: null,
      },
    ]);

    const changed = await admin.request('PUT', `/v1/admin/announcements/${saved.id}`, {
      body: item({ title: '新版本已上线', link: '/help' }),
    });
    expect(changed.status).toBe(200);
    expect((await published())[0]).toMatchObject({ title: '新版本已上线', link: '/help' });
    expect((await admin.request('GET', '/v1/admin/announcements')).json.data).toHaveLength(1);

    expect((await admin.request('DELETE', `/v1/admin/announcements/${saved.id}`)).status).toBe(200);
    expect(await published()).toEqual([]);
    expect((await admin.request('DELETE', `/v1/admin/announcements/${saved.id}`)).status).toBe(404);
  });

  it('shows an item only within its publish window; an ended one is listed as expired', async () => {
    const now = Date.now();
    const later = (await admin.request('POST', '/v1/admin/announcements', { body: item({ startsAt: now + HOUR }) }))
      .json.data;
    const ended = (
      await admin.request('POST', '/v1/admin/announcements', {
        body: item({ startsAt: now - 2 * HOUR, endsAt: now - HOUR }),
      })
    ).json.data;
    const open = (await admin.request('POST', '/v1/admin/announcements', { body: item({ endsAt: now + HOUR }) })).json
      .data;
    expect((await published()).map((a: { id: string }) => a.id)).toEqual([open.id]);
    expect(await expired()).toEqual([ended.id]);
    for (const a of [later, ended, open]) await admin.request('DELETE', `/v1/admin/announcements/${a.id}`);
  });

  it('refuses anyone but the instance administrator, and a request without a session first', async () => {
    const before = (await admin.request('GET', '/v1/admin/announcements')).json.data.length;
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.request('POST', '/v1/admin/announcements', { body: { nonsense: 1 } })).status).toBe(401);
    expect((await anonymous.request('GET', '/v1/admin/announcements')).status).toBe(401);
    const refused = await member.request('POST', '/v1/admin/announcements', { body: item() });
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessage).toBe('仅实例管理员可以管理产品动态');
    expect((await member.request('GET', '/v1/admin/announcements')).status).toBe(403);
    expect((await admin.request('GET', '/v1/admin/announcements')).json.data).toHaveLength(before);
  });

  it('names each field it refuses, in the language asked, and writes nothing', async () => {
    const bad = await admin.request('POST', '/v1/admin/announcements', {
      body: item({ title: ' ', body: '<script>x</script>', link: 'javascript:alert(1)', endsAt: 0 }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toEqual([
      { field: 'title', message: '标题不能为空' },
      { field: 'body', message: '正文不能为空' },
      { field: 'link', message: '链接须以 http://、https:// 或 / 开头' },
      { field: 'endsAt', message: '结束时间须晚于开始时间' },
    ]);
    const en = await admin.request('POST', '/v1/admin/announcements', {
      body: item({ link: '//evil.example.com' }),
      headers: { 'accept-language': 'en' },
    });
    expect(en.json.fieldErrors).toEqual([
      { field: 'link', message: 'The link must start with http://, https:// or /' },
    ]);
    const tooLong = await admin.request('POST', '/v1/admin/announcements', {
      body: item({ title: 'x'.repeat(101) }),
      headers: { 'accept-language': 'ja' },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.fieldErrors[0].field).toBe('title');
    expect(tooLong.json.fieldErrors[0].message).toContain('タイトル');
    expect((await admin.request('GET', '/v1/admin/announcements')).json.data).toEqual([]);
    expect((await admin.request('PUT', '/v1/admin/announcements/missing', { body: item() })).status).toBe(404);
  });
});
