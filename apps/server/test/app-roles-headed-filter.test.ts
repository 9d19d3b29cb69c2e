import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createAppTable, createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * Issue 27: a row rule's filter (and a view's) may name "the departments I head, with their
 * sub-departments" on a department field or a member field (isHeadedByMe). In a webhook's filter
 * "I" is the hook's owner, as for 属于我 and 我的部门.
 */
let server: TestServer;
let team: TeamFixture;
let head: { client: TestClient; memberId: string };
let staff: { client: TestClient; memberId: string };
let outsider: { client: TestClient; memberId: string };
let appCode: string;
let schemaCode: string;
let base: string;
let role: string;
const f: Record<string, string> = {};
const d: Record<string, string> = {};

const ok = <T>(res: { status: number; json: { data: T } }) => {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};
const headed = (field: string) => ({ op: 'and', conditions: [{ field, operator: 'isHeadedByMe' }] });
const rule = (filter: unknown) =>
  team.owner.request('PUT', `/v1/apps/${appCode}/roles/${role}/tables/${schemaCode}`, {
    body: { rights: { actions: ['view'], fields: {}, newFields: 'editable', rows: { scope: 'filter', filter } } },
  });
async function names(client: TestClient, filter?: unknown) {
  const data = ok<{ resultList: { data: Record<string, unknown> }[] }>(
    await client.request('POST', `${base}/records/query`, { body: filter ? { filter } : {} }),
  );
  return data.resultList.map((r) => r.data[f.name as string]).sort();
}
async function department(name: string, parentId: string, managerId?: string) {
  return ok<{ objectId: string }>(
    await team.owner.request('POST', '/v1/org/department', {
      body: { parentId, name, ...(managerId ? { managerId } : {}) },
    }),
  ).objectId;
}

beforeAll(async () => {
  // A hook's target on loopback (never sent to here: the test reads the queued deliveries).
  server = await startTestServer({ webhooksAllowPrivate: true });
  team = await createTeam(server, '部门团队', '老板');
  head = await joinTeam(server, team, '主管');
  staff = await joinTeam(server, team, '组员');
  outsider = await joinTeam(server, team, '外人');
  const root = ok<{ objectId: string }>(await team.owner.request('GET', '/v1/org/department/root')).objectId;
  d.sales = await department('销售部', root, head.memberId);
  d.east = await department('华东组', d.sales);
  d.finance = await department('财务部', root);
  for (const [m, dep] of [
    [staff, d.east],
    [outsider, d.finance],
    [head, d.sales],
  ] as const)
    ok(
      await team.owner.request('PUT', '/v1/org/member/departments', {
        body: { memberId: m.memberId, departmentIds: [dep] },
      }),
    );
  ({ appCode, schemaCode, base } = await createAppTable(team, '客户管理', '客户'));
  const field = async (name: string, type: string) =>
    ok<{ code: string }>(await team.owner.request('POST', `${base}/fields`, { body: { name, type } })).code;
  f.name = await field('客户', 'text');
  f.dept = await field('所属部门', 'department');
  f.owner = await field('负责人', 'member');
  const rows = [
    { 客户: '华东客户', dept: [d.east], owner: [staff.memberId] },
    { 客户: '销售部客户', dept: [d.sales], owner: [outsider.memberId] },
    { 客户: '财务客户', dept: [d.finance], owner: [outsider.memberId] },
  ];
  ok(
    await team.owner.request('POST', `${base}/records/batch`, {
      body: {
        create: rows.map((r) => ({
          data: { [f.name as string]: r.客户, [f.dept as string]: r.dept, [f.owner as string]: r.owner },
        })),
      },
    }),
  );
  role = ok<{ key: string }>(
    await team.owner.request('POST', `/v1/apps/${appCode}/roles`, { body: { name: '主管' } }),
  ).key;
  ok(
    await team.owner.request('PUT', `/v1/apps/${appCode}/roles/${role}/grants`, {
      body: {
        grants: [
          { kind: 'member', target: head.memberId },
          { kind: 'member', target: outsider.memberId },
        ],
      },
    }),
  );
});
afterAll(async () => server?.close());

describe('the departments I head in a filter', () => {
  it('a department field: records of the departments the member heads, with sub-departments', async () => {
    ok(await rule(headed(f.dept as string)));
    expect(await names(head.client)).toEqual(['华东客户', '销售部客户']);
    // Heading nothing reaches nothing.
    expect(await names(outsider.client)).toEqual([]);
  });

  it('a member field: records whose member is in a department the member heads', async () => {
    ok(await rule(headed(f.owner as string)));
    expect(await names(head.client)).toEqual(['华东客户']);
  });

  it("follows a change of head at once, and works in a member's own view filter", async () => {
    ok(await rule(headed(f.dept as string)));
    ok(
      await team.owner.request('PUT', '/v1/org/department', {
        body: { objectId: d.finance, managerId: outsider.memberId },
      }),
    );
    expect(await names(outsider.client)).toEqual(['财务客户']);
    // The owner (all rows) narrows their own list by the same operand: they head nothing.
    expect(await names(team.owner, headed(f.dept as string))).toEqual([]);
    expect(await names(head.client, headed(f.owner as string))).toEqual(['华东客户']);
  });

  it('is refused on a field type that cannot name a department', async () => {
    const bad = await rule(headed(f.name as string));
    expect(bad.status).toBe(400);
  });
});

describe('the departments I head in a webhook filter', () => {
  it("matches the records of the departments the hook's owner heads, as they stand at each change", async () => {
    const ownerId = ok<{ memberId: string }>(await team.owner.request('GET', '/v1/org/member/info')).memberId;
    const admin = await department(
      '行政部',
      ok<{ objectId: string }>(await team.owner.request('GET', '/v1/org/department/root')).objectId,
      ownerId,
    );
    const desk = await department('前台', admin);
    const hook = ok<{ id: string }>(
      await team.owner.request('POST', `${base}/webhooks`, {
        body: { url: 'http://127.0.0.1:9/hook', events: ['record.created'], filter: headed(f.dept as string) },
      }),
    );
    const deliveries = async () =>
      ok<unknown[]>(await team.owner.request('GET', `${base}/webhooks/${hook.id}/deliveries`)).length;
    const create = async (name: string, dept: string) =>
      ok(
        await team.owner.request('POST', `${base}/records`, {
          body: { data: { [f.name as string]: name, [f.dept as string]: [dept] } },
        }),
      );
    // A sub-department of the one the owner heads is reached; another department is not.
    await create('前台客户', desk);
    expect(await deliveries()).toBe(1);
    await create('财务客户二', d.finance as string);
    expect(await deliveries()).toBe(1);
    // Another head: the owner heads nothing any more, so the next record is not delivered.
    ok(await team.owner.request('PUT', '/v1/org/department', { body: { objectId: admin, managerId: head.memberId } }));
    await create('前台客户二', desk);
    expect(await deliveries()).toBe(1);
  });
});
