import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseLost } from '../src/jobs/queue.js';
import type { ImportHooks } from '../src/test-hooks.js';
import { testDialect } from './database.js';
import { finishedImport } from './export-helpers.js';
import { startTestServer, type TestServer } from './harness.js';
import { withTestHooks } from './hooked-server.js';
import { createAppTable, createTeam, type TeamFixture, tableNameOf } from './org-helpers.js';

/**
 * SQLite "all or nothing" bulk imports move their staged rows into the table in chunks, each its own
 * transaction (transfer/staged-move.ts, issue 15): requests are answered between chunks, and a move
 * that stops — a failure, a crash, a job given up — is taken back out. PostgreSQL loads in one
 * transaction (transfer.test.ts covers both databases' outcomes).
 */
describe.runIf(testDialect() === 'sqlite')('an all-or-nothing import moved in chunks (SQLite)', () => {
  let server: TestServer;
  /** The import service's test hooks (the move's chunk size, a look between its chunks). */
  const hooks: ImportHooks = {};
  let team: TeamFixture;
  let base: string;
  let table: string;
  const f = { name: '', amount: '' };
  const APP = { 'x-app-name': 'canopy-web' };

  beforeAll(async () => {
    server = await startTestServer();
    await withTestHooks(server, { imports: hooks });
    team = await createTeam(server, '分块搬移团队', '王小明');
    const made = await createAppTable(team, '导入', '名单');
    base = made.base;
    for (const [key, name, type] of [
      ['name', '名称', 'text'],
      ['amount', '金额', 'number'],
    ] as const) {
      const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      f[key] = res.json.data.code;
    }
    table = await tableNameOf(server, made.schemaCode);
  });
  afterAll(async () => {
    if (!server) return;
    hooks.betweenMoves = null;
    hooks.duringMove = null;
    await server.close();
  });

  const db = () => server.database.handle.db;
  const sheet = (n: number, prefix: string) =>
    Buffer.from(['名称,金额', ...Array.from({ length: n }, (_, i) => `${prefix}${i + 1},${i + 1}`)].join('\n'));

  async function start(rows: number, prefix: string): Promise<string> {
    const job = (await team.owner.upload(`${base}/imports`, `${prefix}.csv`, sheet(rows, prefix), APP)).json.data;
    const res = await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'atomic' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return job.id;
  }

  const waitFor = (jobId: string) => finishedImport(team.owner, `${base}/imports/${jobId}`);

  /** Rows whose name starts with `prefix`, as the table holds them. */
  async function stored(prefix: string): Promise<number> {
    const n = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}
      where ${sql.ref(`f_${f.name}`)} like ${`${prefix}%`}`.execute(db());
    return Number(n.rows[0]?.n);
  }

  /** The same through the API (a count request answered while the import runs). */
  async function counted(prefix: string): Promise<number> {
    const res = await team.owner.request('POST', `${base}/records/count`, {
      body: { filter: { op: 'and', conditions: [{ field: f.name, operator: 'contains', value: prefix }] } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data.count;
  }

  const moving = async (jobId: string) =>
    (await db().selectFrom('import_jobs').select('moving').where('id', '=', jobId).executeTakeFirstOrThrow()).moving;
  const entries = async (jobId: string) =>
    db().selectFrom('record_imports').select(['count']).where('import_id', '=', jobId).execute();

  /** Pauses the move after its first chunk; `release` lets it go on. */
  function pauseAtFirstChunk() {
    let reached!: (moved: number) => void;
    const atChunk = new Promise<number>((r) => {
      reached = r;
    });
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    hooks.betweenMoves = async (_job, moved) => {
      hooks.betweenMoves = null;
      reached(moved);
      await released;
    };
    return { atChunk, release };
  }

  it('answers requests between the chunks of its move, its rows seen chunk by chunk, one entry at the end', async () => {
    hooks.moveChunkRows = 1_000;
    const { atChunk, release } = pauseAtFirstChunk();
    try {
      const jobId = await start(3_500, '搬移');
      expect(await atChunk).toBe(1_000);
      // A read and a write are answered while the move is half-way; the first chunk is in the table.
      expect(await counted('搬移')).toBe(1_000);
      const made = await team.owner.request('POST', `${base}/records`, {
        body: { data: { [f.name]: '搬移时新建', [f.amount]: 1 } },
      });
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      const marker = JSON.parse((await moving(jobId)) ?? 'null');
      expect(marker).toMatchObject({ table, first: expect.any(String) });
      expect((await team.owner.request('GET', `${base}/imports/${jobId}`)).json.data).toMatchObject({
        state: 'running',
        processed: 3_500,
        written: 1_000,
        created: 0,
      });
      expect(await entries(jobId)).toEqual([]);
      release();
      expect(await waitFor(jobId)).toMatchObject({ state: 'done', created: 3_500, written: 3_500, failed: 0 });
      expect(await counted('搬移')).toBe(3_501);
      expect(await stored('搬移时新建')).toBe(1);
      expect(await moving(jobId)).toBeNull();
      expect((await entries(jobId)).map((e) => Number(e.count))).toEqual([3_500]);
    } finally {
      hooks.betweenMoves = null;
      release();
    }
  });

  /**
   * Asks for the job's status from another process, one poll after the other (each sent as soon as the
   * last one is answered) until it ends; answers the progress (`written`) each running poll saw. Another
   * process, so that its polls are sent while the server's one thread is busy with a chunk.
   */
  async function pollFromAnotherProcess(jobId: string): Promise<number[]> {
    const cookie = `canopy_sid=${team.owner.sessionCookie}`;
    const script = `
      const [url, headers] = [process.argv[1], JSON.parse(process.argv[2])];
      (async () => {
        const seen = [];
        for (let i = 0; i < 5000; i++) {
          const job = (await (await fetch(url, { headers })).json()).data;
          if (job.state !== 'running' && job.state !== 'uploaded') break;
          if (job.state === 'running') seen.push(job.written);
        }
        process.stdout.write(JSON.stringify(seen));
      })();`;
    const headers = JSON.stringify({ ...team.owner.headers, cookie });
    const child = spawn(process.execPath, ['-e', script, `${server.baseUrl}${base}/imports/${jobId}`, headers]);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    return JSON.parse(out) as number[];
  }

  it('answers a status poll while a chunk of the move is being written, not after it (issue 30)', async () => {
    // The chunk's transaction stays open (rows written, not committed) until the poll has its answer:
    // the move writes on its own connection in its own thread, the poll reads the last commit.
    hooks.moveChunkRows = 1_000;
    let inside!: (moved: number) => void;
    const reached = new Promise<number>((r) => {
      inside = r;
    });
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    hooks.duringMove = async (_job, moved) => {
      if (moved < 2_000) return;
      hooks.duringMove = null;
      inside(moved);
      await released;
    };
    try {
      const jobId = await start(3_500, '写入中');
      expect(await reached).toBe(2_000);
      const poll = await team.owner.request('GET', `${base}/imports/${jobId}`);
      expect(poll.status, JSON.stringify(poll.json)).toBe(200);
      // Not blocked: answered mid-chunk, showing the first chunk committed and the second not yet.
      expect(poll.json.data).toMatchObject({ state: 'running', written: 1_000, created: 0 });
      expect(await stored('写入中')).toBe(1_000);
      release();
      expect(await waitFor(jobId)).toMatchObject({ state: 'done', created: 3_500, written: 3_500 });
      expect(await stored('写入中')).toBe(3_500);
    } finally {
      hooks.duringMove = null;
      release();
    }
  });

  it('answers status polls during the move between its chunks, each showing the rows moved so far (issue 30)', async () => {
    // Polls are answered while chunks are written too (the move writes on its own connection in its
    // own thread); each shows the last committed chunk.
    hooks.moveChunkRows = 5_000;
    const job = (await team.owner.upload(`${base}/imports`, '轮询.csv', sheet(40_000, '轮询'), APP)).json.data;
    const polls = pollFromAnotherProcess(job.id);
    const res = await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'atomic' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const seen = await polls;
    expect(await waitFor(job.id)).toMatchObject({ state: 'done', written: 40_000 });
    // The polls answered during the move saw it go on chunk by chunk (7 chunk boundaries before the
    // last chunk; a poll in flight at each is answered before the next chunk starts).
    const during = [...new Set(seen.filter((n) => n > 0 && n < 40_000))];
    expect(during).toEqual([...during].sort((a, b) => a - b));
    expect(during.every((n) => n % 5_000 === 0)).toBe(true);
    expect(during.length, JSON.stringify(seen)).toBeGreaterThanOrEqual(4);
  });

  it('a failure half-way through the move takes the moved rows back out; full-text search stays right', async () => {
    hooks.moveChunkRows = 1_000;
    const indexName = `${table}_f_${f.name}_tx`;
    const state = async () =>
      (await db().selectFrom('record_indexes').select('state').where('name', '=', indexName).executeTakeFirst())?.state;
    const search = async (needle: string) => {
      const res = await team.owner.request('POST', `${base}/records/query`, {
        body: { filter: { op: 'and', conditions: [{ field: f.name, operator: 'contains', value: needle }] } },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.data.resultList.map((r: { data: Record<string, unknown> }) => r.data[f.name]);
    };
    // A searched name gets its full-text index; a record made before the import is in it.
    await team.owner.request('POST', `${base}/records`, { body: { data: { [f.name]: '早先的记录', [f.amount]: 2 } } });
    expect(await search('早先的')).toEqual(['早先的记录']);
    await expect.poll(state, { timeout: 60_000 }).toBe('ready');

    hooks.betweenMoves = async (_job, moved) => {
      if (moved >= 2_000) throw new Error('the move broke down');
    };
    try {
      const jobId = await start(3_500, '中断搬移');
      expect(await waitFor(jobId)).toMatchObject({ state: 'failed', created: 0, written: 0 });
      expect(await stored('中断搬移')).toBe(0);
      expect(await moving(jobId)).toBeNull();
      expect(await entries(jobId)).toEqual([]);
    } finally {
      hooks.betweenMoves = null;
    }
    // The index's trigger is back and it is ready again: old and new records are found through it.
    await expect.poll(state, { timeout: 60_000 }).toBe('ready');
    const triggers = await sql<{ name: string }>`select name from sqlite_master
      where type = 'trigger' and name = ${`${indexName}_ai`}`.execute(db());
    expect(triggers.rows).toHaveLength(1);
    await team.owner.request('POST', `${base}/records`, { body: { data: { [f.name]: '之后的记录', [f.amount]: 3 } } });
    expect(await search('早先的')).toEqual(['早先的记录']);
    expect(await search('之后的')).toEqual(['之后的记录']);
    expect(await search('中断搬移')).toEqual([]);
  });

  it('a failed move whose undo fails too runs again: that run takes the rows out first, then writes each row once', async () => {
    hooks.moveChunkRows = 1_000;
    // The undo's deletes are refused (as by a database refusing writes); the move breaks after a chunk.
    const guard = sql.id(`${table}_refuse_deletes`);
    await sql`create trigger ${guard} before delete on ${sql.table(table)}
      begin select raise(abort, 'deletes refused'); end`.execute(db());
    hooks.betweenMoves = async () => {
      hooks.betweenMoves = null;
      throw new Error('the move broke down');
    };
    let jobId = '';
    try {
      jobId = await start(3_500, '重试搬移');
      const queued = () =>
        db()
          .selectFrom('jobs')
          .select(['id', 'state'])
          .where('kind', '=', 'import')
          .where('payload', 'like', `%${jobId}%`)
          .executeTakeFirstOrThrow();
      // The queue keeps the job for a later attempt; the moved rows and the mark stay meanwhile.
      await expect.poll(async () => (await queued()).state, { timeout: 60_000 }).toBe('pending');
      expect(await stored('重试搬移')).toBe(1_000);
      expect(await moving(jobId)).not.toBeNull();
      expect((await team.owner.request('GET', `${base}/imports/${jobId}`)).json.data.state).toBe('running');
      await sql`drop trigger ${guard}`.execute(db());
      await db()
        .updateTable('jobs')
        .set({ run_at: Date.now() - 1 })
        .where('id', '=', (await queued()).id)
        .execute();
      await server.app.jobs.tick();
      expect(await waitFor(jobId)).toMatchObject({ state: 'done', created: 3_500, failed: 0 });
    } finally {
      hooks.betweenMoves = null;
      await sql`drop trigger if exists ${guard}`.execute(db());
    }
    expect(await stored('重试搬移')).toBe(3_500);
    expect(await moving(jobId)).toBeNull();
    expect((await entries(jobId)).map((e) => Number(e.count))).toEqual([3_500]);
  });

  /**
   * Stops the move after its first chunk as a process that dies would — the job still held by a
   * process that is gone, the rows moved so far in the table, the mark set — and hands the job to
   * this server's queue, after `attempts` runs.
   */
  async function crashMidMove(prefix: string, attempts: number): Promise<string> {
    hooks.moveChunkRows = 1_000;
    let jobId = '';
    hooks.betweenMoves = async (job) => {
      hooks.betweenMoves = null;
      throw new LeaseLost(job.id);
    };
    try {
      jobId = await start(3_500, prefix);
      await expect.poll(() => stored(prefix), { timeout: 60_000 }).toBe(1_000);
      await expect.poll(async () => (await moving(jobId)) !== null, { timeout: 60_000 }).toBe(true);
    } finally {
      hooks.betweenMoves = null;
    }
    const queued = await db()
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'import')
      .where('payload', 'like', `%${jobId}%`)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('jobs')
      .set({ state: 'running', lease_until: Date.now() - 1, locked_by: 'a-process-that-died', attempts })
      .where('id', '=', queued.id)
      .execute();
    // No look at the import's state here: the server's own queue may take the expired job over
    // before this test's tick does (it did on a loaded CI machine), and then it is 'failed' already.
    await server.app.jobs.tick();
    return jobId;
  }

  it('a crash half-way through the move: the process taking the job over undoes it, then writes each row once', async () => {
    const jobId = await crashMidMove('接手搬移', 1);
    expect(await waitFor(jobId)).toMatchObject({ state: 'done', created: 3_500, failed: 0 });
    expect(await stored('接手搬移')).toBe(3_500);
    const distinct = await sql<{ n: number }>`select count(distinct ${sql.ref(`f_${f.name}`)}) as n
      from ${sql.table(table)} where ${sql.ref(`f_${f.name}`)} like '接手搬移%'`.execute(db());
    expect(Number(distinct.rows[0]?.n)).toBe(3_500);
    expect(await moving(jobId)).toBeNull();
    expect((await entries(jobId)).map((e) => Number(e.count))).toEqual([3_500]);
  });

  it('a crash half-way through the move of a job out of attempts: giving it up takes the rows back out', async () => {
    const jobId = await crashMidMove('放弃搬移', 3);
    expect(await waitFor(jobId)).toMatchObject({ state: 'failed', created: 0 });
    expect(await stored('放弃搬移')).toBe(0);
    expect(await moving(jobId)).toBeNull();
    expect(await entries(jobId)).toEqual([]);
  });
});
