import http from 'node:http';
import * as Contract from '@canopy/contract';
import { type Endpoint, ErrorCode } from '@canopy/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, parseFrameAncestors } from '../src/config.js';
import { cdnSource } from '../src/http/security-headers.js';
import { countUsers, registeredClient, startTestServer, TestClient, type TestServer, uniqueMobile } from './harness.js';

let server: TestServer;
/** A client without a session: a new one each time (registering signs a client in). */
let anonymous: TestClient;

beforeAll(async () => {
  server = await startTestServer();
});
beforeEach(() => {
  anonymous = new TestClient(server.baseUrl);
});
afterAll(async () => server?.close());

function isEndpoint(value: unknown): value is Endpoint {
  const v = value as Partial<Endpoint> | null;
  return typeof v === 'object' && v !== null && typeof v.path === 'string' && typeof v.method === 'string' && !!v.auth;
}

/** Every endpoint the contract declares, wherever it sits in the exported groups. */
function contractEndpoints(): Endpoint[] {
  const found = new Map<string, Endpoint>();
  const walk = (value: unknown, depth: number) => {
    if (isEndpoint(value)) found.set(`${value.method} ${value.path}`, value);
    else if (value && typeof value === 'object' && depth < 4)
      for (const child of Object.values(value)) walk(child, depth + 1);
  };
  for (const [name, value] of Object.entries(Contract)) if (name.endsWith('Endpoints')) walk(value, 0);
  return [...found.values()];
}

/** A raw request, so the Host header can be what a proxy or a browser would send. */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: { errorCode?: string } }> {
  const url = new URL(server.baseUrl + path);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('authentication comes before validation', () => {
  it('answers an anonymous department creation with 401, not the field list', async () => {
    const res = await anonymous.request('POST', '/v1/org/department', { body: {} });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ errorCode: ErrorCode.unauthorized, errorMessage: '请先登录', errorType: 'AUTH' });
  });

  it('answers 401 to every endpoint that needs a session, whatever invalid request it gets', async () => {
    const endpoints = contractEndpoints().filter((e) => e.auth === 'session');
    expect(endpoints.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const e of endpoints) {
      // Path parameters that fit no pattern, a query and a body no schema accepts.
      const path = `${e.path.replace(/:\w+/g, '%20x%20')}?pageSize=-1&format=exe`;
      const body = e.method === 'GET' ? undefined : { unknownField: true };
      const res = await anonymous.request(e.method, path, { body });
      if (res.status !== 401 || res.json?.errorCode !== ErrorCode.unauthorized)
        wrong.push(`${e.method} ${e.path} → ${res.status} ${res.json?.errorCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 before reading a malformed body', async () => {
    const res = await anonymous.request('PUT', '/v1/org/department', { rawBody: '{"name": ' });
    expect(res.status).toBe(401);
  });

  it('still validates for a signed-in member', async () => {
    const { client } = await registeredClient(server);
    const res = await client.request('POST', '/v1/org/department', { body: {} });
    expect(res.status).not.toBe(401);
  });
});

describe('state-changing requests from other sites', () => {
  const register = (headers: Record<string, string>) =>
    anonymous.request('POST', '/v1/user/register', {
      body: { account: uniqueMobile(), name: '跨站', password: Contract.hashPasswordForTransport('x y z 123') },
      headers,
    });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a sibling sub-domain', { origin: 'http://other.127.0.0.1.nip.io' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
    ['no Origin but Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with 403 and writes nothing', async (_name, headers) => {
    const before = await countUsers(server);
    const res = await register(headers);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      errorCode: ErrorCode.crossSiteRefused,
      errorMessage: '请求来自其他网站，已被拒绝。请在本站页面中操作',
      errorType: 'AUTH',
    });
    expect(await countUsers(server)).toBe(before);
  });

  it('refuses before authenticating or validating: the answer is the same for any body', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await anonymous.request(method, '/v1/org/department', {
        body: {},
        headers: { origin: 'https://evil.example' },
      });
      expect(res.status).toBe(403);
      expect(res.json.errorCode).toBe(ErrorCode.crossSiteRefused);
    }
  });

  it('lets through its own origin, requests without Origin, and reads from anywhere', async () => {
    expect((await register({ origin: server.baseUrl })).status).toBe(200);
    anonymous = new TestClient(server.baseUrl);
    expect((await register({})).status).toBe(200);
    anonymous = new TestClient(server.baseUrl);
    expect((await register({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    const read = await anonymous.request('GET', '/v1/system/info', { headers: { origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
  });

  it('compares with the Host the request was sent to, default ports included', async () => {
    const login = async (host: string, origin: string) =>
      (await rawRequest('POST', '/v1/user/login', { host, origin }, { account: 'not-an-account', password: 'x' }))
        .status;
    // 400: past the origin check, refused by the login itself.
    expect(await login('canopy.test', 'http://canopy.test')).toBe(400);
    expect(await login('canopy.test:80', 'http://canopy.test')).toBe(400);
    expect(await login('canopy.test', 'http://canopy.test:8080')).toBe(403);
  });

  it('accepts PUBLIC_URL as the origin behind a proxy that rewrites Host', async () => {
    const proxied = await startTestServer({ publicUrl: 'https://canopy.example.com' });
    try {
      const res = await new TestClient(proxied.baseUrl).request('POST', '/v1/user/login', {
        body: { account: 'not-an-account', password: 'x' },
        headers: { origin: 'https://canopy.example.com' },
      });
      expect(res.status).toBe(400);
    } finally {
      await proxied.close();
    }
  });
});

describe('logout', () => {
  it('refuses a logout another site asks for, and the session lives on', async () => {
    const { client } = await registeredClient(server);
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      const res = await client.request('GET', '/v1/logout', { headers });
      expect(res.status).toBe(403);
      expect(res.json.errorCode).toBe(ErrorCode.crossSiteRefused);
      expect(client.sessionCookie).toBeDefined();
      expect((await client.request('GET', '/v1/user/information/basic')).status).toBe(200);
    }
  });

  it.each([
    ['same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['same-site', { 'sec-fetch-site': 'same-site' }],
    ['typed in the address bar', { 'sec-fetch-site': 'none' }],
    ['without fetch metadata', {}],
  ])('logs out a %s request', async (_name, headers) => {
    const { client } = await registeredClient(server);
    const res = await client.request('GET', '/v1/logout', { headers });
    expect(res.status).toBe(200);
    expect((await client.request('GET', '/v1/user/information/basic')).status).toBe(401);
  });
});

describe('security headers', () => {
  it('sends a CSP, frame and referrer policies and nosniff on every answer', async () => {
    for (const path of ['/v1/system/info', '/v1/does/not/exist', '/api/docs/']) {
      const res = await anonymous.request('GET', path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      // Embedded-page blocks of custom pages: https pages, and http ones on a plain-http instance.
      expect(csp).toContain("frame-src 'self' https: http:");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('keeps the CSP on refusals', async () => {
    const res = await anonymous.request('POST', '/v1/org/department', { body: {} });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('serves Swagger UI from its own files', async () => {
    const page = await anonymous.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('swagger-ui-bundle.js');
    // Every script is a file: the CSP's script-src 'self' lets all of them run.
    expect(String(page.body)).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('lets the configured workbenches frame the app, over https with a CDN', async () => {
    const embedded = await startTestServer({
      frameAncestors: parseFrameAncestors("https://*.dingtalk.com, https://*.feishu.cn 'self'"),
      publicUrl: 'https://canopy.example.com',
      cdnBase: 'https://cdn.example.com/canopy/',
    });
    try {
      const res = await new TestClient(embedded.baseUrl).request('GET', '/v1/system/info');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors https://*.dingtalk.com https://*.feishu.cn 'self'");
      expect(csp).toContain("script-src 'self' https://cdn.example.com");
      expect(csp).toContain('upgrade-insecure-requests');
      expect(csp).toContain("frame-src 'self' https:;");
      expect(res.headers.get('x-frame-options')).toBeNull();
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await embedded.close();
    }
  });

  it('allows the CDN however CDN_BASE is written', () => {
    expect(cdnSource('')).toEqual([]);
    expect(cdnSource('/static/')).toEqual([]);
    expect(cdnSource('//cdn.example.com/canopy')).toEqual(['cdn.example.com']);
    expect(cdnSource('https://cdn.example.com:8443/canopy/')).toEqual(['https://cdn.example.com:8443']);
  });

  it('refuses to start with a PUBLIC_URL that is not an address', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'canopy.example.com' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PUBLIC_URL: 'https://canopy.example.com/' }).publicUrl).toBe('https://canopy.example.com');
  });

  it('reads FRAME_ANCESTORS leniently and refuses what is not a CSP source', () => {
    expect(parseFrameAncestors(undefined)).toEqual([]);
    expect(parseFrameAncestors(' self,https://a.example.com:8443  none ')).toEqual([
      "'self'",
      'https://a.example.com:8443',
      "'none'",
    ]);
    expect(() => parseFrameAncestors('https://a.example.com; script-src *')).toThrow(/FRAME_ANCESTORS/);
    expect(() => parseFrameAncestors('*')).toThrow(/FRAME_ANCESTORS/);
  });
});
