import { RecordLimits } from '@canopy/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMULA_JOB } from '../src/modules/records/formula-jobs.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';
import { StatementGate, StatementLog } from './statements.js';

/**
 * Formula fields added to (or changed on) a table that already has records: every record gets its
 * value, in batches, by a persisted job that reports progress and survives a restart.
 */
let server: TestServer;
let team: TeamFixture;
let appCode: string;
const log = new StatementLog();
const gate = new StatementGate();
const APP = { 'x-app-name': 'canopy-web' };
const BIG = RecordLimits.formulaInlineRows + 1_000;

interface Table {
  base: string;
  table: string;
  qty: string;
}

async function makeTable(name: string, rows: number): Promise<Table> {
  const schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: name } })
  ).json.data.code;
  const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  const field = async (fieldName: string, type: string) =>
    (await team.owner.request('POST', `${base}/fields`, { body: { name: fieldName, type } })).json.data.code as string;
  await field('名称', 'text');
  const qty = await field('数量', 'number');
  // Seeded through an import (multi-row inserts), the quick way to a big table.
  const csv = ['名称,数量', ...Array.from({ length: rows }, (_, i) => `货品${i},${i}`)].join('\n');
  const job = (await team.owner.upload(`${base}/imports`, `${name}.csv`, Buffer.from(csv), APP)).json.data;
  const started = await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
    body: { mapping: job.mapping, mode: 'skip' },
  });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  await until(async () => (await team.owner.request('GET', `${base}/imports/${job.id}`)).json.data.state === 'done');
  return { base, table: `d_${schemaCode}`, qty };
}

/** Waits for a condition (polling the server), never a fixed sleep. */
async function until(check: () => Promise<boolean>, what = 'condition'): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** How many records still lack the formula's value, or hold a wrong one (value = quantity × factor). */
async function wrong(t: Table, column: string, factor: number): Promise<number> {
  const rows = await sql<{ qty: number | string; v: string | null }>`select ${sql.ref(`f_${t.qty}`)} as qty,
    ${sql.ref(column)} as v from ${sql.table(t.table)}`.execute(server.database.handle.db);
  return rows.rows.filter((r) => r.v === null || JSON.parse(r.v) !== Number(r.qty) * factor).length;
}

async function job(t: Table, id: string) {
  const res = await team.owner.request('GET', `${t.base}/formula-jobs/${id}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { id: string; state: string; total: number; processed: number; fieldCode: string };
}

let big: Table | undefined;
/** One big table for the background cases (each adds its own formula; a job computes them all). */
async function bigTable(): Promise<Table> {
  big ??= await makeTable('大表', BIG);
  return big;
}

beforeAll(async () => {
  server = await startTestServer({}, { plugins: [log, gate] });
  team = await createTeam(server, '公式团队');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '库存' } })).json.data.code;
});
afterAll(async () => server?.close());

describe('a formula added to a table with records', () => {
  it('is computed for every record before a small table’s save answers, in batches', async () => {
    const t = await makeTable('小表', 1_200);
    log.clear();
    const res = await team.owner.request('POST', `${t.base}/fields`, {
      body: { name: '两倍', type: 'formula', settings: { expression: '{数量} * 2', resultType: 'number' } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.recompute).toMatchObject({ state: 'done', total: 1_200, processed: 1_200 });
    const column = `f_${res.json.data.code}`;
    expect(await wrong(t, column, 2)).toBe(0);
    // Three batches of 500: three reads and three UPDATEs, never one per record.
    expect(log.count('update', t.table)).toBe(3);
    expect(log.count('select', t.table)).toBeLessThanOrEqual(4);

    const page = (await team.owner.request('POST', `${t.base}/records/query`, { body: { limit: 1 } })).json.data;
    expect(page.resultList[0].version).toBe(1);
    expect(page.resultList[0].data[res.json.data.code]).toBe(page.resultList[0].data[t.qty] * 2);

    // A changed expression computes every record again.
    const changed = await team.owner.request('PUT', `${t.base}/fields/${res.json.data.code}`, {
      body: { settings: { expression: '{数量} * 3', resultType: 'number' } },
    });
    expect(changed.json.data.recompute).toMatchObject({ state: 'done', processed: 1_200 });
    expect(await wrong(t, column, 3)).toBe(0);
    // Renaming it is no reason to.
    const renamed = await team.owner.request('PUT', `${t.base}/fields/${res.json.data.code}`, {
      body: { name: '三倍' },
    });
    expect(renamed.json.data.recompute).toBeUndefined();
  });

  it('runs in the background on a big table, reporting progress until done', async () => {
    const t = await bigTable();
    log.clear();
    const res = await team.owner.request('POST', `${t.base}/fields`, {
      body: { name: '两倍', type: 'formula', settings: { expression: '{数量} * 2', resultType: 'number' } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const started = res.json.data.recompute;
    expect(started).toMatchObject({ state: 'running', total: BIG, fieldCode: res.json.data.code });
    const listed = (await team.owner.request('GET', `${t.base}/formula-jobs`)).json.data;
    expect(listed.map((j: { id: string }) => j.id)).toContain(started.id);
    await until(async () => (await job(t, started.id)).state === 'done', 'the job');
    expect(await job(t, started.id)).toMatchObject({ processed: BIG, total: BIG });
    expect(await wrong(t, `f_${res.json.data.code}`, 2)).toBe(0);
    expect(log.count('update', t.table)).toBe(Math.ceil(BIG / RecordLimits.formulaBatchRows));
  }, 60_000);

  it('resumes where it was after a restart, and takes up a job whose process died', async () => {
    const t = await bigTable();
    const held = gate.arm('update', t.table);
    const res = await team.owner.request('POST', `${t.base}/fields`, {
      body: { name: '双倍', type: 'formula', settings: { expression: '{数量} * 2', resultType: 'number' } },
    });
    const id = res.json.data.recompute.id as string;
    const column = `f_${res.json.data.code}`;
    // The first batch is being written: the server stops right there.
    await held.reached;
    const closing = server.app.close();
    held.open();
    await closing;
    const stored = await sql<{ state: string; processed: number }>`
      select state, processed from formula_jobs where id = ${id}`.execute(server.database.handle.db);
    expect(stored.rows[0]).toMatchObject({ state: 'running', processed: RecordLimits.formulaBatchRows });
    // The queue's job that runs it was handed back at once: pending, nobody's, the attempt not counted.
    const queued = await sql<{ state: string; locked_by: string | null; attempts: number }>`
      select state, locked_by, attempts from jobs where kind = ${FORMULA_JOB} and payload = ${JSON.stringify({ id })}`.execute(
      server.database.handle.db,
    );
    expect(queued.rows[0]).toMatchObject({ state: 'pending', locked_by: null });
    expect(Number(queued.rows[0]?.attempts)).toBe(0);
    expect(await wrong(t, column, 2)).toBe(BIG - RecordLimits.formulaBatchRows);

    await server.restart();
    await until(async () => (await job(t, id)).state === 'done', 'the resumed job');
    expect(await wrong(t, column, 2)).toBe(0);

    // A process that died holds its job only until the queue's lease runs out; then the next start takes it up.
    await sql`update ${sql.table(t.table)} set ${sql.ref(column)} = null`.execute(server.database.handle.db);
    const lapsed = Date.now() - 1;
    await sql`update formula_jobs set state = 'running', processed = 0, after_id = '' where id = ${id}`.execute(
      server.database.handle.db,
    );
    await sql`update jobs set state = 'running', locked_by = 'a process that died', lease_until = ${lapsed}
      where kind = ${FORMULA_JOB} and payload = ${JSON.stringify({ id })}`.execute(server.database.handle.db);
    await server.restart();
    await until(async () => (await job(t, id)).state === 'done', 'the job taken up');
    expect(await wrong(t, column, 2)).toBe(0);
  }, 60_000);

  it('gives way to a newer job of the same table', async () => {
    const t = await bigTable();
    const held = gate.arm('update', t.table);
    const first = await team.owner.request('POST', `${t.base}/fields`, {
      body: { name: '四倍', type: 'formula', settings: { expression: '{数量} * 4', resultType: 'number' } },
    });
    await held.reached;
    const second = team.owner.request('PUT', `${t.base}/fields/${first.json.data.code}`, {
      body: { settings: { expression: '{数量} * 5', resultType: 'number' } },
    });
    held.open();
    const next = (await second).json.data.recompute;
    await until(async () => (await job(t, next.id)).state === 'done', 'the newer job');
    expect((await job(t, first.json.data.recompute.id)).state).toBe('replaced');
    expect(await wrong(t, `f_${first.json.data.code}`, 5)).toBe(0);
  }, 60_000);
});
