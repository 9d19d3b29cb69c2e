import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { hashPasswordForTransport } from '@canopy/contract';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { ApiClient } from '../million/client.js';
import { isMain, serverEnv, startServer } from '../million/common.js';
import { type LoadStats, run, type Shot, send } from '../million/loadgen.js';
import { runWorkflowCommand } from './cli.js';
import type { WorkflowManifest } from './generate.js';

interface Case {
  label: string;
  stats: LoadStats;
  check: string;
}

async function explainer(m: WorkflowManifest) {
  if (m.databaseUrl) {
    const c = new pg.Client({ connectionString: m.databaseUrl });
    await c.connect();
    return {
      explain: async (q: string, params: unknown[]) =>
        (await c.query(`explain (analyze, buffers) ${q}`, params)).rows.map((r) => String(r['QUERY PLAN'])).join('\n'),
      close: () => c.end(),
    };
  }
  const db = new SQLite(path.join(m.dataDir, 'canopy.sqlite'), { readonly: true });
  return {
    explain: async (q: string, params: unknown[]) => {
      // `$n` may occur more than once: each occurrence becomes a `?` bound to its own copy.
      const bound: unknown[] = [];
      const text = q.replace(/\$(\d+)/g, (_, n: string) => {
        bound.push(params[Number(n) - 1]);
        return '?';
      });
      return (db.prepare(`explain query plan ${text}`).all(...bound) as { detail: string }[])
        .map((r) => r.detail)
        .join('\n');
    },
    close: async () => db.close(),
  };
}

export async function runTodoBench(m: WorkflowManifest, samples: number) {
  const port = 3991 + (process.pid % 4);
  const server = await startServer(serverEnv(m, port), port);
  const db = await explainer(m);
  const loadBefore = os.loadavg()[0] ?? 0;
  try {
    const base = server.baseUrl;
    const approver = m.approvers[0];
    if (!approver) throw new Error('no approver in the manifest');
    const client = new ApiClient(base);
    await client.call('POST', '/v1/user/login', {
      account: approver.account,
      password: hashPasswordForTransport(m.password),
    });
    const headers = { cookie: client.cookieHeader, 'x-engine-code': m.engineCode };
    const shots: [string, Shot, (data: unknown) => string][] = [
      [
        'to-do panel (POST /v1/todos/page: state 0, pageSize 6, pageIndex 0, sortDirection 1)',
        {
          method: 'POST',
          url: `${base}/v1/todos/page`,
          headers,
          body: { state: 0, pageSize: 6, pageIndex: 0, sortDirection: 1 },
        },
        (d) => {
          const p = d as { total: number; resultList: unknown[] };
          return `${p.resultList.length} items of ${p.total}`;
        },
      ],
      ['to-do count (GET /v1/todos/count)', { method: 'GET', url: `${base}/v1/todos/count`, headers }, (d) => `${d}`],
      [
        'to-do summary (GET /v1/todos/summary)',
        { method: 'GET', url: `${base}/v1/todos/summary?taskType=todo`, headers },
        (d) => {
          const s = d as { total: number; apps: { schemas: unknown[] }[] };
          return `total ${s.total}, ${s.apps.length} app, ${s.apps.flatMap((a) => a.schemas).length} table`;
        },
      ],
      [
        'to-do list, first page of 20 (POST /v1/todos/list)',
        {
          method: 'POST',
          url: `${base}/v1/todos/list`,
          headers,
          body: { taskType: 'todo', pageSize: 20, pageIndex: 0, sortDirection: 1 },
        },
        (d) => `${(d as { resultList: unknown[] }).resultList.length} entries`,
      ],
    ];
    const cases: Case[] = [];
    for (const [label, shot, describe] of shots) {
      const probe = await send(new http.Agent(), shot, true);
      if (probe.status !== 200) throw new Error(`${label}: ${probe.status} ${probe.body}`);
      const check = describe((JSON.parse(probe.body) as { data: unknown }).data);
      await run([shot], { total: 20, concurrency: 1 });
      const stats = await run(
        Array.from({ length: samples }, () => shot),
        { total: samples, concurrency: 1 },
      );
      console.log(
        `  ${label}: server p50 ${stats.serverP50} ms, p95 ${stats.serverP95} ms, cpu p50 ${stats.cpuP50} ms`,
      );
      cases.push({ label, stats, check });
    }
    const who = [m.engineCode, approver.memberId];
    const explain = [
      {
        label: 'panel: open to-dos newest first, the kept total in the same statement',
        plan: await db.explain(
          `select wi.id, inst.workflow_code,
             (select open_items from todo_counts where todo_counts.engine_code = $1 and todo_counts.member_id = $2) as kept_total
           from work_items wi join workflow_instances inst on inst.id = wi.instance_id
           where wi.engine_code = $1 and wi.participant_member_id = $2 and wi.state = 0 and wi.item_type <> 3
           order by wi.created_at desc limit 6`,
          who,
        ),
      },
      {
        label: 'count: the kept open count (todo_counts, kept by triggers on work_items)',
        plan: await db.explain(`select open_items from todo_counts where engine_code = $1 and member_id = $2`, who),
      },
      {
        label: 'summary: per app and table (work_items_todo_groups_idx)',
        plan: await db.explain(
          `select app_code, schema_code, count(*) from work_items
           where engine_code = $1 and participant_member_id = $2 and state = 0 and item_type <> 3
           group by app_code, schema_code`,
          who,
        ),
      },
    ];
    return {
      db: m.db,
      date: new Date().toISOString().slice(0, 10),
      workItems: m.workItems,
      running: m.running,
      member: approver.name,
      load: [Math.round(loadBefore * 10) / 10, Math.round((os.loadavg()[0] ?? 0) * 10) / 10],
      cases,
      explain,
    };
  } finally {
    await db.close();
    await server.stop();
  }
}

/** The Markdown printed after a run. */
function report(results: Awaited<ReturnType<typeof runTodoBench>>): string {
  return [
    `### ${results.db}: ${results.workItems.toLocaleString('en')} work items, as ${results.member} (${results.date}, load ${results.load.join(' → ')})`,
    '| request | server p50 ms | server p95 ms | CPU p50 ms | answer |',
    '| --- | --- | --- | --- | --- |',
    ...results.cases.map(
      (c) => `| ${c.label} | ${c.stats.serverP50} | ${c.stats.serverP95} | ${c.stats.cpuP50} | ${c.check} |`,
    ),
    ...results.explain.flatMap((e) => [`${e.label}:`, '```', e.plan, '```']),
  ].join('\n');
}

if (isMain(import.meta.url)) await runWorkflowCommand('todos', runTodoBench, report);
