import type { ImportJobsTable } from './db/schema.js';
import type { CrashPoint } from './modules/packages/crash-points.js';

/**
 * Where tests (and benches) reach into a running server, injected when it is built
 * (`buildApp({ testHooks })`) and handed to the services that honour them. Production passes none:
 * no environment variable, no exported mutable state turns any of this on. The objects are the
 * caller's own, so a test may set or clear a hook while the server runs (each is read when used).
 */
export interface TestHooks {
  /** Package installs: the step at which the process kills itself, as a power cut would (packages-crash.test.ts). */
  packageCrashAt?: CrashPoint | undefined;
  /** Table imports (read by transfer/bulk-import.ts, passed in through ImportService). */
  imports?: ImportHooks;
}

export interface ImportHooks {
  /** A look between two chunks of a bulk import (the import waits for it; a throw breaks the import). */
  betweenChunks?: ((job: ImportJobsTable, info: { staged: number; stage: string | null }) => Promise<void>) | null;
  /** A look between two chunks of an SQLite "all or nothing" import's move (staged-move.ts). */
  betweenMoves?: ((job: ImportJobsTable, moved: number) => Promise<void>) | null;
  /** A look inside each chunk's transaction of that move, its rows written, not yet committed (issue 30). */
  duringMove?: ((job: ImportJobsTable, moved: number) => Promise<void>) | null;
  /** Rows a chunk of that move writes (tests make it small; default MOVE_CHUNK_ROWS). */
  moveChunkRows?: number;
}
