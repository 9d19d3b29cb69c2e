import { type Endpoint, EngineEndpoints, InvitationEndpoints, OrgEndpoints } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

let server: TestServer;
let teamA: TeamFixture;
let teamB: TeamFixture;
let memberA: { client: TestClient; memberId: string };
let ids: { root: string; dept: string; member: string; invitation: string };

/** Everything team A owns, as one comparable snapshot. */
async function snapshotA(): Promise<string> {
  const db = server.database.handle.db;
  const e = teamA.engineCode;
  const parts = await Promise.all([
    db.selectFrom('engines').selectAll().where('engine_code', '=', e).execute(),
    db.selectFrom('members').selectAll().where('engine_code', '=', e).orderBy('member_id').execute(),
    db.selectFrom('departments').selectAll().where('engine_code', '=', e).orderBy('object_id').execute(),
    db
      .selectFrom('member_departments')
      .selectAll()
      .where('engine_code', '=', e)
      .orderBy('member_id')
      .orderBy('department_id')
      .execute(),
    db.selectFrom('engine_features').selectAll().where('engine_code', '=', e).orderBy('feature_code').execute(),
    db.selectFrom('invitations').selectAll().where('engine_code', '=', e).orderBy('id').execute(),
  ]);
  return JSON.stringify(parts);
}

function fill(path: string): string {
  return path
    .replace(':corpId', teamA.corpId)
    .replace(':engineCode', teamA.engineCode)
    .replace(':id', path.includes('invitation') ? ids.invitation : ids.dept);
}

const sampleBodies: Record<string, () => unknown> = {
  '/v1/org/member/page': () => ({ departmentId: ids.root, pageSize: 10, pageIndex: 0 }),
  'POST /v1/org/department': () => ({ parentId: ids.root, name: '入侵部' }),
  'PUT /v1/org/department': () => ({ objectId: ids.dept, name: '入侵部' }),
  '/v1/org/department/sortKey/reset': () => ({ parentId: ids.root }),
  '/v1/org/member/operate/changeOwner': () => ({ memberId: ids.member }),
  '/v1/org/member/setMemberPrivacy': () => ({ privacyItems: ['email'] }),
  '/v1/org/member/mainDepartment': () => ({ memberId: ids.member, departmentId: ids.dept }),
  '/v1/org/member/departments': () => ({ memberId: ids.member, departmentIds: [ids.dept] }),
  '/v1/org/member/role': () => ({ memberId: ids.member, role: 'admin' }),
  '/v1/org/member/state': () => ({ memberId: ids.member, state: 'INACTIVE' }),
  '/v1/corp/features': () => ({ featureList: ['Applog'] }),
  '/v1/org/member/byIds': () => ({ ids: [ids.member] }),
  '/v1/org/department/byIds': () => ({ ids: [ids.dept] }),
  '/v1/corpintegrate/corpinfo/:corpId': () => ({ corpName: '被篡改' }),
  '/v1/corpintegrate/invitation': () => ({}),
};

const endpoints: Endpoint[] = [
  ...Object.values(OrgEndpoints),
  EngineEndpoints.corpInfo,
  EngineEndpoints.rename,
  EngineEndpoints.leave,
  InvitationEndpoints.sent,
  InvitationEndpoints.revoke,
];

beforeAll(async () => {
  server = await startTestServer();
  teamA = await createTeam(server, '甲团队');
  teamB = await createTeam(server, '乙团队');
  memberA = await joinTeam(server, teamA, '甲成员');
  const root = (await teamA.owner.request('GET', '/v1/org/department/root')).json.data.objectId;
  const dept = (await teamA.owner.request('POST', '/v1/org/department', { body: { parentId: root, name: '甲部门' } }))
    .json.data.objectId;
  const invitation = (await teamA.owner.request('POST', '/v1/corpintegrate/invitation', { body: {} })).json.data.id;
  ids = { root, dept, member: memberA.memberId, invitation };
});
afterAll(async () => server?.close());

describe("another team's ids and headers", () => {
  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s refuses an outsider and changes nothing',
    async (_, e) => {
      const before = await snapshotA();
      const body = e.body ? (sampleBodies[`${e.method} ${e.path}`] ?? sampleBodies[e.path])?.() : undefined;
      const path = fill(e.path);
      // With team A's engine code in the header: the header names a team the user is not in.
      const forged = await teamB.owner.request(e.method, path, {
        body,
        headers: { 'x-engine-code': teamA.engineCode },
      });
      expect(forged.status, 'forged header').toBe(403);
      // In their own team B, but with team A's ids: not found or forbidden, never A's data.
      const foreign = await teamB.owner.request(e.method, path, {
        body,
        headers: { 'x-engine-code': teamB.engineCode },
      });
      if (foreign.status === 200) {
        // Only calls that act on the caller's own team may succeed; they must not touch or reveal A.
        expect(JSON.stringify(foreign.json)).not.toContain('甲');
      } else {
        expect([400, 403, 404, 410]).toContain(foreign.status);
      }
      expect(await snapshotA()).toBe(before);
    },
  );
});

describe('a plain member', () => {
  const managerOnly = endpoints.filter(
    (e) =>
      e.method !== 'GET' &&
      ![
        '/v1/org/member/page',
        '/v1/org/member/byIds',
        '/v1/org/department/byIds',
        '/v1/org/member/setMemberPrivacy',
        '/v1/org/member/mainDepartment',
        '/v1/engine/:engineCode/membership',
      ].includes(e.path),
  );
  it.each(managerOnly.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s is refused and changes nothing',
    async (_, e) => {
      const before = await snapshotA();
      const body = e.body ? (sampleBodies[`${e.method} ${e.path}`] ?? sampleBodies[e.path])?.() : undefined;
      const res = await memberA.client.request(e.method, fill(e.path), { body });
      expect(res.status).toBe(403);
      expect(await snapshotA()).toBe(before);
    },
  );
});
