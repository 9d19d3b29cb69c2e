/**
 * The list benchmark on the million-row table, for SQLite and PostgreSQL:
 *   1. server time (p50/p95, from the server-timing header) of POST …/records/query, a page of 50
 *      with one filter and one sort, after a saved view with that filter and sort made the server
 *      index those columns; as the app owner, as a member (app role "member") with no row rule, and
 *      as that member under the row rules `mine` and `filter`;
 *   2. requests per second of that endpoint under concurrency, beside a bare Fastify JSON endpoint
 *      driven the same way in the same run;
 *   3. the server's RSS and heap while serving;
 *   4. the plan of the SQL the list runs (EXPLAIN), and its time at the database alone.
 *
 *   npx tsx bench/src/million/run.ts --db sqlite --rows 1000000     # generates the data set first if missing
 *   npx tsx bench/src/million/run.ts --db both --rows 50k --keep     # keep the data sets for another run
 *
 * Options: --db sqlite|postgres|both, --rows N (50k, 1m), --dir PATH (an existing data set),
 * --concurrency N (default 16), --seconds N (throughput phase, default 10), --samples N (default 200),
 * --keep (leave the data set and its PostgreSQL database; otherwise both are removed at the end).
 * Results go to stdout and to bench/results/million-<db>-<rows>.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { hashPasswordForTransport } from '@canopy/contract';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { ApiClient } from './client.js';
import {
  defaultDir,
  isMain,
  type Manifest,
  options,
  REPO_ROOT,
  readManifest,
  removeDataSet,
  type ServerProcess,
  seconds,
  serverEnv,
  startServer,
  waitForIndexes,
} from './common.js';
import { generate } from './generate.js';
import { type LoadStats, run, type Shot, send } from './loadgen.js';

interface Scenario {
  label: string;
  stats: LoadStats;
  /** Rows on the first page, and whether every one of them obeys the row rule in force. */
  rows: number;
  ruleHolds: boolean | null;
}

type Page = { resultList: { createdBy: string; data: Record<string, unknown> }[] };
type Answered = Partial<Page>;

interface MemorySample {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
}

const mb = (n: number) => Math.round(n / 1048576);

function field(m: Manifest, key: string) {
  const f = m.fields.find((x) => x.key === key);
  if (!f) throw new Error(`no field ${key}`);
  return f;
}

/** The list request of the bench: open orders, most expensive first, first page of 50. */
export function listBody(m: Manifest) {
  return {
    filter: { op: 'and' as const, conditions: [{ field: field(m, 'status').code, operator: 'eq', value: 'open' }] },
    sorts: [{ field: field(m, 'amount').code, direction: 'desc' as const }],
    limit: 50,
  };
}

export async function signIn(baseUrl: string, m: Manifest, account: string): Promise<Record<string, string>> {
  const client = new ApiClient(baseUrl);
  await client.call('POST', '/v1/user/login', { account, password: hashPasswordForTransport(m.password) });
  return { cookie: client.cookieHeader, 'x-engine-code': m.engineCode };
}

export async function ownerClient(baseUrl: string, m: Manifest): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  await client.call('POST', '/v1/user/login', {
    account: m.owner.account,
    password: hashPasswordForTransport(m.password),
  });
  client.headers['x-engine-code'] = m.engineCode;
  return client;
}

/** The SQL that RecordRepository.query builds for listBody (and with a row rule), for EXPLAIN. */
function listSql(m: Manifest, dialect: 'sqlite' | 'postgres', createdBy?: string) {
  const p = (i: number) => (dialect === 'sqlite' ? '?' : `$${i}`);
  const status = field(m, 'status').column;
  const amount = field(m, 'amount').column;
  const params: unknown[] = [m.engineCode, 'open'];
  let where = `"engine_code" = ${p(1)} and "${status}" = ${p(2)}`;
  if (createdBy) {
    params.push(createdBy);
    where += ` and "created_by" = ${p(3)}`;
  }
  const text = `select * from "${m.tableName}" where ${where} order by "${amount}" is null, "${amount}" desc, "id" limit 51 offset 0`;
  return { text, params };
}

/** The plain list: newest first by keyset over (created_at, id), first page. */
function keysetSql(m: Manifest, dialect: 'sqlite' | 'postgres') {
  const p = dialect === 'sqlite' ? '?' : '$1';
  return {
    text: `select * from "${m.tableName}" where "engine_code" = ${p} order by "created_at" desc, "id" desc limit 51`,
    params: [m.engineCode],
  };
}

async function explain(
  m: Manifest,
  memberId: string,
): Promise<{ plan: string; dbMs: number; ruleDbMs: number; keysetDbMs: number }> {
  const plain = listSql(m, m.db);
  const keyset = keysetSql(m, m.db);
  const rule = listSql(m, m.db, memberId);
  const timeIt = async (fn: () => Promise<unknown> | unknown) => {
    const times: number[] = [];
    for (let i = 0; i < 12; i++) {
      const t = performance.now();
      await fn();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return Math.round((times[6] ?? 0) * 100) / 100;
  };
  if (m.db === 'sqlite') {
    const db = new SQLite(path.join(m.dataDir, 'canopy.sqlite'), { readonly: true });
    try {
      const planOf = (q: { text: string; params: unknown[] }) =>
        (db.prepare(`explain query plan ${q.text}`).all(...q.params) as { detail: string }[])
          .map((r) => `  ${r.detail}`)
          .join('\n');
      const indexes = (
        db.prepare('select name, sql from sqlite_master where type = ? and tbl_name = ?').all('index', m.tableName) as {
          name: string;
          sql: string | null;
        }[]
      )
        .map((r) => `  ${r.sql ?? `${r.name} (automatic)`}`)
        .join('\n');
      const plan = `indexes:\n${indexes}\n${plain.text}\n${planOf(plain)}\nwith row rule mine:\n${planOf(rule)}`;
      const a = db.prepare(plain.text);
      const b = db.prepare(rule.text);
      const k = db.prepare(keyset.text);
      return {
        plan,
        dbMs: await timeIt(() => a.all(...plain.params)),
        ruleDbMs: await timeIt(() => b.all(...rule.params)),
        keysetDbMs: await timeIt(() => k.all(...keyset.params)),
      };
    } finally {
      db.close();
    }
  }
  const c = new pg.Client({ connectionString: m.databaseUrl });
  await c.connect();
  try {
    const planOf = async (q: { text: string; params: unknown[] }) =>
      (await c.query(`explain (analyze, buffers) ${q.text}`, q.params)).rows
        .map((r: Record<string, string>) => `  ${r['QUERY PLAN']}`)
        .join('\n');
    const indexes = (
      await c.query<{ indexdef: string }>('select indexdef from pg_indexes where tablename = $1', [m.tableName])
    ).rows
      .map((r) => `  ${r.indexdef}`)
      .join('\n');
    const plan = `indexes:\n${indexes}\n${plain.text}\n${await planOf(plain)}\nwith row rule mine:\n${await planOf(rule)}`;
    return {
      plan,
      dbMs: await timeIt(() => c.query(plain.text, plain.params)),
      ruleDbMs: await timeIt(() => c.query(rule.text, rule.params)),
      keysetDbMs: await timeIt(() => c.query(keyset.text, keyset.params)),
    };
  } finally {
    await c.end();
  }
}

/**
 * The index that would let both databases read the first page straight off an index in order:
 * equality column first, then the sort key exactly as the query orders it (empty values last).
 */
async function compositeIndex(m: Manifest): Promise<{ sql: string; seconds: number; drop(): Promise<void> }> {
  const status = field(m, 'status').column;
  const amount = field(m, 'amount').column;
  const name = `${m.tableName}_bench_exp`;
  const sql = `create index "${name}" on "${m.tableName}" ("${status}", ("${amount}" is null), "${amount}" desc, "id")`;
  const t = performance.now();
  if (m.db === 'sqlite') {
    const db = new SQLite(path.join(m.dataDir, 'canopy.sqlite'));
    db.exec(sql);
    db.close();
  } else {
    const c = new pg.Client({ connectionString: m.databaseUrl });
    await c.connect();
    await c.query(sql);
    await c.query(`analyze "${m.tableName}"`);
    await c.end();
  }
  const seconds = Math.round((performance.now() - t) / 100) / 10;
  return {
    sql,
    seconds,
    async drop() {
      if (m.db === 'sqlite') {
        const db = new SQLite(path.join(m.dataDir, 'canopy.sqlite'));
        db.exec(`drop index "${name}"`);
        db.close();
      } else {
        const c = new pg.Client({ connectionString: m.databaseUrl });
        await c.connect();
        await c.query(`drop index "${name}"`);
        await c.end();
      }
    },
  };
}

async function measureLatency(
  label: string,
  shot: Shot,
  samples: number,
  check?: (body: Page) => boolean,
): Promise<Scenario> {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true });
  const first = await send(agent, shot, true);
  agent.destroy();
  if (first.status !== 200) throw new Error(`${label}: ${first.status} ${first.body.slice(0, 300)}`);
  const data = (JSON.parse(first.body) as { data: Answered }).data;
  // `samples` one after another, or as many as fit in 30 s when each takes long.
  const stats = await run([shot], { total: samples, seconds: 30, concurrency: 1, warmup: 5 });
  console.log(`  ${label}: p50 ${stats.serverP50} ms, p95 ${stats.serverP95} ms (server time)`);
  return { label, stats, rows: data.resultList?.length ?? 0, ruleHolds: check ? check(data as Page) : null };
}

interface Results {
  db: string;
  rows: number;
  date: string;
  viewCreateSeconds: number | null;
  latency: Scenario[];
  throughput: { label: string; stats: LoadStats }[];
  memory: { idle: MemorySample; peak: MemorySample; afterLoad: MemorySample };
  explain: { plan: string; dbMs: number; ruleDbMs: number; keysetDbMs: number };
  experiment: Scenario[];
}

async function sample(server: ServerProcess): Promise<MemorySample> {
  const m = await server.memory();
  return { rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), heapTotalMb: mb(m.heapTotal) };
}

export async function runBench(
  m: Manifest,
  opts: { concurrency: number; seconds: number; samples: number; experiment: boolean },
): Promise<Results> {
  const port = 3980 + (process.pid % 10);
  const server = await startServer(serverEnv(m, port), port);
  const base = `${server.baseUrl}/v1/apps/${m.appCode}/schemas/${m.schemaCode}`;
  const url = `${base}/records/query`;
  try {
    const idle = await sample(server);
    const owner = await ownerClient(server.baseUrl, m);
    const ownerHeaders = { cookie: owner.cookieHeader, 'x-engine-code': m.engineCode };
    const member = m.people[0];
    if (!member) throw new Error('no member in the data set');
    const memberHeaders = await signIn(server.baseUrl, m, member.account);
    const body = listBody(m);

    // The saved view: the server checks it and indexes the columns it filters and sorts by.
    const views = await owner.call<{ code: string; name: string }[]>(
      'GET',
      `${base.slice(server.baseUrl.length)}/views`,
    );
    let viewCreateSeconds: number | null = null;
    if (!views.some((v) => v.name === '待处理订单（金额降序）')) {
      const t = performance.now();
      await owner.call('POST', `${base.slice(server.baseUrl.length)}/views`, {
        name: '待处理订单（金额降序）',
        kind: 'grid',
        config: {
          columns: m.fields.map((f) => ({ field: f.code, hidden: false })),
          filter: body.filter,
          sorts: body.sorts,
          rowHeight: 'short',
          pageSize: 50,
        },
      });
      viewCreateSeconds = Math.round((performance.now() - t) / 100) / 10;
      console.log(`  saved view created in ${viewCreateSeconds} s`);
    }
    {
      // The view's indexes are built by the job records.indexes after the save answered.
      const t = performance.now();
      const states = await waitForIndexes(m);
      console.log(`  indexes ${JSON.stringify(states)} ready ${seconds(t)} s later`);
    }
    const setRows = (rows: Record<string, unknown>) =>
      owner.call('PUT', base.slice(server.baseUrl.length), {
        permissions: {
          add: ['manager', 'member'],
          view: ['manager', 'member'],
          edit: ['manager'],
          delete: ['manager'],
          rows: { manager: { scope: 'all' }, member: rows },
        },
      });
    await setRows({ scope: 'all' });

    const latency: Scenario[] = [];
    const ownerShot: Shot = { method: 'POST', url, headers: ownerHeaders, body };
    const memberShot: Shot = { method: 'POST', url, headers: memberHeaders, body };
    const plainList: Shot = { method: 'POST', url, headers: ownerHeaders, body: { limit: 50 } };
    // Reference points: what any signed-in call costs, and what resolving the table costs.
    const get = (path: string): Shot => ({ method: 'GET', url: server.baseUrl + path, headers: ownerHeaders });
    latency.push(
      await measureLatency(
        'reference: GET /v1/user/information/basic',
        get('/v1/user/information/basic'),
        opts.samples,
      ),
    );
    latency.push(
      await measureLatency(
        'reference: GET …/permission (app, role, table, fields)',
        get(`${base.slice(server.baseUrl.length)}/permission`),
        opts.samples,
      ),
    );
    latency.push(await measureLatency('owner: no filter, no sort (keyset, newest first)', plainList, opts.samples));
    latency.push(await measureLatency('owner: status = open, sort amount desc', ownerShot, opts.samples));
    latency.push(await measureLatency('member, rows: all — same query', memberShot, opts.samples));
    await setRows({ scope: 'mine' });
    const mine = (d: Page) => d.resultList.every((r) => r.createdBy === member.memberId);
    latency.push(await measureLatency('member, rows: mine — same query', memberShot, opts.samples, mine));
    const priority = field(m, 'priority').code;
    await setRows({
      scope: 'filter',
      filter: { op: 'and', conditions: [{ field: priority, operator: 'eq', value: 'high' }] },
    });
    const high = (d: Page) => d.resultList.every((r) => r.data[priority] === 'high');
    latency.push(
      await measureLatency('member, rows: filter priority = high — same query', memberShot, opts.samples, high),
    );
    await setRows({ scope: 'myDepartments' });
    const colleagues = new Set(m.people.filter((p) => p.departmentId === member.departmentId).map((p) => p.memberId));
    latency.push(
      await measureLatency('member, rows: myDepartments — same query', memberShot, opts.samples, (d) =>
        d.resultList.every((r) => colleagues.has(r.createdBy)),
      ),
    );
    await setRows({ scope: 'mine' });
    const afterLoad = await sample(server);

    // Throughput: the owner's list, then the member's under `mine`, then the bare endpoint.
    const peak: MemorySample = { ...afterLoad };
    const watch = () =>
      void sample(server).then((s) => {
        peak.rssMb = Math.max(peak.rssMb, s.rssMb);
        peak.heapUsedMb = Math.max(peak.heapUsedMb, s.heapUsedMb);
        peak.heapTotalMb = Math.max(peak.heapTotalMb, s.heapTotalMb);
      });
    const throughput: { label: string; stats: LoadStats }[] = [];
    const load = { seconds: opts.seconds, concurrency: opts.concurrency, warmup: 20 };
    const through = async (label: string, shots: Shot[], tick?: () => void) => {
      const stats = await run(shots, load, tick);
      console.log(`  ${label}: ${stats.rps} req/s (server p50 ${stats.serverP50} ms, ${stats.errors} errors)`);
      throughput.push({ label, stats });
    };
    await through('owner list (status = open, amount desc)', [ownerShot], watch);
    await through('member list, rows: mine', [memberShot], watch);
    await through('owner plain list (keyset)', [plainList], watch);
    // The bare endpoints: a tiny JSON answer, and the owner list's own page (issue 15's baseline).
    const pageFile = path.join(os.tmpdir(), `canopy-bare-page-${process.pid}.json`);
    const agent = new http.Agent();
    const ownerPage = await send(agent, ownerShot, true);
    agent.destroy();
    fs.writeFileSync(pageFile, ownerPage.body);
    const bareEnv: NodeJS.ProcessEnv = { ...serverEnv(m, port + 20), BENCH_BARE: '1', BENCH_BARE_PAGE: pageFile };
    delete bareEnv.DATABASE_URL;
    const bare = await startServer(bareEnv, port + 20);
    try {
      const bareShot: Shot = { method: 'POST', url: `${bare.baseUrl}/bare`, body: { hello: 'world' } };
      await through('bare Fastify POST /bare (JSON in, JSON out)', [bareShot]);
      const pageShot: Shot = { method: 'POST', url: `${bare.baseUrl}/bare-page`, body: body };
      await through(`bare Fastify answering the owner list's page (${ownerPage.body.length} bytes)`, [pageShot]);
    } finally {
      await bare.stop();
    }
    const ownerRps = throughput[0]?.stats.rps ?? 0;
    const barePage = throughput.at(-1)?.stats.rps ?? 0;
    if (barePage) console.log(`  owner list ÷ bare page: ${((100 * ownerRps) / barePage).toFixed(1)} %`);
    const explained = await explain(m, member.memberId);

    // Experiment (not the product): one composite index that serves filter + sort order, then dropped.
    const experiment: Scenario[] = [];
    if (opts.experiment) {
      const index = await compositeIndex(m);
      console.log(`  experiment: ${index.sql} (${index.seconds} s)`);
      try {
        experiment.push(
          await measureLatency('experiment — owner: status = open, sort amount desc', ownerShot, opts.samples),
        );
        experiment.push(
          await measureLatency('experiment — member, rows: mine — same query', memberShot, opts.samples, mine),
        );
        explained.plan += `\nwith ${index.sql}:\n${(await explain(m, member.memberId)).plan.split('\n').slice(-5).join('\n')}`;
      } finally {
        await index.drop();
      }
    }
    return {
      db: m.db,
      rows: m.rows,
      date: new Date().toISOString().slice(0, 10),
      viewCreateSeconds,
      latency,
      throughput,
      memory: { idle, afterLoad, peak },
      explain: explained,
      experiment,
    };
  } finally {
    await server.stop();
  }
}

function report(r: Results): string {
  const lines = [
    `### ${r.db}, ${r.rows.toLocaleString('en')} rows (${r.date})`,
    '',
    r.viewCreateSeconds === null
      ? 'Saved view: already there from an earlier run (its indexes too).'
      : `Saved view creation (indexes built in the request): ${r.viewCreateSeconds} s`,
    '',
    '| list request (page of 50) | server p50 ms | server p95 ms | client p50 ms | rows | rule holds |',
    '| --- | --- | --- | --- | --- | --- |',
    ...r.latency.map(
      (s) =>
        `| ${s.label} | ${s.stats.serverP50} | ${s.stats.serverP95} | ${s.stats.clientP50} | ${s.rows} | ${s.ruleHolds === null ? '–' : s.ruleHolds ? 'yes' : '**no**'} |`,
    ),
    '',
    `| throughput (${r.throughput[0]?.stats.concurrency} concurrent) | req/s | server p50 ms | server p95 ms | client p95 ms | errors |`,
    '| --- | --- | --- | --- | --- | --- |',
    ...r.throughput.map(
      (t) =>
        `| ${t.label} | ${t.stats.rps} | ${t.stats.serverP50} | ${t.stats.serverP95} | ${t.stats.clientP95} | ${t.stats.errors} |`,
    ),
    '',
    `Server memory: idle RSS ${r.memory.idle.rssMb} MB (heap ${r.memory.idle.heapUsedMb} MB); after the latency runs RSS ${r.memory.afterLoad.rssMb} MB (heap ${r.memory.afterLoad.heapUsedMb} MB); peak under load RSS ${r.memory.peak.rssMb} MB (heap used ${r.memory.peak.heapUsedMb} / total ${r.memory.peak.heapTotalMb} MB).`,
    '',
    ...(r.experiment.length
      ? [
          '| experiment: composite index (not in the product) | server p50 ms | server p95 ms | client p50 ms | rows | rule holds |',
          '| --- | --- | --- | --- | --- | --- |',
          ...r.experiment.map(
            (s) =>
              `| ${s.label} | ${s.stats.serverP50} | ${s.stats.serverP95} | ${s.stats.clientP50} | ${s.rows} | ${s.ruleHolds === null ? '–' : s.ruleHolds ? 'yes' : '**no**'} |`,
          ),
          '',
        ]
      : []),
    `Database alone (median of 12, same SQL): ${r.explain.dbMs} ms; with the row rule mine: ${r.explain.ruleDbMs} ms; the plain keyset page: ${r.explain.keysetDbMs} ms.`,
    '',
    '```',
    r.explain.plan,
    '```',
  ];
  return lines.join('\n');
}

if (isMain(import.meta.url)) {
  const opts = options({
    concurrency: { type: 'string' },
    seconds: { type: 'string' },
    samples: { type: 'string' },
    'no-experiment': { type: 'boolean' },
  });
  for (const db of opts.dbs) {
    const dir = (opts.dbs.length === 1 ? opts.dir : undefined) ?? defaultDir(db, opts.rows);
    const manifest = fs.existsSync(path.join(dir, 'manifest.json'))
      ? readManifest(dir)
      : await generate(db, opts.rows, dir);
    console.log(`[run] ${db}, ${manifest.rows.toLocaleString('en')} rows`);
    try {
      const results = await runBench(manifest, {
        concurrency: Number(opts.opt('concurrency') ?? 16),
        seconds: Number(opts.opt('seconds') ?? 10),
        samples: Number(opts.opt('samples') ?? 200),
        experiment: !opts.opt('no-experiment'),
      });
      const out = path.join(REPO_ROOT, 'bench/results');
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, `million-${db}-${manifest.rows}.json`), `${JSON.stringify(results, null, 2)}\n`);
      console.log(`\n${report(results)}\n`);
    } finally {
      if (!opts.keep) await removeDataSet(manifest);
    }
  }
}
