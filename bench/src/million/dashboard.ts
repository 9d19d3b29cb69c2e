/**
 * The dashboard benchmark on the million-row table (issue 13): a Dashboard node with five widgets
 * over the 1,000,000-row table — a KPI, a bar, a line, a pie and a pivot — saved through the API, then
 * each widget's figures asked one request at a time: server time p50 / p95 (the server-timing header),
 * as the owner (no row rule) and as a member under the row rule "mine". Every figure is the database's
 * GROUP BY over the rows (nothing is loaded into the server).
 *
 *   npx tsx bench/src/million/dashboard.ts --db sqlite --rows 1000000 --keep
 *   npx tsx bench/src/million/dashboard.ts --db postgres --rows 1000000 --keep
 *
 * Options: --db, --rows, --dir, --keep (as run.ts; a missing data set is generated first),
 * --samples N (requests per widget, default 20, at most 60 s each). Results go to stdout and to
 * bench/results/dashboard-<db>-<rows>.json.
 *
 * Side by side: a second server on the same data set reads the records only (no kept roll-ups,
 * BENCH_DASHBOARD_ROLLUPS=off); each widget is measured on both, one after the other, so both
 * figures see the same load.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Widget } from '@canopy/contract';
import BetterSqlite3 from 'better-sqlite3';
import {
  defaultDir,
  isMain,
  type Manifest,
  options,
  REPO_ROOT,
  readManifest,
  removeDataSet,
  serverEnv,
  startServer,
  withPg,
} from './common.js';
import { generate } from './generate.js';
import { type LoadStats, run, type Shot, send } from './loadgen.js';
import { ownerClient, signIn } from './run.js';

function code(m: Manifest, key: string): string {
  const f = m.fields.find((x) => x.key === key);
  if (!f) throw new Error(`no field ${key}`);
  return f.code;
}

/** The five widgets: what a sales dashboard over the orders table would show. */
export function widgets(m: Manifest): Widget[] {
  const place = (i: number) => ({ x: (i % 2) * 6, y: Math.floor(i / 2) * 5, w: 6, h: 5 });
  const amount = code(m, 'amount');
  return [
    {
      id: 'kpi',
      kind: 'number',
      title: '订单数与金额',
      query: { schemaCode: m.schemaCode, measures: [{ aggregate: 'count' }, { aggregate: 'sum', field: amount }] },
      place: place(0),
    },
    {
      id: 'bar',
      kind: 'bar',
      title: '各状态金额',
      query: {
        schemaCode: m.schemaCode,
        dimension: { field: code(m, 'status') },
        measures: [{ aggregate: 'sum', field: amount }, { aggregate: 'count' }],
      },
      place: place(1),
    },
    {
      id: 'line',
      kind: 'line',
      title: '每月新增订单',
      query: {
        schemaCode: m.schemaCode,
        dimension: { field: 'createdAt', granularity: 'month' },
        measures: [{ aggregate: 'count' }],
      },
      place: place(2),
    },
    {
      id: 'pie',
      kind: 'pie',
      title: '标签分布',
      query: { schemaCode: m.schemaCode, dimension: { field: code(m, 'tags') }, measures: [{ aggregate: 'count' }] },
      place: place(3),
    },
    {
      id: 'pivot',
      kind: 'pivot',
      title: '状态 × 优先级 × 季度',
      query: {
        schemaCode: m.schemaCode,
        pivot: {
          rows: [{ field: code(m, 'status') }, { field: code(m, 'priority') }],
          columns: [{ field: 'createdAt', granularity: 'quarter' }],
        },
        measures: [
          { aggregate: 'sum', field: amount },
          { aggregate: 'avg', field: code(m, 'score') },
        ],
      },
      place: place(4),
    },
  ];
}

interface Case {
  widget: string;
  who: string;
  /** rollups: the kept roll-ups where they serve; records: the records only (the baseline). */
  path: 'rollups' | 'records';
  stats: LoadStats;
  groups: number;
}

export async function runDashboardBench(m: Manifest, samples: number) {
  const port = 3960 + (process.pid % 10);
  const server = await startServer(serverEnv(m, port), port);
  const plainPort = port + 20;
  const plain = await startServer({ ...serverEnv(m, plainPort), BENCH_DASHBOARD_ROLLUPS: 'off' }, plainPort);
  try {
    const owner = await ownerClient(server.baseUrl, m);
    const ownerHeaders = { cookie: owner.cookieHeader, 'x-engine-code': m.engineCode };
    const member = m.people[0];
    if (!member) throw new Error('no member in the data set');
    const memberHeaders = await signIn(server.baseUrl, m, member.account);
    const node = await owner.call<{ code: string }>('POST', `/v1/apps/${m.appCode}/nodes`, {
      type: 'Dashboard',
      displayName: `经营看板 ${new Date().toISOString().slice(11, 19)}`,
    });
    const list = widgets(m);
    const schemaPath = `/v1/apps/${m.appCode}/schemas/${m.schemaCode}`;
    const setRows = (rows: Record<string, unknown>) =>
      owner.call('PUT', schemaPath, {
        permissions: {
          add: ['manager', 'member'],
          view: ['manager', 'member'],
          edit: ['manager'],
          delete: ['manager'],
          rows: { manager: { scope: 'all' }, member: rows },
        },
      });
    // Members see their own rows ("mine"); the dashboard is saved with that rule in place, so its
    // indexes cover the creator too. Saving builds the widgets' indexes (timed).
    await setRows({ scope: 'mine' });
    const saveStarted = performance.now();
    await owner.call('PUT', `/v1/apps/${m.appCode}/dashboards/${node.code}`, { widgets: list });
    const answeredSeconds = Math.round((performance.now() - saveStarted) / 100) / 10;
    // The widgets' covering indexes are built by a job after the save answered: wait for it.
    await untilIndexed(m);
    const saveSeconds = Math.round((performance.now() - saveStarted) / 100) / 10;
    console.log(`  dashboard saved in ${answeredSeconds} s; its indexes built by the job queue in ${saveSeconds} s`);
    if (m.databaseUrl) {
      // What autovacuum does after a bulk load (generate.ts only analyzes): the visibility map lets
      // PostgreSQL answer from the covering indexes alone (index-only scans).
      await withPg(m.databaseUrl, (c) => c.query(`vacuum (analyze) "${m.tableName}"`));
    }
    const cases: Case[] = [];
    const measureOn = async (w: Widget, who: string, headers: Record<string, string>, via: Case['path']) => {
      const endpoint = w.kind === 'pivot' ? 'pivot' : 'aggregate';
      const base = via === 'rollups' ? server.baseUrl : plain.baseUrl;
      const shot: Shot = {
        method: 'POST',
        url: `${base}/v1/apps/${m.appCode}/dashboards/${node.code}/${endpoint}`,
        headers,
        body: w.query,
      };
      const agent = new http.Agent({ keepAlive: true });
      const first = await send(agent, shot, true);
      agent.destroy();
      if (first.status !== 200) throw new Error(`${w.id}: ${first.status} ${first.body.slice(0, 300)}`);
      const data = JSON.parse(first.body).data as { rows?: unknown[]; cells?: unknown[]; state: string };
      if (data.state !== 'ok') throw new Error(`${w.id}: ${data.state}`);
      const stats = await run([shot], { total: samples, seconds: 60, concurrency: 1, warmup: 2 });
      const groups = (data.rows ?? data.cells ?? []).length;
      console.log(`  ${w.id} (${who}, ${via}): p50 ${stats.serverP50} ms, p95 ${stats.serverP95} ms, ${groups} groups`);
      cases.push({ widget: `${w.kind} · ${w.title}`, who, path: via, stats, groups });
      return data;
    };
    const measure = async (w: Widget, who: string, headers: Record<string, string>) => {
      const kept = await measureOn(w, who, headers, 'rollups');
      const records = await measureOn(w, who, headers, 'records');
      // The same figures either way: cells in any order, numbers within a float's last digits (sums of
      // doubles added in another order differ there).
      type Entry = { key?: unknown; r?: unknown; c?: unknown; values: (number | null)[] };
      const entries = (x: unknown) => {
        const d = x as { rows?: Entry[]; cells?: Entry[] };
        return (d.rows ?? d.cells ?? [])
          .map((e) => ({ id: JSON.stringify([e.key, e.r, e.c]), values: e.values }))
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      };
      const close = (a: number | null, b: number | null | undefined) =>
        a === b || (a !== null && b != null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));
      const a = entries(kept);
      const b = entries(records);
      const at = a.findIndex((e, i) => e.id !== b[i]?.id || e.values.some((v, j) => !close(v, b[i]?.values[j])));
      if (a.length !== b.length || at >= 0)
        throw new Error(
          `${w.id} (${who}): the roll-up's figures differ: ${JSON.stringify(a[at])} vs ${JSON.stringify(b[at])}`,
        );
    };
    for (const w of list) await measure(w, 'owner', ownerHeaders);
    for (const w of list) await measure(w, 'member, rows: mine', memberHeaders);
    await setRows({ scope: 'all' });
    const load = (await import('node:os')).loadavg().map((x) => Math.round(x * 100) / 100);
    return { db: m.db, rows: m.rows, date: new Date().toISOString().slice(0, 10), samples, saveSeconds, load, cases };
  } finally {
    await server.stop();
    await plain.stop();
  }
}

if (isMain(import.meta.url)) {
  const o = options({ samples: { type: 'string' } });
  const samples = Number(o.opt('samples') ?? 20);
  for (const db of o.dbs) {
    const dir = o.dir ?? defaultDir(db, o.rows);
    const m = fs.existsSync(path.join(dir, 'manifest.json')) ? readManifest(dir) : await generate(db, o.rows, dir);
    console.log(`[dashboard] ${db}, ${m.rows.toLocaleString('en')} rows`);
    try {
      const result = await runDashboardBench(m, samples);
      const out = path.join(REPO_ROOT, 'bench/results', `dashboard-${db}-${m.rows}.json`);
      fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`load average after the run: ${result.load.join(', ')}`);
      console.log('| widget | who | path | server p50 ms | p95 ms | groups |');
      console.log('| --- | --- | --- | --- | --- | --- |');
      for (const c of result.cases)
        console.log(
          `| ${c.widget} | ${c.who} | ${c.path} | ${c.stats.serverP50} | ${c.stats.serverP95} | ${c.groups} |`,
        );
    } finally {
      if (!o.keep) await removeDataSet(m);
    }
  }
}

/** Waits until no dashboard index job is pending or running (the queue builds them after a save). */
async function untilIndexed(m: Manifest): Promise<void> {
  const open = "select count(*) as n from jobs where kind = 'dashboard.indexes' and state in ('pending', 'running')";
  for (;;) {
    const n = m.databaseUrl
      ? await withPg(m.databaseUrl, async (c) => Number((await c.query(open)).rows[0]?.n ?? 0))
      : (() => {
          const db = new BetterSqlite3(path.join(m.dataDir, 'canopy.sqlite'), { readonly: true });
          try {
            return Number((db.prepare(open).get() as { n: number }).n);
          } finally {
            db.close();
          }
        })();
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
