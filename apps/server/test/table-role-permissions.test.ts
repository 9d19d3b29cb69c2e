import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';

/**
 * Issue 27 on the table endpoint: a table's rights answer per app role (any of the app's, not only
 * 管理员 and 成员); the per-role shape is accepted back, the old two-role shape still is; and the
 * designer's warning after saving a view names every role that will not get it whole.
 */
let server: TestServer;
let team: TeamFixture;
let appCode: string;
let base: string;
const f: Record<string, string> = {};
const roles: Record<string, string> = {};

const ok = <T>(res: { status: number; json: { data: T } }) => {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};
type Rights = { actions: string[]; fields: Record<string, string>; newFields: string; rows: unknown };
type Answer = { permissions: { roles: Record<string, Rights> } };
const put = (permissions: unknown) => team.owner.request('PUT', base, { body: { permissions } });

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '表权限团队');
  appCode = ok<{ code: string }>(
    await team.owner.request('POST', '/v1/apps', { body: { displayName: '销售管理' } }),
  ).code;
  const schemaCode = ok<{ code: string }>(
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '客户' } }),
  ).code;
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  for (const [key, name, type] of [
    ['name', '客户名称', 'text'],
    ['region', '区域', 'text'],
    ['cost', '成本价', 'number'],
    ['salary', '工资', 'number'],
  ] as const)
    f[key] = ok<{ code: string }>(await team.owner.request('POST', `${base}/fields`, { body: { name, type } })).code;
  for (const name of ['销售', '财务'])
    roles[name] = ok<{ key: string }>(
      await team.owner.request('POST', `/v1/apps/${appCode}/roles`, { body: { name } }),
    ).key;
});

afterAll(async () => {
  await server?.close();
});

describe('a table’s rights per app role (issue 27)', () => {
  it('answers every role with rights on the table by key, 管理员 with everything', async () => {
    const info = ok<Answer>(await team.owner.request('GET', base));
    expect(info.permissions).not.toHaveProperty('view');
    expect(info.permissions.roles.manager?.actions).toEqual(
      expect.arrayContaining(['add', 'view', 'edit', 'delete', 'import', 'export', 'print']),
    );
    expect(info.permissions.roles.member).toEqual({
      actions: ['add', 'view', 'export', 'print'],
      fields: {},
      newFields: 'editable',
      rows: { scope: 'all' },
    });
  });

  it('takes rights per role, replacing the roles sent and keeping the others', async () => {
    const sales: Rights = {
      actions: ['view', 'add', 'edit'],
      fields: { [f.cost as string]: 'hidden', [f.salary as string]: 'hidden' },
      newFields: 'readonly',
      rows: { scope: 'mine' },
    };
    const finance: Rights = {
      actions: ['view', 'export'],
      fields: { [f.salary as string]: 'hidden' },
      newFields: 'editable',
      rows: {
        scope: 'filter',
        filter: { op: 'and', conditions: [{ field: f.region, operator: 'eq', value: '华东' }] },
      },
    };
    const member = ok<Answer>(await team.owner.request('GET', base)).permissions.roles.member;
    const saved = ok<Answer>(await put({ roles: { [roles.销售 as string]: sales, [roles.财务 as string]: finance } }));
    expect(saved.permissions.roles[roles.销售 as string]).toEqual(sales);
    expect(saved.permissions.roles[roles.财务 as string]).toEqual(finance);
    expect(saved.permissions.roles.member).toEqual(member);
    // The matrix reads the same rights.
    const matrix = ok<{ tables: { rights: Record<string, unknown> }[] }>(
      await team.owner.request('GET', `/v1/apps/${appCode}/roles/matrix`),
    );
    expect(matrix.tables[0]?.rights[roles.销售 as string]).toEqual(sales);
    // Sent back whole, the answer changes nothing.
    const again = ok<Answer>(await put(saved.permissions));
    expect(again.permissions).toEqual(saved.permissions);
  });

  it('still takes the old two-role shape, leaving the other roles as they were', async () => {
    const before = ok<Answer>(await team.owner.request('GET', base)).permissions.roles;
    const saved = ok<Answer>(
      await put({
        add: ['manager'],
        view: ['manager', 'member'],
        edit: ['manager'],
        delete: ['manager'],
        fields: { [f.cost as string]: { member: 'hidden' } },
      }),
    );
    // Left out, export takes its default (管理员 and 成员), as before.
    expect(saved.permissions.roles.member?.actions).toEqual(['view', 'export', 'print']);
    expect(saved.permissions.roles.member?.fields).toEqual({ [f.cost as string]: 'hidden' });
    expect(saved.permissions.roles[roles.销售 as string]).toEqual(before[roles.销售 as string]);
  });

  it('refuses a role the app does not have and a field the table does not have, naming them', async () => {
    const rights: Rights = { actions: ['view'], fields: {}, newFields: 'editable', rows: { scope: 'all' } };
    const role = await put({ roles: { r_nobody: rights } });
    expect(role.status).toBe(400);
    expect(JSON.stringify(role.json)).toContain('permissions.roles.r_nobody');
    const field = await put({ roles: { [roles.销售 as string]: { ...rights, fields: { f_gone: 'hidden' } } } });
    expect(field.status).toBe(400);
    expect(JSON.stringify(field.json)).toContain('f_gone');
    const mixed = await put({ roles: {}, view: ['manager'] });
    expect(mixed.status).toBe(400);
  });

  it('names every role, by the app’s names, that will not get a saved view whole', async () => {
    ok(
      await put({
        roles: {
          member: { actions: ['view'], fields: {}, newFields: 'editable', rows: { scope: 'all' } },
          [roles.销售 as string]: {
            actions: ['view'],
            fields: { [f.cost as string]: 'hidden', [f.salary as string]: 'hidden' },
            newFields: 'editable',
            rows: { scope: 'all' },
          },
          [roles.财务 as string]: {
            actions: ['view'],
            fields: { [f.salary as string]: 'hidden' },
            newFields: 'editable',
            rows: { scope: 'all' },
          },
        },
      }),
    );
    const config = {
      columns: [],
      sorts: [
        { field: f.cost, direction: 'asc' },
        { field: f.salary, direction: 'desc' },
      ],
      rowHeight: 'short',
      pageSize: 50,
    };
    const made = ok<{ withheld: unknown[] }>(
      await team.owner.request('POST', `${base}/views`, { body: { name: '按成本', kind: 'grid', config } }),
    );
    expect(made.withheld).toEqual([
      { field: f.cost, name: '成本价', roles: [roles.销售], roleNames: ['销售'], uses: ['sort'] },
      {
        field: f.salary,
        name: '工资',
        roles: [roles.销售, roles.财务],
        roleNames: ['销售', '财务'],
        uses: ['sort'],
      },
    ]);
    // A role hiding every field it does not list (new fields hidden) misses them too; one that may not view does not count.
    ok(
      await put({
        roles: {
          [roles.销售 as string]: { actions: [], fields: {}, newFields: 'hidden', rows: { scope: 'all' } },
          [roles.财务 as string]: { actions: ['view'], fields: {}, newFields: 'hidden', rows: { scope: 'all' } },
        },
      }),
    );
    const again = ok<{ withheld: { roleNames: string[] }[] }>(
      await team.owner.request('POST', `${base}/views`, { body: { name: '再按成本', kind: 'grid', config } }),
    );
    expect(again.withheld.map((w) => w.roleNames)).toEqual([['财务'], ['财务']]);
  });
});
