import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createAppTable, createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * Dynamic field defaults (issue 29): 当前用户 and 当前用户所在部门 (the main department) for member and
 * department fields, 今天 and 现在 for dates, kept as such on the field and worked out by the server
 * for whoever creates a record without the value.
 */
let server: TestServer;
let team: TeamFixture;
let member: { client: TestClient; memberId: string };
let loner: { client: TestClient; memberId: string };
let base: string;
let appCode: string;
let mainDept: string;
let rootId: string;
const f: Record<string, string> = {};

/** Today in the team's time zone (the default Asia/Shanghai). */
const shanghaiDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '默认值团队');
  member = await joinTeam(server, team, '申请人甲');
  loner = await joinTeam(server, team, '无部门乙');
  ({ base, appCode } = await createAppTable(team, '报销', '报销单'));
  rootId = (await team.owner.request('GET', '/v1/org/department/root')).json.data.objectId;
  const dept = async (name: string) =>
    (await team.owner.request('POST', '/v1/org/department', { body: { parentId: rootId, name } })).json.data.objectId;
  const other = await dept('财务部');
  mainDept = await dept('销售部');
  // The first listed is the main department.
  const moved = await team.owner.request('PUT', '/v1/org/member/departments', {
    body: { memberId: member.memberId, departmentIds: [mainDept, other] },
  });
  expect(moved.status, JSON.stringify(moved.json)).toBe(200);
  const users = await Promise.all(
    [member, loner].map(async (m) => (await m.client.request('GET', '/v1/user/information/basic')).json.data.id),
  );
  const role = await team.owner.request('POST', '/v1/apps/role/add', {
    body: { appCode, userIds: users, role: 'member' },
  });
  expect(role.status, JSON.stringify(role.json)).toBe(200);
  const put = await team.owner.request('PUT', base, {
    body: { permissions: { add: ['member'], view: ['member'], edit: ['member'], delete: [] } },
  });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
  for (const [key, name, type, dynamic, required] of [
    ['applicant', '申请人', 'member', 'currentUser', true],
    ['department', '部门', 'department', 'currentDepartment', false],
    ['day', '申请日期', 'date', 'today', false],
    ['at', '提交时间', 'datetime', 'now', false],
    ['dayStart', '当天开始', 'datetime', 'today', false],
  ] as const) {
    const res = await team.owner.request('POST', `${base}/fields`, {
      body: { name, type, required, defaultValue: { dynamic } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.defaultValue).toEqual({ dynamic });
    f[key] = res.json.data.code;
  }
});
afterAll(async () => server?.close());

describe('dynamic field defaults', () => {
  it('refuses a dynamic default the field type does not offer, naming the default', async () => {
    for (const [type, defaultValue] of [
      ['date', { dynamic: 'currentUser' }],
      ['text', { dynamic: 'today' }],
      ['member', { dynamic: 'now' }],
      ['department', { dynamic: 'somewhere' }],
      // Fixed members or departments are no default: they may leave; 当前用户 is the one offered.
      ['member', [member.memberId]],
    ] as const) {
      const res = await team.owner.request('POST', `${base}/fields`, {
        body: { name: `坏默认${type}`, type, defaultValue },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(res.status, `${type} ${JSON.stringify(defaultValue)}`).toBe(400);
      expect(res.json.fieldErrors?.map((e: { field: string }) => e.field)).toEqual(['defaultValue']);
    }
    const fields = (await team.owner.request('GET', base)).json.data.fields as { name: string }[];
    expect(fields.filter((x) => x.name.startsWith('坏默认'))).toEqual([]);
  });

  it('fills the creator, their main department, today and now for a record created without them', async () => {
    const before = Date.now();
    const res = await member.client.request('POST', `${base}/records`, { body: { data: {} } });
    const after = Date.now();
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const data = res.json.data.data;
    expect(data[f.applicant as string]).toEqual([member.memberId]);
    expect(data[f.department as string]).toEqual([mainDept]);
    expect([shanghaiDay(before), shanghaiDay(after)]).toContain(data[f.day as string]);
    const at = Date.parse(data[f.at as string]);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after + 1000);
    // 今天 on a date-time: the start of the team's day (midnight in Shanghai is 16:00 UTC).
    expect(data[f.dayStart as string]).toMatch(/T16:00:00\.000Z$/);
  });

  it('keeps what the creator sent, an empty value included; a new member is in the top department', async () => {
    const res = await loner.client.request('POST', `${base}/records`, {
      body: { data: { [f.day as string]: '2020-02-29', [f.at as string]: '' } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const data = res.json.data.data;
    expect(data[f.applicant as string]).toEqual([loner.memberId]);
    expect(data[f.department as string]).toEqual([rootId]);
    expect(data[f.day as string]).toBe('2020-02-29');
    expect(data[f.at as string]).toBeNull();
  });

  it('applies to batch creates, each for the member who creates', async () => {
    const res = await team.owner.request('POST', `${base}/records/batch`, {
      body: { create: [{ data: {} }, { data: {} }] },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const list = await team.owner.request('POST', `${base}/records/query`, { body: {} });
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    const applicants = list.json.data.resultList.map(
      (r: { data: Record<string, unknown> }) => r.data[f.applicant as string],
    );
    expect(applicants.filter((a: unknown) => JSON.stringify(a) === JSON.stringify([team.memberId]))).toHaveLength(2);
  });

  it('turns back into a plain field when the default is cleared', async () => {
    const res = await team.owner.request('PUT', `${base}/fields/${f.department}`, { body: { defaultValue: null } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.defaultValue).toBeNull();
    const rec = await member.client.request('POST', `${base}/records`, { body: { data: {} } });
    expect(rec.json.data.data[f.department as string]).toBeNull();
  });
});
