import { InstanceState, NoticeEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { recountLetters } from '../src/modules/notices/counts.js';
import { testDialect } from './database.js';
import { exportView } from './export-helpers.js';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { LiveStream } from './live-client.js';
import { createTeam, joinTeam } from './org-helpers.js';
import {
  actOk,
  approveNode,
  type FlowWorld,
  flowWorld,
  members,
  myItem,
  newTable,
  type Person,
  publish,
  startFlow,
  startNode,
  type Table,
} from './workflow-helpers.js';

/** Letters written by their events, the letter calls (paging, counts, marks), and the live stream. */
let server: TestServer;
let w: FlowWorld;
let t: Table;
beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
});
afterAll(async () => server?.close());

interface LetterDto {
  id: number;
  subject: string;
  content: string;
  readStatus: number;
  kind: string;
  createTime: number;
  extraInfo: string;
}

async function list(client: TestClient, query: Record<string, string> = {}) {
  const res = await client.call(NoticeEndpoints.list, { query });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { resultList: LetterDto[]; totalCount: number };
}
const unread = async (client: TestClient) => (await client.call(NoticeEndpoints.countUnread)).json.data as number;
const kindsOf = async (p: Person) => (await list(p.client, { pageSize: '100' })).resultList.map((l) => l.kind);
const latest = async (p: Person, kind: string) =>
  (await list(p.client, { kind, pageSize: '1' })).resultList[0] as LetterDto;

/** start → a (Bob) → b (Carol) → end. */
async function chain(settings: Record<string, unknown> = {}) {
  t = await newTable(w);
  await publish(w, t, [
    startNode('a'),
    approveNode('a', members(w.bob), settings, 'b'),
    approveNode('b', members(w.carol), settings),
  ]);
}
const begin = async (title = '报销单') => (await startFlow(w, t, w.alice, { [t.f.title]: title })).instance.instanceId;

describe('letters written by their events', () => {
  it('a new to-do, an approval, a transfer, a copy and the end', async () => {
    await chain();
    const before = await unread(w.bob.client);
    const id = await begin();
    expect(await unread(w.bob.client)).toBe(before + 1);
    const todo = await latest(w.bob, 'todo');
    const bobsItem = await myItem(w.bob, id);
    expect(todo.subject).toMatch(/^新的待办：/);
    expect(todo.content).toContain('艾丽发起的');
    expect(todo.content).toContain('「审批a」');
    // The link: a same-origin path to the approval view at Bob's item, with its onclick payload.
    expect(todo.content).toMatch(
      new RegExp(
        `<a href="/workflow/${w.appCode}/approval\\?instanceId=${id}&amp;workitemId=${bobsItem.workItemId}" target="_self" data-onclick="[^"]+">去处理</a>$`,
      ),
    );
    // No letter to the originator for her own draft item.
    expect(await kindsOf(w.alice)).not.toContain('todo');

    await actOk(w.bob, id, 'approval');
    expect((await latest(w.alice, 'approved')).content).toMatch(
      /^鲍勃同意了你发起的「.+」（审批a）。 <a href="\/workflow\//,
    );
    expect(await kindsOf(w.carol)).toContain('todo');

    await actOk(w.carol, id, 'transfer', { toMemberId: w.frank.memberId });
    expect((await latest(w.frank, 'transferred')).content).toContain('卡罗把');
    await actOk(w.frank, id, 'cc', { memberIds: [w.dave.memberId] });
    expect((await latest(w.dave, 'cc')).content).toContain('抄送给你');

    const finishedBefore = (await list(w.alice.client, { kind: 'finished' })).totalCount;
    const approvedBefore = (await list(w.alice.client, { kind: 'approved' })).totalCount;
    const res = await actOk(w.frank, id, 'approval');
    expect(res.instance.instanceState).toBe(InstanceState.Finished);
    // The last approval ends the flow: one "finished" letter, not also "approved".
    expect((await list(w.alice.client, { kind: 'finished' })).totalCount).toBe(finishedBefore + 1);
    expect((await list(w.alice.client, { kind: 'approved' })).totalCount).toBe(approvedBefore);
  });

  it('rejected, sent back and terminated reach the originator', async () => {
    await chain();
    const rejected = await begin();
    await actOk(w.bob, rejected, 'disapproval');
    expect((await latest(w.alice, 'rejected')).content).toContain('鲍勃驳回了你发起的');

    const reverted = await begin();
    await actOk(w.bob, reverted, 'approval');
    await actOk(w.carol, reverted, 'revert', { targetActivityCode: 'a', resubmit: 'rerun' });
    expect((await latest(w.alice, 'reverted')).content).toContain('卡罗在「审批b」退回了');

    const terminated = await begin();
    const res = await w.dave.client.request('POST', '/v1/workflow/terminate', { body: { instanceId: terminated } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await latest(w.alice, 'terminated')).content).toContain('已被戴夫终止');
  });

  it('an @mention in a comment, members of this team only', async () => {
    await chain();
    const id = await begin();
    const stranger = await createTeam(server, '别的团队', '外人');
    const before = (await list(stranger.owner, {})).totalCount;
    const res = await w.alice.client.request('POST', '/v1/workflow/comment', {
      body: { instanceId: id, comment: '请 @鲍勃 看看<b>这个</b>', mentions: [w.bob.memberId, stranger.memberId] },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const letter = await latest(w.bob, 'mention');
    // Text is escaped: the comment's markup never becomes markup.
    expect(letter.content).toContain('艾丽在「');
    expect(letter.content).toContain('请 @鲍勃 看看&lt;b&gt;这个&lt;/b&gt;');
    expect((await list(stranger.owner, {})).totalCount).toBe(before);
  });

  it('a delegated to-do goes to the delegate, saying for whom', async () => {
    await chain();
    const set = await w.bob.client.request('PUT', '/v1/workflow/delegation', {
      body: { delegateMemberId: w.erin.memberId, startsAt: Date.now() - 60_000, endsAt: Date.now() + 3_600_000 },
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    try {
      await begin();
      expect((await latest(w.erin, 'delegated')).content).toContain('鲍勃不在岗期间');
    } finally {
      await w.bob.client.request('DELETE', '/v1/workflow/delegation');
    }
  });

  it('a deadline reminder', async () => {
    t = await newTable(w);
    await publish(w, t, [startNode('a1'), approveNode('a1', members(w.bob), { deadline: { remindAfterMinutes: 60 } })]);
    await begin();
    const summary = await server.app.workflowDeadlines.runDue(Date.now() + 61 * 60_000);
    expect(summary.reminded).toBeGreaterThanOrEqual(1);
    expect((await latest(w.bob, 'reminder')).content).toContain('已到处理期限');
  });

  it('an invitation answered: the inviter hears it', async () => {
    // Every member of the world joined through the owner's link.
    const letters = (await list(w.owner.client, { kind: 'invitation', pageSize: '20' })).resultList;
    expect(letters.map((l) => l.content.split('接受了')[0])).toEqual(
      expect.arrayContaining(['艾丽', '鲍勃', '弗兰克']),
    );
    expect(letters[0]?.content).toContain('<a href="/members"');
  });

  it('an export and an import finished', async () => {
    t = await newTable(w);
    const exported = await exportView(w.owner.client, t.base, { format: 'csv' });
    expect(exported.status).toBe(200);
    await expect.poll(async () => (await list(w.owner.client, { kind: 'export' })).totalCount).toBeGreaterThan(0);
    const letter = await latest(w.owner, 'export');
    expect(letter.content).toMatch(/的导出已完成，共 0 条。 <a href="\/app\//);

    const job = (
      await w.owner.client.upload(`${t.base}/imports`, 'a.csv', Buffer.from('标题\n一\n二'), {
        'x-app-name': 'canopy-web',
      })
    ).json.data;
    const started = await w.owner.client.request('POST', `${t.base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'skip' },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    await expect.poll(async () => (await list(w.owner.client, { kind: 'import' })).totalCount).toBe(1);
    expect((await latest(w.owner, 'import')).content).toContain('成功 2 条，失败 0 条');
    const byEvent = await w.owner.client.call(NoticeEndpoints.idByEvent, { query: { eventId: job.id } });
    expect(byEvent.json.data).toBe((await latest(w.owner, 'import')).id);
  });

  it('letters read in the reader’s language', async () => {
    const en = await w.bob.client.call(NoticeEndpoints.list, {
      query: { kind: 'todo', pageSize: '1' },
      headers: { 'x-language': 'en' },
    });
    expect(en.json.data.resultList[0].subject).toMatch(/^New to-do: /);
    expect(en.json.data.resultList[0].content).toContain('>Handle it</a>');
  });
});

describe('the letter calls', () => {
  let reader: Person;
  let ids: number[];
  beforeAll(async () => {
    const m = await joinTeam(server, w.team, '读者');
    reader = { ...m, userId: '', name: '读者' };
    // 25 letters of the reader, written as the events write them, one millisecond apart.
    const db = server.database.handle.db;
    const base = Date.now();
    for (let i = 0; i < 25; i += 1)
      await db
        .insertInto('notices')
        .values({
          engine_code: w.team.engineCode,
          member_id: reader.memberId,
          subject: `第${i}条`,
          content: `内容${i}`,
          read_status: 0,
          extra_info: JSON.stringify({
            kind: i % 5 === 0 ? 'cc' : 'todo',
            params: { flow: `流程${i}`, originator: '甲', node: '乙' },
          }),
          event_id: `ev-${i}`,
          create_time: base + i,
          kind: i % 5 === 0 ? 'cc' : 'todo',
        })
        .execute();
    await recountLetters(db);
    ids = (await list(reader.client, { pageSize: '100' })).resultList.map((l) => l.id);
  });

  it('pages newest first by 10, with the total', async () => {
    const first = await list(reader.client, { offset: '0', pageSize: '10', readStatus: '0' });
    expect(first.totalCount).toBe(25);
    const subjectOf = (i: number) => `${i % 5 === 0 ? '抄送给你' : '新的待办'}：流程${i}`;
    expect(first.resultList.map((l) => l.subject)).toEqual([...Array(10)].map((_, i) => subjectOf(24 - i)));
    const third = await list(reader.client, { offset: '20', pageSize: '10', readStatus: '0' });
    expect(third.resultList).toHaveLength(5);
    expect(await unread(reader.client)).toBe(25);
    expect((await list(reader.client, { kind: 'cc' })).totalCount).toBe(5);
  });

  it("query letters takes the spec's offset, pageSize, readStatus and userId (the asker's only)", async () => {
    const info = await reader.client.request('GET', '/v1/org/member/info');
    const userId = info.json.data.userId as string;
    expect(userId).toBeTruthy();
    const page = await list(reader.client, { offset: '10', pageSize: '10', readStatus: '0', userId });
    expect(Object.keys(page).sort()).toEqual(['resultList', 'totalCount']);
    expect([page.totalCount, page.resultList.length]).toEqual([25, 10]);
    const other = await reader.client.call(NoticeEndpoints.list, {
      query: { offset: '0', pageSize: '10', readStatus: '0', userId: `${userId}x` },
    });
    expect([other.status, other.json.errorCode]).toEqual([403, 'auth.forbidden']);
  });

  it('marks one read: the unread list and count drop by one, the full list keeps it', async () => {
    const [top] = (await list(reader.client, { readStatus: '0', pageSize: '1' })).resultList;
    const res = await reader.client.call(NoticeEndpoints.markRead, { body: { ids: [top?.id] } });
    expect(res.json.data).toBe(1);
    expect((await reader.client.call(NoticeEndpoints.markRead, { body: { ids: [top?.id] } })).json.data).toBe(0);
    expect(await unread(reader.client)).toBe(24);
    const unreadList = await list(reader.client, { readStatus: '0' });
    expect(unreadList.totalCount).toBe(24);
    expect(unreadList.resultList[0]?.id).not.toBe(top?.id);
    expect((await list(reader.client, { readStatus: '1' })).resultList.map((l) => l.id)).toEqual([top?.id]);
    const all = await list(reader.client, {});
    expect(all.totalCount).toBe(25);
    expect(all.resultList[0]).toMatchObject({ id: top?.id, readStatus: 1 });
  });

  it('detail and event lookup; a letter of someone else is not found', async () => {
    const one = await reader.client.call(NoticeEndpoints.detail, { query: { id: String(ids[0]) } });
    expect(one.status).toBe(200);
    expect(one.json.data).toMatchObject({ id: ids[0], kind: 'todo', subject: '新的待办：流程24' });
    const bobs = (await list(w.bob.client, { pageSize: '1' })).resultList[0] as LetterDto;
    const other = await reader.client.call(NoticeEndpoints.detail, { query: { id: String(bobs.id) } });
    expect([other.status, other.json.errorMessage]).toEqual([404, '通知不存在']);
    expect((await reader.client.call(NoticeEndpoints.idByEvent, { query: { eventId: 'ev-3' } })).json.data).toBe(
      ids[21],
    );
  });

  it('tenant isolation: nobody marks or counts another member’s letters', async () => {
    const bobs = (await list(w.bob.client, { readStatus: '0', pageSize: '1' })).resultList[0] as LetterDto;
    const bobUnread = await unread(w.bob.client);
    expect((await reader.client.call(NoticeEndpoints.markRead, { body: { ids: [bobs.id] } })).json.data).toBe(0);
    expect(await unread(w.bob.client)).toBe(bobUnread);
    const stranger = await createTeam(server, '隔壁团队', '隔壁');
    expect((await list(stranger.owner, {})).totalCount).toBe(0);
    expect(await unread(stranger.owner)).toBe(0);
    // Naming this team from outside it is refused before anything runs.
    const res = await stranger.owner.call(NoticeEndpoints.markAllRead, {
      headers: { 'x-engine-code': w.team.engineCode },
    });
    expect(res.status).toBe(403);
    expect(await unread(reader.client)).toBe(24);
  });

  it('refuses bad paging, naming the field; needs a session', async () => {
    const bad = await reader.client.call(NoticeEndpoints.list, { query: { pageSize: '0' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('pageSize');
    const badIds = await reader.client.call(NoticeEndpoints.markRead, { body: { ids: [] } });
    expect(badIds.status).toBe(400);
    expect(JSON.stringify(badIds.json)).toContain('ids');
    const anonymous = await fetch(`${server.baseUrl}${NoticeEndpoints.countUnread.path}`);
    expect(anonymous.status).toBe(401);
  });

  it('the kept counts equal the letters, for everyone the events wrote to', async () => {
    const db = server.database.handle.db;
    for (const p of [w.owner, w.alice, w.bob, w.carol, w.dave, w.erin, w.frank]) {
      const real = await db
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', p.memberId)
        .where('read_status', '=', 0)
        .executeTakeFirstOrThrow();
      expect(await unread(p.client), p.name).toBe(Number(real.n));
      expect((await list(p.client, {})).totalCount).toBe(
        Number(
          (
            await db
              .selectFrom('notices')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('member_id', '=', p.memberId)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );
    }
  });

  it('marks all read', async () => {
    expect((await reader.client.call(NoticeEndpoints.markAllRead)).json.data).toBe(24);
    expect(await unread(reader.client)).toBe(0);
    expect((await list(reader.client, { readStatus: '0' })).totalCount).toBe(0);
  });
});

describe('live events', () => {
  it('refuses a stream without a session or outside the team', async () => {
    expect((await LiveStream.open(server.baseUrl, w.team.engineCode, undefined)).status).toBe(401);
    const stranger = await createTeam(server, '外面的团队', '路人');
    const cookie = (stranger.owner as unknown as { sessionCookie: string }).sessionCookie;
    expect((await LiveStream.open(server.baseUrl, w.team.engineCode, cookie)).status).toBe(403);
  });

  it('pushes letter and todo to the member’s open tabs after the commit', async () => {
    await chain();
    const tabs = [
      await LiveStream.open(server.baseUrl, w.team.engineCode, w.bob.client.sessionCookie),
      await LiveStream.open(server.baseUrl, w.team.engineCode, w.bob.client.sessionCookie),
    ];
    const alices = await LiveStream.open(server.baseUrl, w.team.engineCode, w.alice.client.sessionCookie);
    try {
      expect(tabs[0]?.status).toBe(200);
      const id = await begin();
      for (const tab of tabs) {
        await tab.waitFor('letter');
        await tab.waitFor('todo');
      }
      // Alice's own to-dos changed (her start item was completed).
      await alices.waitFor('todo');
      // Bob approves: his to-dos change again; Alice hears of the approval.
      await actOk(w.bob, id, 'approval');
      await tabs[0]?.waitFor('todo', 2);
      await alices.waitFor('letter');
    } finally {
      for (const tab of [...tabs, alices]) tab.close();
    }
    // Closed streams are let go of.
    await expect.poll(() => server.app.liveBus.streams).toBe(0);
  });

  it.runIf(testDialect() === 'postgres')(
    'on PostgreSQL a member connected to another server process hears it too (LISTEN/NOTIFY)',
    async () => {
      const second = openDatabase({
        databaseUrl: server.database.databaseUrl as string,
        pgSchema: server.database.pgSchema as string,
        poolSize: 2,
      });
      const config = { ...loadConfig({ WEB_DIST: '', DATA_DIR: server.dataDir }), port: 0, host: '127.0.0.1' };
      let other: FastifyInstance | undefined;
      try {
        other = await buildApp({ config, database: second, logger: false });
        await other.listen({ port: 0, host: '127.0.0.1' });
        const address = other.server.address();
        if (!address || typeof address === 'string') throw new Error('not bound');
        await chain();
        const tab = await LiveStream.open(
          `http://127.0.0.1:${address.port}`,
          w.team.engineCode,
          w.bob.client.sessionCookie,
        );
        try {
          expect(tab.status).toBe(200);
          // The flow starts on the first process; Bob's tab is on the second.
          await begin();
          await tab.waitFor('letter');
          await tab.waitFor('todo');
        } finally {
          tab.close();
        }
      } finally {
        await other?.close();
        await second.close();
      }
    },
  );
});
