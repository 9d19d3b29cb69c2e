import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/** A deleted data table purged on its own from the table trash. */
let server: TestServer;
let team: TeamFixture;
let manager: { client: TestClient; memberId: string };
let member: { client: TestClient; memberId: string };
let appCode: string;
let doomed: string;
let kept: string;

const path = (schemaCode: string) => `/v1/apps/${appCode}/schemas/${schemaCode}`;

async function table(name: string): Promise<string> {
  const res = await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, {
    body: { type: 'Schema', displayName: name },
  });
  return res.json.data.code;
}

async function rows(query: ReturnType<typeof sql>): Promise<number> {
  const result = await query.execute(server.database.handle.db);
  return Number((result.rows[0] as { n: number | string }).n);
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '清理团队');
  manager = await joinTeam(server, team, '主管');
  member = await joinTeam(server, team, '成员');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '项目' } })).json.data.code;
  for (const [who, role] of [
    [manager, 'manager'],
    [member, 'member'],
  ] as const) {
    const userId = (await who.client.request('GET', '/v1/user/information/basic')).json.data.id;
    await team.owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [userId], role } });
  }
  doomed = await table('旧任务');
  kept = await table('项目');
  const name = (await team.owner.request('POST', `${path(doomed)}/fields`, { body: { name: '任务', type: 'text' } }))
    .json.data.code;
  const link = (
    await team.owner.request('POST', `${path(kept)}/fields`, {
      body: { name: '任务', type: 'relation', settings: { schemaCode: doomed, multiple: true } },
    })
  ).json.data.code;
  const task = (await team.owner.request('POST', `${path(doomed)}/records`, { body: { data: { [name]: '写报告' } } }))
    .json.data.id;
  await team.owner.request('POST', `${path(kept)}/records`, { body: { data: { [link]: [task] } } });
  expect((await team.owner.request('GET', `${path(doomed)}/views`)).status).toBe(200);
  expect((await team.owner.request('DELETE', `/v1/apps/${appCode}/nodes/${doomed}`)).status).toBe(200);
});
afterAll(async () => server?.close());

describe('purging a deleted table', () => {
  it('is for editors of the app, and only for tables in the trash', async () => {
    const byMember = await member.client.request('DELETE', `/v1/apps/${appCode}/nodes/trash/${doomed}`);
    expect(byMember.status).toBe(403);
    const live = await team.owner.request('DELETE', `/v1/apps/${appCode}/nodes/trash/${kept}`);
    expect(live.status).toBe(404);
    expect((await team.owner.request('GET', `${path(kept)}/records`)).status).toBe(200);
  });

  it('drops the physical table and every piece of metadata in one go', async () => {
    const table = `d_${doomed}`;
    expect(await rows(sql`select count(*) as n from ${sql.table(table)}`)).toBe(1);
    const res = await manager.client.request('DELETE', `/v1/apps/${appCode}/nodes/trash/${doomed}`);
    expect(res.json).toEqual({ data: true });

    expect((await team.owner.request('GET', `/v1/apps/${appCode}/nodes/trash`)).json.data).toEqual([]);
    expect((await team.owner.request('POST', `/v1/apps/${appCode}/nodes/${doomed}/restore`)).status).toBe(404);
    await expect(
      sql`select count(*) as n from ${sql.table(table)}`.execute(server.database.handle.db),
    ).rejects.toThrow();
    for (const meta of ['schemas', 'function_nodes']) {
      expect(await rows(sql`select count(*) as n from ${sql.table(meta)} where code = ${doomed}`)).toBe(0);
    }
    for (const meta of ['fields', 'views', 'record_history']) {
      expect(await rows(sql`select count(*) as n from ${sql.table(meta)} where schema_code = ${doomed}`)).toBe(0);
    }
    expect(
      await rows(sql`select count(*) as n from audit_log where action = 'table.purge' and target_id = ${doomed}`),
    ).toBe(1);
    // The log keeps the entries of the table's records' writes (on SQLite they rode on the history rows).
    expect(
      await rows(
        sql`select count(*) as n from audit_log where action = 'record.create' and schema_code = ${doomed} and record_title = '写报告'`,
      ),
    ).toBe(1);

    // The table that linked to it still lists its records; the links lead nowhere.
    const linked = await team.owner.request('GET', `${path(kept)}/records`);
    expect(linked.status).toBe(200);
    expect(linked.json.data.resultList).toHaveLength(1);
    expect((await team.owner.request('DELETE', `/v1/apps/${appCode}/nodes/trash/${doomed}`)).status).toBe(404);
  });
});
