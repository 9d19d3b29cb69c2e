import fs from 'node:fs';
import path from 'node:path';
import { TEAM_PURGE_DELAY_MS } from '@canopy/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintenance } from '../src/maintenance.js';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';
import { insertAppRows, insertIndexRow } from './unlinked-rows.js';

/**
 * Deleting a team (DESIGN.md): the owner types the name; the team closes at once (members get
 * corp.state.forbidden and no longer list it; the owner lists it as closed and may restore it);
 * the hourly maintenance purges it once its 7 days are over, tested with a moved clock.
 */
let server: TestServer;
let team: TeamFixture;
let member: { client: TestClient; memberId: string };
let other: TeamFixture;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function count(
  table: 'members' | 'apps' | 'schemas' | 'departments' | 'files' | 'audit_log',
  engineCode: string,
) {
  const row = await server.database.handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('engine_code', '=', engineCode)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every table of the database with an engine_code column (this file's schema on PostgreSQL). */
async function teamTables(): Promise<string[]> {
  const db = server.database.handle.db;
  if (server.database.handle.dialect === 'postgres')
    return (
      await sql<{ name: string }>`select table_name as name from information_schema.columns
        where column_name = 'engine_code' and table_schema = current_schema()`.execute(db)
    ).rows.map((r) => r.name);
  const names = (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
  const out: string[] = [];
  for (const { name } of names) {
    const cols = (await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db)).rows;
    if (cols.some((c) => c.name === 'engine_code')) out.push(name);
  }
  return out;
}

async function tableExists(name: string): Promise<boolean> {
  const tables = await server.database.handle.db.introspection.getTables();
  return tables.some((t) => t.name === name);
}

const close = (client: TestClient, engineCode: string, corpName: string) =>
  client.request('POST', `/v1/engine/${engineCode}/close`, { body: { corpName } });

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '待删团队', '团队主人');
  member = await joinTeam(server, team, '团队成员');
  other = await createTeam(server, '无关团队', '旁人');
});
afterAll(async () => server?.close());

describe('deleting a team', () => {
  it('needs the owner and the exact team name', async () => {
    const byMember = await close(member.client, team.engineCode, '待删团队');
    expect(byMember.status).toBe(403);
    expect(byMember.json.errorMessage).toBe('仅团队所有者可以删除或恢复团队');
    const wrong = await close(team.owner, team.engineCode, '待删');
    expect(wrong.status).toBe(400);
    expect(wrong.json.fieldErrors).toEqual([{ field: 'corpName', message: '输入的团队名称不一致' }]);
    // Outsiders learn nothing, not even that the team exists.
    expect((await close(other.owner, team.engineCode, '待删团队')).status).toBe(404);
    expect((await member.client.request('GET', '/v1/org/department/root')).status).toBe(200);
  });

  it('closes at once: members are refused and no longer list it; the owner lists it as closed', async () => {
    const before = Date.now();
    const res = await close(team.owner, team.engineCode, ' 待删团队 ');
    expect(res.status).toBe(200);
    expect(res.json.data.purgeAt).toBeGreaterThanOrEqual(before + TEAM_PURGE_DELAY_MS);
    expect(res.json.data.purgeAt).toBeLessThanOrEqual(Date.now() + TEAM_PURGE_DELAY_MS);

    const refused = await member.client.request('GET', '/v1/org/department/root');
    expect(refused.status).toBe(403);
    expect(refused.json.errorCode).toBe('corp.state.forbidden');
    expect(refused.json.errorMessage).toBe('该团队已关闭');
    expect((await team.owner.request('GET', '/v1/apps')).json.errorCode).toBe('corp.state.forbidden');
    // The team list is asked without team headers (they are what it helps choose).
    const noTeam = { headers: { 'x-engine-code': '' } };
    expect((await member.client.request('GET', '/v1/engine/list', noTeam)).json.data).toEqual([]);
    expect(
      (await member.client.request('PUT', '/v1/engine/active', { body: { engineCode: team.engineCode } })).json
        .errorCode,
    ).toBe('corp.state.forbidden');

    const ownerList = (await team.owner.request('GET', '/v1/engine/list', { headers: { 'x-engine-code': '' } })).json
      .data;
    expect(ownerList).toEqual([
      expect.objectContaining({
        engineCode: team.engineCode,
        state: 'CLOSED',
        ownFlag: true,
        active: false,
        purgeAt: res.json.data.purgeAt,
      }),
    ]);
    // Invitations of a closed team take no one in.
    const { registeredClient } = await import('./harness.js');
    const link = await server.database.handle.db
      .selectFrom('invitations')
      .select('id')
      .where('engine_code', '=', team.engineCode)
      .executeTakeFirstOrThrow();
    const newcomer = (await registeredClient(server, '新人')).client;
    expect((await newcomer.request('PUT', `/v1/corpintegrate/invitation/join/${link.id}`)).json.errorMessage).toBe(
      '邀请已失效，请联系邀请人重新邀请',
    );
    // Other teams are untouched.
    expect((await other.owner.request('GET', '/v1/org/department/root')).status).toBe(200);
  });

  it('restores within the 7 days: members are back', async () => {
    expect((await member.client.request('POST', `/v1/engine/${team.engineCode}/restore`)).status).toBe(403);
    const restored = await team.owner.request('POST', `/v1/engine/${team.engineCode}/restore`, {
      headers: { 'x-engine-code': '' },
    });
    expect(restored.json).toEqual({ data: true });
    expect((await member.client.request('GET', '/v1/org/department/root')).status).toBe(200);
    expect(
      (await member.client.request('GET', '/v1/engine/list', { headers: { 'x-engine-code': '' } })).json.data[0],
    ).toMatchObject({
      state: 'ACTIVE',
      purgeAt: 0,
    });
    expect((await team.owner.request('POST', `/v1/engine/${team.engineCode}/restore`)).status).toBe(409);
  });

  it('is purged by the hourly maintenance once 7 days are over, and not before', async () => {
    // Some data: an app with a data table (a physical table) and an uploaded file.
    const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '台账' } })).json.data.code;
    const table = (
      await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '设备' } })
    ).json.data.code;
    const physical = (
      await server.database.handle.db
        .selectFrom('schemas')
        .select('table_name')
        .where('code', '=', table)
        .executeTakeFirstOrThrow()
    ).table_name;
    const upload = await team.owner.upload('/v1/files?kind=image', 'a.png', PNG, { 'x-app-name': 'canopy-web' });
    expect(upload.status).toBe(200);
    const filesDir = path.join(server.dataDir, 'files', team.engineCode);
    expect(fs.existsSync(filesDir)).toBe(true);
    expect(await tableExists(physical)).toBe(true);
    const otherApp = (await other.owner.request('POST', '/v1/apps', { body: { displayName: '别人的' } })).json.data
      .code;

    // Rows of tables no foreign key ties to the team: they must go too.
    const db = server.database.handle.db;
    await insertAppRows(db, { engineCode: team.engineCode, appCode, memberId: team.memberId });
    await insertIndexRow(db, { engineCode: team.engineCode, schemaCode: table, tableName: physical }, 'view');

    const { purgeAt } = (await close(team.owner, team.engineCode, '待删团队')).json.data;
    // A day before the end: nothing happens.
    expect((await runMaintenance(server.database.handle.db, server.dataDir, purgeAt - 1)).purged).toEqual([]);
    expect(await count('apps', team.engineCode)).toBe(1);

    const { purged } = await runMaintenance(server.database.handle.db, server.dataDir, purgeAt + 60_000);
    expect(purged).toEqual([team.engineCode]);
    for (const t of ['members', 'apps', 'schemas', 'departments', 'files', 'audit_log'] as const) {
      expect(await count(t, team.engineCode), t).toBe(0);
    }
    // No table keeps a row of the team (the engine's own rows and sign-in records aside: not the team's data).
    const left: string[] = [];
    for (const t of await teamTables()) {
      const n = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(t)} where engine_code = ${team.engineCode}`.execute(db);
      if (Number(n.rows[0]?.n)) left.push(t);
    }
    expect(left).toEqual([]);
    const engine = await server.database.handle.db
      .selectFrom('engines')
      .select('engine_code')
      .where('engine_code', '=', team.engineCode)
      .executeTakeFirst();
    expect(engine).toBeUndefined();
    expect(await tableExists(physical)).toBe(false);
    expect(fs.existsSync(filesDir)).toBe(false);
    const leftovers = await sql<{
      n: number;
    }>`select count(*) as n from app_members where app_code = ${appCode}`.execute(server.database.handle.db);
    expect(Number(leftovers.rows[0]?.n)).toBe(0);
    expect(
      (await team.owner.request('GET', '/v1/engine/list', { headers: { 'x-engine-code': '' } })).json.data,
    ).toEqual([]);
    // Restoring is too late now; the other team still has everything.
    expect(
      (await team.owner.request('POST', `/v1/engine/${team.engineCode}/restore`, { headers: { 'x-engine-code': '' } }))
        .status,
    ).toBe(404);
    expect((await other.owner.request('GET', `/v1/apps/${otherApp}`)).status).toBe(200);
    // Running again finds nothing more to do.
    expect((await runMaintenance(server.database.handle.db, server.dataDir, purgeAt + 60_000)).purged).toEqual([]);
  });
});
