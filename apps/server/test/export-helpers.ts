import type { ExportJob, ImportJob } from '@canopy/contract';
import { expect } from 'vitest';
import type { TestClient } from './harness.js';

/** Follows a job at `jobPath` until `ended` says so (up to two minutes: big sheets on a loaded machine). */
async function finishedJob<T>(client: TestClient, jobPath: string, ended: (job: T) => boolean): Promise<T> {
  let job: T | undefined;
  await expect
    .poll(
      async () => {
        const res = await client.request('GET', jobPath);
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        job = res.json.data as T;
        return ended(job);
      },
      { timeout: 120_000, interval: 50 },
    )
    .toBe(true);
  if (!job) throw new Error(`no job at ${jobPath}`);
  return job;
}

/** Follows an export job (a view's or a team's) until it ends; answers its last state. */
export const finishedExport = (client: TestClient, jobPath: string) =>
  finishedJob<ExportJob>(client, jobPath, (job) => job.state !== 'running');

/** Follows an import job until it is done or failed; answers its last state. */
export const finishedImport = (client: TestClient, jobPath: string) =>
  finishedJob<ImportJob>(client, jobPath, (job) => job.state === 'done' || job.state === 'failed');

/**
 * Exports a view as a job the way the web does: start, follow, then download from the job's link.
 * A refused start answers its status and envelope instead.
 */
export async function exportView(
  client: TestClient,
  base: string,
  body: { format: string; view?: string; search?: string },
): Promise<
  | { status: 200; job: ExportJob; file: { status: number; headers: Headers; bytes: Buffer } }
  | { status: number; json: { errorMessage?: string } }
> {
  const start = await client.request('POST', `${base}/exports`, { body });
  if (start.status !== 200) return { status: start.status, json: start.json };
  const started = start.json.data as ExportJob;
  expect(started.state).toBe('running');
  const job = await finishedExport(client, `${base}/exports/${started.id}`);
  expect(job.state, job.message).toBe('done');
  return { status: 200, job, file: await client.download(job.downloadUrl) };
}
