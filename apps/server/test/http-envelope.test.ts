import { ErrorCode, PRINT_VERSION, REPORT_VERSION } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUsers, PASSWORD, startTestServer, TestClient, type TestServer } from './harness.js';

let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.baseUrl);
});
afterAll(async () => server?.close());

const userCount = () => countUsers(server);

describe('envelope and errors', () => {
  it('answers health with the database in use', async () => {
    const res = await client.request('GET', '/healthz');
    expect(res.status).toBe(200);
    const dialect = server.database.handle.dialect;
    // PostgreSQL: the LISTEN connection's state too (listener-reconnect.test.ts).
    expect(res.json).toEqual({
      status: 'ok',
      database: dialect,
      ...(dialect === 'postgres' ? { listener: 'up' } : {}),
    });
  });

  it('puts a trace id on every response, success or failure, and never trusts a client-sent one', async () => {
    const ok = await client.request('GET', '/v1/system/info');
    const missing = await client.request('GET', '/v1/does/not/exist', { headers: { 'request-id': 'forged' } });
    expect(ok.headers.get('x-trace-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(missing.headers.get('x-trace-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(missing.headers.get('x-trace-id')).not.toBe(ok.headers.get('x-trace-id'));
  });

  it('answers unknown /v1 paths with a 404 envelope', async () => {
    const res = await client.request('GET', '/v1/does/not/exist');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ errorCode: ErrorCode.notFound, errorMessage: '请求的接口不存在', errorType: 'SYSTEM' });
  });

  it('answers malformed JSON with 400 in the envelope and writes nothing', async () => {
    const before = await userCount();
    const res = await client.request('POST', '/v1/user/register', { rawBody: '{"account": "1380000' });
    expect(res.status).toBe(400);
    expect(res.json.errorCode).toBe(ErrorCode.badRequest);
    expect(JSON.stringify(res.json)).not.toMatch(/at .*\.ts|stack|Unexpected/);
    expect(await userCount()).toBe(before);
  });

  it('refuses wrong types with rule.submit.validate.failed and one message per field', async () => {
    const before = await userCount();
    const res = await client.request('POST', '/v1/user/register', {
      body: { account: 13800000000, name: '', password: 'plain', role: 'admin' },
    });
    expect(res.status).toBe(400);
    expect(res.json.errorCode).toBe('rule.submit.validate.failed');
    expect(res.json.errorMessage).toBe('校验不通过');
    const fields = Object.fromEntries(
      res.json.fieldErrors.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toEqual({
      account: '账号格式不正确',
      name: '姓名不能为空',
      password: '密码格式不正确',
      role: '不支持的字段role',
    });
    expect(await userCount()).toBe(before);
  });

  it('speaks the user language from the x-language header', async () => {
    const res = await client.request('POST', '/v1/user/register', { body: {}, headers: { 'x-language': 'en' } });
    expect(res.json.errorMessage).toBe('Validation failed');
    expect(res.json.fieldErrors).toContainEqual({ field: 'account', message: 'Account is required' });
    const jp = await client.request('GET', '/v1/nope', { headers: { 'accept-language': 'ja-JP,ja;q=0.9' } });
    expect(jp.json.errorMessage).toBe('そのエンドポイントは存在しません');
  });

  it('answers bodies over 1 MB with 400 and writes nothing', async () => {
    const before = await userCount();
    const big = JSON.stringify({ account: '13800000001', name: 'x'.repeat(1024 * 1024 + 10), password: PASSWORD });
    const res = await client.request('POST', '/v1/user/register', { rawBody: big });
    expect(res.status).toBe(400);
    expect(res.json.errorCode).toBe(ErrorCode.payloadTooLarge);
    expect(await userCount()).toBe(before);
  });

  it('accepts only JSON bodies, so a cross-site form post cannot reach a handler', async () => {
    const res = await client.request('POST', '/v1/user/register', {
      rawBody: 'account=13800000002&name=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    const plain = await client.request('POST', '/v1/user/login', { rawBody: '{}', contentType: 'text/plain' });
    expect(plain.status).toBe(415);
  });

  it('requires a session on session endpoints with a 401 envelope', async () => {
    const res = await client.request('GET', '/v1/user/information/basic');
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ errorCode: ErrorCode.unauthorized, errorType: 'AUTH' });
  });

  it('serves the OpenAPI document generated from the contract, and Swagger UI', async () => {
    const doc = await client.request('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining(['/v1/user/login', '/v1/user/register', '/v1/logout', '/v1/user/information/basic']),
    );
    expect(
      doc.json.paths['/v1/user/register'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('account');
    const ui = await client.request('GET', '/api/docs');
    expect([200, 302]).toContain(ui.status);
  });

  it("answers what's new without a session: none ship with the product (announcements.test.ts has the rest)", async () => {
    const res = await client.request('GET', '/v1/system/announcements');
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([]);
  });

  it('answers the about versions and the web version', async () => {
    const info = await client.request('GET', '/v1/system/info');
    expect(Object.keys(info.json.data.versions).sort()).toEqual([
      'kernel',
      'main',
      'operationPosition',
      'print',
      'report',
    ]);
    expect(info.json.data.versions.report).toBe(REPORT_VERSION);
    expect(info.json.data.versions.print).toBe(PRINT_VERSION);
    expect(info.json.data.copyright).toMatch(/Canopy/);
    const version = await client.request('POST', '/ug-foreground/version?corpId=x');
    expect(typeof version.json.data).toBe('string');
  });
});
