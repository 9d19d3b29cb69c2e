/**
 * Issue 15's request path: statements per list request and its latency, with the table metadata
 * kept per version (schema-context/cache.ts) and, on PostgreSQL, fixed statements prepared once —
 * against the same server reading the metadata per request and preparing every statement anew
 * (METADATA_CACHE=off plus the statement cache off: the path as it was). Two server processes on one
 * database, one of each, loaded in alternating rounds so both see the same machine. Each server counts
 * the statements it sends (a Kysely plugin) and says how many a request took.
 *
 *   node --import tsx bench/src/request-path.ts [--rows 2000 --fields 20 --rounds 6 --per-round 1000 --concurrency 8]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/src/request-path.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPasswordForTransport } from '@canopy/contract';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { load } from './load.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** The server side: the real app with a statement counter and a route that reads it. */
async function serve(): Promise<void> {
  const { buildApp } = await import('../../apps/server/src/app.js');
  const { loadConfig } = await import('../../apps/server/src/config.js');
  const { openDatabase } = await import('../../apps/server/src/db/database.js');
  const { migrateToLatest } = await import('../../apps/server/src/db/migrate.js');
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'canopy.sqlite'),
    statementCache: process.env.BENCH_STATEMENT_CACHE !== 'off',
  });
  await migrateToLatest(database.db as never);
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs) => {
      statements++;
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs) => args.result,
  };
  const app = await buildApp({ config, database: { ...database, db: database.db.withPlugin(counter) }, logger: false });
  app.get('/bench/statements', async () => ({ statements }));
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
}

async function main(): Promise<void> {
  const rows = arg('rows', 2_000);
  const fieldCount = arg('fields', 20);
  const rounds = arg('rounds', 6);
  const perRound = arg('per-round', 1_000);
  const concurrency = arg('concurrency', 8);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-reqpath-'));
  const pgSchema = process.env.DATABASE_URL ? `bench_reqpath_${Date.now()}` : '';
  let databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${pgSchema}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${pgSchema}`);
    databaseUrl = url.toString();
  }
  const servers: { label: string; base: string; kill: () => void }[] = [];
  const start = async (label: string, port: number, env: Record<string, string>) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/src/request-path.ts', '--serve'], {
      env: {
        ...process.env,
        ...env,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    // Killed on the way out even when it never answers.
    servers.push({ label, base, kill: () => child.kill('SIGTERM') });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        if (i > 1800) throw new Error(`${label} did not start`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return base;
  };
  try {
    // One after the other: the first migrates the database.
    const after = await start('after: metadata kept, fixed statements prepared', 3941, {});
    const before = await start('before: metadata read per request, nothing prepared', 3942, {
      METADATA_CACHE: 'off',
      BENCH_STATEMENT_CACHE: 'off',
    });
    let cookie = '';
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${after}${url}`, {
        method,
        headers: { ...headers, ...(cookie ? { cookie } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const setCookie = res.headers.get('set-cookie');
      if (setCookie) cookie = setCookie.split(';')[0] ?? cookie;
      const json = (await res.json()) as { data: never; errorMessage?: string };
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
      return json.data as Record<string, unknown> & { code: string; engineCode: string };
    };
    await call('POST', '/v1/user/register', {
      account: `bench${Date.now()}@example.com`,
      name: 'bench',
      password: hashPasswordForTransport('bench-pass'),
    });
    const team = await call('POST', '/v1/corp/own/register', { corpName: '基准团队' });
    headers['x-engine-code'] = String(team.engineCode ?? '');
    const app = await call('POST', '/v1/apps', { displayName: '基准应用' });
    const table = await call('POST', `/v1/apps/${app.code}/nodes`, { type: 'Schema', displayName: '基准表' });
    const base = `/v1/apps/${app.code}/schemas/${table.code}`;
    const fields: string[] = [];
    for (let i = 0; i < fieldCount; i++)
      fields.push((await call('POST', `${base}/fields`, { name: `字段${i}`, type: i % 3 ? 'text' : 'number' })).code);
    for (let i = 0; i < rows; i += 200) {
      const create = Array.from({ length: Math.min(200, rows - i) }, (_, k) => ({
        data: Object.fromEntries(fields.map((f, j) => [f, j % 3 ? `值 ${(i + k + j) % 97}` : i + k + j])),
      }));
      await call('POST', `${base}/records/batch`, { create });
    }
    const url = `${base}/records?limit=50`;
    const reqHeaders = { cookie, 'x-engine-code': headers['x-engine-code'] ?? '' };
    const statementsOf = async (server: string) => {
      const read = async () =>
        ((await (await fetch(`${server}/bench/statements`)).json()) as { statements: number }).statements;
      // The fewest of five: the job queue's own polls may fall inside one request's window.
      let fewest = Number.POSITIVE_INFINITY;
      await fetch(`${server}${url}`, { headers: reqHeaders });
      for (let i = 0; i < 5; i++) {
        const n0 = await read();
        const res = await fetch(`${server}${url}`, { headers: reqHeaders });
        if (!res.ok) throw new Error(`list: ${res.status}`);
        fewest = Math.min(fewest, (await read()) - n0);
      }
      return fewest;
    };
    const counts = { after: await statementsOf(after), before: await statementsOf(before) };
    await load('warm-up', `${after}${url}`, { total: 500, concurrency, headers: reqHeaders });
    await load('warm-up', `${before}${url}`, { total: 500, concurrency, headers: reqHeaders });
    const results = new Map<string, { p50: number[]; p95: number[]; rps: number[]; errors: number }>();
    for (let r = 0; r < rounds; r++) {
      for (const s of r % 2 ? [...servers].reverse() : servers) {
        const res = await load(s.label, `${s.base}${url}`, { total: perRound, concurrency, headers: reqHeaders });
        const acc = results.get(s.label) ?? { p50: [], p95: [], rps: [], errors: 0 };
        acc.p50.push(res.p50ms);
        acc.p95.push(res.p95ms);
        acc.rps.push(res.rps);
        acc.errors += res.errors;
        results.set(s.label, acc);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    console.log(
      `\n${databaseUrl ? 'PostgreSQL' : 'SQLite'}: GET a page of 50 of ${rows} rows × ${fieldCount} fields, ${rounds} rounds × ${perRound} requests, ${concurrency} at a time; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );
    console.log('| server | statements per request | p50 ms | p95 ms | requests/s | errors |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const s of servers) {
      const acc = results.get(s.label);
      if (!acc) continue;
      const n = s.base === after ? counts.after : counts.before;
      console.log(
        `| ${s.label} | ${n} | ${median(acc.p50).toFixed(2)} | ${median(acc.p95).toFixed(2)} | ${Math.round(median(acc.rps))} | ${acc.errors} |`,
      );
    }
  } finally {
    for (const s of servers) s.kill();
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.DATABASE_URL) {
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${pgSchema} cascade`);
      await admin.end();
    }
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
