import type { ExportJob } from '@canopy/contract';
import { expect } from 'vitest';
import type { TestClient } from './harness.js';

/** Follows an export job (a view's or a team's) until it ends; answers its last state. */
export async function finishedExport(client: TestClient, jobPath: string): Promise<ExportJob> {
  let job: ExportJob | undefined;
  await expect
    .poll(
      async () => {
        const res = await client.request('GET', jobPath);
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        job = res.json.data as ExportJob;
        return job.state;
      },
      { timeout: 60_000, interval: 100 },
    )
    .not.toBe('running');
  if (!job) throw new Error('no export job');
  return job;
}

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
