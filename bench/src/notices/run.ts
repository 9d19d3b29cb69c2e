/**
 * The bell's reads at scale: a team with 1,000,000 letters, 10,000 of them (all unread) for one
 * member, the rest spread over nine others. Sets the team up through the real API, bulk-loads the
 * letters straight into `notices` with the server stopped, starts the real server again and
 * measures, one request at a time, the unread count and the popup's first page (unread only, and
 * all; each with its total), with EXPLAIN of the count (letter_counts) and the pages. Writes bench/results/notices-<db>-<letters>.json.
 *
 *   npx tsx bench/src/notices/run.ts --db sqlite
 *   npx tsx bench/src/notices/run.ts --db postgres
 *   npx tsx bench/src/notices/run.ts --db both --rows 100k --samples 100     # a quick run
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { hashPasswordForTransport } from '@canopy/contract';
import SQLite from 'better-sqlite3';
import { ApiClient } from '../million/client.js';
import {
  createPgDatabase,
  type Db,
  dropPgDatabase,
  options,
  REPO_ROOT,
  seconds,
  serverEnv,
  startServer,
  withPg,
} from '../million/common.js';
import { percentile, send } from '../million/loadgen.js';

const { dbs, rows: letters, opt } = options({ samples: { type: 'string' } });
const samples = Number(opt('samples') ?? 300);
const READER_LETTERS = Math.min(10_000, letters);
const PASSWORD = 'bench-notices-1';
const PORT = 4700 + (process.pid % 200);

/** The members' letter counts, as the server keeps them while it writes letters one event at a time. */
const RECOUNT = `delete from letter_counts;
  insert into letter_counts (engine_code, member_id, unread, total)
  select engine_code, member_id, sum(case when read_status = 0 then 1 else 0 end), count(*)
  from notices group by engine_code, member_id`;

interface Team {
  engineCode: string;
  reader: { memberId: string; account: string };
  others: string[];
}

async function setUp(baseUrl: string): Promise<Team> {
  const password = hashPasswordForTransport(PASSWORD);
  const register = async (account: string, name: string) => {
    const client = new ApiClient(baseUrl);
    await client.call('POST', '/v1/user/register', { account, name, password });
    return client;
  };
  const owner = await register('reader@bench.example.com', '读信人');
  const team = await owner.call<{ engineCode: string; memberId: string }>('POST', '/v1/corp/own/register', {
    corpName: '通知基准团队',
  });
  owner.headers['x-engine-code'] = team.engineCode;
  const others: string[] = [];
  for (let i = 0; i < 9; i += 1) {
    const link = await owner.call<{ id: string }>('POST', '/v1/corpintegrate/invitation', {});
    const client = await register(`member${i}@bench.example.com`, `同事${i}`);
    await client.call('PUT', `/v1/corpintegrate/invitation/join/${link.id}`);
    client.headers['x-engine-code'] = team.engineCode;
    others.push((await client.call<{ memberId: string }>('GET', '/v1/org/member/info')).memberId);
  }
  return {
    engineCode: team.engineCode,
    reader: { memberId: team.memberId, account: 'reader@bench.example.com' },
    others,
  };
}

/** Letter i: the reader's first READER_LETTERS (unread), then the others' (a third unread). */
function* letterRows(team: Team, start: number) {
  for (let i = 0; i < letters; i += 1) {
    const mine = i < READER_LETTERS;
    const member = mine ? team.reader.memberId : (team.others[i % team.others.length] as string);
    const body = { kind: 'todo', params: { flow: `报销单${i}`, originator: '同事', node: '审批' } };
    yield [
      team.engineCode,
      member,
      `新的待办：报销单${i}`,
      `同事发起的「报销单${i}」到达「审批」，等待你处理。`,
      mine || i % 3 === 0 ? 0 : 1,
      JSON.stringify(body),
      `ev-${i}`,
      start + i * 1000,
      'todo',
    ] as const;
  }
}

async function load(db: Db, dataDir: string, databaseUrl: string | undefined, team: Team): Promise<void> {
  const start = Date.now() - letters * 1000;
  if (db === 'sqlite') {
    const sqlite = new SQLite(path.join(dataDir, 'canopy.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = OFF');
    const insert = sqlite.prepare(
      `insert into notices (engine_code, member_id, subject, content, read_status, extra_info, event_id, create_time, kind)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    let batch: unknown[][] = [];
    const flush = sqlite.transaction((rows: unknown[][]) => {
      for (const r of rows) insert.run(...r);
    });
    for (const row of letterRows(team, start)) {
      batch.push([...row]);
      if (batch.length === 20_000) {
        flush(batch);
        batch = [];
      }
    }
    flush(batch);
    sqlite.exec(RECOUNT);
    sqlite.exec('analyze');
    sqlite.close();
    return;
  }
  await withPg(databaseUrl as string, async (c) => {
    await c.query('set synchronous_commit = off');
    const cols = [[], [], [], [], [], [], [], [], []] as unknown[][];
    const flush = async () => {
      await c.query(
        `insert into notices (engine_code, member_id, subject, content, read_status, extra_info, event_id, create_time, kind)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::text[], $7::text[], $8::bigint[], $9::text[])`,
        cols,
      );
      for (const col of cols) col.length = 0;
    };
    for (const row of letterRows(team, start)) {
      row.forEach((v, i) => {
        cols[i]?.push(v);
      });
      if (cols[0]?.length === 5_000) await flush();
    }
    await flush();
    await c.query(RECOUNT);
    // What autovacuum would do on its own: statistics and the visibility map (index-only scans).
    await c.query('vacuum analyze notices');
  });
}

async function explain(db: Db, dataDir: string, databaseUrl: string | undefined, team: Team) {
  const count = `select unread, total from letter_counts where engine_code = '${team.engineCode}' and member_id = '${team.reader.memberId}'`;
  const page = `select * from notices where engine_code = '${team.engineCode}' and member_id = '${team.reader.memberId}' and read_status = 0 order by create_time desc, id desc limit 10 offset 0`;
  const all = `select * from notices where engine_code = '${team.engineCode}' and member_id = '${team.reader.memberId}' order by create_time desc, id desc limit 10 offset 0`;
  if (db === 'sqlite') {
    const sqlite = new SQLite(path.join(dataDir, 'canopy.sqlite'), { readonly: true });
    const plan = (q: string) =>
      (sqlite.prepare(`explain query plan ${q}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
    const out = { count: plan(count), unreadPage: plan(page), allPage: plan(all) };
    sqlite.close();
    return out;
  }
  return withPg(databaseUrl as string, async (c) => {
    const plan = async (q: string) =>
      (await c.query(`explain (analyze, buffers) ${q}`)).rows
        .map((r: Record<string, string>) => r['QUERY PLAN'])
        .join('\n');
    return { count: await plan(count), unreadPage: await plan(page), allPage: await plan(all) };
  });
}

async function measure(baseUrl: string, team: Team) {
  const client = new ApiClient(baseUrl);
  await client.call('POST', '/v1/user/login', {
    account: team.reader.account,
    password: hashPasswordForTransport(PASSWORD),
  });
  const headers = { cookie: client.cookieHeader, 'x-engine-code': team.engineCode };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const cases = {
    'GET /v1/appletter/countUnread': `${baseUrl}/v1/appletter/countUnread`,
    'popup first page, unread only (10)': `${baseUrl}/v1/appletter/list?offset=0&pageSize=10&readStatus=0`,
    'popup first page, all (10)': `${baseUrl}/v1/appletter/list?offset=0&pageSize=10`,
  };
  const results: Record<string, { serverP50: number; serverP95: number; clientP50: number; answer: string }> = {};
  for (const [label, url] of Object.entries(cases)) {
    const server: number[] = [];
    const client: number[] = [];
    let answer = '';
    for (let i = 0; i < samples + 20; i += 1) {
      const t0 = performance.now();
      const a = await send(agent, { method: 'GET', url, headers }, i === 0);
      if (a.status !== 200) throw new Error(`${label}: ${a.status} ${a.body}`);
      if (i === 0) answer = a.body.slice(0, 120);
      if (i < 20) continue;
      client.push(performance.now() - t0);
      server.push(a.serverMs);
    }
    results[label] = {
      serverP50: percentile(server, 50),
      serverP95: percentile(server, 95),
      clientP50: percentile(client, 50),
      answer,
    };
  }
  agent.destroy();
  return results;
}

for (const db of dbs) {
  const t0 = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `canopy-notices-${db}-`));
  const dbName = `canopy_bench_notices_${process.pid}`;
  const databaseUrl = db === 'postgres' ? await createPgDatabase(dbName) : undefined;
  const env = serverEnv({ dataDir, databaseUrl }, PORT);
  try {
    let server = await startServer(env, PORT);
    const team = await setUp(server.baseUrl);
    await server.stop();
    const loadStart = performance.now();
    await load(db, dataDir, databaseUrl, team);
    const loadSeconds = seconds(loadStart);
    console.log(`${db}: ${letters.toLocaleString()} letters loaded in ${loadSeconds} s`);
    server = await startServer(env, PORT);
    const results = await measure(server.baseUrl, team);
    await server.stop();
    const plans = await explain(db, dataDir, databaseUrl, team);
    const out = {
      db,
      date: new Date().toISOString().slice(0, 10),
      letters,
      readerLetters: READER_LETTERS,
      readerUnread: READER_LETTERS,
      samples,
      loadSeconds,
      totalSeconds: seconds(t0),
      results,
      plans,
    };
    const file = path.join(REPO_ROOT, `bench/results/notices-${db}-${letters}.json`);
    fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    console.log(
      `\n${db}, ${letters.toLocaleString()} letters (${READER_LETTERS.toLocaleString()} unread for the reader)`,
    );
    console.log('| request | server p50 ms | server p95 ms | client p50 ms |');
    for (const [label, r] of Object.entries(results))
      console.log(`| ${label} | ${r.serverP50} | ${r.serverP95} | ${r.clientP50} |`);
    console.log(JSON.stringify(plans, null, 2));
    console.log(`→ ${path.relative(REPO_ROOT, file)}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropPgDatabase(dbName);
  }
}
