import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';
import { testDatabaseUrl } from './database.js';

/**
 * Real server processes for the tests that kill or run several of them (crashes, two processes on
 * one database): the test database server's address for a database of their own, statements on
 * its admin connection, and a spawned server that resolves once it listens.
 */

/** The test PostgreSQL's address with another database name. */
export function databaseUrlOf(name: string): string {
  const u = new URL(testDatabaseUrl());
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on the test PostgreSQL's own database (create or drop a database). */
export async function adminSql(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: testDatabaseUrl() });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/**
 * Starts `node --import tsx <entry>` with the environment given (on a free port of loopback, no
 * web build, warnings only); resolves with its address once it says it is running.
 */
export function spawnServer(
  entry: string,
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', WEB_DIST: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/localhost:\d+)/.exec(out);
      if (m?.[1]) resolve({ url: m[1].replace('localhost', '127.0.0.1'), child });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

/** Ends the processes still running (SIGTERM) and waits for them. */
export async function stopAll(children: ChildProcess[]): Promise<void> {
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const child of alive) child.kill('SIGTERM');
  await Promise.all(alive.map((c) => new Promise((r) => c.once('exit', r))));
}
