/**
 * Issue 15's scans on the million-row table (or fewer rows), for SQLite and PostgreSQL: server time
 * (p50/p95, sequential) of POST …/records/query, a page of 50 sorted by amount desc, with
 *   - a "contains" filter on the order name (three characters or more: the full-text index; two:
 *     the scan it falls back to),
 *   - an equality filter on a column no view indexes (remark = 发票; its index built by the job),
 *   - the search box (every text column's full-text index),
 *   - page 1 and a deep page of the saved view (status = open, amount desc) by keyset cursor, and
 *     the same deep page by offset (the cursor a sorted list handed out before keysets).
 * Every list is asked once first so the server requests its indexes; the run then waits until the
 * job `records.indexes` has built them all (`record_indexes`) and measures.
 *
 *   npx tsx bench/src/million/scans.ts --db sqlite --rows 100000 --keep
 *   npx tsx bench/src/million/scans.ts --db postgres --rows 100000
 *
 * Options: --db, --rows, --dir, --keep as run.ts; --samples N (default 50), --deep N (the deep page,
 * default 1000, at most the last page). Results: stdout and bench/results/scans-<db>-<rows>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  waitForIndexes,
} from './common.js';
import { generate } from './generate.js';
import { type LoadStats, run, type Shot, send } from './loadgen.js';
import { ownerClient } from './run.js';

const code = (m: Manifest, key: string) => {
  const f = m.fields.find((x) => x.key === key);
  if (!f) throw new Error(`no field ${key}`);
  return f.code;
};

interface Case {
  label: string;
  stats: LoadStats;
  rows: number;
}

export async function scans(m: Manifest, opts: { samples: number; deep: number }) {
  const port = 3990 + (process.pid % 10);
  const server = await startServer(serverEnv(m, port), port);
  const path_ = `/v1/apps/${m.appCode}/schemas/${m.schemaCode}`;
  const url = `${server.baseUrl}${path_}/records/query`;
  try {
    const owner = await ownerClient(server.baseUrl, m);
    const headers = { cookie: owner.cookieHeader, 'x-engine-code': m.engineCode };
    const sorts = [{ field: code(m, 'amount'), direction: 'desc' }];
    const where = (field: string, operator: string, value: unknown) => ({
      op: 'and',
      conditions: [{ field: code(m, field), operator, value }],
    });
    const viewFilter = where('status', 'eq', 'open');
    const views = await owner.call<{ code: string; name: string }[]>('GET', `${path_}/views`);
    let view = views.find((v) => v.name === '待处理订单（金额降序）')?.code;
    if (!view) {
      view = (
        await owner.call<{ code: string }>('POST', `${path_}/views`, {
          name: '待处理订单（金额降序）',
          kind: 'grid',
          config: {
            columns: m.fields.map((f) => ({ field: f.code, hidden: false })),
            filter: viewFilter,
            sorts,
            rowHeight: 'short',
            pageSize: 50,
          },
        })
      ).code;
    }
    const bodies = {
      containsLong: { filter: where('name', 'contains', '服务合同'), sorts, limit: 50 },
      containsShort: { filter: where('name', 'contains', '华东'), sorts, limit: 50 },
      containsLatin: { filter: where('name', 'contains', 'consult'), sorts, limit: 50 },
      equality: { filter: where('remark', 'eq', '发票'), sorts, limit: 50 },
      search: { search: '设备维护', sorts, limit: 50 },
      searchShort: { search: '发票', sorts, limit: 50 },
      page1: { view, limit: 50 },
    } satisfies Record<string, Record<string, unknown>>;
    const agent = new (await import('node:http')).Agent({ keepAlive: true });
    const ask = async (body: Record<string, unknown>) => {
      const a = await send(agent, { method: 'POST', url, headers, body }, true);
      if (a.status !== 200) throw new Error(`${a.status} ${a.body.slice(0, 300)}`);
      return JSON.parse(a.body).data as { resultList: unknown[]; nextCursor: string };
    };
    // Each list once: the server asks for what it reads; then wait for the job to build it all.
    const t = performance.now();
    for (const body of Object.values(bodies)) await ask(body);
    const built = await waitForIndexes(m);
    const buildSeconds = Math.round((performance.now() - t) / 100) / 10;
    console.log(`  indexes ${JSON.stringify(built)} in ${buildSeconds} s`);

    // The deep page: follow the view's keyset cursors there (the last page if there are fewer).
    let cursor = '';
    let reached = 1;
    for (; reached < opts.deep; reached++) {
      const p = await ask({ view, limit: 50, ...(cursor ? { cursor } : {}) });
      if (!p.nextCursor) break;
      cursor = p.nextCursor;
    }
    const offsetCursor = Buffer.from(JSON.stringify((reached - 1) * 50)).toString('base64url');
    const measure = async (label: string, body: Record<string, unknown>): Promise<Case> => {
      const shot: Shot = { method: 'POST', url, headers, body };
      const rows = (await ask(body)).resultList.length;
      const stats = await run([shot], { total: opts.samples, concurrency: 1, warmup: 3 });
      console.log(`  ${label}: p50 ${stats.serverP50} ms, p95 ${stats.serverP95} ms, ${rows} rows`);
      return { label, stats, rows };
    };
    const cases: Case[] = [
      await measure('contains 服务合同 (4 chars: full-text index) + sort', bodies.containsLong),
      await measure('contains consult (Latin, full-text index) + sort', bodies.containsLatin),
      await measure('contains 华东 (2 chars: scan) + sort', bodies.containsShort),
      await measure('equality on remark (index built by the job) + sort', bodies.equality),
      await measure('search box 设备维护 (7 text columns, full text)', bodies.search),
      await measure('search box 发票 (2 chars: scan)', bodies.searchShort),
      await measure('view page 1 (status = open, amount desc)', bodies.page1),
      await measure(`view page ${reached} by keyset cursor`, { view, limit: 50, cursor }),
      await measure(`view page ${reached} by offset (the old cursor)`, { view, limit: 50, cursor: offsetCursor }),
    ];
    agent.destroy();
    return {
      db: m.db,
      rows: m.rows,
      at: new Date().toISOString(),
      loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100),
      buildSeconds,
      indexes: built,
      cases,
    };
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const opts = options({ samples: { type: 'string' }, deep: { type: 'string' } });
  for (const db of opts.dbs) {
    const dir = (opts.dbs.length === 1 ? opts.dir : undefined) ?? defaultDir(db, opts.rows);
    const manifest = fs.existsSync(path.join(dir, 'manifest.json'))
      ? readManifest(dir)
      : await generate(db, opts.rows, dir);
    console.log(`[scans] ${db}, ${manifest.rows.toLocaleString('en')} rows, load ${os.loadavg()[0]?.toFixed(2)}`);
    try {
      const results = await scans(manifest, {
        samples: Number(opts.opt('samples') ?? 50),
        deep: Number(opts.opt('deep') ?? 1000),
      });
      const out = path.join(REPO_ROOT, 'bench/results');
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, `scans-${db}-${manifest.rows}.json`), `${JSON.stringify(results, null, 2)}\n`);
      console.log(
        [
          `| case (${db}, ${manifest.rows} rows) | p50 ms | p95 ms | rows |`,
          '| --- | --- | --- | --- |',
          ...results.cases.map((c) => `| ${c.label} | ${c.stats.serverP50} | ${c.stats.serverP95} | ${c.rows} |`),
          `load average ${results.loadavg.join(' / ')}`,
        ].join('\n'),
      );
    } finally {
      if (!opts.keep) await removeDataSet(manifest);
    }
  }
}
