import type { FormulaJob } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { tablesApi } from '../api/tables-api';

/** Where the table's formula computations are kept: under the table, so saving a field refreshes them. */
export const formulaJobsKey = (tableKey: readonly unknown[]) => [...tableKey, 'formula-jobs'] as const;

/**
 * The table's formula computations (after a formula was added or changed), polled every second while
 * one runs. When the last one ends, the records are read again so the new values show.
 */
export function useFormulaJobs(p: { appCode: string; schemaCode: string }, tableKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: formulaJobsKey(tableKey),
    queryFn: () => tablesApi.formulaJobs(p),
    refetchInterval: (query) => (query.state.data?.some((j) => j.state === 'running') ? 1_000 : false),
  });
  const running = (jobs.data ?? []).filter((j) => j.state === 'running');
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running.length)
      void queryClient.invalidateQueries({ queryKey: [...tableKey, 'records'] });
    wasRunning.current = running.length > 0;
  }, [running.length, queryClient, tableKey]);
  return running;
}

/** Shows a job the save just started at once, before the next poll. */
export function showFormulaJob(
  queryClient: ReturnType<typeof useQueryClient>,
  tableKey: readonly unknown[],
  job: FormulaJob,
): void {
  queryClient.setQueryData<FormulaJob[]>(formulaJobsKey(tableKey), (jobs = []) => [
    job,
    ...jobs.filter((j) => j.id !== job.id),
  ]);
}
