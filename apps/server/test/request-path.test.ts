import { AccountEndpoints, Headers } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, joinTeam } from './org-helpers.js';
import { StatementLog } from './statements.js';

/**
 * Issue 15's request path: the session and the membership of the team a request names are read in
 * one statement, and the tenant check answers from it — with the same answers as separate reads.
 */
const log = new StatementLog();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { plugins: [log] });
});
afterAll(async () => server?.close());

describe('session and membership in one statement', () => {
  it('a request naming its team reads session, user and membership once, and no membership again', async () => {
    const team = await createTeam(server, '一次读取');
    log.clear();
    const res = await team.owner.request('GET', AccountEndpoints.basic.path);
    expect(res.status).toBe(200);
    expect(log.count('select', 'sessions')).toBe(1);
    expect(log.count('select', 'members')).toBe(0);
    expect(log.statements.length).toBe(1);
  });

  it('without headers the remembered team is read the same way', async () => {
    const team = await createTeam(server, '记住的团队');
    delete team.owner.headers[Headers.engineCode];
    log.clear();
    const info = await team.owner.request('GET', '/v1/org/member/info');
    expect(info.status).toBe(200);
    expect(info.json.data.corpId).toBe(team.corpId);
    expect(log.count('select', 'sessions')).toBe(1);
  });

  it('the answers are the tenant rules: another team is refused, a left team is no team', async () => {
    const a = await createTeam(server, '甲队');
    const b = await createTeam(server, '乙队');
    const other = await a.owner.request('GET', '/v1/org/member/info', {
      headers: { [Headers.engineCode]: b.engineCode },
    });
    expect(other.status).toBe(403);
    const member = await joinTeam(server, a, '成员甲');
    expect((await member.client.request('GET', '/v1/org/member/info')).status).toBe(200);
    const me = (await member.client.request('GET', '/v1/org/member/info')).json.data;
    expect(me.memberId).toBe(member.memberId);
    // A member id header that does not belong to the named team is refused too.
    const wrong = await member.client.request('GET', '/v1/org/member/info', {
      headers: { [Headers.memberId]: 'not-mine' },
    });
    expect(wrong.status).toBe(403);
  });
});
