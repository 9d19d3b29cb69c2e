/**
 * The records API for integrators through an API token vs the same list through a session cookie
 * (issue 17: the token check — one indexed lookup of the token's hash with its owner and membership,
 * the in-memory rate window — must cost no more than the session check). Starts the real server
 * (bench/src/million/serve.ts: `main.ts`'s app plus a server-timing header) on a fresh SQLite file or
 * a throwaway PostgreSQL database, creates through the API a team, an app, a table and `--rows`
 * records, then measures `GET /open/v1/…/records?limit=20` both ways:
 *   - one request at a time (the server's own time and CPU per request: the checks' cost, not queueing);
 *   - `--concurrency` at a time (throughput and latency under load).
 *   - the check alone, in this process against the same database: the session path's
 *     `resolveSession` + the membership its headers name, the token path's `authenticate` + the
 *     token's membership (what the two `onRequest` hooks do before any route runs), timed per call.
 * Each is run in `--rounds` rounds alternating which path goes first, so neither profits from a warmer
 * cache or suffers from a busier machine; the table shows each round and the medians.
 *
 *   npx tsx bench/src/token-overhead.ts --db sqlite   --rows 2000
 *   npx tsx bench/src/token-overhead.ts --db postgres --rows 2000   # TEST_DATABASE_URL or the local server
 *
 * Writes bench/results/token-overhead-<db>-<rows>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashPasswordForTransport, SESSION_COOKIE } from '@canopy/contract';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { AccountRepository } from '../../apps/server/src/modules/account/repository.js';
import { AccountService } from '../../apps/server/src/modules/account/service.js';
import { ApiTokenRepository } from '../../apps/server/src/modules/api-tokens/repository.js';
import { ApiTokenService } from '../../apps/server/src/modules/api-tokens/service.js';
import { EngineRepository } from '../../apps/server/src/modules/engines/repository.js';
import { ApiClient } from './million/client.js';
import {
  createPgDatabase,
  type Db,
  dropPgDatabase,
  REPO_ROOT,
  type ServerProcess,
  serverEnv,
  startServer,
} from './million/common.js';
import { type LoadStats, percentile, run, type Shot } from './million/loadgen.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    rows: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '4' },
    requests: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '16' },
  },
});
const dbs: Db[] = args.db === 'both' ? ['sqlite', 'postgres'] : [args.db === 'postgres' ? 'postgres' : 'sqlite'];
const rows = Number(args.rows);
const rounds = Number(args.rounds);
const requests = Number(args.requests);
const concurrency = Number(args.concurrency);
const port = 3919;

interface Setup {
  server: ServerProcess;
  session: Shot;
  token: Shot;
  /** The two identity checks, called in this process on the server's database. */
  checks: { session: () => Promise<unknown>; token: () => Promise<unknown> };
  cleanup: () => Promise<void>;
}

async function setUp(db: Db): Promise<Setup> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-token-bench-'));
  const dbName = `canopy_bench_tokens_${Date.now()}`;
  const databaseUrl = db === 'postgres' ? await createPgDatabase(dbName) : undefined;
  const env = serverEnv({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) }, port);
  // Neither path may be refused for speed: the rate window is counted, never reached.
  env.API_TOKEN_RATE_LIMIT = '100000000';
  const server = await startServer(env, port);
  const api = new ApiClient(server.baseUrl);
  await api.call('POST', '/v1/user/register', {
    account: `bench${Date.now()}@example.com`,
    name: 'bench',
    password: hashPasswordForTransport('bench-pass-1'),
  });
  const team = await api.call<{ engineCode: string }>('POST', '/v1/corp/own/register', { corpName: 'bench' });
  api.headers['x-engine-code'] = team.engineCode;
  const member = await api.call<{ memberId: string }>('GET', '/v1/org/member/info');
  api.headers['x-member-id'] = member.memberId;
  const app = await api.call<{ code: string }>('POST', '/v1/apps', { displayName: 'bench' });
  const table = await api.call<{ code: string }>('POST', `/v1/apps/${app.code}/nodes`, {
    type: 'Schema',
    displayName: 'orders',
  });
  const base = `/v1/apps/${app.code}/schemas/${table.code}`;
  const name = await api.call<{ code: string }>('POST', `${base}/fields`, { name: 'name', type: 'text' });
  const amount = await api.call<{ code: string }>('POST', `${base}/fields`, { name: 'amount', type: 'number' });
  const open = `/open/v1/apps/${app.code}/tables/${table.code}/records`;
  for (let i = 0; i < rows; i += 1000)
    await api.call('POST', `${open}/batch`, {
      create: Array.from({ length: Math.min(1000, rows - i) }, (_, j) => ({
        data: { [name.code]: `row ${i + j}`, [amount.code]: (i + j) % 997 },
      })),
    });
  const { token } = await api.call<{ token: string }>('POST', '/v1/user/api-tokens', {
    name: 'bench',
    appCodes: [app.code],
    readOnly: true,
    expiresInDays: 7,
  });
  const url = `${server.baseUrl}${open}?limit=20`;
  const database = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'canopy.sqlite') });
  const accounts = new AccountService(new AccountRepository(database.db));
  const tokens = new ApiTokenService(new ApiTokenRepository(database.db), 100_000_000);
  const engines = new EngineRepository(database.db);
  const cookie = new URLSearchParams(api.cookieHeader.replace(/; /g, '&')).get(SESSION_COOKIE) ?? '';
  const checks = {
    session: async () => {
      const found = await accounts.resolveSession(cookie);
      if (!found || !(await engines.findMembershipByEngine(found.user.id, team.engineCode)))
        throw new Error('session check failed');
    },
    token: async () => {
      const auth = await tokens.authenticate(token, { access: 'read', appCode: app.code });
      if (!auth.token || !(await engines.findMembershipByEngine(auth.user.id, auth.token.engineCode)))
        throw new Error('token check failed');
    },
  };
  return {
    server,
    checks,
    // The web app's headers: the session cookie plus the team it chose.
    session: { method: 'GET', url, headers: { cookie: api.cookieHeader, ...api.headers } },
    token: { method: 'GET', url, headers: { authorization: `Bearer ${token}` } },
    cleanup: async () => {
      await database.close();
      await server.stop();
      if (databaseUrl) await dropPgDatabase(dbName);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : 0;
};

/** `n` calls one after another; per-call times in ms. */
async function timeCalls(fn: () => Promise<unknown>, n: number): Promise<LoadStats> {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  const p = (q: number) => percentile(times, q);
  return {
    requests: n,
    concurrency: 1,
    seconds: Math.round(seconds * 10) / 10,
    rps: Math.round(n / seconds),
    errors: 0,
    clientP50: p(50),
    clientP95: p(95),
    serverP50: p(50),
    serverP95: p(95),
    serverP99: p(99),
    cpuP50: Number.NaN,
    cpuP95: Number.NaN,
  };
}

interface Row {
  round: number;
  mode: 'sequential' | 'concurrent' | 'check';
  path: 'session' | 'token';
  stats: LoadStats;
}

async function measure(db: Db) {
  const s = await setUp(db);
  const out: Row[] = [];
  try {
    // Warm both paths alike (statement caches, the JIT) before anything counts.
    await run([s.session, s.token], { total: 1000, concurrency });
    await timeCalls(s.checks.session, 300);
    await timeCalls(s.checks.token, 300);
    for (let round = 1; round <= rounds; round++) {
      const order: ('session' | 'token')[] = round % 2 ? ['session', 'token'] : ['token', 'session'];
      for (const p of order) out.push({ round, mode: 'check', path: p, stats: await timeCalls(s.checks[p], 1000) });
      for (const p of order)
        out.push({ round, mode: 'sequential', path: p, stats: await run([s[p]], { total: 400, concurrency: 1 }) });
      for (const p of order)
        out.push({ round, mode: 'concurrent', path: p, stats: await run([s[p]], { total: requests, concurrency }) });
    }
  } finally {
    await s.cleanup();
  }
  const errors = out.reduce((n, r) => n + r.stats.errors, 0);
  if (errors) throw new Error(`${errors} requests failed`);
  const summary = (['check', 'sequential', 'concurrent'] as const).flatMap((mode) =>
    (['session', 'token'] as const).map((p) => {
      const mine = out.filter((r) => r.mode === mode && r.path === p).map((r) => r.stats);
      return {
        mode,
        path: p,
        rps: median(mine.map((m) => m.rps)),
        serverP50: median(mine.map((m) => m.serverP50)),
        serverP95: median(mine.map((m) => m.serverP95)),
        cpuP50: mode === 'sequential' ? median(mine.map((m) => m.cpuP50)) : null,
        clientP50: median(mine.map((m) => m.clientP50)),
        clientP95: median(mine.map((m) => m.clientP95)),
      };
    }),
  );
  return { out, summary };
}

for (const db of dbs) {
  const { out, summary } = await measure(db);
  console.log(`\n${db}, ${rows} records, list limit 20, ${rounds} rounds (medians):`);
  console.table(summary);
  console.table(
    out.map((r) => ({
      round: r.round,
      mode: r.mode,
      path: r.path,
      rps: r.stats.rps,
      serverP50: r.stats.serverP50,
      serverP95: r.stats.serverP95,
      cpuP50: r.mode === 'sequential' ? r.stats.cpuP50 : '',
    })),
  );
  const file = path.join(REPO_ROOT, `bench/results/token-overhead-${db}-${rows}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify(
      {
        db,
        rows,
        rounds,
        requests,
        concurrency,
        at: new Date().toISOString(),
        machine: { cpus: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
        loadavg: os.loadavg(),
        summary,
        each: out,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`wrote ${path.relative(REPO_ROOT, file)}`);
}
