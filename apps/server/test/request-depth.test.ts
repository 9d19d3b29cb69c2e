import { ErrorCode } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';

/**
 * A JSON body nested thousands deep (issue 30) used to overflow the stack in parsing or validation
 * (a 500 at 10,000 deep, a 400 at 5,000): now any body deeper than 100 levels is a 400 that says so,
 * on every JSON endpoint, signed in or not, before validation.
 */
let server: TestServer;
let team: TeamFixture;

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

async function post(client: TestClient, path: string, raw: string) {
  return client.request('POST', path, { rawBody: raw, headers: { 'x-language': 'en' } });
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '嵌套团队');
});
afterAll(async () => server?.close());

describe('deeply nested JSON bodies', () => {
  it('answers 400 with a clear error, never 500, at 10,000 and at 5,000 levels', async () => {
    const anonymous = new TestClient(server.baseUrl);
    for (const body of [nested(10_000), deepObject(10_000), nested(5_000), `{"a":${nested(101)}}`]) {
      for (const [client, path] of [
        [anonymous, '/v1/user/login'],
        [team.owner, '/v1/apps'],
      ] as const) {
        const res = await post(client, path, body);
        expect(res.status, `${path} ${JSON.stringify(res.json)}`).toBe(400);
        expect(res.json).toMatchObject({
          errorCode: ErrorCode.badRequest,
          errorMessage: 'The request body is nested too deeply (at most 100 levels)',
        });
      }
    }
  });

  it('takes a body at the limit, and brackets inside strings do not count', async () => {
    // 150 brackets and an escaped quote inside a string: parsed, then refused for what it says.
    const inString = JSON.stringify({ account: `${'['.repeat(150)}"{`, password: 'x' });
    const res = await post(new TestClient(server.baseUrl), '/v1/user/login', inString);
    expect(res.status).toBe(400);
    expect(res.json.errorCode, JSON.stringify(res.json)).toBe(ErrorCode.validationFailed);
    // 100 levels parse (the schema then refuses the shape, as any wrong shape).
    const deep = await post(team.owner, '/v1/apps', `{"displayName":"x","extra":${nested(99)}}`);
    expect(deep.status).toBe(400);
    expect(deep.json.errorCode).toBe(ErrorCode.validationFailed);
  });
});
