/**
 * The records API for integrators through an API token vs the same list through a session cookie
 * (issue 17): the token check (one indexed lookup of the token's hash, its owner, the in-memory rate
 * window) must cost no more than the session check. Starts the real server (API only) on a fresh
 * SQLite file, or on PostgreSQL when DATABASE_URL is set; a team, an app, a table with 50 records.
 *
 *   node --import tsx bench/src/token-overhead.ts            # SQLite
 *   DATABASE_URL=postgres://… node --import tsx bench/src/token-overhead.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPasswordForTransport } from '@canopy/contract';
import { load } from './load.js';

const port = 3918;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    API_TOKEN_RATE_LIMIT: '100000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const headers: Record<string, string> = { 'content-type': 'application/json' };
async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(base + url, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  const cookie = res.headers.get('set-cookie');
  if (cookie) headers.cookie = cookie.split(';')[0] ?? '';
  return json.data;
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      if (i > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await api('POST', '/v1/user/register', {
    account: `bench${Date.now()}@example.com`,
    name: 'bench',
    password: hashPasswordForTransport('bench-pass'),
  });
  const team = await api<{ engineCode: string }>('POST', '/v1/corp/own/register', { corpName: 'bench' });
  headers['x-engine-code'] = team.engineCode;
  const app = await api<{ code: string }>('POST', '/v1/apps', { displayName: 'bench' });
  const table = await api<{ code: string }>('POST', `/v1/apps/${app.code}/nodes`, {
    type: 'Schema',
    displayName: 'orders',
  });
  const field = await api<{ code: string }>('POST', `/v1/apps/${app.code}/schemas/${table.code}/fields`, {
    name: 'name',
    type: 'text',
  });
  const open = `/open/v1/apps/${app.code}/tables/${table.code}/records`;
  await api('POST', `${open}/batch`, {
    create: Array.from({ length: 50 }, (_, i) => ({ data: { [field.code]: `row ${i}` } })),
  });
  const { token } = await api<{ token: string }>('POST', '/v1/user/api-tokens', {
    name: 'bench',
    appCodes: [app.code],
    readOnly: true,
    expiresInDays: 7,
  });
  const url = `${base}${open}?limit=20`;
  const opts = { total: 10_000, concurrency: 32 };
  await load('warm-up', url, { total: 1_000, concurrency: 32, headers: { cookie: headers.cookie ?? '' } });
  const results = [
    await load('GET /open/v1/…/records (session cookie)', url, {
      ...opts,
      headers: { cookie: headers.cookie ?? '', 'x-engine-code': team.engineCode },
    }),
    await load('GET /open/v1/…/records (API token)', url, { ...opts, headers: { authorization: `Bearer ${token}` } }),
  ];
  console.table(results);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
