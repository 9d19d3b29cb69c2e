import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsEncoding } from '../src/http/assets.js';
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
  // A built chunk with the build's precompressed copies next to it (apps/web/build/precompress.ts).
  const big = `export const words = ${JSON.stringify('树冠 canopy '.repeat(400))};\n`;
  fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js'), big);
  fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), zlib.gzipSync(big));
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

/** A GET exactly as sent (fetch would add its own Accept-Encoding and decode the answer). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('compressed answers', () => {
  it('sends the build’s brotli or gzip copy of an asset as the browser accepts, else the file', async () => {
    const url = `${server.baseUrl}/assets/big-def456.js`;
    const plain = fs.readFileSync(path.join(dist, 'assets', 'big-def456.js'));
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.body).equals(plain)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.length / 5);
    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(plain)).toBe(true);
    const none = await rawGet(url, {});
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.equals(plain)).toBe(true);
  });

  it('honours q=0, answers HEAD, and finds a file a redeploy added without a restart', async () => {
    const url = `${server.baseUrl}/assets/big-def456.js`;
    const noBr = await rawGet(url, { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
    expect(noBr.headers.vary).toContain('accept-encoding');
    expect(noBr.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toContain('immutable');
    fs.writeFileSync(path.join(dist, 'assets', 'later-789abc.css'), 'body{color:red}');
    const later = await rawGet(`${server.baseUrl}/assets/later-789abc.css`, {});
    expect(later.status).toBe(200);
    expect(later.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(later.body.toString()).toBe('body{color:red}');
  });

  it('never answers a path outside the assets, nor a hidden file', async () => {
    fs.writeFileSync(path.join(dist, 'assets', '.secret'), 'no');
    for (const p of [
      '/assets/..%2Findex.html',
      '/assets/%2e%2e%2fauth.html',
      '/assets/.secret',
      '/assets/..%5Cindex.html',
    ]) {
      const res = await rawGet(`${server.baseUrl}${p}`, {});
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.body.toString(), p).not.toContain('<title>');
      expect(res.body.toString(), p).not.toBe('no');
    }
  });

  it('compresses JSON over 1 KB, not the small answers', async () => {
    const big = await rawGet(`${server.baseUrl}/api/docs/json`, { 'accept-encoding': 'br' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.body).toString()).openapi).toMatch(/^3\./);
    const small = await rawGet(`${server.baseUrl}/healthz`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the app page', async () => {
    const page = await rawGet(`${server.baseUrl}/home`, { 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    // index.html here is tiny: under the threshold it goes out as it is; either way it reads the same.
    const body = page.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(page.body) : page.body;
    expect(body.toString()).toContain('<title>spa</title>');
  });
});

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br', 'br', true],
    ['br;q=0, gzip', 'br', false],
    ['BR ; q=0.5', 'br', true],
    ['gzip;q=0.000', 'gzip', false],
    ['*', 'gzip', true],
    ['*;q=0', 'br', false],
    ['identity', 'br', false],
    ['brotli', 'br', false],
    ['', 'gzip', false],
  ] as const)('%j takes %s: %s', (header, coding, takes) => {
    expect(acceptsEncoding(header, coding)).toBe(takes);
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
