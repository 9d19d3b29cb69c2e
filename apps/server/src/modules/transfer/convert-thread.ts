import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ConvertedChunk, ConvertSpec } from './convert-chunks.js';
import { SheetError } from './sheets.js';

/** Main thread → worker: room for one more chunk. */
export type ToWorker = { type: 'more' };
/** Worker → main thread. */
export type FromWorker =
  | { type: 'chunk'; chunk: ConvertedChunk }
  | { type: 'end' }
  | { type: 'sheetError'; key: SheetError['key']; params: Record<string, number> }
  | { type: 'error'; message: string };

/** Chunks the worker may have sent and the writer not yet taken: memory stays bounded at any sheet size. */
const CHUNKS_AHEAD = 2;

/** The worker's script, beside this file (TypeScript run through tsx, as the whole server is). */
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './convert-worker.ts' : './convert-worker.js',
  import.meta.url,
);

/**
 * How the worker starts. The server runs from TypeScript through tsx (`node --import tsx`, deploy/),
 * but a worker's own first module is not given to the inherited `--import tsx` on Node 20 (it fails
 * with "Unknown file extension .ts"): so the worker starts from a line of plain JavaScript that
 * registers tsx's loader itself and then imports the script, the same under `node --import tsx` and
 * under vitest. The inherited `--import tsx` is left out (it would register the loader twice).
 */
function workerStart(): { code: string; execArgv: string[] } {
  const flags: string[] = [];
  const parent = process.execArgv;
  for (let i = 0; i < parent.length; i++) {
    const flag = parent[i] as string;
    if (flag === '--import' && /\btsx\b/.test(parent[i + 1] ?? '')) i++;
    else if (!/^--import=.*\btsx\b/.test(flag)) flags.push(flag);
  }
  if (!WORKER_URL.pathname.endsWith('.ts'))
    return { code: `import(${JSON.stringify(WORKER_URL.href)})`, execArgv: flags };
  // Resolved from here (node_modules beside the server), whatever the working directory.
  const code = `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;
  return { code, execArgv: flags };
}

/**
 * tsx's ESM register API (`tsx/esm/api`, its `import` entry), resolved from here — node_modules beside
 * the server, whatever the working directory. (Its `require` entry cannot register from a worker.)
 */
function tsxApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports: Record<string, unknown> }).exports;
  const entry = (exports['./esm/api'] as { import: { default: string } }).import.default;
  return pathToFileURL(path.join(path.dirname(manifest), entry)).href;
}

/**
 * The sheet converted on a worker thread (convert-worker.ts), chunk by chunk as the caller takes
 * them: the caller (the main thread, which owns SQLite's connection) only binds and writes while
 * the worker reads and converts the next chunks (issue 15). The chunks, problems and row numbers
 * are convertSheet's on this thread. A sheet error comes back as the SheetError it was; a worker
 * that throws, dies or is stopped fails the import with an error saying so, never a hang. Ending
 * early (a refused write, a lost lease) stops the worker.
 */
export async function* convertInWorker(
  spec: ConvertSpec,
  started?: (worker: Worker) => void,
): AsyncGenerator<ConvertedChunk> {
  const start = workerStart();
  const worker = new Worker(start.code, {
    eval: true,
    workerData: { ...spec, ahead: CHUNKS_AHEAD },
    execArgv: start.execArgv,
  });
  const queue: FromWorker[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const poke = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (m: FromWorker) => {
    queue.push(m);
    poke();
  });
  worker.on('error', (error) => {
    failure ??= new Error(`the import's conversion thread failed: ${error.message}`, { cause: error });
    poke();
  });
  // Messages the worker sent before it stopped are delivered before 'exit': an orderly end is seen first.
  worker.on('exit', (code) => {
    failure ??= new Error(`the import's conversion thread stopped (exit code ${code})`);
    poke();
  });
  started?.(worker);
  try {
    for (;;) {
      const m = queue.shift();
      if (!m) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (m.type === 'end') return;
      if (m.type === 'sheetError') throw new SheetError(m.key, m.params);
      if (m.type === 'error') throw new Error(`the import's conversion failed: ${m.message}`);
      worker.postMessage({ type: 'more' } satisfies ToWorker);
      yield m.chunk;
    }
  } finally {
    await worker.terminate();
  }
}
