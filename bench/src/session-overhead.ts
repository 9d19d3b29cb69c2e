/**
 * What a signed-in request costs over a bare one: the session lookup and tenant check run on every
 * API call, so they must stay cheap. Starts the real server (as `npm start` does, API only) on a
 * fresh SQLite file, or on PostgreSQL when DATABASE_URL is set, registers a user and compares
 * GET /healthz with GET /v1/user/information/basic.
 *
 *   node --import tsx bench/src/session-overhead.ts            # SQLite
 *   DATABASE_URL=postgres://… node --import tsx bench/src/session-overhead.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPasswordForTransport } from '@canopy/contract';
import { load } from './load.js';

const port = 3917;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      if (i > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const res = await fetch(`${base}/v1/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      account: `bench${Date.now()}@example.com`,
      name: 'bench',
      password: hashPasswordForTransport('bench-pass'),
    }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const opts = { total: 20_000, concurrency: 32 };
  await load('warm-up', `${base}/healthz`, { total: 2_000, concurrency: 32 });
  const results = [
    await load('GET /healthz (no session)', `${base}/healthz`, opts),
    await load('GET /v1/user/information/basic (session)', `${base}/v1/user/information/basic`, {
      ...opts,
      headers: { cookie },
    }),
  ];
  console.table(results);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
