#!/usr/bin/env node
/**
 * Finds (or starts) a PostgreSQL server the test suites can use as a superuser.
 *
 *   import { ensurePostgres } from './ensure-postgres.mjs';
 *   const { url, stop } = await ensurePostgres();
 *
 *   node scripts/ensure-postgres.mjs   # CLI: prints the URL; a throwaway server it had to
 *                                      # start keeps running until Ctrl-C / SIGTERM
 *
 * Order:
 *   1. $TEST_DATABASE_URL, if set and it answers.
 *   2. postgres://postgres@127.0.0.1:5432/postgres, if it answers (the machine's own server,
 *      trust auth). It is only used, never started, stopped or reconfigured.
 *   3. A throwaway server: initdb into a temp dir (trust auth, fsync=off) and start it on a free
 *      port of 127.0.0.1, installing Debian's `postgresql` package first if no server binaries
 *      exist under /usr/lib/postgresql/<version>/bin. PostgreSQL refuses to run as root, so as
 *      root it runs as the `postgres` system user (created if missing). `stop()` shuts it down
 *      and removes the temp dir; that also happens on process exit, SIGINT, SIGTERM and SIGHUP.
 *
 * Environment:
 *   TEST_DATABASE_URL           preferred server (step 1)
 *   CANOPY_FORCE_THROWAWAY_PG=1 skip steps 1 and 2 and always start a throwaway server; for
 *                               testing step 3, or to keep the tests off a shared server
 *
 * Logs go to stderr, so `url=$(node scripts/ensure-postgres.mjs)` works when a server is found
 * (a throwaway one keeps the CLI running, so use it from an interactive shell instead).
 *
 * Uses the `pg` package from node_modules, so run `npm ci` / `npm install` first.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_LIB_DIR = '/usr/lib/postgresql';
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

const log = (msg) => console.error(`[ensure-postgres] ${msg}`);

/** Hides the password of a URL for printing. */
function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<unparsable URL>';
  }
}

/**
 * Tries a real connection. Resolves to { ok: true, superuser } or { ok: false, error }.
 * @param {string} url
 */
async function probe(url, timeoutMs = 3000) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    const res = await client.query('select rolsuper, rolcreatedb from pg_roles where rolname = current_user');
    const row = res.rows[0] ?? {};
    return { ok: true, superuser: row.rolsuper === true, createdb: row.rolcreatedb === true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs a command, inheriting stdout/stderr; resolves to its exit code (or -1 if it can't start). */
function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 2, 2], ...opts });
    child.on('error', (err) => {
      log(`cannot run ${cmd}: ${err.message}`);
      resolve(-1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 + (SIGNALS[signal] ?? 0) : 1)));
  });
}

/** Highest-version directory /usr/lib/postgresql/<v>/bin that has initdb, postgres and pg_ctl. */
function findPgBin() {
  if (!existsSync(PG_LIB_DIR)) return null;
  const versions = readdirSync(PG_LIB_DIR)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  for (const v of versions) {
    const bin = join(PG_LIB_DIR, v, 'bin');
    if (['initdb', 'postgres', 'pg_ctl'].every((f) => existsSync(join(bin, f)))) return bin;
  }
  return null;
}

async function installPostgres() {
  if (process.getuid?.() !== 0) {
    throw new Error(
      'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin and not root, so they ' +
        'cannot be installed: install Debian\'s "postgresql" package or set TEST_DATABASE_URL',
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log('no PostgreSQL server binaries found: apt-get update && apt-get install -y postgresql');
  const upd = await run('apt-get', ['update'], { env });
  if (upd !== 0) log(`apt-get update exited with ${upd}; trying the install anyway`);
  const code = await run(
    'apt-get',
    ['install', '-y', '--no-install-recommends', '-o', 'DPkg::Lock::Timeout=120', 'postgresql'],
    { env },
  );
  if (code !== 0) throw new Error(`apt-get install postgresql failed (exit code ${code})`);
}

/** Makes sure the `postgres` system user exists (as root); returns its uid and gid. */
function ensurePostgresUser() {
  const id = () => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (uid.status !== 0 || gid.status !== 0) return null;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  let ids = id();
  if (!ids) {
    log('creating the "postgres" system user');
    const r = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/bin/sh', 'postgres'], {
      stdio: 'inherit',
    });
    ids = id();
    if (!ids) throw new Error(`cannot create the "postgres" system user (useradd: ${r.status})`);
  }
  return ids;
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** Starts a throwaway cluster. Returns { url, stop }. */
async function startThrowaway() {
  let bin = findPgBin();
  if (!bin) {
    await installPostgres();
    bin = findPgBin();
    if (!bin) throw new Error('PostgreSQL was installed but no server binaries were found');
  }
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot ? ensurePostgresUser() : null;
  // As root, the postgres user must reach the dir, so keep it under /tmp whatever TMPDIR says.
  const base = mkdtempSync(join(asRoot ? '/tmp' : tmpdir(), 'canopy-pg-'));
  const dataDir = join(base, 'data');
  const logFile = join(base, 'server.log');
  if (ids) chownSync(base, ids.uid, ids.gid);
  chmodSync(base, 0o700);

  // As root: run as postgres. `runuser -u` runs the command without a shell, and waits for it.
  const pgCmd = (tool, args) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];

  /** The running server (as a direct child, so this process reaps it), or null. */
  let server = null;
  let stopped = false;
  const pgCtlStopSync = () => {
    const [cmd, args] = pgCmd('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    return spawnSync(cmd, args, { stdio: 'ignore', timeout: 30_000 }).status === 0;
  };
  const cleanupSync = () => {
    if (stopped) return;
    stopped = true;
    if (server && !server.exited) {
      // pg_ctl fails if the server is too young to have written postmaster.pid; signal it then.
      if (!pgCtlStopSync()) server.child.kill(asRoot ? 'SIGTERM' : 'SIGQUIT');
      log(`stopped the throwaway PostgreSQL in ${base}`);
    }
    rmSync(base, { recursive: true, force: true });
  };
  const onExit = () => cleanupSync();
  const onSignal = (sig) => {
    cleanupSync();
    // Exit as the signal would have, unless somebody else (e.g. scripts/test.mjs) handles it.
    if (process.listenerCount(sig) === 0) process.exit(128 + SIGNALS[sig]);
  };
  const signalHandlers = Object.keys(SIGNALS).map((sig) => [sig, () => onSignal(sig)]);
  process.on('exit', onExit);
  for (const [sig, fn] of signalHandlers) process.once(sig, fn);
  const unregister = () => {
    process.off('exit', onExit);
    for (const [sig, fn] of signalHandlers) process.off(sig, fn);
  };

  const serverLogTail = () => {
    try {
      return readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n');
    } catch {
      return '(no server log)';
    }
  };

  /** Spawns `postgres` in the foreground of a child process, logging to logFile. */
  const spawnServer = (port) => {
    const [cmd, args] = pgCmd('postgres', [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      base,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ]);
    const fd = openSync(logFile, 'a');
    // detached: a Ctrl-C in the terminal must not kill it before the tests notice; stop() does.
    const child = spawn(cmd, args, { stdio: ['ignore', fd, fd], detached: true });
    closeSync(fd);
    const srv = { child, exited: false, error: '' };
    srv.done = new Promise((resolve) => {
      child.on('error', (err) => {
        srv.exited = true;
        srv.error = err.message;
        resolve();
      });
      child.on('exit', (code, signal) => {
        srv.exited = true;
        srv.error = `exited with ${signal ?? code}`;
        resolve();
      });
    });
    child.unref();
    return srv;
  };

  try {
    log(`starting a throwaway PostgreSQL from ${bin} in ${base}`);
    const [cmd, args] = pgCmd('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) {
      throw new Error(`initdb failed (${r.error?.message ?? r.status}):\n${r.stdout}${r.stderr}`);
    }

    let lastError = '';
    for (let attempt = 1; attempt <= 3 && !stopped; attempt++) {
      const port = await freePort();
      const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
      server = spawnServer(port);
      const deadline = Date.now() + 60_000;
      let result = { ok: false, error: 'not tried' };
      while (!stopped && !server.exited && Date.now() < deadline) {
        result = await probe(url, 1000);
        if (result.ok) break;
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      if (result.ok && !server.exited && !stopped) {
        log(`throwaway PostgreSQL is up: ${url}`);
        const srv = server;
        const stop = async () => {
          if (stopped) return;
          stopped = true;
          log(`stopping the throwaway PostgreSQL on port ${port}`);
          if (!srv.exited) {
            if (!pgCtlStopSync()) srv.child.kill(asRoot ? 'SIGTERM' : 'SIGQUIT');
            await Promise.race([srv.done, new Promise((res) => setTimeout(res, 15_000))]);
          }
          rmSync(base, { recursive: true, force: true });
          unregister();
        };
        return { url, stop, throwaway: true };
      }
      lastError = server.exited
        ? `postgres ${server.error}; server log:\n${serverLogTail()}`
        : `no answer on ${url} within 60 s (${result.error}); server log:\n${serverLogTail()}`;
      if (!server.exited && !pgCtlStopSync()) server.child.kill('SIGKILL');
      await Promise.race([server.done, new Promise((res) => setTimeout(res, 15_000))]);
      log(`attempt ${attempt} failed: ${lastError}`);
    }
    throw new Error(`could not start a throwaway PostgreSQL: ${lastError}`);
  } catch (error) {
    cleanupSync();
    unregister();
    throw error;
  }
}

/**
 * `throwaway` tells whether `url` is a server this process started (and `stop()` stops);
 * otherwise `stop()` does nothing.
 * @returns {Promise<{ url: string, stop: () => Promise<void>, throwaway: boolean }>}
 */
export async function ensurePostgres() {
  const noop = async () => {};
  if (process.env.CANOPY_FORCE_THROWAWAY_PG === '1') {
    log('CANOPY_FORCE_THROWAWAY_PG=1: skipping TEST_DATABASE_URL and the local server');
    return startThrowaway();
  }
  const candidates = [];
  if (process.env.TEST_DATABASE_URL) candidates.push(['TEST_DATABASE_URL', process.env.TEST_DATABASE_URL]);
  candidates.push(['local server', LOCAL_URL]);
  for (const [label, url] of candidates) {
    const result = await probe(url);
    if (result.ok) {
      log(`using ${label}: ${redact(url)}`);
      if (!result.superuser) {
        log(
          `warning: this role is not a superuser${result.createdb ? '' : ' and cannot create databases'}` +
            '; tests that CREATE DATABASE / CREATE SCHEMA may fail',
        );
      }
      return { url, stop: noop, throwaway: false };
    }
    log(`${label} (${redact(url)}) does not answer: ${result.error}`);
  }
  return startThrowaway();
}

// CLI: print the URL; keep a throwaway server alive until interrupted.
function isMain() {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  try {
    const { url, stop, throwaway } = await ensurePostgres();
    console.log(url);
    if (throwaway) {
      log('throwaway server: press Ctrl-C (or send SIGTERM) to stop it and remove its data');
      const keepAlive = setInterval(() => {}, 1 << 30);
      const shutdown = async () => {
        clearInterval(keepAlive);
        await stop();
        process.exit(0);
      };
      for (const sig of Object.keys(SIGNALS)) process.once(sig, shutdown);
    } else {
      await stop();
    }
  } catch (error) {
    console.error(`[ensure-postgres] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
