import { expect } from 'vitest';
import { registeredClient, type TestClient, type TestServer } from './harness.js';

export interface TeamFixture {
  engineCode: string;
  corpId: string;
  memberId: string;
  owner: TestClient;
}

/** A team with its owner, created through the API. */
export async function createTeam(server: TestServer, name: string, ownerName = '负责人'): Promise<TeamFixture> {
  const owner = (await registeredClient(server, ownerName)).client;
  const res = await owner.request('POST', '/v1/corp/own/register', { body: { corpName: name } });
  expect(res.status).toBe(200);
  owner.headers['x-engine-code'] = res.json.data.engineCode;
  return { ...res.json.data, owner };
}

/** A new user who joins the team through a link invitation; returns their client (pinned to the team). */
export async function joinTeam(
  server: TestServer,
  team: TeamFixture,
  name: string,
): Promise<{ client: TestClient; memberId: string }> {
  const link = (await team.owner.request('POST', '/v1/corpintegrate/invitation', { body: {} })).json.data;
  const { client } = await registeredClient(server, name);
  expect((await client.request('PUT', `/v1/corpintegrate/invitation/join/${link.id}`)).status).toBe(200);
  client.headers['x-engine-code'] = team.engineCode;
  const info = await client.request('GET', '/v1/org/member/info');
  return { client, memberId: info.json.data.memberId };
}

/** An app with one table, made by the team's owner through the API; `base` is the table's API path. */
export async function createAppTable(
  team: TeamFixture,
  appName: string,
  tableName: string,
): Promise<{ appCode: string; schemaCode: string; base: string }> {
  const app = await team.owner.request('POST', '/v1/apps', { body: { displayName: appName } });
  expect(app.status, JSON.stringify(app.json)).toBe(200);
  const appCode = app.json.data.code as string;
  const node = await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, {
    body: { type: 'Schema', displayName: tableName },
  });
  expect(node.status, JSON.stringify(node.json)).toBe(200);
  const schemaCode = node.json.data.code as string;
  return { appCode, schemaCode, base: `/v1/apps/${appCode}/schemas/${schemaCode}` };
}

/** The physical table of a table (schema) code, for tests that look at what the database holds. */
export async function tableNameOf(server: TestServer, schemaCode: string): Promise<string> {
  const row = await server.database.handle.db
    .selectFrom('schemas')
    .select('table_name')
    .where('code', '=', schemaCode)
    .executeTakeFirstOrThrow();
  return row.table_name;
}
