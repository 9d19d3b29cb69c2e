import type { ImportJob } from '@canopy/contract';

/** Where a running import is: checking its rows, writing checked rows ("all or nothing"), or both at once ("skip bad rows"). */
export type ImportPhase = 'checking' | 'writing' | 'running';

export function importPhase(job: ImportJob): ImportPhase {
  if (job.mode !== 'atomic') return 'running';
  // "All or nothing" writes nothing before every row is checked; on SQLite the rows then go in by chunks.
  return job.written > 0 && job.created === 0 ? 'writing' : job.created === 0 ? 'checking' : 'running';
}

/** A job's progress as a percentage: "all or nothing" checks every row, then writes every row. */
export function importPercent(job: ImportJob): number {
  if (!job.total) return 0;
  const done = job.mode === 'atomic' ? (job.processed + job.written) / (job.total * 2) : job.processed / job.total;
  return Math.min(100, Math.floor(done * 100));
}
