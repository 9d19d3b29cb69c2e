/**
 * Canopy behind nginx with 1 and with 2 server processes on one PostgreSQL (issue 16): the records
 * list and the approve action, requests per second and latency percentiles.
 *
 *   npx tsx bench/src/cluster/run.ts [--list 3000] [--approve 600] [--concurrency 16]
 *
 * A new database `canopy_bench_cluster_*` on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped at the end; Debian's nginx (scripts/ensure-nginx.sh) configured from deploy/nginx.conf, as
 * the cluster test does (apps/server/cluster/kit.ts). Setup through the API: a team, an approver, a
 * table of 200 records with a flow start → 审批 (the approver), and enough running instances that
 * every measured approval acts on a different one. Then, per process count: 300 unmeasured list
 * requests, the list, the approvals. Writes bench/results/cluster.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createDatabase,
  freePort,
  healthy,
  type Proc,
  ROOT,
  startNginx,
  startServer,
  stop,
  until,
} from '../../../apps/server/cluster/kit.js';
import { PASSWORD, TestClient, uniqueMobile } from '../../../apps/server/test/harness.js';

const { values } = parseArgs({
  options: {
    list: { type: 'string', default: '3000' },
    approve: { type: 'string', default: '600' },
    concurrency: { type: 'string', default: '16' },
  },
});
const LIST = Number(values.list);
const APPROVE = Number(values.approve);
const CONCURRENCY = Number(values.concurrency);

interface Result {
  processes: number;
  label: string;
  total: number;
  concurrency: number;
  rps: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** `total` requests made by `send(i)`, `concurrency` at a time. */
async function measure(
  processes: number,
  label: string,
  total: number,
  send: (i: number) => Promise<Response>,
): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const i = next;
      next += 1;
      const t0 = performance.now();
      try {
        const res = await send(i);
        await res.arrayBuffer();
        if (!res.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    processes,
    label,
    total,
    concurrency: CONCURRENCY,
    rps: Math.round(total / seconds),
    p50ms: round(percentile(latencies, 50)),
    p95ms: round(percentile(latencies, 95)),
    p99ms: round(percentile(latencies, 99)),
    errors,
  };
}

async function ok(res: Promise<{ status: number; json: { data?: unknown } }>, what: string) {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.json)}`);
  // biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely here
  return (r.json as any).data;
}

async function registered(baseUrl: string, name: string): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  await ok(
    client.request('POST', '/v1/user/register', { body: { account: uniqueMobile(), name, password: PASSWORD } }),
    'register',
  );
  return client;
}

/** The team, table, flow and the approver's open items (ids), through the API. */
async function setup(baseUrl: string, items: number) {
  const owner = await registered(baseUrl, '负责人');
  const team = await ok(owner.request('POST', '/v1/corp/own/register', { body: { corpName: '压测团队' } }), 'team');
  owner.headers['x-engine-code'] = team.engineCode;
  const link = await ok(owner.request('POST', '/v1/corpintegrate/invitation', { body: {} }), 'invitation');
  const bob = await registered(baseUrl, '审批人');
  await ok(bob.request('PUT', `/v1/corpintegrate/invitation/join/${link.id}`), 'join');
  bob.headers['x-engine-code'] = team.engineCode;
  const bobMember = (await ok(bob.request('GET', '/v1/org/member/info'), 'member')).memberId as string;
  const bobUser = (await ok(bob.request('GET', '/v1/user/information/basic'), 'user')).id as string;
  const appCode = (await ok(owner.request('POST', '/v1/apps', { body: { displayName: '报销' } }), 'app')).code;
  await ok(
    owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [bobUser], role: 'member' } }),
    'role',
  );
  const schemaCode = (
    await ok(
      owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '报销单' } }),
      'table',
    )
  ).code;
  const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  const title = (await ok(owner.request('POST', `${base}/fields`, { body: { name: '标题', type: 'text' } }), 'field'))
    .code;
  const amount = (
    await ok(owner.request('POST', `${base}/fields`, { body: { name: '金额', type: 'number' } }), 'field')
  ).code;
  const nodes = [
    { id: 'start', type: 'start', name: '发起', next: 'a', settings: { fieldRules: {} } },
    {
      id: 'a',
      type: 'approve',
      name: '审批',
      settings: {
        participants: [{ kind: 'members', ids: [bobMember] }],
        mode: 'any',
        whenEmpty: 'error',
        fieldRules: {},
        comment: {
          approve: { enableComment: true, required: false },
          reject: { enableComment: true, required: false },
        },
        actions: ['comment'],
        closeRevert: false,
        closeTerminate: false,
        rejectTo: 'end',
      },
    },
  ];
  await ok(owner.request('PUT', `${base}/workflow`, { body: { definition: { nodes } } }), 'flow');
  await ok(owner.request('POST', `${base}/workflow/publish`), 'publish');
  const rows = Array.from({ length: 200 }, (_, i) => ({ data: { [title]: `记录${i}`, [amount]: i } }));
  await ok(owner.request('POST', `${base}/records/batch`, { body: { create: rows } }), 'records');
  const ids: string[] = [];
  let n = 0;
  const starter = async () => {
    while (n < items) {
      n += 1;
      const started = await ok(
        owner.request('POST', '/v1/workflow/start', {
          body: { appCode, schemaCode, data: { [title]: `报销${n}`, [amount]: n } },
        }),
        'start',
      );
      const id = started.instance.instanceId as string;
      const d = await ok(bob.request('GET', `/v1/workflow/instance?instanceId=${id}`), 'detail');
      ids.push(d.myWorkItems[0].workItemId);
    }
  };
  await Promise.all(Array.from({ length: 8 }, starter));
  return { owner, bob, base, ids };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-bench-cluster-'));
  fs.chmodSync(work, 0o755);
  const database = await createDatabase(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    'canopy_bench_cluster',
  );
  const settings = { databaseUrl: database.url, dataDir: path.join(work, 'data'), logLevel: 'warn' };
  const ports = [await freePort(), await freePort()];
  let procs: Proc[] = [];
  let front: Awaited<ReturnType<typeof startNginx>> | undefined;
  const results: Result[] = [];
  const up = async (count: number) => {
    procs = ports.slice(0, count).map((port, i) => startServer(`P${i + 1}`, port, settings));
    for (const p of procs) await until(`${p.name} up`, healthy(p.url), 90_000, 200);
    front = await startNginx(ports.slice(0, count), path.join(work, `nginx-${count}`));
  };
  const down = async () => {
    await stop(front?.child, 'SIGQUIT');
    await Promise.all(procs.map((p) => stop(p.child)));
  };
  try {
    await up(1);
    const world = await setup(front?.url as string, 2 * APPROVE);
    console.log(`setup: ${world.ids.length} open items`);
    for (const count of [1, 2]) {
      if (count === 2) {
        await down();
        await up(2);
      }
      const url = front?.url as string;
      const owner = world.owner.on(url);
      const bob = world.bob.on(url);
      const list = () =>
        fetch(`${url}${world.base}/records/query`, {
          method: 'POST',
          headers: {
            ...owner.headers,
            cookie: `canopy_sid=${owner.sessionCookie}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ limit: 50 }),
        });
      for (let i = 0; i < 300; i += 1) await (await list()).arrayBuffer();
      results.push(await measure(count, 'records list (POST …/records/query, 50 rows)', LIST, list));
      const mine = world.ids.slice((count - 1) * APPROVE, count * APPROVE);
      results.push(
        await measure(count, 'approve (POST /v1/workflow/approval, each on its own item)', APPROVE, (i) =>
          fetch(`${url}/v1/workflow/approval`, {
            method: 'POST',
            headers: { ...bob.headers, cookie: `canopy_sid=${bob.sessionCookie}`, 'content-type': 'application/json' },
            body: JSON.stringify({ workItem: { workItemId: mine[i] } }),
          }),
        ),
      );
    }
  } finally {
    await down();
    await database.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.table(results);
  const out = path.join(ROOT, 'bench', 'results', 'cluster.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, node: process.version, results }, null, 2)}\n`,
  );
  console.log(`written: ${path.relative(ROOT, out)}`);
}

await main();
