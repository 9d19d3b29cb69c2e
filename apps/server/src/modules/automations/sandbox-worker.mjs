// The thread a code step's JavaScript runs in (sandbox.ts): QuickJS compiled to WebAssembly
// (quickjs-emscripten), loaded once per thread and kept. The host sends { id, code, input, limits }
// and gets { id, ok } (the answer as JSON text) or { id, error: { reason, message } }. Plain
// JavaScript, so the thread needs no TypeScript loader (the server runs from source, decision 0002).
import { parentPort } from 'node:worker_threads';
import { newQuickJSWASMModule } from 'quickjs-emscripten';

/** The code's stack: QuickJS answers a RangeError past it, well before the host's own stack ends. */
const STACK_BYTES = 128 * 1024;

let engine;
/**
 * The QuickJS module, kept unless a run left it unsure (QuickJS aborts when freeing a runtime after
 * some failures, such as a stack overflow): then the next run gets a fresh one.
 */
const quickJS = () => {
  engine ??= newQuickJSWASMModule();
  return engine;
};

function release(what) {
  try {
    what.dispose();
  } catch {
    engine = undefined;
  }
}

class Stop extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

/**
 * This thread's own CPU time where Node tells it (process.threadCpuUsage, Node 23.9+); else the
 * thread's wall-clock time, which is its CPU time less what the machine's load takes from it.
 */
const clock = () => {
  if (typeof process.threadCpuUsage === 'function') {
    const u = process.threadCpuUsage();
    return (u.user + u.system) / 1000;
  }
  return performance.now();
};

function errorText(error) {
  return typeof error === 'object' && error ? `${error.name ?? 'Error'}: ${error.message ?? ''}` : String(error);
}

async function run(code, input, limits) {
  const QuickJS = await quickJS();
  const runtime = QuickJS.newRuntime();
  let interrupted = false;
  try {
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(STACK_BYTES);
    const start = clock();
    runtime.setInterruptHandler(() => {
      interrupted = clock() - start > limits.cpuMs;
      return interrupted;
    });
    const vm = runtime.newContext();
    try {
      // The input crosses as text and is parsed inside: no host object ever enters the sandbox.
      const text = vm.newString(JSON.stringify(input ?? null));
      vm.setProp(vm.global, '__input', text);
      text.dispose();
      // An async function's body: `return` answers, `await` works; the settled value (or error)
      // is kept as text on the sandbox's global, read once its jobs have run.
      const source = `"use strict";
const __in = JSON.parse(globalThis.__input); delete globalThis.__input;
globalThis.__result = null;
(async function (input) {
${code}
})(__in).then(
  (v) => { const t = JSON.stringify(v); globalThis.__result = { ok: t === undefined ? 'null' : t }; },
  (e) => { globalThis.__result = { error: e instanceof Error ? e.name + ': ' + e.message : String(e) }; },
);`;
      const fail = (handle, error) => {
        handle.dispose();
        if (interrupted) throw new Stop('cpu', `stopped at its CPU limit (${limits.cpuMs} ms)`);
        const message = errorText(error);
        if (/out of memory/i.test(message)) throw new Stop('memory', 'out of memory');
        throw new Stop('thrown', message.slice(0, 1000));
      };
      const evaluated = vm.evalCode(source, 'code-step.js');
      if (evaluated.error) fail(evaluated.error, vm.dump(evaluated.error));
      else evaluated.value.dispose();
      const jobs = runtime.executePendingJobs(-1);
      if (jobs.error) fail(jobs.error, jobs.error.context.dump(jobs.error));
      const kept = vm.getProp(vm.global, '__result');
      const result = vm.dump(kept);
      kept.dispose();
      if (interrupted) throw new Stop('cpu', `stopped at its CPU limit (${limits.cpuMs} ms)`);
      if (!result) throw new Stop('thrown', 'the code did not finish (a promise never settled)');
      if (result.error !== undefined) {
        if (/out of memory/i.test(result.error)) throw new Stop('memory', 'out of memory');
        throw new Stop('thrown', result.error.slice(0, 1000));
      }
      const out = result.ok ?? 'null';
      if (out.length > limits.outputMax) throw new Stop('output', `output over ${limits.outputMax} characters`);
      return out;
    } finally {
      release(vm);
    }
  } finally {
    release(runtime);
  }
}

parentPort.on('message', async ({ id, code, input, limits }) => {
  try {
    parentPort.postMessage({ id, ok: await run(code, input, limits) });
  } catch (e) {
    if (!(e instanceof Stop)) engine = undefined;
    const reason = e instanceof Stop ? e.reason : 'thrown';
    const message = e instanceof Error ? e.message.slice(0, 1000) : String(e);
    parentPort.postMessage({ id, error: { reason, message } });
  }
});
