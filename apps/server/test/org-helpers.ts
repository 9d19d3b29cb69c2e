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
