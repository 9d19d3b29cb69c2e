/**
 * Automation throughput (issue 28): N record-created events through an automation whose trigger has
 * a condition (金额 > 500) and one update step (the record's 状态 := 已检查), beside a bare baseline
 * (the same N writes to a table without automations) in the same run, on the same server.
 *
 * The real server (bench/src/million/serve.ts, as `npm start` builds it) on a fresh SQLite file.
 * Set up through the API: a team, an app, two tables with the same fields (名称 text, 金额 number,
 * 状态 text), the automation on one of them, published and enabled. Then, after 100 unmeasured
 * writes to each table:
 *   1. baseline: N `POST …/records` to the table without automations, `--concurrency` at a time;
 *   2. automation: N writes the same way to the table with it; then the runs are waited for (read
 *      straight from the database file) until all N have ended;
 *   3. baseline again (its spread against 1. is the machine's noise).
 * Reports writes/s and write latency for both, the time to drain (last write → last run finished),
 * runs/s over the whole phase (first write → last run finished), the delay from a run's event (its
 * queueing in the write's transaction) to its end, and checks every run is done and every record
 * was updated once. Writes bench/results/automations-throughput-sqlite-<N>.json.
 *
 *   npx tsx bench/src/automations/throughput.ts                      # 1,000 events, 8 writers
 *   npx tsx bench/src/automations/throughput.ts --rows 1000 --concurrency 8
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPasswordForTransport } from '@canopy/contract';
import SQLite from 'better-sqlite3';
import { ApiClient } from '../million/client.js';
import { options, REPO_ROOT, serverEnv, startServer } from '../million/common.js';
import { percentile } from '../million/loadgen.js';

const { rows: N, opt } = options({ concurrency: { type: 'string' } });
const CONCURRENCY = Number(opt('concurrency') ?? 8);
const PORT = 4900 + (process.pid % 100);
const ENDED = ['done', 'failed', 'stopped', 'skipped'];

interface WritePhase {
  seconds: number;
  writesPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** N writes, `CONCURRENCY` at a time; each write's latency in ms. */
async function writes(api: ApiClient, base: string, n: number, data: (i: number) => Record<string, unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < n) {
      const i = next;
      next += 1;
      const t = performance.now();
      await api.call('POST', `${base}/records`, { data: data(i) });
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const ms = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    startedAt: Date.now() - ms,
    phase: {
      seconds: round(ms / 1000),
      writesPerSecond: round((n / ms) * 1000, 1),
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
    } satisfies WritePhase,
  };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-automation-bench-'));
  const server = await startServer(serverEnv({ dataDir }, PORT), PORT);
  try {
    const api = new ApiClient(server.baseUrl);
    await api.call('POST', '/v1/user/register', {
      account: `bench${Date.now()}@example.com`,
      name: 'bench',
      password: hashPasswordForTransport('bench-pass-1'),
    });
    const team = await api.call<{ engineCode: string }>('POST', '/v1/corp/own/register', { corpName: 'bench' });
    api.headers['x-engine-code'] = team.engineCode;
    const app = await api.call<{ code: string }>('POST', '/v1/apps', { displayName: 'bench' });
    const table = async (name: string) => {
      const t = await api.call<{ code: string }>('POST', `/v1/apps/${app.code}/nodes`, {
        type: 'Schema',
        displayName: name,
      });
      const base = `/v1/apps/${app.code}/schemas/${t.code}`;
      const field = async (n: string, type: string) =>
        (await api.call<{ code: string }>('POST', `${base}/fields`, { name: n, type })).code;
      return {
        code: t.code,
        base,
        name: await field('名称', 'text'),
        amount: await field('金额', 'number'),
        state: await field('状态', 'text'),
      };
    };
    const bare = await table('无自动化');
    const orders = await table('订单');
    const automations = `/v1/apps/${app.code}/automations`;
    const made = await api.call<{ id: string }>('POST', automations, {
      name: '大额订单标记',
      definition: {
        trigger: {
          kind: 'record',
          schemaCode: orders.code,
          events: ['created'],
          filter: { op: 'and', conditions: [{ field: orders.amount, operator: 'gt', value: 500 }] },
        },
        steps: [
          {
            id: 'mark',
            kind: 'updateRecord',
            schemaCode: orders.code,
            recordId: '{{trigger.record.id}}',
            values: { [orders.state]: '已检查' },
          },
        ],
      },
    });
    await api.call('POST', `${automations}/${made.id}/publish`);
    await api.call('PUT', `${automations}/${made.id}/enabled`, { enabled: true });

    const db = new SQLite(path.join(dataDir, 'canopy.sqlite'), { readonly: true, fileMustExist: true });
    const ended = () =>
      (
        db
          .prepare(
            `select count(*) as n from automation_runs where automation_id = ? and status in (${ENDED.map(() => '?').join(',')})`,
          )
          .get(made.id, ...ENDED) as { n: number }
      ).n;
    const waitRuns = async (n: number) => {
      const deadline = Date.now() + 30 * 60_000;
      while (ended() < n) {
        if (Date.now() > deadline) throw new Error(`runs did not end: ${ended()} of ${n}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const row = (t: typeof bare, i: number) => ({ [t.name]: `订单 ${i}`, [t.amount]: 501 + (i % 1000) });

    // Warm-up (not measured): both tables, and the automation's first 100 runs.
    await writes(api, bare.base, 100, (i) => row(bare, i));
    await writes(api, orders.base, 100, (i) => row(orders, i));
    await waitRuns(100);
    const warm = ended();

    const baseline = await writes(api, bare.base, N, (i) => row(bare, i));
    const load = os.loadavg();
    const auto = await writes(api, orders.base, N, (i) => row(orders, i));
    const lastWrite = Date.now();
    await waitRuns(warm + N);
    const drainedAt = Date.now();
    // The baseline again once the runs are done: how much the two baseline figures differ is the noise.
    const baselineAfter = await writes(api, bare.base, N, (i) => row(bare, N + i));

    const runs = db
      .prepare(
        'select status, created_at, finished_at from automation_runs where automation_id = ? order by created_at desc limit ?',
      )
      .all(made.id, N) as { status: string; created_at: number; finished_at: number }[];
    const statuses: Record<string, number> = {};
    for (const r of runs) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const delays = runs.map((r) => r.finished_at - r.created_at).sort((a, b) => a - b);
    const lastFinished = Math.max(...runs.map((r) => r.finished_at));
    const steps = (
      db
        .prepare(
          "select count(*) as n from automation_steps s join automation_runs r on r.id = s.run_id where r.automation_id = ? and s.status = 'done'",
        )
        .get(made.id) as { n: number }
    ).n;
    db.close();
    // Every record of the table was updated: none is left with an empty 状态.
    const unchecked = await api.call<{ resultList: unknown[] }>('POST', `${orders.base}/records/query`, {
      limit: 10,
      filter: { op: 'and', conditions: [{ field: orders.state, operator: 'empty' }] },
    });

    const result = {
      date: new Date().toISOString(),
      db: 'sqlite',
      events: N,
      concurrency: CONCURRENCY,
      concurrentRunsPerTeam: Number(process.env.AUTOMATION_CONCURRENT_RUNS ?? 5),
      loadavg: load.map((l) => round(l)),
      node: process.version,
      baseline: baseline.phase,
      baselineAfter: baselineAfter.phase,
      automation: {
        writes: auto.phase,
        drainAfterLastWriteSeconds: round((Math.max(lastFinished, 0) - lastWrite) / 1000),
        firstWriteToLastRunSeconds: round((lastFinished - auto.startedAt) / 1000),
        runsPerSecond: round((N / (lastFinished - auto.startedAt)) * 1000, 1),
        runDelayMs: { p50: percentile(delays, 50), p95: percentile(delays, 95), max: delays.at(-1) },
        statuses,
        doneStepsWithWarmUp: steps,
        recordsLeftUnchecked: unchecked.resultList.length,
        polledDrainSeconds: round((drainedAt - lastWrite) / 1000),
      },
    };
    const out = path.join(REPO_ROOT, `bench/results/automations-throughput-sqlite-${N}.json`);
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
