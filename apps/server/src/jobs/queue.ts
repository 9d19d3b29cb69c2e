import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { CompiledQuery, Kysely } from 'kysely';
import type { DialectName } from '../db/dialect.js';
import type { Database, JobsTable } from '../db/schema.js';
import { sidePausedForTest } from '../db/side-connection.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (tests run a tick or a schedule at once instead of waiting). */
    jobs: JobQueue;
  }
}

/** What a handler learns about the job it runs. */
export interface JobRun {
  id: string;
  /** 1 on the first run; more when an earlier run failed or its process died (lease expired). */
  attempt: number;
  maxAttempts: number;
  /**
   * Inside the transaction that commits the job's work: renews the lease and locks the job's row
   * until commit, or throws `LeaseLost` when another process has taken the job meanwhile (this one
   * stalled past its lease). A fence: the work commits at most once.
   */
  hold(trx: Kysely<Database>): Promise<void>;
  /**
   * `hold` as a statement, for a transaction of another connection (an import's side connection,
   * db/side-connection.ts): it must change exactly one row, else the job is no longer this process's.
   */
  holdQuery(): CompiledQuery;
  /**
   * Whether this process is stopping (JobQueue.stop). A long handler that works in steps checks it
   * between them and throws `JobReleased`: the job goes back to the queue at once, for the next
   * process, instead of waiting for its lease to run out.
   */
  stopping(): boolean;
}

/** This process no longer holds the job: another one took it up; leave everything to that one. */
export class LeaseLost extends Error {
  constructor(readonly jobId: string) {
    super(`job ${jobId} was taken over by another process`);
  }
}

/**
 * The handler lets go of its job (its process is stopping, `JobRun.stopping`): the job is pending
 * again at once and this attempt is not counted; its next run carries on from what it committed.
 */
export class JobReleased extends Error {
  constructor(readonly jobId: string) {
    super(`job ${jobId} was let go by a stopping process`);
  }
}

export interface JobHandler<P> {
  /** Does the work; throwing retries it later (up to maxAttempts), then `giveUp` is called. */
  run(payload: P, job: JobRun): Promise<void>;
  /** After the last attempt failed or its process died: say so where the user looks. */
  giveUp?(payload: P, job: JobRun, error: string): Promise<void>;
  maxAttempts?: number;
}

export interface JobQueueOptions {
  /** How long a claimed job belongs to its process without a heartbeat. */
  leaseMs: number;
  /** How often a process looks for due schedules and jobs. */
  pollMs: number;
  /** Jobs one process runs at once. */
  concurrency: number;
}

interface Log {
  warn: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
}

/** How soon after a due job is added the queue looks for it (a transaction's commit comes first). */
const NUDGE_MS = 25;

const DEFAULTS: JobQueueOptions = { leaseMs: 30_000, pollMs: 1_000, concurrency: 2 };
const RETRY_DELAY_MS = [5_000, 30_000, 120_000];

/**
 * One job queue for every server process on the database (issue 16; ARCHITECTURE.md "Jobs").
 *
 * Jobs (`jobs`): a row taken with a conditional update (`FOR UPDATE SKIP LOCKED` on PostgreSQL, the
 * one writer on SQLite) that sets a lease; the running process renews it, so a job runs in one
 * process at a time. A job whose process died is taken again once its lease runs out — the handler
 * sees `attempt > 1` and retries or fails it; after `maxAttempts` its `giveUp` says so.
 *
 * Schedules (`job_schedules`): a periodic task is claimed by moving its `next_run_at` one period on,
 * only if it is due (`update … where next_run_at <= now`), so one process per cluster runs each
 * period, however many processes tick.
 */
export class JobQueue {
  readonly workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly schedules = new Map<string, { everyMs: number; fn: () => Promise<void>; running: boolean }>();
  private readonly running = new Set<Promise<void>>();
  private readonly opts: JobQueueOptions;
  private timer: ReturnType<typeof setInterval> | undefined;
  private ticking = false;
  /** A nudge is waiting to look for due jobs. */
  private nudged = false;
  /** A nudge came while a look was under way: look once more when it ends. */
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly log: Log,
    opts: Partial<JobQueueOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  register<P>(kind: string, handler: JobHandler<P>): void {
    this.handlers.set(kind, handler as JobHandler<unknown>);
  }

  /** A periodic task: once per cluster every `everyMs` (first run when the schedule is first seen). */
  async schedule(name: string, everyMs: number, fn: () => Promise<void>): Promise<void> {
    this.schedules.set(name, { everyMs, fn, running: false });
    await this.db
      .insertInto('job_schedules')
      .values({ name, every_ms: everyMs, next_run_at: this.now(), last_run_at: null, last_runner: null })
      .onConflict((oc) => oc.column('name').doUpdateSet({ every_ms: everyMs }))
      .execute();
  }

  /**
   * Adds a job. `trx`: inside the transaction of what asks for it. `here`: this process takes it at
   * once (the row is written already running with this process's lease); call `launch` with the
   * answer after the transaction commits.
   */
  async enqueue<P>(
    kind: string,
    payload: P,
    options: { trx?: Kysely<Database>; here?: boolean; runAt?: number } = {},
  ): Promise<JobsTable> {
    const handler = this.handlers.get(kind);
    if (!handler) throw new Error(`no handler for job kind ${kind}`);
    const now = this.now();
    const row: JobsTable = {
      id: randomUUID(),
      kind,
      payload: JSON.stringify(payload),
      state: options.here ? 'running' : 'pending',
      attempts: options.here ? 1 : 0,
      max_attempts: handler.maxAttempts ?? 3,
      run_at: options.runAt ?? now,
      lease_until: options.here ? now + this.opts.leaseMs : null,
      locked_by: options.here ? this.workerId : null,
      last_error: null,
      created_at: now,
      updated_at: now,
    };
    await (options.trx ?? this.db).insertInto('jobs').values(row).execute();
    if (!options.here && row.run_at <= now) this.nudge();
    return row;
  }

  /**
   * A job due now was added: look for it soon rather than at the next poll (up to `pollMs` later).
   * The look waits its turn for the connection on SQLite, so it comes after the enqueuing transaction
   * commits; on PostgreSQL a look before the commit finds nothing and the poll takes the job.
   */
  private nudge(): void {
    if (!this.timer || this.stopped || this.nudged) return;
    this.nudged = true;
    setTimeout(() => {
      this.nudged = false;
      if (this.ticking) this.again = true;
      else void this.tick();
    }, NUDGE_MS).unref();
  }

  /** Runs a job this process holds (from `enqueue(…, { here: true })`) in the background. */
  launch(row: JobsTable): void {
    this.track(this.execute(row));
  }

  /**
   * The same, resolving when the run has ended (done, failed, retried later or let go): for a small
   * job the request that asked for it waits for.
   */
  runHere(row: JobsTable): Promise<void> {
    const run = this.execute(row);
    this.track(run);
    return run;
  }

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), this.opts.pollMs);
    this.timer.unref();
    void this.tick();
  }

  /** Stops taking work; waits (up to `waitMs`) for what runs here. A job cut off is taken by another after its lease. */
  async stop(waitMs = 5_000): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise((resolve) => {
        timeout = setTimeout(resolve, waitMs);
        timeout.unref();
      }),
    ]);
    clearTimeout(timeout);
  }

  /** One look for due schedules and jobs (the interval calls it; tests may too). */
  async tick(): Promise<void> {
    if (this.ticking || this.stopped || sidePausedForTest()) return;
    this.ticking = true;
    try {
      await this.runDueSchedules();
      while (this.running.size < this.opts.concurrency && !this.stopped) {
        const row = await this.claim();
        if (!row) break;
        this.track(this.execute(row));
      }
    } catch (err) {
      this.log.warn({ err }, 'job queue tick failed');
    } finally {
      this.ticking = false;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    }
  }

  /** Runs a schedule now in this process, whatever its period (tests). */
  async runSchedule(name: string): Promise<void> {
    const s = this.schedules.get(name);
    if (!s) throw new Error(`no schedule ${name}`);
    await s.fn();
  }

  /** A job's row (tests and support). */
  find(id: string) {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private track(p: Promise<void>): void {
    this.running.add(p);
    void p.finally(() => {
      this.running.delete(p);
      // A place is free: take the next due job now, not at the next poll (a backlog otherwise drains
      // at `concurrency` jobs per `pollMs`).
      this.nudge();
    });
  }

  private async runDueSchedules(): Promise<void> {
    const names = [...this.schedules.keys()];
    if (!names.length) return;
    const now = this.now();
    const claimed = await this.db
      .updateTable('job_schedules')
      .set((eb) => ({
        next_run_at: eb(eb.val(now), '+', eb.ref('every_ms')),
        last_run_at: now,
        last_runner: this.workerId,
      }))
      .where('name', 'in', names)
      .where('next_run_at', '<=', now)
      .returning('name')
      .execute();
    for (const { name } of claimed) {
      const s = this.schedules.get(name);
      // Still running here from an earlier period: this period is skipped (the task is periodic).
      if (!s || s.running) continue;
      s.running = true;
      this.track(
        s
          .fn()
          .catch((err: unknown) => this.log.warn({ err, schedule: name }, 'scheduled job failed'))
          .finally(() => {
            s.running = false;
          }),
      );
    }
  }

  /** Takes one due job: pending and due, or running with its lease run out (its process died). */
  private async claim(): Promise<JobsTable | undefined> {
    const kinds = [...this.handlers.keys()];
    if (!kinds.length) return undefined;
    const now = this.now();
    const next = this.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', 'in', kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', now)]),
          eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      )
      .orderBy('run_at')
      .limit(1)
      .$if(this.dialect === 'postgres', (q) => q.forUpdate().skipLocked());
    return this.db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        attempts: eb(eb.ref('attempts'), '+', 1),
        lease_until: now + this.opts.leaseMs,
        locked_by: this.workerId,
        updated_at: now,
      }))
      .where('id', '=', next)
      .returningAll()
      .executeTakeFirst();
  }

  private async execute(row: JobsTable): Promise<void> {
    const handler = this.handlers.get(row.kind);
    if (!handler) return;
    const payload = JSON.parse(row.payload) as unknown;
    const job: JobRun = {
      id: row.id,
      attempt: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
      hold: async (trx) => {
        const held = await trx
          .updateTable('jobs')
          .set({ lease_until: this.now() + this.opts.leaseMs })
          .where('id', '=', row.id)
          .where('locked_by', '=', this.workerId)
          .where('state', '=', 'running')
          .executeTakeFirst();
        if (Number(held.numUpdatedRows) !== 1) throw new LeaseLost(row.id);
      },
      holdQuery: () =>
        this.db
          .updateTable('jobs')
          .set({ lease_until: this.now() + this.opts.leaseMs })
          .where('id', '=', row.id)
          .where('locked_by', '=', this.workerId)
          .where('state', '=', 'running')
          .compile(),
      stopping: () => this.stopped,
    };
    if (job.attempt > job.maxAttempts) {
      await this.end(row.id, 'failed', row.last_error ?? 'lease expired');
      await handler.giveUp?.(payload, job, row.last_error ?? 'lease expired');
      return;
    }
    // The lease is renewed while the job runs; a process that dies stops renewing it.
    const beat = setInterval(() => {
      if (sidePausedForTest()) return;
      void this.db
        .updateTable('jobs')
        .set({ lease_until: this.now() + this.opts.leaseMs })
        .where('id', '=', row.id)
        .where('locked_by', '=', this.workerId)
        .where('state', '=', 'running')
        .execute()
        .catch(() => undefined);
    }, this.opts.leaseMs / 3);
    beat.unref();
    try {
      await handler.run(payload, job);
      clearInterval(beat);
      await this.end(row.id, 'done', null);
    } catch (err) {
      clearInterval(beat);
      if (err instanceof LeaseLost) return;
      if (err instanceof JobReleased) {
        await this.db
          .updateTable('jobs')
          .set((eb) => ({
            state: 'pending',
            attempts: eb(eb.ref('attempts'), '-', 1),
            run_at: this.now(),
            lease_until: null,
            locked_by: null,
            updated_at: this.now(),
          }))
          .where('id', '=', row.id)
          .where('locked_by', '=', this.workerId)
          .where('state', '=', 'running')
          .execute()
          .catch((e: unknown) => this.log.error({ err: e, job: row.id }, 'released job not handed back'));
        return;
      }
      const text = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      this.log.error({ err, job: row.id, kind: row.kind }, 'job failed');
      if (job.attempt < job.maxAttempts) {
        const delay = RETRY_DELAY_MS[Math.min(job.attempt - 1, RETRY_DELAY_MS.length - 1)] ?? 5_000;
        await this.db
          .updateTable('jobs')
          .set({ state: 'pending', run_at: this.now() + delay, lease_until: null, locked_by: null, last_error: text })
          .where('id', '=', row.id)
          .where('locked_by', '=', this.workerId)
          .execute()
          .catch(() => undefined);
        return;
      }
      await this.end(row.id, 'failed', text);
      await handler.giveUp?.(payload, job, text).catch((e: unknown) => this.log.error({ err: e }, 'job giveUp failed'));
    }
  }

  private async end(id: string, state: 'done' | 'failed', error: string | null): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ state, lease_until: null, last_error: error, updated_at: this.now() })
      .where('id', '=', id)
      .where('locked_by', '=', this.workerId)
      .execute()
      .catch((err: unknown) => this.log.error({ err, job: id }, 'job state not saved'));
  }
}
