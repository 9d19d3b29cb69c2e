import { expect } from 'vitest';
import type { TestClient, TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * A team with an app and a table (名称, 区域, 成本) and a member, Alice, whose role sees her own
 * records only and never 成本; a second app the tokens will not name.
 */
export interface OpenApiFixture {
  team: TeamFixture;
  alice: { client: TestClient; memberId: string };
  appCode: string;
  otherApp: string;
  tableCode: string;
  /** The web app's address of the table (`/v1/apps/…/schemas/…`). */
  base: string;
  /** The integrators' address of the table (`/open/v1/apps/…/tables/…`). */
  open: string;
  f: { name: string; region: string; cost: string };
}

export async function openApiFixture(server: TestServer): Promise<OpenApiFixture> {
  const team = await createTeam(server, '开放接口团队');
  const alice = await joinTeam(server, team, '艾丽');
  const newApp = async (displayName: string) =>
    (await team.owner.request('POST', '/v1/apps', { body: { displayName } })).json.data.code as string;
  const appCode = await newApp('订单管理');
  const otherApp = await newApp('人事');
  const aliceId = (await alice.client.request('GET', '/v1/user/information/basic')).json.data.id;
  for (const app of [appCode, otherApp]) {
    const res = await team.owner.request('POST', '/v1/apps/role/add', {
      body: { appCode: app, userIds: [aliceId], role: 'member' },
    });
    expect(res.status).toBe(200);
  }
  const tableCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '订单' } })
  ).json.data.code as string;
  const base = `/v1/apps/${appCode}/schemas/${tableCode}`;
  const field = async (name: string, type: string) =>
    (await team.owner.request('POST', `${base}/fields`, { body: { name, type } })).json.data.code as string;
  const f = {
    name: await field('名称', 'text'),
    region: await field('区域', 'text'),
    cost: await field('成本', 'number'),
  };
  const all = ['manager', 'member'];
  const res = await team.owner.request('PUT', base, {
    body: {
      permissions: {
        add: all,
        view: all,
        edit: all,
        delete: all,
        fields: { [f.cost]: { member: 'hidden' } },
        rows: { member: { scope: 'mine' } },
      },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { team, alice, appCode, otherApp, tableCode, base, open: `/open/v1/apps/${appCode}/tables/${tableCode}`, f };
}

/** Creates a token through account settings' API and answers its secret and id. */
export async function createToken(
  client: TestClient,
  body: { appCodes: string[]; readOnly?: boolean; name?: string; expiresInDays?: number },
): Promise<{ token: string; id: string }> {
  const res = await client.request('POST', '/v1/user/api-tokens', {
    body: {
      name: body.name ?? '集成',
      readOnly: body.readOnly ?? false,
      expiresInDays: body.expiresInDays ?? 30,
      appCodes: body.appCodes,
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { token: res.json.data.token, id: res.json.data.item.id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
