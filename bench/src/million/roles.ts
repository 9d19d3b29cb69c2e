/**
 * Issue 27's speed check: a member holding five app roles, each with its own field rules and row
 * rule, on the million-row table, beside the same requests with no role rules, in the same run:
 *   - the list page (newest first, keyset), the filtered page (status = open, amount desc; the
 *     saved view's composite index), and the count (status = open and quantity ≤ 10⁹ + n, n new
 *     for every request, so that every count misses the server's short count cache: same rows);
 *   - as the owner (no rules at all), as the member in the one role 成员 with no rule ("no role
 *     rules"), as the member in 成员 with the row rule mine (the single-rule figure of
 *     `run.ts`), and as the member in five roles (rules below), whose union the server works out.
 *
 *   npx tsx bench/src/million/roles.ts --db sqlite --rows 1000000 --samples 40 --dir /tmp/roles-sqlite-1m
 *   npx tsx bench/src/million/roles.ts --db postgres --rows 1000000 --samples 40 --dir /tmp/roles-postgres-1m
 *
 * Options: --db sqlite|postgres|both, --rows N, --dir PATH (an existing data set; else generated),
 * --samples N (sequential requests per case, default 60, at most 30 s each), --keep.
 * Results: stdout and bench/results/roles-<db>-<rows>.json. The roles are created through the API
 * (app roles, member grants, per-table rights); a second run on a kept data set reuses them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiClient } from './client.js';
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
import { type LoadStats, run, type Shot } from './loadgen.js';
import { listBody, ownerClient, signIn } from './run.js';

const code = (m: Manifest, key: string) => {
  const f = m.fields.find((x) => x.key === key);
  if (!f) throw new Error(`no field ${key}`);
  return f.code;
};

type Rights = {
  actions: string[];
  fields: Record<string, 'hidden' | 'readonly' | 'editable'>;
  newFields: 'hidden' | 'readonly' | 'editable';
  rows: Record<string, unknown>;
};

/** The five roles: 成员 (the member's own) and four more, each hiding or locking other fields. */
function fiveRoles(m: Manifest): { key: string; name: string; rights: Rights }[] {
  const rule = (key: string, operator: string, value: unknown) => ({
    scope: 'filter',
    filter: { op: 'and', conditions: [{ field: code(m, key), operator, value }] },
  });
  return [
    {
      key: 'member',
      name: '成员',
      rights: {
        actions: ['view', 'add', 'export', 'print'],
        fields: { [code(m, 'remark')]: 'hidden', [code(m, 'discount')]: 'readonly' },
        newFields: 'editable',
        rows: { scope: 'mine' },
      },
    },
    {
      key: '',
      name: '销售',
      rights: {
        actions: ['view', 'edit'],
        fields: { [code(m, 'phone')]: 'hidden', [code(m, 'email')]: 'hidden', [code(m, 'remark')]: 'hidden' },
        newFields: 'readonly',
        rows: { scope: 'mine', memberField: code(m, 'owner') },
      },
    },
    {
      key: '',
      name: '财务',
      rights: {
        actions: ['view', 'export'],
        fields: { [code(m, 'description')]: 'hidden', [code(m, 'remark')]: 'hidden', [code(m, 'url')]: 'hidden' },
        newFields: 'readonly',
        rows: rule('priority', 'eq', 'high'),
      },
    },
    {
      key: '',
      name: '部门助理',
      rights: {
        actions: ['view'],
        fields: { [code(m, 'amount')]: 'readonly', [code(m, 'remark')]: 'hidden', [code(m, 'score')]: 'hidden' },
        newFields: 'editable',
        rows: { scope: 'myDepartments' },
      },
    },
    {
      key: '',
      name: '质检',
      rights: {
        actions: ['view'],
        fields: { [code(m, 'remark')]: 'hidden', [code(m, 'tags')]: 'hidden' },
        newFields: 'editable',
        rows: rule('score', 'gte', 4),
      },
    },
  ];
}

interface Case {
  who: string;
  request: string;
  stats: LoadStats;
}

async function measure(label: string, shots: Shot[], samples: number): Promise<LoadStats> {
  const stats = await run(shots, { total: samples, seconds: 30, concurrency: 1, warmup: 3 });
  if (stats.errors) throw new Error(`${label}: ${stats.errors} errors`);
  console.log(`  ${label}: p50 ${stats.serverP50} ms, p95 ${stats.serverP95} ms (server), n=${stats.requests}`);
  return stats;
}

export async function rolesBench(m: Manifest, samples: number) {
  const port = 3990 + (process.pid % 10);
  const server = await startServer(serverEnv(m, port), port);
  const apiBase = `/v1/apps/${m.appCode}/schemas/${m.schemaCode}`;
  const url = (p: string) => `${server.baseUrl}${apiBase}${p}`;
  try {
    const owner: ApiClient = await ownerClient(server.baseUrl, m);
    const member = m.people[0];
    if (!member) throw new Error('no member in the data set');
    const body = listBody(m);
    // The saved view of run.ts: its filter and sort get the composite index the filtered page walks.
    const views = await owner.call<{ name: string }[]>('GET', `${apiBase}/views`);
    if (!views.some((v) => v.name === '待处理订单（金额降序）')) {
      await owner.call('POST', `${apiBase}/views`, {
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
    }
    console.log(`  indexes ${JSON.stringify(await waitForIndexes(m))}`);

    // The roles, through the API: created once (a kept data set keeps them), granted to the member.
    const roles = fiveRoles(m);
    const matrix = await owner.call<{ roles: { key: string; name: string }[] }>(
      'GET',
      `/v1/apps/${m.appCode}/roles/matrix`,
    );
    for (const role of roles) {
      if (role.key) continue;
      const found = matrix.roles.find((r) => r.name === role.name);
      role.key =
        found?.key ??
        (await owner.call<{ key: string }>('POST', `/v1/apps/${m.appCode}/roles`, { name: role.name })).key;
    }
    const setRights = (key: string, rights: Rights) =>
      owner.call('PUT', `/v1/apps/${m.appCode}/roles/${key}/tables/${m.schemaCode}`, { rights });
    const grant = (key: string, to: boolean) =>
      owner.call('PUT', `/v1/apps/${m.appCode}/roles/${key}/grants`, {
        grants: to ? [{ kind: 'member', target: member.memberId }] : [],
      });
    const noRules: Rights = {
      actions: ['view', 'add', 'export', 'print'],
      fields: {},
      newFields: 'editable',
      rows: { scope: 'all' },
    };
    for (const role of roles.slice(1)) await setRights(role.key, role.rights);

    const ownerHeaders = { cookie: owner.cookieHeader, 'x-engine-code': m.engineCode };
    const memberHeaders = await signIn(server.baseUrl, m, member.account);
    let bound = 0;
    const shots = (headers: Record<string, string>) => ({
      list: [{ method: 'POST', url: url('/records/query'), headers, body: { limit: 50 } }] as Shot[],
      filtered: [{ method: 'POST', url: url('/records/query'), headers, body }] as Shot[],
      // A bound no row reaches, different for every request of the run: each count is computed (none
      // is served from the server's short count cache), all over the same rows.
      count: Array.from({ length: samples + 25 }, () => ({
        method: 'POST' as const,
        url: url('/records/count'),
        headers,
        body: {
          filter: {
            op: 'and',
            conditions: [
              ...body.filter.conditions,
              { field: code(m, 'quantity'), operator: 'lte', value: 1_000_000_000 + bound++ },
            ],
          },
        },
      })),
    });
    const cases: Case[] = [];
    const each = async (who: string, headers: Record<string, string>) => {
      const s = shots(headers);
      for (const [request, shot] of Object.entries(s))
        cases.push({ who, request, stats: await measure(`${who} — ${request}`, shot, samples) });
    };

    // Same run, same data, one after another: the bare baselines, then the rules. A pass first,
    // unmeasured, so that the first case does not pay for the server's warm-up.
    for (const shot of Object.values(shots(ownerHeaders))) await run(shot, { total: 20, concurrency: 1 });
    await each('owner (no role rules at all)', ownerHeaders);
    await setRights('member', noRules);
    for (const role of roles.slice(1)) await grant(role.key, false);
    await each('member, one role 成员, no rules', memberHeaders);
    await setRights('member', { ...noRules, rows: { scope: 'mine' } });
    await each('member, one role 成员, rows: mine', memberHeaders);
    await setRights('member', roles[0]?.rights ?? noRules);
    for (const role of roles.slice(1)) await grant(role.key, true);
    await each('member, five roles (field and row rules, union)', memberHeaders);
    // What the five roles let the member see: the union of their rows.
    const seen = await fetch(url('/records/count'), {
      method: 'POST',
      headers: { ...memberHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({}),
    }).then((r) => r.json() as Promise<{ data: { count: number; capped: boolean } }>);
    const access = await fetch(url('/permission'), { headers: memberHeaders }).then(
      (r) => r.json() as Promise<{ data: { rowScope: string; fieldAccess: Record<string, string> } }>,
    );
    // Back to the data set's own rights (a kept data set serves run.ts as before).
    await setRights('member', noRules);
    for (const role of roles.slice(1)) await grant(role.key, false);
    return {
      db: m.db,
      rows: m.rows,
      date: new Date().toISOString(),
      loadavg: os.loadavg(),
      samples,
      fiveRoles: roles.map((r) => ({ name: r.name, rows: r.rights.rows, fields: r.rights.fields })),
      memberSees: { records: seen.data, rowScope: access.data.rowScope, fieldAccess: access.data.fieldAccess },
      cases,
    };
  } finally {
    await server.stop();
  }
}

type Results = Awaited<ReturnType<typeof rolesBench>>;

function report(r: Results): string {
  const who = [...new Set(r.cases.map((c) => c.who))];
  const cell = (w: string, q: string) => {
    const s = r.cases.find((c) => c.who === w && c.request === q)?.stats;
    return s ? `${s.serverP50} / ${s.serverP95}` : '–';
  };
  return [
    `### ${r.db}, ${r.rows.toLocaleString('en')} rows (${r.date}, load ${r.loadavg.map((l) => l.toFixed(1)).join(' ')}, ${r.samples} samples a case)`,
    '',
    '| server time p50 / p95 ms | list page (50, newest first) | filtered page (status = open, amount desc) | count (status = open, quantity ≤ 10⁹ + n) |',
    '| --- | --- | --- | --- |',
    ...who.map((w) => `| ${w} | ${cell(w, 'list')} | ${cell(w, 'filtered')} | ${cell(w, 'count')} |`),
    '',
    `The member in five roles reaches ${r.memberSees.records.count.toLocaleString('en')}${r.memberSees.records.capped ? '+' : ''} records (row scope ${r.memberSees.rowScope}); fields: ${JSON.stringify(r.memberSees.fieldAccess)}.`,
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const opts = options({ samples: { type: 'string' } });
  for (const db of opts.dbs) {
    const dir = (opts.dbs.length === 1 ? opts.dir : undefined) ?? defaultDir(db, opts.rows);
    const manifest = fs.existsSync(path.join(dir, 'manifest.json'))
      ? readManifest(dir)
      : await generate(db, opts.rows, dir);
    console.log(`[roles] ${db}, ${manifest.rows.toLocaleString('en')} rows`);
    try {
      const results = await rolesBench(manifest, Number(opts.opt('samples') ?? 60));
      const out = path.join(REPO_ROOT, 'bench/results');
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, `roles-${db}-${manifest.rows}.json`), `${JSON.stringify(results, null, 2)}\n`);
      console.log(`\n${report(results)}\n`);
    } finally {
      if (!opts.keep) await removeDataSet(manifest);
    }
  }
}
