import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { tableNameOf } from './org-helpers.js';
import { QueryLog } from './query-log.js';
import {
  approveNode,
  type FlowWorld,
  flowWorld,
  members,
  newTable,
  type Person,
  publish,
  startFlow,
  startNode,
  type Table,
} from './workflow-helpers.js';

/**
 * What a to-do says it is about (issue 29): Alice files six expense claims into `claims`; Frank (no
 * role in the app) approves them at node a, where 内部说明 is hidden and a time limit acts after two
 * hours. `strict` requires a comment to approve and to reject.
 */
const log = new QueryLog();
let server: TestServer;
let w: FlowWorld;
let claims: Table;
let strict: Table;
const started: string[] = [];
const MINUTE = 60_000;

const nodeA = (t: Table, settings: Record<string, unknown> = {}) =>
  approveNode('a', members(w.frank), {
    fieldRules: { [t.f.secret]: 'hidden' },
    deadline: { remindAfterMinutes: 60, actAfterMinutes: 120, action: 'approve' },
    ...settings,
  });

beforeAll(async () => {
  server = await startTestServer({}, { plugins: [log] });
  w = await flowWorld(server);
  claims = await newTable(w);
  strict = await newTable(w);
  await publish(w, claims, [startNode('a'), nodeA(claims)]);
  await publish(w, strict, [
    startNode('a'),
    approveNode('a', members(w.frank), {
      comment: { approve: { enableComment: true, required: true }, reject: { enableComment: true, required: true } },
    }),
  ]);
  for (let n = 1; n <= 6; n++) {
    const f = claims.f;
    const data = {
      [f.title]: `差旅报销 ${n}`,
      [f.amount]: n * 100,
      [f.note]: `第${n}次出差`,
      [f.secret]: `机密${n}`,
      [f.handler]: [w.bob.memberId],
    };
    started.push((await startFlow(w, claims, w.alice, data)).instance.instanceId);
  }
}, 120_000);
afterAll(async () => server?.close());

async function call(who: Person, path: string, body: unknown) {
  const res = await who.client.request('POST', path, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}
const panel = (who: Person, pageSize = 6) =>
  call(who, '/v1/todos/page', { state: 0, pageSize, pageIndex: 0, sortDirection: 1 });
const list = (who: Person, body: Record<string, unknown> = {}) =>
  call(who, '/v1/todos/list', { taskType: 'todo', pageSize: 20, pageIndex: 0, ...body });

describe('what a to-do is about', () => {
  it('the panel names the table, the node, the record title, a summary of visible fields and the deadline', async () => {
    const before = Date.now();
    const page = await panel(w.frank);
    const item = page.resultList.find(
      (i: { workflowInstance: { instanceId: string } }) => i.workflowInstance.instanceId === started[5],
    );
    expect(item).toMatchObject({
      schemaName: expect.stringMatching(/^报销/),
      activityName: '审批a',
      originator: { name: w.alice.name },
      about: {
        title: '差旅报销 6',
        summary: [
          { code: claims.f.amount, label: '金额', text: '600' },
          { code: claims.f.note, label: '备注', text: '第6次出差' },
          { code: claims.f.handler, label: '经办人', text: w.bob.name },
        ],
      },
    });
    // The time limit acts two hours after the item arrived.
    expect(item.about.deadline - item.createTime).toBe(120 * MINUTE);
    expect(item.createTime).toBeLessThanOrEqual(before);
    // The node hides 内部说明: it is nowhere in the answer.
    expect(JSON.stringify(page)).not.toContain('机密');
  });

  it('the full list says the same, so look-alike claims differ by their title and summary', async () => {
    const page = await list(w.frank, { schemaCodes: [claims.schemaCode] });
    expect(page.resultList).toHaveLength(6);
    const titles = page.resultList.map((i: { about: { title: string } }) => i.about.title);
    expect(new Set(titles).size).toBe(6);
    const first = page.resultList[0];
    expect(first.about.summary.map((s: { label: string }) => s.label)).toEqual(['金额', '备注', '经办人']);
    expect(first.about.deadline).toBe(first.todos[0].receiveTime + 120 * MINUTE);
    expect(first.comments).toEqual({
      approve: { enabled: true, required: false },
      reject: { enabled: true, required: false },
    });
    expect(JSON.stringify(page)).not.toContain('机密');
    // What Alice started is seen from the start node, where every field shows; no deadline there.
    const mine = await list(w.alice, { taskType: 'original', schemaCodes: [claims.schemaCode] });
    expect(mine.resultList[0].about).toMatchObject({ title: '差旅报销 6', deadline: null });
  });

  it("the designer's summary fields come first; a hidden one is still left out", async () => {
    const res = await w.team.owner.request('PUT', `${claims.base}/workflow`, {
      body: {
        definition: {
          nodes: [startNode('a'), nodeA(claims)],
          settings: { summaryFields: [claims.f.secret, claims.f.handler, claims.f.amount] },
        },
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await w.team.owner.request('POST', `${claims.base}/workflow/publish`)).status).toBe(200);
    const page = await list(w.frank, { schemaCodes: [claims.schemaCode] });
    expect(page.resultList[0].about.summary.map((s: { label: string }) => s.label)).toEqual(['经办人', '金额']);
    expect(JSON.stringify(page)).not.toContain('机密');
    // The flow's applicant sees it at the start node, where 内部说明 shows.
    const mine = await list(w.alice, { taskType: 'original', schemaCodes: [claims.schemaCode] });
    expect(mine.resultList[0].about.summary.map((s: { label: string }) => s.label)).toEqual([
      '内部说明',
      '经办人',
      '金额',
    ]);
    // More than three is refused, naming the setting.
    const tooMany = await w.team.owner.request('PUT', `${claims.base}/workflow`, {
      body: {
        definition: {
          nodes: [startNode('a'), nodeA(claims)],
          settings: { summaryFields: [claims.f.title, claims.f.note, claims.f.handler, claims.f.amount] },
        },
      },
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.json)).toContain('summaryFields');
  });

  it('reads a page without a query per item: two items cost what six do', async () => {
    const record = await tableNameOf(server, claims.schemaCode);
    const watched = [record, 'fields', 'schemas', 'apps', 'app_members', 'workflow_timers', 'workflow_versions'];
    const body = (pageSize: number) => ({ taskType: 'todo', pageSize, pageIndex: 0, schemaCodes: [claims.schemaCode] });
    await list(w.frank, body(6));
    // The log counts every statement in the window: the server's own background work (the job
    // queue, a cache refill after it) can add one, never take one away. The fewer of two looks is
    // the request's own cost (a PostgreSQL run once counted one more for six items).
    const cost = async (fn: () => Promise<unknown>) =>
      Math.min(await log.count(watched, fn), await log.count(watched, fn));
    const two = await cost(() => list(w.frank, body(2)));
    const six = await cost(() => list(w.frank, body(6)));
    expect(two).toBeGreaterThan(0);
    expect(six).toBe(two);
    const panelTwo = await cost(() => panel(w.frank, 2));
    const panelSix = await cost(() => panel(w.frank, 6));
    expect(panelSix).toBe(panelTwo);
  });
});

describe('batch approve and reject with a comment', () => {
  it('a node requiring a comment refuses without one and takes the batch with one; each item answers', async () => {
    const a = (await startFlow(w, strict, w.alice, { [strict.f.title]: '采购 A' })).instance.instanceId;
    const b = (await startFlow(w, strict, w.alice, { [strict.f.title]: '采购 B' })).instance.instanceId;
    const page = await list(w.frank, { schemaCodes: [strict.schemaCode] });
    const itemOf = (id: string) =>
      page.resultList.find((i: { instanceId: string }) => i.instanceId === id).todos[0].workItemId as string;
    expect(page.resultList[0]).toMatchObject({ batchApprove: 'commentRequired', batchReject: 'commentRequired' });
    const refused = await call(w.frank, '/v1/todos/batch-reject', { workItemIds: [itemOf(a)] });
    expect(refused.results).toEqual([
      expect.objectContaining({ workItemId: itemOf(a), ok: false, errorMessage: expect.stringContaining('意见') }),
    ]);
    const rejected = await call(w.frank, '/v1/todos/batch-reject', {
      workItemIds: [itemOf(a), 'no-such-item'],
      comment: '预算不足',
    });
    expect(rejected.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false]);
    const approved = await call(w.frank, '/v1/todos/batch-approve', { workItemIds: [itemOf(b)], comment: '同意采购' });
    expect(approved.results).toEqual([{ workItemId: itemOf(b), ok: true }]);
    const timeline = async (id: string) =>
      (await w.alice.client.request('GET', `/v1/workflow/instance?instanceId=${id}`)).json.data.timeline as {
        action: string;
        comment: string;
      }[];
    expect(await timeline(a)).toContainEqual(expect.objectContaining({ action: 'reject', comment: '预算不足' }));
    expect(await timeline(b)).toContainEqual(expect.objectContaining({ action: 'approve', comment: '同意采购' }));
  });
});
