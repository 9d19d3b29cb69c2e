import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue, JobReleased, LeaseLost } from '../src/jobs/queue.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/**
 * The job queue (jobs/queue.ts) with two queues on one database standing for two server processes:
 * a schedule runs once per period however many processes tick, a job runs in one process, a job
 * whose process died is taken by another after its lease, a job a stopping process lets go is taken
 * at once, and a job that keeps failing gives up.
 */
let database: TestDatabase;
const silent = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

function queue(clock: { now: number }, leaseMs = 10_000) {
  return new JobQueue(
    database.handle.db,
    database.handle.dialect,
    silent,
    { leaseMs, pollMs: 60_000 },
    () => clock.now,
  );
}

/** Waits until `check` holds (jobs run in the background of a tick). */
async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 400; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met');
}

describe('job queue', () => {
  it('runs a schedule once per period across processes, never once per process', async () => {
    const clock = { now: 1_000_000 };
    const runs: string[] = [];
    const a = queue(clock);
    const b = queue(clock);
    for (const [name, q] of [
      ['a', a],
      ['b', b],
    ] as const)
      await q.schedule('test.every-minute', 60_000, async () => {
        runs.push(name);
      });
    // Both tick many times in the same period, concurrently: one run.
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    await Promise.all([a.tick(), b.tick()]);
    await until(() => runs.length === 1);
    clock.now += 30_000;
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toHaveLength(1);
    // The next period: one more run, by whichever process got there first.
    clock.now += 30_000;
    await Promise.all([b.tick(), a.tick()]);
    await until(() => runs.length === 2);
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toHaveLength(2);
    const row = await database.handle.db
      .selectFrom('job_schedules')
      .selectAll()
      .where('name', '=', 'test.every-minute')
      .executeTakeFirstOrThrow();
    expect(Number(row.next_run_at)).toBe(clock.now + 60_000);
    expect([a.workerId, b.workerId]).toContain(row.last_runner);
  });

  it('runs each job once, in one process, however many look for it', async () => {
    const clock = { now: Date.now() };
    const ran: string[] = [];
    const queues = [queue(clock), queue(clock), queue(clock)];
    for (const q of queues)
      q.register<{ n: number }>('test.once', {
        run: async (p) => {
          ran.push(`${q.workerId}:${p.n}`);
        },
      });
    const ids: (string | undefined)[] = [];
    for (let n = 0; n < 6; n += 1) ids.push((await queues[0]?.enqueue('test.once', { n }))?.id);
    await Promise.all(queues.flatMap((q) => [q.tick(), q.tick()]));
    await until(async () => {
      for (const q of queues) await q.tick();
      return ran.length >= 6;
    });
    await until(async () => {
      for (const id of ids) if ((await queues[0]?.find(id as string))?.state !== 'done') return false;
      return true;
    });
    const numbers = ran.map((r) => Number(r.split(':').pop())).sort();
    expect(numbers).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('takes the next due job as soon as one ends, not at the next poll: a backlog drains at once', async () => {
    const clock = { now: Date.now() };
    const q = new JobQueue(
      database.handle.db,
      database.handle.dialect,
      silent,
      { leaseMs: 10_000, pollMs: 60_000, concurrency: 2 },
      () => clock.now,
    );
    const ran: number[] = [];
    q.register<{ n: number }>('test.backlog', {
      run: async (p) => {
        ran.push(p.n);
      },
    });
    for (let n = 0; n < 12; n += 1) await q.enqueue('test.backlog', { n });
    q.start();
    try {
      // The first look takes two; every later one comes from a job ending (the poll is a minute away).
      await until(() => ran.length === 12);
      expect([...ran].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    } finally {
      await q.stop();
    }
  });

  it('takes up a job whose process died once its lease runs out, telling the handler it is a retry', async () => {
    const clock = { now: Date.now() };
    const attempts: number[] = [];
    const dead = queue(clock, 5_000);
    const alive = queue(clock, 5_000);
    for (const q of [dead, alive])
      q.register('test.takeover', {
        run: async (_p, job) => {
          attempts.push(job.attempt);
        },
      });
    // The first process took the job (as an import's starting process does) and died before running it.
    const held = await dead.enqueue('test.takeover', {}, { here: true });
    await alive.tick();
    expect(attempts).toEqual([]);
    clock.now += 5_001;
    await alive.tick();
    await until(() => attempts.length === 1);
    expect(attempts).toEqual([2]);
    await until(async () => (await alive.find(held.id))?.state === 'done');
    expect((await alive.find(held.id))?.locked_by).toBe(alive.workerId);
  });

  it('fences a process that stalled past its lease: its work cannot commit once another took the job', async () => {
    const clock = { now: Date.now() };
    const stalled = queue(clock, 60_000);
    const other = queue(clock, 60_000);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const outcome: string[] = [];
    for (const [name, q] of [
      ['stalled', stalled],
      ['other', other],
    ] as const)
      q.register('test.fence', {
        run: async (_p, job) => {
          if (name === 'stalled') await gate;
          try {
            await database.handle.db.transaction().execute((trx) => job.hold(trx));
            outcome.push(`${name}:held`);
          } catch (error) {
            outcome.push(`${name}:${error instanceof LeaseLost ? 'lost' : 'error'}`);
            throw error;
          }
        },
      });
    const held = await stalled.enqueue('test.fence', {}, { here: true });
    stalled.launch(held);
    clock.now += 60_001;
    await other.tick();
    await until(() => outcome.includes('other:held'));
    release();
    await until(() => outcome.includes('stalled:lost'));
    expect(outcome).toEqual(['other:held', 'stalled:lost']);
    await until(async () => (await other.find(held.id))?.state === 'done');
    expect((await other.find(held.id))?.locked_by).toBe(other.workerId);
  });

  it('hands a job a stopping process lets go back at once, the attempt not counted', async () => {
    const clock = { now: Date.now() };
    const stopping = queue(clock);
    const next = queue(clock);
    const steps: string[] = [];
    let release: () => void = () => undefined;
    const between = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const [name, q] of [
      ['stopping', stopping],
      ['next', next],
    ] as const)
      q.register('test.steps', {
        run: async (_p, job) => {
          steps.push(`${name}:${job.attempt}`);
          if (name === 'next') return;
          await between;
          if (job.stopping()) throw new JobReleased(job.id);
        },
      });
    const held = await stopping.enqueue('test.steps', {}, { here: true });
    stopping.launch(held);
    await until(() => steps.length === 1);
    const stopped = stopping.stop();
    release();
    await stopped;
    // Pending for the next process now, not after the lease: its first attempt there is still the first.
    expect(await next.find(held.id)).toMatchObject({ state: 'pending', locked_by: null });
    await next.tick();
    await until(async () => (await next.find(held.id))?.state === 'done');
    expect(steps).toEqual(['stopping:1', 'next:1']);
  });

  it('retries a failing job later and gives up after its last attempt', async () => {
    const clock = { now: Date.now() };
    const q = queue(clock);
    const gaveUp: string[] = [];
    let runs = 0;
    q.register('test.failing', {
      maxAttempts: 2,
      run: async () => {
        runs += 1;
        throw new Error(`broken ${runs}`);
      },
      giveUp: async (_p, _job, error) => {
        gaveUp.push(error);
      },
    });
    const job = await q.enqueue('test.failing', {});
    await q.tick();
    await until(async () => (await q.find(job.id))?.state === 'pending' && runs === 1);
    await q.tick();
    expect(runs).toBe(1);
    clock.now += 60_000;
    await q.tick();
    await until(() => gaveUp.length === 1);
    expect(gaveUp).toEqual(['broken 2']);
    expect(await q.find(job.id)).toMatchObject({ state: 'failed', last_error: 'broken 2' });
  });
});
