/**
 * A worker thread's side of an import's conversion (convert-thread.ts starts it): reads the sheet and
 * converts its rows (convert-chunks.ts) while the main thread writes the previous chunks, so the two
 * run on two cores. It sends a chunk only when the main thread has room for it (`more` messages:
 * at most CHUNKS_AHEAD in flight), so a 1M-row sheet never piles up in memory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type ConvertSpec, convertSheet } from './convert-chunks.js';
import type { FromWorker, ToWorker } from './convert-thread.js';
import { SheetError } from './sheets.js';

const port = parentPort;
if (!port) throw new Error('convert-worker.ts runs as a worker thread');
const spec = workerData as ConvertSpec & { ahead: number };

let credit = spec.ahead;
let wake: (() => void) | null = null;
port.on('message', (m: ToWorker) => {
  if (m.type === 'more') credit += 1;
  wake?.();
  wake = null;
});

const send = (m: FromWorker) => port.postMessage(m);

async function main() {
  for await (const chunk of convertSheet(spec)) {
    while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
    credit -= 1;
    send({ type: 'chunk', chunk });
  }
  send({ type: 'end' });
}

main()
  .catch((error: unknown) => {
    // A sheet error (a row too long) says what was wrong; anything else fails the import plainly.
    if (error instanceof SheetError) send({ type: 'sheetError', key: error.key, params: error.params });
    else send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  })
  // Nothing else keeps the thread: the port's listener would.
  .finally(() => port.close());
