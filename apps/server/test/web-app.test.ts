import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from './harness.js';

let server: TestServer;
let client: TestClient;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>spa</title><script type="module" src="/assets/main-abc123.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'auth.html'), '<!doctype html><title>auth</title>');
  fs.writeFileSync(path.join(dist, 'version.json'), JSON.stringify({ version: '9.9.9-build' }));
  fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  server = await startTestServer({ webDist: dist });
  client = new TestClient(server.baseUrl);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/home', '/app/x/y/z', '/todos/done', '/members?engineCode=abc'])(
    'answers %s with the app',
    async (url) => {
      const res = await client.request('GET', url);
      expect(res.status).toBe(200);
      expect(res.body).toContain('<title>spa</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it.each(['/login', '/register', '/logout'])('answers the host page %s from auth.html', async (url) => {
    const res = await client.request('GET', `${url}?redirect=%2Fhome`);
    expect(res.body).toContain('<title>auth</title>');
  });

  it('serves hashed assets for a year and root files as they are', async () => {
    const asset = await client.request('GET', '/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await client.request('GET', '/version.json')).json).toEqual({ version: '9.9.9-build' });
    expect((await client.request('GET', '/assets/missing.js')).status).toBe(404);
  });

  it('keeps API misses as 404 envelopes and answers the web build version', async () => {
    const res = await client.request('GET', '/v1/nope');
    expect(res.status).toBe(404);
    expect(res.json.errorCode).toBe('common.not.found');
    expect((await client.request('POST', '/ug-foreground/version')).json).toEqual({ data: '9.9.9-build' });
  });
});

describe('with a CDN', () => {
  it('points the page at the CDN for assets', async () => {
    const cdn = await startTestServer({ webDist: dist, cdnBase: 'https://cdn.example.com/canopy/' });
    try {
      const res = await new TestClient(cdn.baseUrl).request('GET', '/home');
      expect(res.body).toContain('src="https://cdn.example.com/canopy/assets/main-abc123.js"');
    } finally {
      await cdn.close();
    }
  });
});
