import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMER_ATTEMPTS } from '../src/modules/workflow/deadline-runner.js';
import { FailingUpdates } from './failing-updates.js';
import { startTestServer, type TestServer } from './harness.js';
import {
  approveNode,
  detail,
  type FlowWorld,
  flowWorld,
  hasItem,
  members,
  newTable,
  publish,
  startFlow,
  startNode,
  stateOf,
  type Table,
} from './workflow-helpers.js';

/**
 * Issue 36: a deadline timer whose automatic action meets a transient database error is not failed
 * for good: it is tried again on later rounds (a few times, each logged), and fails only past the limit.
 */

const MINUTE = 60_000;
/** Breaks writes to work_items as a dropped connection would (08006). */
const breaker = new FailingUpdates('work_items', { message: 'Connection terminated unexpectedly', code: '08006' });
let server: TestServer;
let w: FlowWorld;
let t: Table;
beforeAll(async () => {
  server = await startTestServer({}, { plugins: [breaker] });
  w = await flowWorld(server);
  t = await newTable(w);
  await publish(w, t, [
    startNode('a1'),
    approveNode('a1', members(w.bob), { deadline: { actAfterMinutes: 10, action: 'approve' } }),
  ]);
});
afterAll(async () => server?.close());

const runner = () => server.app.workflowDeadlines;
const timer = async (instanceId: string) =>
  server.database.handle.db
    .selectFrom('workflow_timers')
    .select(['state', 'outcome', 'attempts', 'due_at'])
    .where('instance_id', '=', instanceId)
    .executeTakeFirstOrThrow();
const begin = async () => (await startFlow(w, t, w.alice, { [t.f.title]: '超时' })).instance.instanceId;

describe('a deadline action that meets a transient database error', () => {
  it('stays pending and is retried on a later round, where it acts', async () => {
    const id = await begin();
    let at = Date.now() + 11 * MINUTE;
    breaker.remaining = 1;
    const first = await runner().runDue(at);
    expect(first).toMatchObject({ acted: 0, failed: 0, retried: 1 });
    expect(first.errors).toMatchObject([{ attempt: 1, final: false, error: { code: '08006' } }]);
    const waiting = await timer(id);
    expect([Number(waiting.state), Number(waiting.attempts)]).toEqual([0, 1]);
    // Not again in the same breath: it is due a little later.
    expect(Number(waiting.due_at)).toBeGreaterThan(at);
    expect(await runner().runDue(at)).toMatchObject({ acted: 0, retried: 0 });
    expect(await hasItem(w.bob, id)).toBe(true);
    at = Number(waiting.due_at);
    expect(await runner().runDue(at)).toMatchObject({ acted: 1, failed: 0, errors: [] });
    expect(await stateOf(w.owner, id)).toMatchObject({ result: 'approved' });
    expect((await detail(w.owner, id)).timeline.map((s: { action: string }) => s.action)).not.toContain(
      'deadlineFailed',
    );
  });

  it('fails for good once it broke on every allowed round, saying so in the timeline', async () => {
    const id = await begin();
    breaker.remaining = TIMER_ATTEMPTS;
    let at = Date.now() + 11 * MINUTE;
    for (let round = 1; round <= TIMER_ATTEMPTS; round += 1) {
      const summary = await runner().runDue(at);
      const last = round === TIMER_ATTEMPTS;
      expect(summary).toMatchObject({ retried: last ? 0 : 1, failed: last ? 1 : 0 });
      expect(summary.errors).toMatchObject([{ attempt: round, final: last }]);
      at = Number((await timer(id)).due_at);
    }
    const done = await timer(id);
    expect([Number(done.state), done.outcome]).toEqual([3, 'error.internal']);
    expect(
      (await detail(w.owner, id)).timeline.find((s: { action: string }) => s.action === 'deadlineFailed'),
    ).toBeTruthy();
    expect(await hasItem(w.bob, id)).toBe(true);
    breaker.remaining = 0;
  });
});
