import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Several Canopy server processes (main.ts, as deployed) on one PostgreSQL database behind Debian's
 * nginx configured from deploy/nginx.conf: the cluster test (cluster.test.ts) and the cluster bench
 * (bench/src/cluster/run.ts) start them with this.
 */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface Proc {
  name: string;
  child: ChildProcess;
  url: string;
  log: string[];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Waits for a condition, polling; the answer is how long it took. */
export async function until(what: string, check: () => Promise<boolean>, ms = 30_000, every = 50): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, every));
  }
}

export const healthy = (url: string) => async () => (await fetch(`${url}/healthz`)).ok;

/** A new, empty database on the server of `adminUrl`; its URL and how to drop it. */
export async function createDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  // As the tests' own databases (test/database.ts createPgTestDatabase): no wait for the WAL's flush.
  await c.query(`alter database ${name} set synchronous_commit = off`);
  await c.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

/** One server process as deployed (`node --import tsx apps/server/src/main.ts`), its output kept. */
export function startServer(
  name: string,
  port: number,
  settings: { databaseUrl: string; dataDir: string; logLevel?: string; env?: Record<string, string> },
): Proc {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: settings.databaseUrl,
    DATA_DIR: settings.dataDir,
    WEB_DIST: '',
    TRUST_PROXY: 'true',
    PASSWORD_HASHING: 'fast',
    LOG_LEVEL: settings.logLevel ?? 'info',
    ...settings.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line) log.push(line);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, child, url: `http://127.0.0.1:${port}`, log };
}

/**
 * deploy/nginx.conf made to run here: the upstream lists the given processes, the site listens on a
 * free local port without TLS, and the port-80 redirect goes. Everything else (proxy headers, the
 * unbuffered live stream, the upload limit, gzip, next-upstream rules) is the file's own. Throws when
 * the file no longer has what is replaced.
 */
export function nginxConfig(ports: number[], listen: number, work: string): string {
  let site = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(site)) throw new Error(`deploy/nginx.conf no longer has ${pattern}`);
    site = site.replace(pattern, by);
  };
  replace(
    /(upstream canopy \{[^}]*?)((?:\s*server 127\.0\.0\.1:\d+;)+)/,
    `$1${ports.map((p) => `\n    server 127.0.0.1:${p};`).join('')}`,
  );
  replace(/server \{\s*listen 80;[\s\S]*?\n\}\n/, '');
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${listen};`);
  replace(/\n\s*listen \[::\]:443 ssl http2;/, '');
  replace(/\n\s*ssl_[a-z_]+ [^;]+;/g, '');
  const temp = (name: string) => {
    const dir = path.join(work, 'nginx', name);
    fs.mkdirSync(dir, { recursive: true, mode: 0o777 });
    fs.chmodSync(dir, 0o777);
    return dir;
  };
  return `daemon off;
worker_processes 2;
pid ${path.join(work, 'nginx', 'nginx.pid')};
error_log ${path.join(work, 'nginx', 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${site}
}
`;
}

/** nginx in front of `ports`, on a free port of its own; answers its address. */
export async function startNginx(ports: number[], work: string): Promise<{ child: ChildProcess; url: string }> {
  const listen = await freePort();
  fs.mkdirSync(path.join(work, 'nginx'), { recursive: true });
  const conf = path.join(work, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(ports, listen, work));
  const child = spawn(NGINX, ['-c', conf, '-e', path.join(work, 'nginx', 'error.log')], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${listen}`;
  await until('nginx up', healthy(url), 30_000, 100);
  return { child, url };
}

export async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
