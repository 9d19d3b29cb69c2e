import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient, startTestServer, TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

let server: TestServer;
let admin: TestClient;
let team: TeamFixture;
let colleague: TestClient;
let other: TeamFixture;
let appCode: string;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const web = { 'x-app-name': 'canopy-web' };

async function screenshot(client: TestClient): Promise<string> {
  const res = await client.upload('/v1/files?kind=image', 'shot.png', PNG, web);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.id;
}

const send = (client: TestClient, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  client.request('POST', '/v1/feedback', {
    body: { category: 'bug', detail: '保存按钮没反应', screenshots: [], pageUrl: '/home', ...body },
    headers,
  });

async function feedbackRows(): Promise<number> {
  const row = await server.database.handle.db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  server = await startTestServer();
  // The first account on an instance administers it.
  admin = (await registeredClient(server, '实例管理员')).client;
  team = await createTeam(server, '反馈团队', '张三');
  colleague = (await joinTeam(server, team, '李四')).client;
  other = await createTeam(server, '别的团队', '王五');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '客户管理' } })).json.data.code;
});
afterAll(async () => server?.close());

describe('sending feedback', () => {
  it('authenticates before it validates', async () => {
    const anonymous = await new TestClient(server.baseUrl).request('POST', '/v1/feedback', {
      body: { nonsense: true },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.fieldErrors).toBeUndefined();
  });

  it('stores category, text, screenshots, page and app, and shows them to the sender', async () => {
    const shot = await screenshot(team.owner);
    const res = await send(team.owner, {
      category: 'suggestion',
      detail: '  希望表格能冻结首列  ',
      screenshots: [shot],
      pageUrl: `/app/${appCode}`,
      appCode,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({
      category: 'suggestion',
      detail: '希望表格能冻结首列',
      pageUrl: `/app/${appCode}`,
      appCode,
      appName: '客户管理',
      status: 'open',
      answer: null,
      senderName: '张三',
      corpName: '反馈团队',
    });
    expect(res.json.data.screenshots).toEqual([
      expect.objectContaining({ id: shot, isImage: true, url: `/v1/feedback/${res.json.data.id}/screenshots/${shot}` }),
    ]);
    const image = await team.owner.download(res.json.data.screenshots[0].url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.bytes.equals(PNG)).toBe(true);
    const mine = await team.owner.request('GET', '/v1/feedback');
    expect(mine.json.data.items.map((f: { id: string }) => f.id)).toContain(res.json.data.id);
  });

  it('names the field in the user language and writes nothing when refused', async () => {
    const before = await feedbackRows();
    const blank = await send(team.owner, { detail: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json.fieldErrors).toEqual([{ field: 'detail', message: '问题描述不能为空' }]);
    const many = await send(team.owner, { screenshots: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(many.json.fieldErrors).toEqual([{ field: 'screenshots', message: '截图最多5个' }]);
    const long = await send(team.owner, { detail: 'x'.repeat(2001) }, { 'x-language': 'en' });
    expect(long.json.fieldErrors).toEqual([
      { field: 'detail', message: 'Description must be at most 2000 characters' },
    ]);
    const kind = await send(team.owner, { category: 'rant' }, { 'x-language': 'jp' });
    expect(kind.json.fieldErrors).toEqual([{ field: 'category', message: '種類の形式が正しくありません' }]);
    const unknownApp = await send(team.owner, { appCode: 'nope' });
    expect(unknownApp.json.fieldErrors).toEqual([{ field: 'appCode', message: '应用不存在' }]);
    const foreignApp = await send(other.owner, { appCode });
    expect(foreignApp.json.fieldErrors).toEqual([{ field: 'appCode', message: '应用不存在' }]);
    expect(await feedbackRows()).toBe(before);
  });

  it("refuses screenshots that are not the sender's own images in this team", async () => {
    const before = await feedbackRows();
    const colleagues = await screenshot(colleague);
    const foreign = await screenshot(other.owner);
    const text = (await team.owner.upload('/v1/files', 'notes.txt', Buffer.from('hello'), web)).json.data.id;
    for (const id of [colleagues, foreign, text, 'missing']) {
      const res = await send(team.owner, { screenshots: [id] });
      expect(res.status).toBe(400);
      expect(res.json.fieldErrors).toEqual([{ field: 'screenshots', message: '截图须为你在当前团队上传的图片' }]);
    }
    expect(await feedbackRows()).toBe(before);
  });

  it('refuses more than 30 feedback an hour from one member, writing nothing', async () => {
    const { client } = await joinTeam(server, team, '赵六');
    for (let i = 0; i < 30; i += 1) expect((await send(client, { detail: `反馈${i}` })).status).toBe(200);
    const before = await feedbackRows();
    const refused = await send(client, { detail: '第31条' });
    expect(refused.status).toBe(429);
    expect(refused.json.errorMessage).toBe('反馈提交过于频繁，请稍后再试');
    expect(await feedbackRows()).toBe(before);
    // Others are not held back by it.
    expect((await send(team.owner, { detail: '张三的另一条' })).status).toBe(200);
  });
});

describe('who sees which feedback', () => {
  it('shows a sender only their own feedback of the current team', async () => {
    const own = (await send(colleague, { detail: '李四的反馈' })).json.data.id;
    const ownerList = (await team.owner.request('GET', '/v1/feedback')).json.data.items;
    expect(ownerList.map((f: { id: string }) => f.id)).not.toContain(own);
    const colleagueList = (await colleague.request('GET', '/v1/feedback')).json.data.items;
    expect(colleagueList.map((f: { detail: string }) => f.detail)).toEqual(['李四的反馈']);
    // Another team's member cannot read its screenshots either.
    const shot = await screenshot(colleague);
    const withShot = (await send(colleague, { screenshots: [shot] })).json.data;
    expect((await other.owner.download(withShot.screenshots[0].url)).status).toBe(404);
    expect((await team.owner.download(withShot.screenshots[0].url)).status).toBe(404);
    expect((await admin.download(withShot.screenshots[0].url)).status).toBe(200);
  });

  it('lets only the instance administrator list all feedback, newest first, page by page', async () => {
    const refused = await team.owner.request('GET', '/v1/admin/feedback');
    expect(refused.status).toBe(403);
    for (let i = 0; i < 21; i += 1) await send(other.owner, { detail: `第${i}条` });
    const first = await admin.request('GET', '/v1/admin/feedback');
    expect(first.status).toBe(200);
    expect(first.json.data.items).toHaveLength(20);
    expect(first.json.data.hasMore).toBe(true);
    expect(first.json.data.items[0]).toMatchObject({ corpName: '别的团队', senderName: '王五' });
    const times = first.json.data.items.map((f: { createdAt: number }) => f.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Page by page to the end: every feedback once, none twice.
    const seen = new Set<string>(first.json.data.items.map((f: { id: string }) => f.id));
    let page = first.json.data;
    while (page.hasMore) {
      const last = page.items.at(-1);
      const next = await admin.request(
        'GET',
        `/v1/admin/feedback?beforeTime=${last.createdAt}&beforeId=${encodeURIComponent(last.id)}`,
      );
      page = next.json.data;
      for (const f of page.items) {
        expect(seen.has(f.id)).toBe(false);
        seen.add(f.id);
      }
    }
    expect(seen.size).toBe(await feedbackRows());
  });
});

describe('answering', () => {
  it('answers and moves the status; the sender sees both', async () => {
    const id = (await send(team.owner, { detail: '导出很慢' })).json.data.id;
    expect((await team.owner.request('PUT', `/v1/admin/feedback/${id}`, { body: { status: 'resolved' } })).status).toBe(
      403,
    );
    const progress = await admin.request('PUT', `/v1/admin/feedback/${id}`, {
      body: { status: 'inProgress', answer: '已收到，正在排查' },
    });
    expect(progress.status, JSON.stringify(progress.json)).toBe(200);
    expect(progress.json.data).toMatchObject({ status: 'inProgress', answer: '已收到，正在排查' });
    expect(progress.json.data.answeredAt).toBeGreaterThan(0);
    const filtered = await admin.request('GET', '/v1/admin/feedback?status=inProgress');
    expect(filtered.json.data.items.map((f: { id: string }) => f.id)).toEqual([id]);
    // Only the status: the answer stays.
    const resolved = await admin.request('PUT', `/v1/admin/feedback/${id}`, { body: { status: 'resolved' } });
    expect(resolved.json.data).toMatchObject({ status: 'resolved', answer: '已收到，正在排查' });
    const mine = (await team.owner.request('GET', '/v1/feedback')).json.data.items;
    expect(mine.find((f: { id: string }) => f.id === id)).toMatchObject({
      status: 'resolved',
      answer: '已收到，正在排查',
    });
    // Each move told the sender by a letter that opens their /feedback.
    const letters = await team.owner.request('GET', '/v1/appletter/list?kind=feedback&pageSize=10');
    expect(letters.status, JSON.stringify(letters.json)).toBe(200);
    const texts = letters.json.data.resultList.map((l: { content: string }) => l.content);
    expect(texts[0]).toContain('你的反馈「导出很慢」已更新为「已解决」');
    expect(texts[0]).toContain('href="/feedback"');
    expect(texts[1]).toContain('「处理中」');
  });

  it('refuses a step back, unknown feedback and invalid bodies, changing nothing', async () => {
    const id = (await send(team.owner, { detail: '打印错位' })).json.data.id;
    await admin.request('PUT', `/v1/admin/feedback/${id}`, { body: { status: 'closed', answer: '无法复现' } });
    const back = await admin.request('PUT', `/v1/admin/feedback/${id}`, { body: { status: 'open', answer: '再看看' } });
    expect(back.status).toBe(409);
    expect(back.json.errorMessage).toBe('不能这样变更状态：反馈从待处理到处理中，再到已解决或已关闭');
    const bad = await admin.request('PUT', `/v1/admin/feedback/${id}`, { body: { status: 'done', answer: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['answer', 'status']);
    expect((await admin.request('PUT', '/v1/admin/feedback/none', { body: { status: 'closed' } })).status).toBe(404);
    const row = (await team.owner.request('GET', '/v1/feedback')).json.data.items.find(
      (f: { id: string }) => f.id === id,
    );
    expect(row).toMatchObject({ status: 'closed', answer: '无法复现' });
  });
});
