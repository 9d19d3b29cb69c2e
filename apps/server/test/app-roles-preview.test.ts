import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createAppTable, createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * 以此角色预览 (issue 27): a designer of the app may ask to see it as one of its roles (the preview
 * header); the server then computes their rights from that role alone. Anyone else asking is
 * refused, and the header never widens anything.
 */
let server: TestServer;
let team: TeamFixture;
let member: { client: TestClient; memberId: string };
let appCode: string;
let schemaCode: string;
let base: string;
let board: string;
let sales: string;
const f: Record<string, string> = {};

const ok = <T>(res: { status: number; json: { data: T } }) => {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};
const as = (roleKey: string, code = appCode) => ({ 'x-preview-role': `${code}/${roleKey}` });
type Node = { code: string; children: Node[] };
const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);

async function rows(client: TestClient, headers: Record<string, string> = {}) {
  const data = ok<{ resultList: { data: Record<string, unknown> }[] }>(
    await client.request('POST', `${base}/records/query`, { body: {}, headers }),
  );
  return data.resultList.map((r) => r.data);
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '预览团队', '店主');
  member = await joinTeam(server, team, '小周');
  ({ appCode, schemaCode, base } = await createAppTable(team, '客户管理', '客户'));
  for (const [name, type] of [
    ['name', 'text'],
    ['cost', 'number'],
  ] as const)
    f[name] = ok<{ code: string }>(
      await team.owner.request('POST', `${base}/fields`, { body: { name: name === 'name' ? '客户' : '成本价', type } }),
    ).code;
  ok(
    await team.owner.request('POST', `${base}/records/batch`, {
      body: { create: [{ data: { [f.name as string]: '华东', [f.cost as string]: 10 } }] },
    }),
  );
  board = ok<{ code: string }>(
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Dashboard', displayName: '看板' } }),
  ).code;
  sales = ok<{ key: string }>(
    await team.owner.request('POST', `/v1/apps/${appCode}/roles`, { body: { name: '销售' } }),
  ).key;
  ok(
    await team.owner.request('PUT', `/v1/apps/${appCode}/roles/${sales}/tables/${schemaCode}`, {
      body: {
        rights: {
          actions: ['view'],
          fields: { [f.cost as string]: 'hidden' },
          newFields: 'editable',
          rows: { scope: 'mine' },
        },
      },
    }),
  );
  ok(await team.owner.request('PUT', `/v1/apps/${appCode}/roles/${sales}`, { body: { nodes: [schemaCode] } }));
  ok(
    await team.owner.request('PUT', `/v1/apps/${appCode}/roles/member/grants`, {
      body: { grants: [{ kind: 'member', target: member.memberId }] },
    }),
  );
});
afterAll(async () => server?.close());

describe('previewing an app as a role', () => {
  it("the owner sees the role's menu, rows and fields, and loses the designer's rights", async () => {
    ok(
      await member.client.request('POST', `${base}/records/batch`, {
        body: { create: [{ data: { [f.name as string]: '华北' } }] },
      }),
    );
    expect(await rows(team.owner)).toHaveLength(2);
    // 销售 reaches only the records the viewer created ("mine"), without 成本价.
    const previewed = await rows(team.owner, as(sales));
    expect(previewed.map((r) => r[f.name as string])).toEqual(['华东']);
    expect(previewed[0]).not.toHaveProperty(f.cost as string);
    const menu = codes(
      ok<Node[]>(await team.owner.request('GET', `/v1/apps/${appCode}/nodes`, { headers: as(sales) })),
    );
    expect(menu).toContain(schemaCode);
    expect(menu).not.toContain(board);
    const permission = ok<{ isAppOwner: boolean; app: { edit: boolean } }>(
      await team.owner.request('GET', `/v1/apps/${appCode}/permission`, { headers: as(sales) }),
    );
    expect(permission).toMatchObject({ isAppOwner: false, app: { edit: false } });
    // The role may only view: adding is refused while previewing, and nothing is written.
    const add = await team.owner.request('POST', `${base}/records/batch`, {
      body: { create: [{ data: { [f.name as string]: '不许' } }] },
      headers: as(sales),
    });
    expect(add.status).toBe(403);
    expect(await rows(team.owner)).toHaveLength(2);
    // Designing is refused too (the matrix is a designer's).
    expect((await team.owner.request('GET', `/v1/apps/${appCode}/roles/matrix`, { headers: as(sales) })).status).toBe(
      403,
    );
  });

  it('a role with no rights on the table previews no records', async () => {
    const none = ok<{ key: string }>(
      await team.owner.request('POST', `/v1/apps/${appCode}/roles`, { body: { name: '访客' } }),
    ).key;
    expect((await team.owner.request('POST', `${base}/records/query`, { body: {}, headers: as(none) })).status).toBe(
      403,
    );
  });

  it('is refused to a member who does not design the app, and for an unknown role', async () => {
    const refused = await member.client.request('POST', `${base}/records/query`, { body: {}, headers: as(sales) });
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessage).toBe('只有应用所有者和管理员可以以角色预览应用');
    expect((await member.client.request('POST', `${base}/records/query`, { body: {} })).status).toBe(200);
    const unknown = await team.owner.request('POST', `${base}/records/query`, { body: {}, headers: as('rnothing') });
    expect(unknown.status).toBe(404);
  });

  it('applies only to the app it names; a malformed header previews nothing', async () => {
    const other = await createAppTable(team, '别的应用', '表');
    expect(
      (await team.owner.request('GET', `/v1/apps/${appCode}/permission`, { headers: as(sales, other.appCode) })).json
        .data,
    ).toMatchObject({ isAppOwner: true, app: { edit: true } });
    const odd = await team.owner.request('GET', `/v1/apps/${appCode}/permission`, {
      headers: { 'x-preview-role': sales },
    });
    expect(odd.json.data).toMatchObject({ isAppOwner: true });
  });
});
