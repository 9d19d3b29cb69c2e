/**
 * NocoDB 0.301.3 as a peer process (../shared/peers/nocodb.md): installed from the npm registry on
 * demand into a cache directory outside the repository (nothing of it is committed), started on a
 * free port with its SQLite database (metadata and data in one file, `noco.db`, in its working
 * directory), and driven through its REST API with a signed-up user's token.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const NOCODB_VERSION = '0.301.3';
export const NOCODB_CACHE = process.env.NOCODB_CACHE ?? '/tmp/canopy-peer-nocodb';

/**
 * Installs NocoDB into the cache directory unless it is there already (~3 min). Its `xlsx` dependency
 * points at a CDN (pinned to the registry's 0.18.5) and one dependency's install script runs
 * `npx only-allow pnpm`, so scripts are skipped and only sqlite3's native binding is rebuilt.
 */
export function ensureNocodb(dir = NOCODB_CACHE): string {
  const marker = path.join(dir, 'node_modules/nocodb/package.json');
  if (fs.existsSync(marker) && fs.existsSync(path.join(dir, 'installed'))) return dir;
  fs.mkdirSync(dir, { recursive: true });
  console.log(`[nocodb] installing nocodb@${NOCODB_VERSION} into ${dir} (~3 min) …`);
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'canopy-peer-nocodb', private: true, overrides: { xlsx: '0.18.5' } }),
  );
  const npm = (...args: string[]) => execFileSync('npm', args, { cwd: dir, stdio: 'inherit' });
  npm('install', '--ignore-scripts', '--no-audit', '--no-fund', `nocodb@${NOCODB_VERSION}`, 'express');
  npm('rebuild', 'sqlite3');
  fs.writeFileSync(path.join(dir, 'installed'), `${new Date().toISOString()}\n`);
  return dir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface NocoProcess {
  baseUrl: string;
  dataDir: string;
  dbFile: string;
  child: ChildProcess;
  startSeconds: number;
  stop(): Promise<void>;
}

/** Starts NocoDB on a fresh data directory and waits until its API answers (~40 s). */
export async function startNocodb(dataDir: string, installDir = NOCODB_CACHE): Promise<NocoProcess> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const start = path.join(installDir, 'start.cjs');
  fs.writeFileSync(
    start,
    [
      "const { Noco } = require('nocodb');",
      "const app = require('express')();",
      '(async () => {',
      '  const server = app.listen(Number(process.env.PORT), "127.0.0.1");',
      '  app.use(await Noco.init({}, server, app));',
      '})().catch((e) => { console.error(e); process.exit(1); });',
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const t = performance.now();
  const child = spawn(process.execPath, [start], {
    cwd: dataDir,
    env: {
      ...process.env,
      PORT: String(port),
      NC_DISABLE_TELE: 'true',
      NC_AUTH_JWT_SECRET: 'canopy-bench-peer',
      NODE_PATH: path.join(installDir, 'node_modules'),
      NODE_ENV: 'production',
    },
    // Its own process group, so stop() ends NocoDB and any child it made, and nothing else.
    detached: true,
    stdio: [
      'ignore',
      fs.openSync(path.join(dataDir, 'nocodb.log'), 'a'),
      fs.openSync(path.join(dataDir, 'nocodb.log'), 'a'),
    ],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 300_000;
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  for (;;) {
    if (exited !== null) throw new Error(`nocodb exited with ${exited}; see ${dataDir}/nocodb.log`);
    const ok = await fetch(`${baseUrl}/api/v1/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > until) throw new Error(`nocodb did not start within 300 s; see ${dataDir}/nocodb.log`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    dataDir,
    dbFile: path.join(dataDir, 'noco.db'),
    child,
    startSeconds: Math.round((performance.now() - t) / 100) / 10,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolve();
        child.once('exit', () => resolve());
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          resolve();
        }
      }),
  };
}

/** NocoDB's REST API with the token of a signed-up user (header `xc-auth`). */
export class NocoClient {
  token = '';
  constructor(readonly baseUrl: string) {}

  async call<T = Record<string, unknown>>(method: string, route: string, body?: unknown): Promise<T> {
    const res = await fetch(this.baseUrl + route, {
      method,
      headers: { 'content-type': 'application/json', ...(this.token ? { 'xc-auth': this.token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`nocodb ${method} ${route} → ${res.status} ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  async signUp(email: string, password: string): Promise<void> {
    const answer = await this.call<{ token: string }>('POST', '/api/v1/auth/user/signup', { email, password });
    this.token = answer.token;
  }

  get headers(): Record<string, string> {
    return { 'xc-auth': this.token };
  }
}
