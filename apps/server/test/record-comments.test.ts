import { CommentEndpoints, CommentLimits, type Endpoint, NoticeEndpoints } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automation, runs } from './automation-helpers.js';
import type { TestClient, TestServer } from './harness.js';
import { startTestServer } from './harness.js';
import { QueryLog } from './query-log.js';
import { type Receiver, startReceiver } from './receiver.js';
import { type FlowWorld, flowWorld, newTable, type Person, type Table } from './workflow-helpers.js';

/**
 * Record comments and mentions (issue 31): the thread under the record's rights and row rule,
 * edit/delete rights, mentions' and followers' letters, follow/unfollow, the grid's counts in one
 * grouped query, and the `comment.created` webhook event and automation trigger.
 */
let server: TestServer;
let w: FlowWorld;
let receiver: Receiver;
const log = new QueryLog();

beforeAll(async () => {
  receiver = await startReceiver();
  // The receiver is on loopback: this instance allows private targets.
  server = await startTestServer({ webhooksAllowPrivate: true }, { plugins: [log] });
  w = await flowWorld(server);
}, 240_000);
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const FULL = {
  add: ['manager', 'member'],
  view: ['manager', 'member'],
  edit: ['manager', 'member'],
  delete: ['manager', 'member'],
};

async function setPermissions(t: Table, permissions: Record<string, unknown>) {
  const res = await w.team.owner.request('PUT', t.base, { body: { permissions } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

const params = (t: Table, id: string) => ({ appCode: w.appCode, schemaCode: t.schemaCode, id });

async function record(t: Table, p: Person, title: string): Promise<string> {
  const res = await p.client.request('POST', `${t.base}/records`, { body: { data: { [t.f.title]: title } } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.id;
}

/** A contract endpoint called with its path's parameters filled in. */
function call(client: TestClient, e: Endpoint, p: Record<string, string>, body?: unknown) {
  const path = e.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(p[k] ?? ''));
  return client.request(e.method, path, body === undefined ? {} : { body });
}

function comment(t: Table, p: Person, id: string, body: string, mentions: string[] = []) {
  return call(p.client, CommentEndpoints.create, params(t, id), { body, mentions });
}

async function commentOk(t: Table, p: Person, id: string, body: string, mentions: string[] = []) {
  const res = await comment(t, p, id, body, mentions);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { comment: { id: string; html: string; editedAt: number | null }; notReached: unknown[] };
}

const thread = (t: Table, client: TestClient, id: string) => call(client, CommentEndpoints.list, params(t, id));

interface LetterDto {
  kind: string;
  content: string;
  extraInfo: string;
}
async function letters(p: Person, kind: string): Promise<LetterDto[]> {
  const res = await p.client.call(NoticeEndpoints.list, { query: { kind, pageSize: '100' } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.resultList as LetterDto[];
}
const aboutComment = (list: LetterDto[], commentId: string) =>
  list.filter((l) => JSON.parse(l.extraInfo).link?.payload?.commentId === commentId);

describe('the thread', { timeout: 120_000 }, () => {
  it('keeps text, line breaks and links, sanitized; flags edits; refuses empty, long and strangers', async () => {
    const t = await newTable(w);
    await setPermissions(t, FULL);
    const id = await record(t, w.alice, '差旅');
    const saved = await commentOk(
      t,
      w.alice,
      id,
      '  请看 https://example.com/a?b=1&c=2。\n<script>alert(1)</script>  ',
    );
    const html = saved.comment.html;
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">');
    expect(html).toContain('<br />');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');

    const empty = await comment(t, w.alice, id, ' \n ');
    expect(empty.status).toBe(400);
    expect(empty.json.fieldErrors[0].field).toBe('body');
    const long = await comment(t, w.alice, id, 'x'.repeat(CommentLimits.bodyMax + 1));
    expect(long.status).toBe(400);
    expect(long.json.fieldErrors[0].field).toBe('body');
    const stranger = await comment(t, w.alice, id, '你好', ['not-a-member']);
    expect(stranger.status).toBe(400);
    expect(stranger.json.fieldErrors[0].field).toBe('mentions');

    // Bob (member) reads it, but neither edits nor deletes Alice's comment.
    const seen = await thread(t, w.bob.client, id);
    expect(seen.status).toBe(200);
    expect(seen.json.data.comments).toHaveLength(1);
    expect(seen.json.data.comments[0]).toMatchObject({ authorName: '艾丽', canEdit: false, canDelete: false });
    const cid = saved.comment.id;
    const cp = { ...params(t, id), commentId: cid };
    const bobEdit = await call(w.bob.client, CommentEndpoints.update, cp, { body: '改掉' });
    expect(bobEdit.status).toBe(403);
    expect((await call(w.bob.client, CommentEndpoints.remove, cp)).status).toBe(403);

    // Alice edits: the thread says it was edited.
    const edited = await call(w.alice.client, CommentEndpoints.update, cp, { body: '改过了' });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json.data.comment.editedAt).toEqual(expect.any(Number));
    const after = (await thread(t, w.alice.client, id)).json.data.comments[0];
    expect(after).toMatchObject({ body: '改过了', canEdit: true, canDelete: true });
    expect(after.editedAt).not.toBeNull();

    // Dave manages the app: he deletes anyone's comment; then it is gone for everyone.
    const daveSees = (await thread(t, w.dave.client, id)).json.data.comments[0];
    expect(daveSees).toMatchObject({ canEdit: false, canDelete: true });
    expect((await call(w.dave.client, CommentEndpoints.remove, cp)).status).toBe(200);
    expect((await thread(t, w.alice.client, id)).json.data.comments).toEqual([]);
    expect((await call(w.alice.client, CommentEndpoints.remove, cp)).status).toBe(404);
  });

  it('follows the row rule and the view right on every path: thread, comment, follow, counts', async () => {
    const t = await newTable(w);
    await setPermissions(t, { ...FULL, rows: { member: { scope: 'mine' } } });
    const alices = await record(t, w.alice, '艾丽的');
    const bobs = await record(t, w.bob, '鲍勃的');
    await commentOk(t, w.alice, alices, '我的');
    await commentOk(t, w.bob, bobs, '鲍勃的评论');
    await commentOk(t, w.bob, bobs, '第二条');

    expect((await thread(t, w.bob.client, alices)).status).toBe(403);
    expect((await comment(t, w.bob, alices, '偷看')).status).toBe(403);
    const follow = await call(w.bob.client, CommentEndpoints.follow, params(t, alices), { following: true });
    expect(follow.status).toBe(403);
    // Frank holds no role in the app: not even the table is his.
    expect((await thread(t, w.frank.client, alices)).status).toBe(404);

    const counts = (client: TestClient) =>
      call(client, CommentEndpoints.counts, { appCode: w.appCode, schemaCode: t.schemaCode }, { ids: [alices, bobs] });
    expect((await counts(w.bob.client)).json.data).toEqual({ [bobs]: 2 });
    expect((await counts(w.dave.client)).json.data).toEqual({ [alices]: 1, [bobs]: 2 });
    // One grouped query for the page, however many records it names.
    expect(await log.count(['record_comments'], () => counts(w.dave.client))).toBe(1);

    // Without the view right, nothing at all.
    await setPermissions(t, { ...FULL, view: ['manager'], rows: { member: { scope: 'mine' } } });
    expect((await thread(t, w.bob.client, bobs)).status).toBe(403);
    expect((await counts(w.bob.client)).status).toBe(403);
  });
});

describe('mentions and followers', { timeout: 120_000 }, () => {
  it('letters the mentioned who can see the record, warns about the others', async () => {
    const t = await newTable(w);
    await setPermissions(t, { ...FULL, rows: { member: { scope: 'mine' } } });
    const id = await record(t, w.alice, '需要协助');
    // Bob cannot see Alice's record under "mine", Frank is not in the app; Dave manages it.
    const saved = await commentOk(t, w.alice, id, '@戴夫 @鲍勃 @弗兰克 看看', [
      w.dave.memberId,
      w.bob.memberId,
      w.frank.memberId,
    ]);
    expect(saved.notReached).toEqual(
      expect.arrayContaining([
        { memberId: w.bob.memberId, name: '鲍勃' },
        { memberId: w.frank.memberId, name: '弗兰克' },
      ]),
    );
    expect(saved.notReached).toHaveLength(2);
    const daves = aboutComment(await letters(w.dave, 'recordMention'), saved.comment.id);
    expect(daves).toHaveLength(1);
    expect(daves[0]?.content).toContain('艾丽在「');
    expect(daves[0]?.content).toContain(`?record=${id}&amp;comment=${saved.comment.id}`);
    expect(aboutComment(await letters(w.bob, 'recordMention'), saved.comment.id)).toEqual([]);
    expect(aboutComment(await letters(w.frank, 'recordMention'), saved.comment.id)).toEqual([]);
    // The mentioned who can see it follows it from now on.
    expect((await thread(t, w.dave.client, id)).json.data.following).toBe(true);
  });

  it('creator, commenters and the mentioned follow; followers get a letter per comment; unfollow stops it', async () => {
    const t = await newTable(w);
    await setPermissions(t, FULL);
    const id = await record(t, w.alice, '季度计划');
    // Bob comments: Alice (the creator) hears of it; Bob follows from now on.
    const first = await commentOk(t, w.bob, id, '第一条');
    expect(aboutComment(await letters(w.alice, 'recordComment'), first.comment.id)).toHaveLength(1);
    expect(aboutComment(await letters(w.bob, 'recordComment'), first.comment.id)).toEqual([]);
    expect((await thread(t, w.bob.client, id)).json.data.following).toBe(true);

    // Carol comments mentioning Erin: Alice and Bob get a comment letter, Erin only her mention.
    const second = await commentOk(t, w.carol, id, '@艾琳 来看', [w.erin.memberId]);
    expect(aboutComment(await letters(w.alice, 'recordComment'), second.comment.id)).toHaveLength(1);
    expect(aboutComment(await letters(w.bob, 'recordComment'), second.comment.id)).toHaveLength(1);
    expect(aboutComment(await letters(w.erin, 'recordMention'), second.comment.id)).toHaveLength(1);
    expect(aboutComment(await letters(w.erin, 'recordComment'), second.comment.id)).toEqual([]);

    // Alice unfollows: the next comment reaches Bob, Carol and Erin but not her.
    const off = await call(w.alice.client, CommentEndpoints.follow, params(t, id), { following: false });
    expect(off.json.data).toEqual({ following: false });
    expect((await thread(t, w.alice.client, id)).json.data.following).toBe(false);
    const third = await commentOk(t, w.dave, id, '第三条');
    expect(aboutComment(await letters(w.alice, 'recordComment'), third.comment.id)).toEqual([]);
    for (const p of [w.bob, w.carol, w.erin])
      expect(aboutComment(await letters(p, 'recordComment'), third.comment.id)).toHaveLength(1);

    // A follower who lost sight of the record (row rule) gets no letter.
    await setPermissions(t, { ...FULL, rows: { member: { scope: 'mine' } } });
    const fourth = await commentOk(t, w.alice, id, '第四条');
    expect(aboutComment(await letters(w.bob, 'recordComment'), fourth.comment.id)).toEqual([]);
    expect(aboutComment(await letters(w.dave, 'recordComment'), fourth.comment.id)).toHaveLength(1);
  });

  it('an edit letters only the newly mentioned', async () => {
    const t = await newTable(w);
    await setPermissions(t, FULL);
    const id = await record(t, w.alice, '编辑提及');
    const saved = await commentOk(t, w.alice, id, '@鲍勃', [w.bob.memberId]);
    const cp = { ...params(t, id), commentId: saved.comment.id };
    const res = await call(w.alice.client, CommentEndpoints.update, cp, {
      body: '@鲍勃 @卡罗',
      mentions: [w.bob.memberId, w.carol.memberId],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(aboutComment(await letters(w.bob, 'recordMention'), saved.comment.id)).toHaveLength(1);
    expect(aboutComment(await letters(w.carol, 'recordMention'), saved.comment.id)).toHaveLength(1);
  });
});

describe('comment.created', { timeout: 120_000 }, () => {
  it('is a webhook event and an automation trigger of the table, filters applied to the record', async () => {
    const t = await newTable(w);
    await setPermissions(t, FULL);
    const hook = await w.team.owner.request('POST', `${t.base}/webhooks`, {
      body: {
        url: `${receiver.base}/comments`,
        events: ['comment.created'],
        filter: { op: 'and', conditions: [{ field: t.f.title, operator: 'eq', value: '推送' }] },
      },
    });
    expect(hook.status, JSON.stringify(hook.json)).toBe(200);
    const made = await automation(w, '评论触发', {
      trigger: { kind: 'record', schemaCode: t.schemaCode, events: ['commented'] },
      steps: [],
    });
    const pushed = await record(t, w.alice, '推送');
    const quiet = await record(t, w.alice, '不推送');
    const saved = await commentOk(t, w.alice, pushed, '有新情况');
    await commentOk(t, w.alice, quiet, '这条不推送');
    // Writing records queued no comment run; the two comments queued one each.
    await expect.poll(async () => (await runs(w, made)).length, { timeout: 30_000 }).toBe(2);
    const got = () => receiver.received.filter((r) => r.path === '/comments');
    await expect
      .poll(
        async () => {
          await server.app.webhooks.drain();
          return got().length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const payload = JSON.parse(got()[0]?.body ?? '{}');
    expect(payload).toMatchObject({
      event: 'comment.created',
      recordId: pushed,
      comment: { id: saved.comment.id, recordId: pushed, authorId: w.alice.memberId, body: '有新情况' },
    });
  });
});
