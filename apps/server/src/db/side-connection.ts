import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

interface Answer {
  id: number;
  changes?: number;
  /** A batch: the index of the statement whose change count was not the expected one (rolled back). */
  refused?: number;
  /** A batch stopped inside its transaction for a test's look (`pause`). */
  paused?: boolean;
  error?: string;
}

/** A statement of a batch; `expect`: the rows it must change, else the batch rolls back. */
export interface BatchStatement {
  query: CompiledQuery;
  expect?: number;
}

/** A test's look inside a batch's transaction, after statement `after` (the batch waits for `release`). */
export interface BatchPause {
  after: number;
  reached: () => Promise<void>;
}

let live = 0;
/** Batches stopped inside their transaction for a test's look (`pause`), holding the write lock. */
let paused = 0;

/**
 * Whether a batch waits inside its transaction for a test's look. The job queue's own writes (its
 * look for due jobs, a lease's heartbeat) skip their turn then: on the main connection they would
 * block this thread's event loop (busy_timeout) for as long as the look lasts — the requests the
 * test is looking with included. A chunk that is not paused commits in milliseconds.
 */
export function sidePausedForTest(): boolean {
  return paused > 0;
}

/** Side connections open now (support, and tests that check an import let go of its own). */
export function liveSideConnections(): number {
  return live;
}

/**
 * An SQLite connection of its own in a worker thread (side-worker.mjs), on the same database file
 * (issue 30): a long write runs there while this thread goes on answering requests, which read
 * through the main connection — WAL lets them see the last commit while the side writes. A write of
 * the main connection meanwhile waits (BEGIN IMMEDIATE, busy_timeout) for the side's transaction to
 * end, as for another process; which is why a transaction here is sent whole (`batch`) and runs
 * without a round trip to this thread: a main thread waiting for the lock could not send its COMMIT.
 * `close()` closes the connection — its TEMP tables go with it — and ends the thread.
 */
export class SideConnection {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { answer: (a: Answer) => void; fail: (e: Error) => void }>();
  private next = 0;
  private failure: Error | null = null;
  private closed = false;

  constructor(file: string) {
    this.worker = new Worker(new URL('./side-worker.mjs', import.meta.url), { workerData: { file } });
    live += 1;
    this.worker.on('message', (answer: Answer) => this.pending.get(answer.id)?.answer(answer));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', () => {
      this.ended();
      this.fail(new Error('the side connection is closed'));
    });
  }

  /** One statement on its own (autocommit); answers the rows it changed. */
  async run(query: CompiledQuery): Promise<number> {
    const answer = await this.send({ sql: query.sql, params: query.parameters });
    return answer.changes ?? 0;
  }

  /**
   * The statements as one transaction, run whole in the side's thread. Answers the index of a
   * statement that did not change its `expect`ed rows (nothing committed), or null once committed.
   */
  async batch(statements: BatchStatement[], pause?: BatchPause): Promise<number | null> {
    const gate = pause ? new SharedArrayBuffer(4) : null;
    const answer = await this.send(
      {
        statements: statements.map((s) => ({ sql: s.query.sql, params: s.query.parameters, expect: s.expect })),
        ...(pause && gate ? { pause: { after: pause.after, gate } } : {}),
      },
      async () => {
        // The batch waits inside its transaction until the test's look is over.
        const view = new Int32Array(gate as SharedArrayBuffer);
        await pause?.reached().finally(() => {
          Atomics.store(view, 0, 1);
          Atomics.notify(view, 0);
        });
      },
    );
    return answer.refused ?? null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.send({ close: true }).catch(() => undefined);
    this.ended();
    await this.worker.terminate();
  }

  private send(message: object, onPause?: () => Promise<void>): Promise<Answer> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    let wasPaused = false;
    const unpause = () => {
      if (wasPaused) paused -= 1;
      wasPaused = false;
    };
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, {
        answer: (a) => {
          if (a.paused) {
            wasPaused = true;
            paused += 1;
            void onPause?.();
            return;
          }
          this.pending.delete(id);
          unpause();
          if (a.error !== undefined) reject(new Error(a.error));
          else resolve(a);
        },
        fail: (e) => {
          unpause();
          reject(e);
        },
      });
      this.worker.postMessage({ id, ...message });
    });
  }

  private ended(): void {
    if (this.closed) return;
    this.closed = true;
    live -= 1;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.fail(error);
    this.pending.clear();
  }
}
