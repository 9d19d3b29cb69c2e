/**
 * Issue 14: writing the application log must not slow a records write measurably. The same writes
 * run against two servers on fresh databases, one built as usual and one built without the records'
 * log (`buildApp({ recordLog: false })`, the bench's baseline): single-record updates through the
 * session API, and 1,000-row batch updates through the open API (one request each). Rounds alternate
 * between the two so a busy machine slows both alike.
 *
 *   node --import tsx bench/src/applog.ts                       # SQLite in temp directories
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/src/applog.ts --db postgres
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashPasswordForTransport } from '@canopy/contract';
import type { Kysely } from 'kysely';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { indexLogTitles } from '../../apps/server/src/modules/applog/title-index.js';
import { moveHistoryEntries } from '../../apps/server/src/modules/audit/history-entries.js';
import { ApiClient } from './million/client.js';
import { createPgDatabase, dropPgDatabase } from './million/common.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    singles: { type: 'string', default: '300' },
    batches: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '3' },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'sqlite';
const singles = Number(values.singles);
const batches = Number(values.batches);
const rounds = Number(values.rounds);

interface Rig {
  label: string;
  single: () => Promise<number>;
  batch: () => Promise<number>;
  /** Moves the writes' log entries into audit_log now (what `applog.expand` does after the commit): ms. */
  settle: () => Promise<number>;
  stop: () => Promise<void>;
}

async function rig(label: string, recordLog: boolean): Promise<Rig> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-applog-bench-'));
  const dbName = `canopy_bench_applog_${recordLog ? 'on' : 'off'}_${Date.now()}`;
  const databaseUrl = db === 'postgres' ? await createPgDatabase(dbName) : undefined;
  const database = openDatabase(databaseUrl ? { databaseUrl } : { sqliteFile: path.join(dataDir, 'canopy.sqlite') });
  await migrateToLatest(database.db as unknown as Kysely<unknown>);
  const config = { ...loadConfig({ WEB_DIST: '', DATA_DIR: dataDir }), port: 0, host: '127.0.0.1' };
  const app = await buildApp({ config, database, logger: false, recordLog });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const api = new ApiClient(`http://127.0.0.1:${address.port}`);
  await api.call('POST', '/v1/user/register', {
    account: `bench${Date.now()}@example.com`,
    name: 'bench',
    password: hashPasswordForTransport('bench-pass-1'),
  });
  const team = await api.call<{ engineCode: string }>('POST', '/v1/corp/own/register', { corpName: 'bench' });
  api.headers['x-engine-code'] = team.engineCode;
  const app1 = await api.call<{ code: string }>('POST', '/v1/apps', { displayName: 'bench' });
  const table = await api.call<{ code: string }>('POST', `/v1/apps/${app1.code}/nodes`, {
    type: 'Schema',
    displayName: 'orders',
  });
  const base = `/v1/apps/${app1.code}/schemas/${table.code}`;
  const name = await api.call<{ code: string }>('POST', `${base}/fields`, { name: 'name', type: 'text' });
  const amount = await api.call<{ code: string }>('POST', `${base}/fields`, { name: 'amount', type: 'number' });
  await api.call('PUT', base, { titleFieldCode: name.code });
  const created = await api.call<{ token: string }>('POST', '/v1/user/api-tokens', {
    name: 'bench',
    appCodes: [app1.code],
    readOnly: false,
    expiresInDays: 7,
  });
  const bearer = { authorization: `Bearer ${created.token}` };
  const open = `/open/v1/apps/${app1.code}/tables/${table.code}/records`;
  const call = async <T>(method: string, p: string, body: unknown): Promise<T> => {
    const res = await api.raw(method, p, body, bearer);
    const json = (await res.json()) as { data: T; errorMessage?: string };
    if (res.status !== 200) throw new Error(`${method} ${p} → ${res.status} ${json.errorMessage}`);
    return json.data;
  };
  const rows = await call<{ created: { id: string; version: number }[] }>('POST', `${open}/batch`, {
    create: Array.from({ length: 1000 }, (_, i) => ({ data: { [name.code]: `row ${i}`, [amount.code]: i } })),
  });
  const versions = new Map(rows.created.map((r) => [r.id, r.version]));
  const ids = [...versions.keys()];
  let n = 0;
  return {
    label,
    async single() {
      const id = ids[n % ids.length] as string;
      n += 1;
      const t0 = performance.now();
      const item = await api.call<{ version: number }>('PATCH', `${base}/records/${id}`, {
        version: versions.get(id),
        data: { [amount.code]: n },
      });
      const ms = performance.now() - t0;
      versions.set(id, item.version);
      return ms;
    },
    async batch() {
      n += 1;
      const t0 = performance.now();
      const out = await call<{ updated: { id: string; version: number }[] }>('POST', `${open}/batch`, {
        update: ids.map((id) => ({ id, version: versions.get(id), data: { [amount.code]: n } })),
      });
      const ms = performance.now() - t0;
      for (const r of out.updated) versions.set(r.id, r.version);
      return ms;
    },
    async settle() {
      const t0 = performance.now();
      // The entries riding on history rows, and on SQLite the titles' index.
      await moveHistoryEntries(database.db);
      await indexLogTitles(database.db);
      return performance.now() - t0;
    },
    async stop() {
      await app.close();
      await database.close();
      if (databaseUrl) await dropPgDatabase(dbName);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const fmt = (x: number) => x.toFixed(2);

/** The median of paired ratios (with log ÷ without) and its 95 % bootstrap interval. */
function pairedRatio(withLog: number[], without: number[]): { median: number; low: number; high: number } {
  const ratios = withLog.map((x, i) => x / (without[i] as number));
  const median = (xs: number[]) => pct(xs, 50);
  const draws: number[] = [];
  // A fixed seed: the same samples give the same interval.
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let d = 0; d < 2000; d += 1)
    draws.push(median(ratios.map(() => ratios[Math.floor(random() * ratios.length)] as number)));
  return { median: median(ratios), low: pct(draws, 2.5), high: pct(draws, 97.5) };
}

async function main() {
  const rigs = [await rig('with log', true), await rig('without log (baseline)', false)];
  const times = new Map(
    rigs.map((r) => [r.label, { single: [] as number[], batch: [] as number[], settle: [] as number[] }]),
  );
  for (const r of rigs) for (let i = 0; i < 20; i += 1) await r.single(); // warm-up
  for (let round = 0; round < rounds; round += 1) {
    // Writes alternate between the two servers one by one (who goes first alternates too), so each
    // write with the log has a twin without it under the same moment's load: their ratio is paired.
    for (let i = 0; i < singles / rounds; i += 1)
      for (const r of (round + i) % 2 ? [...rigs].reverse() : rigs) times.get(r.label)?.single.push(await r.single());
    for (let i = 0; i < batches / rounds; i += 1)
      for (const r of (round + i) % 2 ? [...rigs].reverse() : rigs) {
        const t = times.get(r.label) as { single: number[]; batch: number[]; settle: number[] };
        t.batch.push(await r.batch());
        // The log's work after the commit, done before the next write (both servers alike), so a
        // write is timed on its own and the moved entries' cost is shown beside it.
        t.settle.push(await r.settle());
      }
  }
  process.stdout.write(`\n${db}, ${singles} single updates and ${batches} 1,000-row batch updates per server\n\n`);
  process.stdout.write(
    '| server | single p50 ms | single p95 ms | batch p50 ms | batch p95 ms | log moved after the batch p50 ms |\n',
  );
  process.stdout.write('| ------ | ------------- | ------------- | ------------ | ------------ | ------------ |\n');
  for (const [label, t] of times)
    process.stdout.write(
      `| ${label} | ${fmt(pct(t.single, 50))} | ${fmt(pct(t.single, 95))} | ${fmt(pct(t.batch, 50))} | ${fmt(pct(t.batch, 95))} | ${fmt(pct(t.settle, 50))} |\n`,
    );
  const on = times.get('with log') as { single: number[]; batch: number[] };
  const off = times.get('without log (baseline)') as { single: number[]; batch: number[] };
  const ratio = (label: string, r: { median: number; low: number; high: number }) =>
    process.stdout.write(
      `${label}: with ÷ without the log, median of paired ratios ${r.median.toFixed(3)} (95 % interval ${r.low.toFixed(3)}–${r.high.toFixed(3)})\n`,
    );
  process.stdout.write('\n');
  ratio('single update', pairedRatio(on.single, off.single));
  ratio('1,000-row batch', pairedRatio(on.batch, off.batch));
  process.stdout.write(
    `load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}\n`,
  );
  for (const r of rigs) await r.stop();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
