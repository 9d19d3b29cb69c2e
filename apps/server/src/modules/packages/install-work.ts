import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, InstallTasksTable } from '../../db/schema.js';
import type { CrashPoint } from './crash-points.js';

/**
 * What the work of one install task (unpacking, checking, writing the app's tables, records and
 * files) gets from the task's lifecycle (install-tasks.ts). The work never touches the task row
 * itself: it reports progress, passes the crash points tests stop at, and ends its transaction with
 * `done`, which the lifecycle supplies — so the two never import each other.
 */
export interface InstallRun {
  db: Kysely<Database>;
  dialect: DialectName;
  now: () => number;
  task: InstallTasksTable;
  /** This package unpacked (zip-read.ts): manifest.json, data/, files/. */
  staging: string;
  /** The task's progress as the status poll shows it (0–100; the row only changes at commit). */
  progress: (percent: number) => void;
  /** Tests only: the process dies here as in a power cut (TestHooks.packageCrashAt). */
  crash: (point: CrashPoint) => void;
  /**
   * Last in the install's transaction: holds the task's queue job and marks the task done with its
   * code map, or throws when another process took the job over (this one stalled past its lease) or
   * the task failed meanwhile, so that nothing of it stays.
   */
  done: (trx: Kysely<Database>, codeMap: string) => Promise<void>;
}
