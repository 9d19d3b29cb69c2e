import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import * as appRoles from '../src/db/migrations/20261128T1000_app_roles.js';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * Issue 27's migration keeps every member's rights: an app with 管理员, two 成员 and narrowed table
 * rules is taken back to the two-role shape, its rights read the old way, then migrated again, and
 * each member's rights as the server answers them are the same (printing goes with viewing).
 */
let server: TestServer;
let team: TeamFixture;
let manager: { client: TestClient; memberId: string };
let alice: { client: TestClient; memberId: string };
let bob: { client: TestClient; memberId: string };
let outsider: { client: TestClient; memberId: string };
let appCode: string;
let base: string;
const f: Record<string, string> = {};

type Old = {
  add: string[];
  view: string[];
  edit: string[];
  delete: string[];
  import: string[];
  export: string[];
  fields: Record<string, Record<string, string>>;
  rows: Record<string, { scope: string }>;
};

/** What the server answered before issue 27 for a member of this app role (owner: everything). */
function oldRights(permissions: Old, role: string | null) {
  const actions = ['add', 'view', 'edit', 'delete', 'import', 'export'] as const;
  if (role === 'owner')
    return { actions: Object.fromEntries(actions.map((a) => [a, true])), fieldAccess: {}, rowScope: 'all' };
  const fieldAccess: Record<string, string> = {};
  if (role)
    for (const [code, rule] of Object.entries(permissions.fields)) if (rule[role]) fieldAccess[code] = rule[role];
  return {
    actions: Object.fromEntries(actions.map((a) => [a, role !== null && permissions[a].includes(role)])),
    fieldAccess,
    rowScope: role ? (permissions.rows[role]?.scope ?? 'all') : 'all',
  };
}

async function rightsNow(client: TestClient) {
  const res = await client.request('GET', `${base}/permission`);
  if (res.status === 404) return null;
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const { print, ...actions } = res.json.data.accessPermission as Record<string, boolean>;
  expect(print).toBe(actions.view);
  return { actions, fieldAccess: res.json.data.fieldAccess, rowScope: res.json.data.rowScope };
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '迁移团队');
  manager = await joinTeam(server, team, '主管');
  alice = await joinTeam(server, team, '艾丽');
  bob = await joinTeam(server, team, '鲍勃');
  outsider = await joinTeam(server, team, '路人');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '订单管理' } })).json.data.code;
  const userId = async (c: TestClient) => (await c.request('GET', '/v1/user/information/basic')).json.data.id;
  const add = async (clients: TestClient[], role: string) => {
    const userIds = await Promise.all(clients.map(userId));
    const res = await team.owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds, role } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  };
  await add([manager.client], 'manager');
  await add([alice.client, bob.client], 'member');
  const schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '订单' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  for (const [key, name] of [
    ['name', '名称'],
    ['region', '区域'],
    ['cost', '成本'],
  ] as const)
    f[key] = (await team.owner.request('POST', `${base}/fields`, { body: { name, type: 'text' } })).json.data.code;
  const res = await team.owner.request('PUT', base, {
    body: {
      permissions: {
        add: ['manager', 'member'],
        view: ['manager', 'member'],
        edit: ['manager'],
        delete: ['manager'],
        import: ['manager'],
        export: ['manager'],
        fields: {
          [f.cost as string]: { member: 'hidden' },
          [f.region as string]: { manager: 'readonly', member: 'readonly' },
        },
        rows: {
          manager: {
            scope: 'filter',
            filter: { op: 'and', conditions: [{ field: f.region, operator: 'eq', value: '华东' }] },
          },
          member: { scope: 'mine' },
        },
      },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
});
afterAll(async () => server?.close());

describe('the app roles migration', () => {
  it("keeps every member's rights: before and after on a fixture app", async () => {
    const db = server.database.handle.db as unknown as Kysely<unknown>;
    // Back to the shape before issue 27, as a database of the previous release holds it.
    await appRoles.down(db);
    await sql`delete from kysely_migration where name = ${'20261128T1000_app_roles'}`.execute(db);
    const stored = (
      await sql<{ permissions: string }>`select permissions from schemas where app_code = ${appCode}`.execute(db)
    ).rows[0];
    const permissions = JSON.parse(stored?.permissions ?? '{}') as Old;
    expect(permissions.view).toEqual(['manager', 'member']);
    const members = (
      await sql<{
        member_id: string;
        role: string;
      }>`select member_id, role from app_members where app_code = ${appCode}`.execute(db)
    ).rows;
    const roleOf = (memberId: string) => members.find((m) => m.member_id === memberId)?.role ?? null;
    expect(roleOf(alice.memberId)).toBe('member');
    const people = [{ client: team.owner, memberId: team.memberId }, manager, alice, bob];
    const before = people.map((p) => oldRights(permissions, roleOf(p.memberId)));

    expect(await migrateToLatest(db)).toEqual(['20261128T1000_app_roles']);
    const after = [];
    for (const p of people) after.push(await rightsNow(p.client));
    expect(after).toEqual(before);
    // Someone who was not in the app still is not.
    expect(await rightsNow(outsider.client)).toBeNull();
    // The members are 成员 by name, 管理员 stays a manager; the roles are the two of old.
    const grants = (
      await sql<{ role_key: string; kind: string; target: string }>`select role_key, kind, target from app_role_grants
        where app_code = ${appCode} order by target`.execute(db)
    ).rows;
    expect(grants).toEqual(
      [alice.memberId, bob.memberId].sort().map((target) => ({ role_key: 'member', kind: 'member', target })),
    );
    const roles = (
      await sql<{ role_key: string; name: string }>`select role_key, name from app_roles
      where app_code = ${appCode} order by sort_key`.execute(db)
    ).rows;
    expect(roles).toEqual([
      { role_key: 'manager', name: '管理员' },
      { role_key: 'member', name: '成员' },
    ]);
  });
});
