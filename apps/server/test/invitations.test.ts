import { USER_LIVE_PATH } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registeredClient, startTestServer, TestClient, type TestServer, uniqueMobile } from './harness.js';
import { LiveStream } from './live-client.js';
import { startSmtpServer, waitForMail } from './smtp.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let owner: TestClient;
let team: { engineCode: string; corpId: string };

async function registerEmail(email: string, name: string): Promise<TestClient> {
  const client = new TestClient(server.baseUrl);
  const res = await client.request('POST', '/v1/user/register', { body: { account: email, name, password: PASSWORD } });
  expect(res.status).toBe(200);
  return client;
}

async function memberCount(): Promise<number> {
  const row = await server.database.handle.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('engine_code', '=', team.engineCode)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ smtpUrl: smtp.url, publicUrl: 'https://canopy.example.com' });
  owner = (await registeredClient(server, '周经理')).client;
  team = (await owner.request('POST', '/v1/corp/own/register', { body: { corpName: '云杉工作室' } })).json.data;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('invitations by email', () => {
  it('mails a one-time link that only the invited account can use', async () => {
    const email = `invitee.${Date.now()}@example.com`;
    const created = await owner.request('POST', '/v1/corpintegrate/invitation', { body: { account: email } });
    expect(created.status).toBe(200);
    const mail = await waitForMail(smtp.mails, email);
    expect(mail.subject).toBe('周经理 邀请你加入「云杉工作室」');
    const link = mail.text.match(/https:\/\/canopy\.example\.com\/home\?invitationId=([\w-]+)/);
    expect(link?.[1]).toBe(created.json.data.id);
    const id = link?.[1] ?? '';

    const stranger = (await registeredClient(server, '陌生人')).client;
    const notForYou = await stranger.request('PUT', `/v1/corpintegrate/invitation/join/${id}`);
    expect(notForYou.status).toBe(403);
    expect(notForYou.json.errorMessage).toBe('该邀请不是发给当前账号的');

    const invitee = await registerEmail(email, '新同事');
    const mine = await invitee.request('GET', '/v1/corpintegrate/invitation/mine');
    expect(mine.json.data).toEqual([{ id, corpId: team.corpId, corpName: '云杉工作室', memberName: '周经理' }]);
    const last = await invitee.request('GET', `/v1/corpintegrate/invitation/last?id=${id}`);
    expect(last.json.data).toEqual({ id, corpId: team.corpId, corpName: '云杉工作室', memberName: '周经理' });

    const before = await memberCount();
    const join = await invitee.request('PUT', `/v1/corpintegrate/invitation/join/${id}`);
    expect(join.json).toEqual({ data: true });
    expect(await memberCount()).toBe(before + 1);
    const teams = (await invitee.request('GET', '/v1/engine/list')).json.data;
    expect(teams).toEqual([expect.objectContaining({ engineCode: team.engineCode, ownFlag: false, adminFlag: false })]);

    const again = await invitee.request('PUT', `/v1/corpintegrate/invitation/join/${id}`);
    expect(again.status).toBe(410);
    expect(again.json.errorMessage).toBe('邀请已失效，请联系邀请人重新邀请');
    expect(await memberCount()).toBe(before + 1);
  });

  it('refuses to invite someone who is already a member', async () => {
    const email = `dup.${Date.now()}@example.com`;
    const invite = await owner.request('POST', '/v1/corpintegrate/invitation', { body: { account: email } });
    const invitee = await registerEmail(email, '重复');
    await invitee.request('PUT', `/v1/corpintegrate/invitation/join/${invite.json.data.id}`);
    const res = await owner.request('POST', '/v1/corpintegrate/invitation', { body: { account: email.toUpperCase() } });
    expect(res.status).toBe(409);
    expect(res.json.errorMessage).toBe('您已在该团队中');
  });
});

describe('invitation rules', () => {
  it('answers 缺少邀请信息 without an id', async () => {
    const res = await owner.request('GET', '/v1/corpintegrate/invitation/last');
    expect(res.status).toBe(400);
    expect(res.json.errorMessage).toBe('缺少邀请信息');
    const blank = await owner.request('GET', '/v1/corpintegrate/invitation/last?id=%20');
    expect(blank.json.errorMessage).toBe('缺少邀请信息');
  });

  it('lets a refused or revoked invitation never be used again', async () => {
    const mobile = uniqueMobile();
    const invite = (await owner.request('POST', '/v1/corpintegrate/invitation', { body: { account: mobile } })).json
      .data;
    const invitee = new TestClient(server.baseUrl);
    await invitee.request('POST', '/v1/user/register', {
      body: { account: mobile, name: '手机用户', password: PASSWORD },
    });
    expect((await invitee.request('PUT', `/v1/corpintegrate/invitation/refuse/${invite.id}`)).json).toEqual({
      data: true,
    });
    expect((await invitee.request('PUT', `/v1/corpintegrate/invitation/join/${invite.id}`)).status).toBe(410);

    const second = (await owner.request('POST', '/v1/corpintegrate/invitation', { body: { account: mobile } })).json
      .data;
    expect((await owner.request('DELETE', `/v1/corpintegrate/invitation/${second.id}`)).json).toEqual({ data: true });
    expect((await invitee.request('PUT', `/v1/corpintegrate/invitation/join/${second.id}`)).status).toBe(410);
    const sent = (await owner.request('GET', '/v1/corpintegrate/invitation/sent')).json.data;
    expect(sent.find((s: { id: string }) => s.id === invite.id).state).toBe('REFUSED');
    expect(sent.find((s: { id: string }) => s.id === second.id).state).toBe('REVOKED');
  });

  it('sends SMS invitations to the developer outbox, readable by the instance administrator only', async () => {
    const mobile = uniqueMobile();
    await owner.request('POST', '/v1/corpintegrate/invitation', { body: { account: mobile } });
    // The owner registered first on this instance, so administers it.
    const outbox = await owner.request('GET', '/v1/admin/outbox');
    expect(outbox.status).toBe(200);
    expect(outbox.json.data[0]).toMatchObject({ channel: 'sms', target: mobile });
    expect(outbox.json.data[0].body).toContain('https://canopy.example.com/home?invitationId=');
    const other = (await registeredClient(server)).client;
    expect((await other.request('GET', '/v1/admin/outbox')).status).toBe(403);
  });

  it('lets only owners and admins invite, list and revoke', async () => {
    const link = (await owner.request('POST', '/v1/corpintegrate/invitation', { body: {} })).json.data;
    const { client: member } = await registeredClient(server, '普通成员');
    await member.request('PUT', `/v1/corpintegrate/invitation/join/${link.id}`);
    const headers = { 'x-engine-code': team.engineCode };
    const invite = await member.request('POST', '/v1/corpintegrate/invitation', { body: {}, headers });
    expect(invite.status).toBe(403);
    expect(invite.json.errorMessage).toBe('仅团队所有者或管理员可以邀请成员');
    expect((await member.request('GET', '/v1/corpintegrate/invitation/sent', { headers })).status).toBe(403);
    const pending = (await owner.request('POST', '/v1/corpintegrate/invitation', { body: {} })).json.data;
    expect((await member.request('DELETE', `/v1/corpintegrate/invitation/${pending.id}`, { headers })).status).toBe(
      403,
    );
  });

  it('lets exactly one of two racing users use a link', async () => {
    const link = (await owner.request('POST', '/v1/corpintegrate/invitation', { body: {} })).json.data;
    const a = (await registeredClient(server, '甲')).client;
    const b = (await registeredClient(server, '乙')).client;
    const before = await memberCount();
    const results = await Promise.all([
      a.request('PUT', `/v1/corpintegrate/invitation/join/${link.id}`),
      b.request('PUT', `/v1/corpintegrate/invitation/join/${link.id}`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
    expect(await memberCount()).toBe(before + 1);
  });
});

describe('invitations pushed live', () => {
  it("tells the invited account's open tabs at once, with or without a team, and again when it is revoked", async () => {
    const { client: invitee, account } = await registeredClient(server, '等邀请的人');
    // A newcomer on 创建团队 has no team: the user's own stream.
    const noTeam = await LiveStream.openPath(server.baseUrl, USER_LIVE_PATH, invitee.sessionCookie);
    // A user already in a team hears it on the team stream.
    const other = await registeredClient(server, '别的团队');
    const otherTeam = (await other.client.request('POST', '/v1/corp/own/register', { body: { corpName: '别处' } })).json
      .data;
    const inTeam = await LiveStream.open(server.baseUrl, otherTeam.engineCode, other.client.sessionCookie);
    // Someone not invited hears nothing.
    const bystander = await registeredClient(server, '旁观者');
    const quiet = await LiveStream.openPath(server.baseUrl, USER_LIVE_PATH, bystander.client.sessionCookie);
    try {
      expect(noTeam.status).toBe(200);
      expect(inTeam.status).toBe(200);
      const created = await owner.request('POST', '/v1/corpintegrate/invitation', { body: { account } });
      expect(created.status).toBe(200);
      await noTeam.waitFor('invitation');
      const mine = await invitee.request('GET', '/v1/corpintegrate/invitation/mine');
      expect(mine.json.data.map((i: { id: string }) => i.id)).toEqual([created.json.data.id]);

      const toOther = await owner.request('POST', '/v1/corpintegrate/invitation', { body: { account: other.account } });
      expect(toOther.status).toBe(200);
      await inTeam.waitFor('invitation');

      expect((await owner.request('DELETE', `/v1/corpintegrate/invitation/${created.json.data.id}`)).status).toBe(200);
      await noTeam.waitFor('invitation', 2);
      expect((await invitee.request('GET', '/v1/corpintegrate/invitation/mine')).json.data).toEqual([]);
      expect(quiet.events).toEqual([]);
    } finally {
      for (const s of [noTeam, inTeam, quiet]) s.close();
    }
  });

  it('refuses the user stream without a session', async () => {
    expect((await LiveStream.openPath(server.baseUrl, USER_LIVE_PATH, undefined)).status).toBe(401);
  });
});
