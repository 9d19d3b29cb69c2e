import type { ImportJob } from '@canopy/contract';

/**
 * Where a running import is: "all or nothing" checks every row, then writes them (on SQLite in
 * chunks, `written` growing; on PostgreSQL in the check's own transaction, so it shows as checking);
 * "skip bad rows" checks and writes each chunk at once.
 */
export type ImportPhase = 'checking' | 'writing' | 'running';

export function importPhase(job: ImportJob): ImportPhase {
  if (job.mode !== 'atomic' || job.created > 0) return 'running';
  return job.written > 0 ? 'writing' : 'checking';
}

/** A job's progress as a percentage: "all or nothing" checks every row, then writes every row. */
export function importPercent(job: ImportJob): number {
  if (!job.total) return 0;
  const done = job.mode === 'atomic' ? (job.processed + job.written) / (job.total * 2) : job.processed / job.total;
  return Math.min(100, Math.floor(done * 100));
}
