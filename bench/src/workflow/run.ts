import os from 'node:os';
import path from 'node:path';
import { hashPasswordForTransport, InstanceState } from '@canopy/contract';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { ApiClient } from '../million/client.js';
import { type Db, isMain, serverEnv, startServer } from '../million/common.js';
import { type LoadStats, run, type Shot, send } from '../million/loadgen.js';
import { runWorkflowCommand } from './cli.js';
import type { WorkflowManifest } from './generate.js';

interface Case {
  label: string;
  stats: LoadStats;
  /** What one answer held (items left open / rows on the page), checked once. */
  check: string;
}

interface Results {
  db: Db;
  date: string;
  running: number;
  finished: number;
  workItems: number;
  /** 1-minute load average of the machine before and after the measurements (2 cores). */
  load: [number, number];
  cases: Case[];
  explain: { label: string; plan: string }[];
}

async function headersOf(baseUrl: string, m: WorkflowManifest, account: string) {
  const client = new ApiClient(baseUrl);
  await client.call('POST', '/v1/user/login', { account, password: hashPasswordForTransport(m.password) });
  return { cookie: client.cookieHeader, 'x-engine-code': m.engineCode };
}

/** Read-only access to the data set beside the running server (SQLite WAL readers do not block it). */
async function reader(m: WorkflowManifest) {
  if (m.databaseUrl) {
    const c = new pg.Client({ connectionString: m.databaseUrl });
    await c.connect();
    return {
      all: async (q: string, params: unknown[] = []) => (await c.query(q, params)).rows as Record<string, unknown>[],
      explain: async (q: string, params: unknown[]) =>
        (await c.query(`explain (analyze, buffers) ${q}`, params)).rows.map((r) => String(r['QUERY PLAN'])).join('\n'),
      close: () => c.end(),
    };
  }
  const db = new SQLite(path.join(m.dataDir, 'canopy.sqlite'), { readonly: true });
  const toQ = (q: string) => q.replace(/\$\d+/g, '?');
  return {
    all: async (q: string, params: unknown[] = []) => db.prepare(toQ(q)).all(...params) as Record<string, unknown>[],
    explain: async (q: string, params: unknown[]) =>
      (db.prepare(`explain query plan ${toQ(q)}`).all(...params) as { detail: string }[])
        .map((r) => r.detail)
        .join('\n'),
    close: async () => db.close(),
  };
}

/** `total` sequential requests, each a different shot (approvals consume their item). */
async function latency(label: string, shots: Shot[], check: string): Promise<Case> {
  const stats = await run(shots, { total: shots.length, concurrency: 1 });
  console.log(
    `  ${label}: server p50 ${stats.serverP50} ms, p95 ${stats.serverP95} ms, cpu p50 ${stats.cpuP50} ms (${stats.requests}, ${stats.errors} errors)`,
  );
  return { label, stats, check };
}

export async function runWorkflowBench(m: WorkflowManifest, samples: number): Promise<Results> {
  const port = 3995 + (process.pid % 4);
  const server = await startServer(serverEnv(m, port), port);
  const db = await reader(m);
  const loadBefore = os.loadavg()[0] ?? 0;
  try {
    const base = server.baseUrl;
    const approver = m.approvers[0];
    if (!approver) throw new Error('no approver in the manifest');
    const approverHeaders = await headersOf(base, m, approver.account);
    const ownerHeaders = await headersOf(base, m, m.owner.account);
    const open = await db.all(
      `select id from work_items where engine_code = $1 and participant_member_id = $2 and state = 0
       order by created_at desc limit ${samples + 20}`,
      [m.engineCode, approver.memberId],
    );
    if (open.length < samples + 20) throw new Error(`only ${open.length} open items for ${approver.name}`);
    const approval = (id: unknown): Shot => ({
      method: 'POST',
      url: `${base}/v1/workflow/approval`,
      headers: approverHeaders,
      body: { workItem: { workItemId: String(id) } },
    });
    const agent = new (await import('node:http')).Agent({ keepAlive: true });
    // Warm-up (not measured): 20 approvals, the first one checked.
    const first = await send(agent, approval(open[0]?.id), true);
    if (first.status !== 200) throw new Error(`approve failed: ${first.status} ${first.body}`);
    const answer = JSON.parse(first.body) as { data: { instance: { currentNodes: { activityName: string }[] } } };
    for (const row of open.slice(1, 20)) await send(agent, approval(row.id));
    agent.destroy();
    const cases: Case[] = [];
    cases.push(
      await latency(
        'approve (或签 node decided, 2 items closed, next node opened, flow status written)',
        open.slice(20, 20 + samples).map((r) => approval(r.id)),
        `moves on to ${answer.data.instance.currentNodes.map((n) => n.activityName).join('、')}`,
      ),
    );

    const list = (body: object): Shot => ({
      method: 'POST',
      url: `${base}/v1/apps/${m.appCode}/schemas/${m.schemaCode}/records/query`,
      headers: ownerHeaders,
      body,
    });
    const flow = (state: number) => ({
      filter: { op: 'and', conditions: [{ field: 'flowState', operator: 'eq', value: state }] },
      limit: 50,
    });
    for (const [label, body] of [
      ['record list, newest first (page of 50 with 流程状态 and 当前节点)', { limit: 50 }],
      ['record list, 流程状态 = 进行中 (running)', flow(InstanceState.Running)],
      ['record list, 流程状态 = 已完成 (finished)', flow(InstanceState.Finished)],
    ] as const) {
      const shot = list(body);
      const probe = await send(new (await import('node:http')).Agent(), shot, true);
      if (probe.status !== 200) throw new Error(`list failed: ${probe.status} ${probe.body}`);
      const page = JSON.parse(probe.body) as { data: { resultList: { flowState: number | null }[] } };
      const states = [...new Set(page.data.resultList.map((r) => r.flowState))].join(',');
      // Warm-up, then the samples.
      await run([shot], { total: 10, concurrency: 1 });
      cases.push(
        await latency(
          label,
          Array.from({ length: samples }, () => shot),
          `${page.data.resultList.length} rows, flowState ${states}`,
        ),
      );
    }

    const inst = await db.all('select id from workflow_instances where engine_code = $1 and state = 2 limit 1', [
      m.engineCode,
    ]);
    const p = (i: number) => `$${i}`;
    const explain = [
      {
        label: 'list: 流程状态 = running, newest first',
        plan: await db.explain(
          `select * from "${m.tableName}" where "engine_code" = ${p(1)} and "wf_state" = ${p(2)} order by "created_at" desc, "id" desc limit 51`,
          [m.engineCode, InstanceState.Running],
        ),
      },
      {
        label: 'approve: open items of the instance',
        plan: await db.explain(`select * from work_items where instance_id = ${p(1)} and state = 0`, [inst[0]?.id]),
      },
      {
        label: 'inbox: the approver’s open items, newest first',
        plan: await db.explain(
          `select * from work_items where engine_code = ${p(1)} and participant_member_id = ${p(2)} and state = 0 order by created_at desc limit 20`,
          [m.engineCode, approver.memberId],
        ),
      },
    ];
    return {
      db: m.db,
      date: new Date().toISOString().slice(0, 10),
      running: m.running,
      finished: m.finished,
      workItems: m.workItems,
      load: [Math.round(loadBefore * 10) / 10, Math.round((os.loadavg()[0] ?? 0) * 10) / 10],
      cases,
      explain,
    };
  } finally {
    await db.close();
    await server.stop();
  }
}

function report(r: Results): string {
  return [
    `### ${r.db}: ${r.running.toLocaleString('en')} running instances, ${r.finished.toLocaleString('en')} finished, ${r.workItems.toLocaleString('en')} work items (${r.date})`,
    '',
    `Machine load average (1 min, 2 cores) before / after: ${r.load[0]} / ${r.load[1]}.`,
    '',
    '| request | server p50 ms | server p95 ms | server CPU p50 ms | client p50 ms | samples | errors | answer |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...r.cases.map(
      (c) =>
        `| ${c.label} | ${c.stats.serverP50} | ${c.stats.serverP95} | ${c.stats.cpuP50} | ${c.stats.clientP50} | ${c.stats.requests} | ${c.stats.errors} | ${c.check} |`,
    ),
    '',
    ...r.explain.flatMap((e) => [`${e.label}:`, '```', e.plan, '```']),
  ].join('\n');
}

if (isMain(import.meta.url)) await runWorkflowCommand('workflow', runWorkflowBench, report);
