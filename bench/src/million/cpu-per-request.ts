/**
 * CPU time per request, in one process, without the network: the list of the million-row table
 * (the same request as run.ts's owner list) beside a bare Fastify answering that list's own page.
 * Both go through `app.inject` one after another, so what is measured is the server's own work
 * (routing, hooks, session, validation, handler, SQL, serialization) in process CPU time — a measure
 * a loaded machine distorts far less than requests per second, since the load generator, the
 * database and other processes do not share it. The ratio of the two is the most the list could
 * reach of the bare page's throughput on one core.
 *
 *   npx tsx bench/src/million/generate.ts --db sqlite --rows 1000000 --dir /tmp/scans-sqlite-1m
 *   npx tsx bench/src/million/cpu-per-request.ts --dir /tmp/scans-sqlite-1m [--requests 3000] [--label after] [--web apps/web/dist]
 *
 * It also times each request's SQL: on SQLite the time inside better-sqlite3's statements (the SQL
 * and its rows made into JavaScript values), on PostgreSQL the CPU time of the local server's
 * processes (read from /proc; the database must run on this machine). The least a request that runs
 * its SQL can cost is the bare page plus that ("floor"), a bound no list answered from the database
 * passes.
 *
 * With `--web` (a built web app) it also measures a script chunk as the signed-in browser asks for it
 * (its cookie, brotli): a page's first load asks for a hundred of them from the same server thread.
 *   node --cpu-prof --cpu-prof-dir=/tmp/cpr --import tsx bench/src/million/cpu-per-request.ts --dir …   # where it goes
 *
 * Writes bench/results/cpu-per-request-<db>[-label].json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hashPasswordForTransport } from '@canopy/contract';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config.js';
import { openDatabase } from '../../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../../apps/server/src/db/migrate.js';
import { isMain, options, REPO_ROOT, readManifest, serverEnv } from './common.js';
import { listBody } from './run.js';

interface Measure {
  label: string;
  requests: number;
  cpuUsPerRequest: number;
  wallUsPerRequest: number;
  /** SQLite: time inside better-sqlite3 statements a request; PostgreSQL: its server processes' CPU time a request. */
  sqlUsPerRequest: number;
  bytes: number;
}

/** Nanoseconds spent inside better-sqlite3 statements so far (SQLite; timeStatements). */
let statementNs = 0n;

/** Clock ticks a second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/** CPU ticks so far of each of this machine's PostgreSQL processes (utime + stime, /proc/<pid>/stat). */
function postgresTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    if (!stat.slice(open + 1, close).startsWith('postgres')) continue;
    const fields = stat.slice(close + 2).split(' ');
    // After the name: state is field 3, utime 14 and stime 15 (1-based over the whole line).
    ticks.set(pid, Number(fields[11]) + Number(fields[12]));
  }
  return ticks;
}

/** Time spent in SQL from a mark on, in µs: better-sqlite3's statements (SQLite) or the server's CPU (PostgreSQL). */
interface SqlMeter {
  /** Whether the SQL's time is part of this process's CPU time (SQLite) or another process's (PostgreSQL). */
  inProcess: boolean;
  mark(): unknown;
  usSince(mark: unknown): number;
}
const sqliteMeter: SqlMeter = {
  inProcess: true,
  mark: () => statementNs,
  usSince: (mark) => Number(statementNs - (mark as bigint)) / 1000,
};
/** A process that started meanwhile counts from 0; one that ended meanwhile is left out (its last ticks unknown). */
const postgresMeter: SqlMeter = {
  inProcess: false,
  mark: () => postgresTicks(),
  usSince: (mark) => {
    const before = mark as Map<string, number>;
    let ticks = 0;
    for (const [pid, now] of postgresTicks()) ticks += now - (before.get(pid) ?? 0);
    return (ticks * 1_000_000) / USER_HZ;
  },
};
let sqlMeter = sqliteMeter;

/**
 * Times every better-sqlite3 statement's `all`, `get` and `run` from here on (bench only: the
 * prototype's `prepare` is wrapped before the app opens its database).
 */
function timeStatements(): void {
  type Run = (...args: unknown[]) => unknown;
  const proto = Database.prototype as unknown as { prepare: (text: string) => Record<string, Run> };
  const prepare = proto.prepare;
  const timed = new WeakSet<object>();
  proto.prepare = function (this: unknown, text: string) {
    const statement = prepare.call(this, text);
    if (timed.has(statement)) return statement;
    timed.add(statement);
    for (const method of ['all', 'get', 'run'] as const) {
      const run = statement[method] as Run;
      statement[method] = function (this: unknown, ...args: unknown[]) {
        const started = process.hrtime.bigint();
        try {
          return run.apply(this, args);
        } finally {
          statementNs += process.hrtime.bigint() - started;
        }
      };
    }
    return statement;
  };
}

async function measure(app: FastifyInstance, label: string, shot: InjectOptions, requests: number): Promise<Measure> {
  let bytes = 0;
  for (let i = 0; i < Math.min(200, requests); i++) {
    const res = await app.inject(shot);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    bytes = res.rawPayload.length;
  }
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const inSql = sqlMeter.mark();
  for (let i = 0; i < requests; i++) await app.inject(shot);
  const used = process.cpuUsage(cpu);
  const sqlUs = sqlMeter.usSince(inSql);
  const result = {
    label,
    requests,
    cpuUsPerRequest: Math.round((used.user + used.system) / requests),
    wallUsPerRequest: Math.round(((performance.now() - wall) * 1000) / requests),
    sqlUsPerRequest: Math.round(sqlUs / requests),
    bytes,
  };
  console.log(
    `  ${label}: ${result.cpuUsPerRequest} µs CPU (${result.sqlUsPerRequest} in SQL), ${result.wallUsPerRequest} µs wall a request (${bytes} bytes)`,
  );
  return result;
}

async function main(): Promise<void> {
  const opts = options({ requests: { type: 'string' }, label: { type: 'string' }, web: { type: 'string' } });
  if (!opts.dir) throw new Error('--dir <data set> is required (bench/src/million/generate.ts makes one)');
  const m = readManifest(opts.dir);
  const requests = Number(opts.opt('requests') ?? 3000);
  const web = opts.opt('web');
  Object.assign(process.env, serverEnv(m, 0), typeof web === 'string' ? { WEB_DIST: path.resolve(web) } : {});
  const config = loadConfig();
  if (m.db === 'sqlite') timeStatements();
  else sqlMeter = postgresMeter;
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'canopy.sqlite'),
    statementCache: true,
  });
  await migrateToLatest(database.db as unknown as Kysely<unknown>);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/v1/user/login',
      payload: { account: m.owner.account, password: hashPasswordForTransport(m.password) },
    });
    if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const url = `/v1/apps/${m.appCode}/schemas/${m.schemaCode}/records/query`;
    const headers = { cookie, 'x-engine-code': m.engineCode, 'content-type': 'application/json' };
    // The same list as run.ts's owner list.
    const list: InjectOptions = { method: 'POST', url, headers, payload: JSON.stringify(listBody(m)) };
    const first = await app.inject(list);
    if (first.statusCode !== 200) throw new Error(`list: ${first.statusCode} ${first.body.slice(0, 300)}`);
    const page = first.json() as unknown;

    const bare = Fastify({ logger: false });
    bare.post('/bare-page', async () => page);
    await bare.ready();

    const results: Measure[] = [];
    const chunk =
      typeof web === 'string'
        ? fs
            .readdirSync(path.join(web, 'assets'))
            .filter((f) => f.endsWith('.js'))
            .sort()[0]
        : undefined;
    for (let round = 0; round < 2; round++) {
      if (chunk) {
        const asset = { cookie, 'accept-encoding': 'br, gzip' };
        results.push(
          await measure(
            app,
            'a script chunk, signed in',
            { method: 'GET', url: `/assets/${chunk}`, headers: asset },
            requests,
          ),
        );
      }
      results.push(
        await measure(
          bare,
          'bare Fastify answering the same page',
          { method: 'POST', url: '/bare-page', headers: { 'content-type': 'application/json' }, payload: '{}' },
          requests,
        ),
      );
      results.push(await measure(app, 'owner list (status = open, amount desc)', list, requests));
      results.push(
        await measure(app, 'owner plain list (keyset)', { ...list, payload: JSON.stringify({ limit: 50 }) }, requests),
      );
      results.push(
        await measure(
          app,
          'reference: GET /v1/user/information/basic',
          { method: 'GET', url: '/v1/user/information/basic', headers },
          requests,
        ),
      );
    }
    // Each label's better round: the other round's extra is the machine, not the code.
    const best = new Map<string, Measure>();
    for (const r of results) {
      const b = best.get(r.label);
      if (!b || r.cpuUsPerRequest < b.cpuUsPerRequest) best.set(r.label, r);
    }
    const bareCpu = best.get('bare Fastify answering the same page')?.cpuUsPerRequest ?? 1;
    // The machine's CPU a request: on PostgreSQL the server's share is another process's.
    const total = (r: Measure) => r.cpuUsPerRequest + (sqlMeter.inProcess ? 0 : r.sqlUsPerRequest);
    console.log(
      '\n| in process, one at a time | app CPU µs / request | SQL µs | machine CPU µs | wall µs / request | ÷ bare page (machine CPU) | ÷ floor: bare page + its SQL |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const r of best.values()) {
      const floor = bareCpu + r.sqlUsPerRequest;
      const pct = (part: number) => `${((100 * part) / total(r)).toFixed(1)} %`;
      console.log(
        `| ${r.label} | ${r.cpuUsPerRequest} | ${r.sqlUsPerRequest} | ${total(r)} | ${r.wallUsPerRequest} | ${pct(bareCpu)} | ${pct(floor)} |`,
      );
    }
    const label = opts.opt('label');
    const out = path.join(REPO_ROOT, 'bench/results', `cpu-per-request-${m.db}${label ? `-${label}` : ''}.json`);
    fs.writeFileSync(
      out,
      `${JSON.stringify({ db: m.db, rows: m.rows, date: new Date().toISOString(), results: [...best.values()] }, null, 2)}\n`,
    );
    console.log(`→ ${path.relative(REPO_ROOT, out)}`);
    await bare.close();
  } finally {
    await app.close();
    await database.close();
  }
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
