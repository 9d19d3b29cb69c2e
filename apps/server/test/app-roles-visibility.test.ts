import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam } from './org-helpers.js';
import { exportPackage, finishedTask, installPackage } from './package-helpers.js';
import { type FlowWorld, flowWorld, newTable, publish, startFlow, startNode, type Table } from './workflow-helpers.js';

/**
 * Issue 27: per role, which menu items are shown (hidden, not only refused) and which flows a member
 * may start; a new app's 成员 granted to everyone at creation; packages bring their roles without
 * their grants to people.
 */
let server: TestServer;
let w: FlowWorld;
let table: Table;
let board: string;

const ok = <T>(res: { status: number; json: { data: T } }) => {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};
const roleUrl = (appCode: string, key = '') => `/v1/apps/${appCode}/roles${key ? `/${key}` : ''}`;
type Node = { code: string; children: Node[] };
const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);

beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
  table = await newTable(w);
  await publish(w, table, [startNode()]);
  board = ok<{ code: string }>(
    await w.team.owner.request('POST', `/v1/apps/${w.appCode}/nodes`, {
      body: { type: 'Dashboard', displayName: '看板' },
    }),
  ).code;
});
afterAll(async () => server?.close());

describe('what a role shows and may start', () => {
  it('hides the menu items a role does not show, and their pages answer not found', async () => {
    const menu = async () => codes(ok<Node[]>(await w.alice.client.request('GET', `/v1/apps/${w.appCode}/nodes`)));
    expect(await menu()).toContain(board);
    ok(
      await w.team.owner.request('PUT', roleUrl(w.appCode, 'member'), {
        body: { nodes: [table.schemaCode, w.ledger.schemaCode] },
      }),
    );
    expect(await menu()).not.toContain(board);
    expect(await menu()).toContain(table.schemaCode);
    expect((await w.alice.client.request('GET', `/v1/apps/${w.appCode}/dashboards/${board}`)).status).toBe(404);
    // A designer still sees and opens everything.
    expect(codes(ok<Node[]>(await w.dave.client.request('GET', `/v1/apps/${w.appCode}/nodes`)))).toContain(board);
    ok(await w.dave.client.request('GET', `/v1/apps/${w.appCode}/dashboards/${board}`));
    // Naming an item of no such menu is refused, naming the field.
    const bad = await w.team.owner.request('PUT', roleUrl(w.appCode, 'member'), { body: { nodes: ['nnothing'] } });
    expect(bad.status).toBe(400);
    ok(await w.team.owner.request('PUT', roleUrl(w.appCode, 'member'), { body: { nodes: null } }));
    expect(await menu()).toContain(board);
  });

  it('starts only the flows the role may start', async () => {
    ok(await w.team.owner.request('PUT', roleUrl(w.appCode, 'member'), { body: { flows: [] } }));
    const refused = await w.alice.client.request('POST', '/v1/workflow/start', {
      body: { appCode: w.appCode, schemaCode: table.schemaCode, data: { [table.f.title]: '不许' } },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessage).toBe('您的角色不能发起此流程');
    ok(await w.team.owner.request('PUT', roleUrl(w.appCode, 'member'), { body: { flows: [table.schemaCode] } }));
    await startFlow(w, table, w.alice, { [table.f.title]: '可以' });
    // 管理员 is fixed: its menu and flows are everything.
    expect((await w.team.owner.request('PUT', roleUrl(w.appCode, 'manager'), { body: { flows: [] } })).status).toBe(
      400,
    );
  });
});

describe('new apps and packages', () => {
  it('a new app has 成员 granted to no one, or to the whole team when asked', async () => {
    const matrix = async (appCode: string) =>
      ok<{ roles: { key: string; name: string; grants: { kind: string }[] }[] }>(
        await w.team.owner.request('GET', `${roleUrl(appCode)}/matrix`),
      ).roles;
    const plain = ok<{ code: string }>(await w.team.owner.request('POST', '/v1/apps', { body: { displayName: '空' } }));
    expect((await matrix(plain.code)).map((r) => [r.name, r.grants.length])).toEqual([
      ['管理员', 0],
      ['成员', 0],
    ]);
    const open = ok<{ code: string }>(
      await w.team.owner.request('POST', '/v1/apps', { body: { displayName: '全员', grantEveryone: true } }),
    );
    expect((await matrix(open.code)).find((r) => r.key === 'member')?.grants).toEqual([
      { kind: 'everyone', target: '', name: '' },
    ]);
    const apps = ok<{ code: string }[]>(await w.frank.client.request('GET', '/v1/apps')).map((a) => a.code);
    expect(apps).toContain(open.code);
    expect(apps).not.toContain(plain.code);
  });

  it('a package brings its roles, their rights and grants to everyone, never grants to people', async () => {
    const role = ok<{ key: string }>(
      await w.team.owner.request('POST', roleUrl(w.appCode), { body: { name: '财务', description: '看金额' } }),
    ).key;
    ok(
      await w.team.owner.request('PUT', `${roleUrl(w.appCode, role)}/grants`, {
        body: {
          grants: [
            { kind: 'member', target: w.alice.memberId },
            { kind: 'teamRole', target: 'admin' },
          ],
        },
      }),
    );
    ok(
      await w.team.owner.request('PUT', `${roleUrl(w.appCode, role)}/tables/${w.ledger.schemaCode}`, {
        body: { rights: { actions: ['view', 'print'], fields: {}, newFields: 'readonly', rows: { scope: 'mine' } } },
      }),
    );
    const bytes = await exportPackage(w.team.owner, w.appCode, false);
    const other = await createTeam(server, '装包团队');
    const task = await installPackage(other.owner, bytes, false);
    expect((await finishedTask(other.owner, task.taskId)).isCompleted).toBe(true);
    const matrix = ok<{
      roles: { key: string; name: string; description: string; grants: { kind: string; target: string }[] }[];
      tables: { name: string; rights: Record<string, unknown> }[];
    }>(await other.owner.request('GET', `${roleUrl(task.appCode)}/matrix`));
    const copied = matrix.roles.find((r) => r.key === role);
    expect(copied).toMatchObject({ name: '财务', description: '看金额' });
    expect(copied?.grants.map((g) => [g.kind, g.target])).toEqual([['teamRole', 'admin']]);
    expect(matrix.tables.find((t) => t.name === '台账')?.rights[role]).toEqual({
      actions: ['view', 'print'],
      fields: {},
      newFields: 'readonly',
      rows: { scope: 'mine' },
    });
    // The members granted 成员 by name stayed in their own team.
    expect(matrix.roles.find((r) => r.key === 'member')?.grants).toEqual([]);
  });
});
