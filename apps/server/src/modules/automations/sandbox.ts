import { Worker } from 'node:worker_threads';

/** Limits one run of a code step gets (AutomationLimits gives the defaults). */
export interface SandboxLimits {
  /** CPU time the code may use; it is interrupted beyond. */
  cpuMs: number;
  /** Bytes the code's heap may grow to; an allocation beyond fails inside the code. */
  memoryBytes: number;
  /** Characters of the JSON the code answers. */
  outputMax: number;
}

/** Why a code step did not answer: its own error, or a limit it reached. */
export class SandboxError extends Error {
  constructor(
    readonly reason: 'cpu' | 'memory' | 'thrown' | 'output',
    message: string,
  ) {
    super(message);
  }
}

/** Threads running code steps at once; a step beyond waits for one to be free. */
const THREADS = 2;
/**
 * The V8 heap of a code thread (the QuickJS module and its glue; the script's own heap is the
 * QuickJS memory limit, inside WebAssembly memory): past it the thread dies, the step fails.
 */
const THREAD_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
/**
 * The host's backstop past the script's own limit (which the thread enforces with QuickJS's
 * interrupt handler): a thread still silent after three times the limit plus the time a fresh
 * thread takes to load QuickJS on a busy machine is ended from here.
 */
const backstopMs = (cpuMs: number) => cpuMs * 3 + 15_000;

interface Answer {
  id: number;
  ok?: string;
  error?: { reason: SandboxError['reason']; message: string };
}

const idle: Worker[] = [];
let started = 0;
const waiting: ((w: Worker) => void)[] = [];
let nextId = 0;

function spawn(): Worker {
  started += 1;
  const worker = new Worker(new URL('./sandbox-worker.mjs', import.meta.url), { resourceLimits: THREAD_LIMITS });
  // An idle thread never keeps the process alive; a busy one's caller waits on it anyway.
  worker.unref();
  return worker;
}

async function acquire(): Promise<Worker> {
  const free = idle.pop();
  if (free) return free;
  if (started < THREADS) return spawn();
  return new Promise((resolve) => waiting.push(resolve));
}

/** A thread back to the pool (to the next waiting step), or its place freed when it was ended. */
function giveBack(worker: Worker | null): void {
  if (!worker) {
    started -= 1;
    const next = waiting.shift();
    if (next) next(spawn());
    return;
  }
  const next = waiting.shift();
  if (next) next(worker);
  else idle.push(worker);
}

/**
 * Runs a code step's JavaScript in QuickJS compiled to WebAssembly (quickjs-emscripten), in a
 * worker thread (sandbox-worker.mjs), so a busy script never holds up this thread's requests: a
 * heap and globals of its own, with only the language's built-ins — no `require`, `process`,
 * `fetch`, timers, files or network, because nothing of the host is ever handed in. The code is a
 * function's body: it reads `input` (JSON) and `return`s a JSON value.
 *
 * Limits: QuickJS's interrupt handler stops the script after `cpuMs` of its thread's time, its
 * memory limit bounds its heap and its stack is bounded too; the thread's own V8 heap is bounded
 * (resourceLimits), and a thread that does not answer in time is terminated from here.
 */
export async function runCode(code: string, input: unknown, limits: SandboxLimits): Promise<unknown> {
  const worker = await acquire();
  const id = ++nextId;
  let healthy = true;
  try {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (a: Answer) => {
        if (a.id !== id) return;
        done();
        resolve(a);
      };
      const onError = (e: Error & { code?: string }) => {
        done();
        healthy = false;
        reject(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new SandboxError('memory', 'out of memory')
            : new SandboxError('thrown', e.message.slice(0, 1000)),
        );
      };
      const onExit = () => {
        done();
        healthy = false;
        reject(new SandboxError('thrown', 'the code thread ended'));
      };
      const timer = setTimeout(() => {
        done();
        healthy = false;
        void worker.terminate();
        reject(new SandboxError('cpu', `stopped at its CPU limit (${limits.cpuMs} ms)`));
      }, backstopMs(limits.cpuMs));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.ref();
      worker.postMessage({ id, code, input: input ?? null, limits });
    });
    if (answer.error) throw new SandboxError(answer.error.reason, answer.error.message);
    return JSON.parse(answer.ok ?? 'null') as unknown;
  } finally {
    if (healthy) {
      worker.unref();
      giveBack(worker);
    } else {
      void worker.terminate();
      giveBack(null);
    }
  }
}
