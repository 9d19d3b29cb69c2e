/**
 * Import of a 1M-row CSV through the product's import endpoints (ImportEndpoints: upload the sheet
 * as multipart → start with a column→field mapping and a mode → poll the job until it is done),
 * into a fresh data set's table, on SQLite and PostgreSQL. Reports the upload time, rows per second
 * of the job, the server's peak RSS and heap, the list request's server time while the import runs,
 * and the rows that landed.
 *
 *   npx tsx bench/src/million/import.ts --db sqlite --rows 1m           # CSV rows; the table starts with 1,000
 *   npx tsx bench/src/million/import.ts --db both --rows 50k --mode atomic
 *
 * Options: --db, --rows (CSV rows), --table-rows (rows generated into the table first, default 1000),
 * --mode skip|atomic (default skip: a refused row is counted, not fatal), --keep.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { APP_NAME, Headers, hashPasswordForTransport } from '@canopy/contract';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { ApiClient } from './client.js';
import { type Db, isMain, type Manifest, options, REPO_ROOT, removeDataSet, serverEnv, startServer } from './common.js';
import { writeCsv } from './csv.js';
import { generate } from './generate.js';
import { percentile, run, send } from './loadgen.js';

interface Job {
  id: string;
  state: string;
  columns: string[];
  mapping: Record<string, string>;
  total: number;
  processed: number;
  created: number;
  failed: number;
  message: string;
}

async function countRows(m: Manifest): Promise<number> {
  if (m.db === 'sqlite') {
    const db = new SQLite(path.join(m.dataDir, 'canopy.sqlite'), { readonly: true });
    try {
      return (db.prepare(`select count(*) as n from "${m.tableName}"`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  }
  const c = new pg.Client({ connectionString: m.databaseUrl });
  await c.connect();
  try {
    return Number((await c.query(`select count(*) as n from "${m.tableName}"`)).rows[0].n);
  } finally {
    await c.end();
  }
}

export async function importBench(db: Db, csvRows: number, tableRows: number, mode: string, keep: boolean) {
  const dir = path.join('/tmp', `canopy-import-${db}-${csvRows}`);
  const m = await generate(db, tableRows, dir);
  const csv = path.join(dir, 'import.csv');
  let t = performance.now();
  const size = await writeCsv(csv, csvRows, 7);
  const csvSeconds = (performance.now() - t) / 1000;
  console.log(`[import] ${db}: ${csv} ${(size / 1048576).toFixed(0)} MiB written in ${csvSeconds.toFixed(1)} s`);
  const port = 3960 + (process.pid % 10);
  const server = await startServer(serverEnv(m, port), port);
  const result: Record<string, unknown> = { db, csvRows, tableRows, mode, csvMiB: Math.round(size / 1048576) };
  try {
    const owner = new ApiClient(server.baseUrl);
    await owner.call('POST', '/v1/user/login', {
      account: m.owner.account,
      password: hashPasswordForTransport(m.password),
    });
    owner.headers[Headers.engineCode] = m.engineCode;
    // As the web client sends it: the upload refuses requests without it (a cross-site form cannot set it).
    owner.headers[Headers.appName] = APP_NAME;
    const base = `/v1/apps/${m.appCode}/schemas/${m.schemaCode}`;
    const form = new FormData();
    form.append('file', await fs.openAsBlob(csv, { type: 'text/csv' }), 'orders.csv');
    t = performance.now();
    const res = await owner.raw('POST', `${base}/imports`, form);
    const uploadSeconds = (performance.now() - t) / 1000;
    const text = await res.text();
    if (res.status === 404 && !text.includes('errorCode')) {
      console.log(
        `[import] ${db}: the server has no ${base}/imports route yet (ImportEndpoints not implemented); skipped`,
      );
      return { ...result, skipped: 'no import endpoints on the server' };
    }
    if (res.status !== 200) throw new Error(`upload → ${res.status} ${text.slice(0, 500)}`);
    const uploaded = (JSON.parse(text) as { data: Job }).data;
    console.log(`[import] ${db}: uploaded in ${uploadSeconds.toFixed(1)} s, ${uploaded.total} rows`);
    const byName = new Map(m.fields.map((f) => [f.name, f.code]));
    const mapping: Record<string, string> = {};
    for (const column of uploaded.columns) {
      const code = byName.get(column.replace(/^\ufeff/, ''));
      if (code) mapping[column] = code;
    }
    const cpuBefore = (await server.memory()).cpu;
    t = performance.now();
    let job = await owner.call<Job>('POST', `${base}/imports/${uploaded.id}/start`, { mapping, mode });
    const ownerHeaders = { cookie: owner.cookieHeader, 'x-engine-code': m.engineCode };
    const listShot = {
      method: 'POST' as const,
      url: `${server.baseUrl}${base}/records/query`,
      headers: ownerHeaders,
      body: { limit: 50 },
    };
    const during: number[] = [];
    // Beside the polling: a list asked for every 200 ms, timed at the client — a request that waits
    // for the server (its one thread held by a long statement) shows here, which the server's own
    // timing (from the request event on) cannot see.
    const waits: number[] = [];
    let probing = true;
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const prober = (async () => {
      while (probing) {
        const started = performance.now();
        await send(probeAgent, listShot);
        waits.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    let peakRss = 0;
    let peakHeap = 0;
    while (job.state === 'uploaded' || job.state === 'running') {
      const probe = await run([listShot], { total: 1, concurrency: 1 });
      during.push(probe.serverP50);
      const mem = await server.memory();
      peakRss = Math.max(peakRss, mem.rss);
      peakHeap = Math.max(peakHeap, mem.heapUsed);
      await new Promise((r) => setTimeout(r, 1000));
      job = await owner.call<Job>('GET', `${base}/imports/${uploaded.id}`);
      process.stderr.write(
        `\r  ${job.state} ${job.processed.toLocaleString('en')} / ${job.total.toLocaleString('en')}`,
      );
    }
    process.stderr.write('\n');
    const jobSeconds = (performance.now() - t) / 1000;
    probing = false;
    await prober;
    probeAgent.destroy();
    const cpuAfter = (await server.memory()).cpu;
    // The server's CPU seconds over the job (user + system), polling included.
    const cpuSeconds =
      cpuBefore && cpuAfter
        ? (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / 1_000_000
        : Number.NaN;
    const errors =
      job.failed > 0 ? await owner.call<unknown[]>('GET', `${base}/imports/${uploaded.id}/errors`) : ([] as unknown[]);
    Object.assign(result, {
      uploadSeconds: Math.round(uploadSeconds * 10) / 10,
      jobSeconds: Math.round(jobSeconds * 10) / 10,
      rowsPerSecond: Math.round(job.processed / jobSeconds),
      serverCpuSeconds: Math.round(cpuSeconds * 10) / 10,
      rowsPerCpuSecond: Math.round(job.processed / cpuSeconds),
      state: job.state,
      message: job.message,
      created: job.created,
      failed: job.failed,
      firstErrors: errors.slice(0, 5),
      tableRowsAfter: await countRows(m),
      peakRssMb: Math.round(peakRss / 1048576),
      peakHeapMb: Math.round(peakHeap / 1048576),
      listDuringImportP50: percentile(during, 50),
      listDuringImportP95: percentile(during, 95),
      // The longest a list waited: an import that holds SQLite's one connection shows here.
      listDuringImportMax: Math.max(0, ...during),
      // At the client, a list every 200 ms: how long the longest one waited, and how many waited over 1 s.
      listWaitClientP50: Math.round(percentile(waits, 50) * 10) / 10,
      listWaitClientMax: Math.round(Math.max(0, ...waits)),
      listWaitsOverOneSecond: waits.filter((w) => w > 1000).length,
    });
    console.log(JSON.stringify(result, null, 2));
    const out = path.join(REPO_ROOT, 'bench/results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, `import-${db}-${csvRows}.json`), `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await server.stop();
    if (!keep) await removeDataSet(m);
  }
}

if (isMain(import.meta.url)) {
  const opts = options({ 'table-rows': { type: 'string' }, mode: { type: 'string' } });
  const mode = opts.opt('mode') === 'atomic' ? 'atomic' : 'skip';
  for (const db of opts.dbs) await importBench(db, opts.rows, Number(opts.opt('table-rows') ?? 1000), mode, opts.keep);
}
