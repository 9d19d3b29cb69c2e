import { ErrorCode } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';

/**
 * A NUL character anywhere in a request (body, query, path) is a field error on both databases —
 * PostgreSQL's text cannot hold it, and it used to fail the statement with a 500 — and writes nothing.
 * The session is checked first: without one the answer is 401 whatever the body holds.
 */
let server: TestServer;
let team: TeamFixture;
let base: string;
let name: string;

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '空字符团队');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '空字符' } })).json.data.code;
  const schema = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '表' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schema}`;
  name = (await team.owner.request('POST', `${base}/fields`, { body: { name: '名称', type: 'text' } })).json.data.code;
});
afterAll(async () => server?.close());

describe('NUL characters in requests', () => {
  it('refuses a record value, a search and a path holding one, naming the field, writing nothing', async () => {
    const created = await team.owner.request('POST', `${base}/records`, { body: { data: { [name]: 'a\u0000b' } } });
    expect(created.status, JSON.stringify(created.json)).toBe(400);
    expect(created.json.errorCode).toBe(ErrorCode.validationFailed);
    expect(created.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual([`data.${name}`]);
    const search = await team.owner.request('POST', `${base}/records/query`, { body: { search: 'a\u0000' } });
    expect(search.status).toBe(400);
    expect(search.json.fieldErrors[0].field).toBe('search');
    const record = await team.owner.request('GET', `${base}/records/x%00y`);
    expect(record.status).toBe(400);
    const list = await team.owner.request('POST', `${base}/records/query`, { body: {} });
    expect(list.status).toBe(200);
    expect(list.json.data.resultList).toEqual([]);
    // The same value without the NUL is fine.
    expect((await team.owner.request('POST', `${base}/records`, { body: { data: { [name]: 'ab' } } })).status).toBe(
      200,
    );
  });

  it('answers 401 before looking at the body when there is no session', async () => {
    const anonymous = new TestClient(server.baseUrl);
    const res = await anonymous.request('POST', `${base}/records`, { body: { data: { [name]: 'a\u0000b' } } });
    expect(res.status).toBe(401);
  });
});
