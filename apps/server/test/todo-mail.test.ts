import { NoticeEndpoints } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestServer, TestClient, type TestServer } from './harness.js';
import { createTeam } from './org-helpers.js';
import { startSmtpServer } from './smtp.js';
import {
  approveNode,
  type FlowWorld,
  flowWorld,
  members,
  newTable,
  publish,
  startFlow,
  startNode,
} from './workflow-helpers.js';

/** New to-dos by mail (SMTP) to the account's email, unless the account turned it off. */
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let w: FlowWorld;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ smtpUrl: smtp.url, publicUrl: 'https://canopy.example.com' });
  w = await flowWorld(server);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** A member who signed up with an email address and joined the world's team. */
async function emailMember(email: string, name: string) {
  const client = new TestClient(server.baseUrl);
  expect(
    (await client.request('POST', '/v1/user/register', { body: { account: email, name, password: PASSWORD } })).status,
  ).toBe(200);
  const link = (await w.team.owner.request('POST', '/v1/corpintegrate/invitation', { body: {} })).json.data;
  expect((await client.request('PUT', `/v1/corpintegrate/invitation/join/${link.id}`)).status).toBe(200);
  client.headers['x-engine-code'] = w.team.engineCode;
  const memberId = (await client.request('GET', '/v1/org/member/info')).json.data.memberId as string;
  return { client, memberId, userId: '', name };
}

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

describe('to-do mail', () => {
  it('mails a new to-do with its link; not once the account turns it off', async () => {
    const mia = await emailMember('mia@example.com', '米娅');
    expect((await mia.client.call(NoticeEndpoints.todoMail)).json.data).toEqual({
      enabled: true,
      email: 'mia@example.com',
    });
    const t = await newTable(w);
    await publish(w, t, [startNode('a'), approveNode('a', members(mia))]);
    await startFlow(w, t, w.alice, { [t.f.title]: '采购单' });
    await expect
      .poll(async () => {
        await server.app.mailQueue.drain();
        return mailsTo('mia@example.com').length;
      })
      .toBe(1);
    const [mail] = mailsTo('mia@example.com');
    expect(mail?.subject).toMatch(/^新的待办：/);
    expect(mail?.text).toContain('艾丽发起的');
    expect(mail?.text).toMatch(
      /去处理: https:\/\/canopy\.example\.com\/workflow\/[^/]+\/approval\?instanceId=[\w-]+&workitemId=[\w-]+/,
    );
    expect(mail?.text).toContain('可在账号设置中关闭');

    const off = await mia.client.call(NoticeEndpoints.setTodoMail, { body: { enabled: false } });
    expect(off.json.data).toEqual({ enabled: false, email: 'mia@example.com' });
    await startFlow(w, t, w.alice, { [t.f.title]: '第二张采购单' });
    expect((await mia.client.call(NoticeEndpoints.list, { query: { kind: 'todo' } })).json.data.totalCount).toBe(2);
    await server.app.mailQueue.drain();
    const queued = await server.database.handle.db.selectFrom('mail_queue').selectAll().execute();
    expect(queued).toEqual([]);
    expect(mailsTo('mia@example.com')).toHaveLength(1);
  });

  it('a member without an email gets the letter only; the setting refuses a bad body', async () => {
    const t = await newTable(w);
    await publish(w, t, [startNode('a'), approveNode('a', members(w.bob))]);
    const before = smtp.mails.length;
    await startFlow(w, t, w.alice, { [t.f.title]: '无邮箱' });
    await server.app.mailQueue.drain();
    expect(smtp.mails.length).toBe(before);
    const bad = await w.bob.client.call(NoticeEndpoints.setTodoMail, { body: { enabled: 'no' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('enabled');
    const stranger = await createTeam(server, '另一个团队', '外人');
    expect((await stranger.owner.call(NoticeEndpoints.todoMail)).json.data.enabled).toBe(true);
  });
});
