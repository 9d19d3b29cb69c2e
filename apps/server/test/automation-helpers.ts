import type { AutomationRun } from '@canopy/contract';
import { expect } from 'vitest';
import type { ApiResponse, TestServer } from './harness.js';
import type { FlowWorld, Table } from './workflow-helpers.js';

async function ok(res: Promise<ApiResponse>): Promise<ApiResponse> {
  const r = await res;
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r;
}

export interface Made {
  id: string;
  webhookPath: string | null;
  base: string;
}

/** Creates an automation in the world's app, publishes and switches it on (asserting each succeeds). */
export async function automation(w: FlowWorld, name: string, definition: unknown, on = true): Promise<Made> {
  const base = `/v1/apps/${w.appCode}/automations`;
  const made = (await ok(w.team.owner.request('POST', base, { body: { name, definition } }))).json.data;
  if (on) {
    await ok(w.team.owner.request('POST', `${base}/${made.id}/publish`));
    await ok(w.team.owner.request('PUT', `${base}/${made.id}/enabled`, { body: { enabled: true } }));
  }
  return { id: made.id, webhookPath: made.webhookPath, base: `${base}/${made.id}` };
}

/** The automation's runs (newest first), optionally of one status. */
export async function runs(w: FlowWorld, a: Made, status?: string): Promise<AutomationRun[]> {
  const res = await ok(w.team.owner.request('GET', `${a.base}/runs${status ? `?status=${status}` : ''}`));
  return res.json.data as AutomationRun[];
}

/** Waits until the automation has `n` runs in one of the ended states; answers them with their steps. */
export async function ended(w: FlowWorld, a: Made, n = 1): Promise<AutomationRun[]> {
  await expect
    .poll(
      async () => (await runs(w, a)).filter((r) => ['done', 'failed', 'stopped', 'skipped'].includes(r.status)).length,
      {
        timeout: 30_000,
        interval: 100,
      },
    )
    .toBe(n);
  const list = await runs(w, a);
  return Promise.all(
    list.map(async (r) => (await ok(w.team.owner.request('GET', `${a.base}/runs/${r.id}`))).json.data as AutomationRun),
  );
}

/** Rows of a data table as stored (value columns by field code are read through the API instead). */
export async function recordsOf(w: FlowWorld, base: string): Promise<{ id: string; data: Record<string, unknown> }[]> {
  const res = await ok(w.team.owner.request('POST', `${base}/records/query`, { body: { limit: 500 } }));
  return res.json.data.resultList;
}

/** Letters a member has (subjects), newest first. */
export async function lettersOf(server: TestServer, memberId: string): Promise<string[]> {
  const rows = await server.database.handle.db
    .selectFrom('notices')
    .select('subject')
    .where('member_id', '=', memberId)
    .orderBy('create_time', 'desc')
    .execute();
  return rows.map((r) => r.subject);
}

/** A step writing one row into the world's ledger (台账) with this subject (a template). */
export function ledgerStep(w: FlowWorld, id: string, subject: string) {
  return { id, kind: 'createRecord', schemaCode: w.ledger.schemaCode, values: { [w.ledger.subject]: subject } };
}

/** A record created by the team's owner through the record form's call (a form submission). */
export async function createRecord(w: FlowWorld, t: Table, data: Record<string, unknown>) {
  const res = await w.team.owner.request('POST', `${t.base}/records`, { body: { data } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { id: string; version: number };
}
