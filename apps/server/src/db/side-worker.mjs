// The thread of a side connection (side-connection.ts): one SQLite connection of its own on the
// database file. It runs what it is sent, in order: one statement, or a batch of statements as one
// transaction run here from BEGIN to COMMIT without waiting for the main thread (which may itself be
// waiting for this connection's write lock). Plain JavaScript, so the thread needs no TypeScript
// loader (the server runs from source, decision 0002).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
// As the main connection (database.ts): WAL lets that one read while this one writes.
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
const prepared = new Map();

function statement(sql) {
  let found = prepared.get(sql);
  if (!found) {
    found = db.prepare(sql);
    prepared.set(sql, found);
  }
  return found;
}

/** A batch's statements in one transaction; one whose `expect`ed change count differs rolls it back. */
function batch(id, statements, pause) {
  db.prepare('begin immediate').run();
  try {
    for (const [i, { sql, params, expect }] of statements.entries()) {
      const { changes } = statement(sql).run(params);
      if (expect !== undefined && changes !== expect) {
        db.prepare('rollback').run();
        return { id, refused: i };
      }
      if (pause && pause.after === i) {
        // A test's look inside the transaction (TestHooks.imports.duringMove): it says so and waits.
        parentPort.postMessage({ id, paused: true });
        Atomics.wait(new Int32Array(pause.gate), 0, 0);
      }
    }
    db.prepare('commit').run();
    return { id };
  } catch (error) {
    if (db.inTransaction) db.prepare('rollback').run();
    throw error;
  }
}

parentPort.on('message', ({ id, sql, params, statements, pause, close }) => {
  try {
    if (close) {
      db.close();
      parentPort.postMessage({ id });
      return;
    }
    if (statements) parentPort.postMessage(batch(id, statements, pause));
    else parentPort.postMessage({ id, changes: statement(sql).run(params).changes });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
