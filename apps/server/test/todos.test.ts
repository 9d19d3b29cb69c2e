import { InstanceState, ItemType } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintenance } from '../src/maintenance.js';
import { startTestServer, TestClient, type TestServer } from './harness.js';
import { createTeam } from './org-helpers.js';
import {
  actOk,
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
 * The to-do calls: Frank (no role in the app) approves at node a of `plain` (no comment needed)
 * and at node b of `strict` (a comment required). Alice starts 3 + 2 instances.
 */
let server: TestServer;
let w: FlowWorld;
let plain: Table;
let strict: Table;
const started: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
  plain = await newTable(w);
  strict = await newTable(w);
  await publish(w, plain, [startNode('a'), approveNode('a', members(w.frank))]);
  await publish(w, strict, [
    startNode('b'),
    approveNode('b', members(w.frank), {
      comment: { approve: { enableComment: true, required: true }, reject: { enableComment: true, required: false } },
    }),
  ]);
  for (const [t, title] of [
    [plain, '一'],
    [plain, '二'],
    [plain, '三'],
    [strict, '四'],
    [strict, '五'],
  ] as const)
    started.push((await startFlow(w, t, w.alice, { [t.f.title]: title })).instance.instanceId);
});
afterAll(async () => server?.close());

async function call(who: Person, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await who.client.request(method, path, body === undefined ? {} : { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}
const count = (who: Person) => call(who, 'GET', '/v1/todos/count') as Promise<number>;
const panel = (who: Person, extra: Record<string, unknown> = {}) =>
  call(who, 'POST', '/v1/todos/page', { state: 0, pageSize: 6, pageIndex: 0, sortDirection: 1, ...extra });
const list = (who: Person, body: Record<string, unknown>) =>
  call(who, 'POST', '/v1/todos/list', { taskType: 'todo', pageSize: 20, pageIndex: 0, ...body });
const summary = (who: Person, taskType = 'todo') => call(who, 'GET', `/v1/todos/summary?taskType=${taskType}`);
const ids = (page: { resultList: { instanceId?: string; workflowInstance?: { instanceId: string } }[] }) =>
  page.resultList.map((r) => r.instanceId ?? r.workflowInstance?.instanceId);

describe('to-do panel and count', () => {
  it("answers the participant's open items, newest first, paged, with the panel's shape", async () => {
    expect(await count(w.frank)).toBe(5);
    const first = await panel(w.frank, { pageSize: 2 });
    expect(first.total).toBe(5);
    expect(ids(first)).toEqual([started[4], started[3]]);
    const item = first.resultList[0];
    expect(item).toMatchObject({
      originator: { memberId: w.alice.memberId, name: w.alice.name },
      appCode: w.appCode,
      schemaCode: strict.schemaCode,
      workflowVersion: 1,
      workflowInstance: { instanceId: started[4], itemType: ItemType.Approve, activityCode: 'b' },
    });
    expect(item.workflowName).not.toBe('');
    expect(item.workflowInstance.workItemId).toBe(item.workItemId);
    expect(item.bizData.bizObjectId).toBeTruthy();
    expect(ids(await panel(w.frank, { pageSize: 2, pageIndex: 2 }))).toEqual([started[0]]);
    expect(ids(await panel(w.frank, { sortDirection: 0, pageSize: 2 }))).toEqual([started[0], started[1]]);
    const only = await panel(w.frank, { schemaCodes: [plain.schemaCode] });
    expect(only.total).toBe(3);
  });

  it('a member sees only their own; the originator has nothing to do; another team sees nothing', async () => {
    expect(await count(w.alice)).toBe(0);
    expect((await panel(w.bob)).total).toBe(0);
    const other = await createTeam(server, '别的团队', '外人');
    const res = await other.owner.request('GET', '/v1/todos/count');
    expect(res.json.data).toBe(0);
    const page = await other.owner.request('POST', '/v1/todos/list', {
      body: { taskType: 'todo', pageSize: 20, pageIndex: 0 },
    });
    expect(page.json.data.total).toBe(0);
  });

  it('refuses bad paging with the field named, and a request without a session', async () => {
    const res = await w.frank.client.request('POST', '/v1/todos/page', {
      body: { state: 0, pageSize: 0, pageIndex: 0 },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('pageSize');
    const extra = await w.frank.client.request('POST', '/v1/todos/page', {
      body: { state: 0, pageSize: 6, pageIndex: 0, memberId: w.alice.memberId },
    });
    expect(extra.status).toBe(400);
    const anon = await new TestClient(server.baseUrl).request('GET', '/v1/todos/count');
    expect(anon.status).toBe(401);
  });
});

describe('the approval view of a participant without an app role', () => {
  it("brings the table and form as the node shows them (the app's own calls refuse him)", async () => {
    const item = (await panel(w.frank)).resultList[0];
    const ctx = await call(
      w.frank,
      'GET',
      `/v1/workflow/view/context?instanceId=${item.workflowInstance.instanceId}&workitemId=${item.workItemId}`,
    );
    expect(ctx.schema.fields.map((f: { code: string }) => f.code)).toContain(strict.f.title);
    expect(ctx.form).toBeTruthy();
    const own = await w.frank.client.request('GET', `${strict.base}/form`);
    expect(own.status).not.toBe(200);
  });
});

describe('summary, groups and search', () => {
  it('counts per app and table of the member\'s app list; the rest is "other"', async () => {
    // Frank has no role in the app: it is not in his app list, so all his items are "other" (spec §4).
    const s = await summary(w.frank);
    expect(s.total).toBe(5);
    expect(s.apps).toEqual([]);
    const mine = await summary(w.alice, 'original');
    expect(mine.total).toBe(5);
    expect(mine.apps).toHaveLength(1);
    expect(mine.apps[0]).toMatchObject({ appCode: w.appCode, appName: '报销审批', count: 5 });
    const bySchema = Object.fromEntries(
      mine.apps[0].schemas.map((x: { schemaCode: string; count: number }) => [x.schemaCode, x.count]),
    );
    expect(bySchema).toEqual({ [plain.schemaCode]: 3, [strict.schemaCode]: 2 });
  });

  it("takes the spec's parameters: participantId or originator, appCodes, schemaCodes, state", async () => {
    const spec = (who: Person, body: Record<string, unknown>) =>
      call(who, 'POST', '/v1/todos/list', { pageSize: 20, pageIndex: 0, ...body });
    const me = { participantId: w.frank.memberId, state: 0 };
    expect((await spec(w.frank, { ...me, appCodes: [], schemaCodes: [] })).total).toBe(5);
    expect((await spec(w.frank, { ...me, appCodes: [w.appCode] })).total).toBe(5);
    expect((await spec(w.frank, { ...me, appCodes: ['nope'] })).total).toBe(0);
    const t = await spec(w.frank, { ...me, appCodes: [w.appCode], schemaCodes: [plain.schemaCode] });
    expect(t.total).toBe(3);
    expect(t.resultList.every((r: { schemaCode: string }) => r.schemaCode === plain.schemaCode)).toBe(true);
    expect((await spec(w.frank, { ...me, matchers: { keyword: '艾丽' } })).total).toBe(5);
    expect((await spec(w.frank, { participantId: w.frank.memberId, state: 1 })).total).toBe(0);
    const started = await spec(w.alice, { originator: w.alice.memberId, state: 0, appCodes: [w.appCode] });
    expect(started.total).toBe(5);
    expect(started.resultList[0].todos[0]).toMatchObject({
      activityCode: expect.any(String),
      itemType: ItemType.Approve,
    });
    // The home panel's exact request.
    const p = await call(w.frank, 'POST', '/v1/todos/page', {
      participantId: w.frank.memberId,
      appCodes: [],
      schemaCodes: [],
      state: 0,
      pageSize: 6,
      pageIndex: 0,
      sortDirection: 1,
    });
    expect(p.total).toBe(5);
  });

  it('refuses a participantId or originator that is not the asker', async () => {
    const refused = async (path: string, body: Record<string, unknown>) => {
      const res = await w.frank.client.request('POST', path, { body });
      expect(res.status, JSON.stringify(res.json)).toBe(403);
      expect(res.json.errorCode).toBe('auth.forbidden');
    };
    const paging = { pageSize: 6, pageIndex: 0, state: 0 };
    await refused('/v1/todos/page', { ...paging, participantId: w.alice.memberId });
    await refused('/v1/todos/list', { ...paging, participantId: w.alice.memberId });
    await refused('/v1/todos/list', { ...paging, originator: w.alice.memberId });
  });

  it('filters by app, by table and by the "other" bucket', async () => {
    expect((await list(w.frank, { group: { kind: 'app', appCode: w.appCode } })).total).toBe(5);
    const t = await list(w.frank, { group: { kind: 'schema', appCode: w.appCode, schemaCode: plain.schemaCode } });
    expect(t.total).toBe(3);
    expect(t.resultList.every((r: { schemaCode: string }) => r.schemaCode === plain.schemaCode)).toBe(true);
    const other = await list(w.frank, {
      group: { kind: 'other', appCodes: [w.appCode], schemaCodes: [plain.schemaCode] },
    });
    expect(other.total).toBe(2);
    expect(new Set(ids(other))).toEqual(new Set([started[3], started[4]]));
    const none = await list(w.frank, {
      group: { kind: 'other', appCodes: [w.appCode], schemaCodes: [plain.schemaCode, strict.schemaCode] },
    });
    expect(none.total).toBe(0);
  });

  it("searches the originator's, the flow's and the table's names", async () => {
    expect((await list(w.frank, { matchers: { keyword: '艾丽' } })).total).toBe(5);
    const s = await summary(w.alice, 'original');
    const strictName = s.apps[0].schemas.find((x: { schemaCode: string }) => x.schemaCode === strict.schemaCode)
      .schemaName as string;
    expect((await list(w.frank, { matchers: { keyword: strictName } })).total).toBe(2);
    expect((await list(w.frank, { matchers: { keyword: '没有这样%的' } })).total).toBe(0);
  });

  it("answers the full list's shape with the node's participants and who may be batch-approved", async () => {
    const page = await list(w.frank, { sortDirection: 0 });
    expect(ids(page)).toEqual(started);
    const first = page.resultList[0];
    expect(first).toMatchObject({
      instanceId: started[0],
      instanceState: InstanceState.Running,
      appName: '报销审批',
      batchApprove: 'ok',
    });
    expect(first.schemaName).not.toBe('');
    expect(first.todos).toHaveLength(1);
    expect(first.todos[0]).toMatchObject({
      activityCode: 'a',
      activityName: '审批a',
      workItemState: 0,
      itemType: ItemType.Approve,
      participants: [{ memberId: w.frank.memberId, name: w.frank.name }],
    });
    expect(page.resultList[4].batchApprove).toBe('commentRequired');
  });
});

describe('batch approve, done, original and copies', () => {
  it('approves what needs no comment and answers each failure; the counts follow', async () => {
    const page = await list(w.frank, {});
    const itemIds = page.resultList.map((r: { todos: { workItemId: string }[] }) => r.todos[0]?.workItemId);
    const bobs = await w.bob.client.request('POST', '/v1/todos/batch-approve', { body: { workItemIds: itemIds } });
    expect(bobs.status).toBe(200);
    expect(bobs.json.data.results.every((r: { ok: boolean }) => !r.ok)).toBe(true);
    expect(await count(w.frank)).toBe(5);

    const res = await call(w.frank, 'POST', '/v1/todos/batch-approve', { workItemIds: itemIds });
    const okIds = res.results.filter((r: { ok: boolean }) => r.ok).map((r: { workItemId: string }) => r.workItemId);
    expect(okIds).toHaveLength(3);
    const failed = res.results.filter((r: { ok: boolean }) => !r.ok);
    expect(failed).toHaveLength(2);
    expect(failed[0].errorMessage).toBe('请填写处理意见');
    expect(await count(w.frank)).toBe(2);
    expect((await summary(w.frank)).total).toBe(2);
    const done = await list(w.frank, { taskType: 'done', sortBy: 'finish' });
    expect(done.total).toBe(3);
    expect(done.resultList[0].todos[0].workItemState).toBe(1);
    expect(done.resultList[0].batchApprove).toBe('handled');
    expect(done.resultList.every((r: { instanceState: number }) => r.instanceState === InstanceState.Finished)).toBe(
      true,
    );
  });

  it("lists what I started that still runs, with each open node's participants", async () => {
    const mine = await list(w.alice, { taskType: 'original' });
    expect(mine.total).toBe(2);
    expect(new Set(ids(mine))).toEqual(new Set([started[3], started[4]]));
    expect(mine.resultList[0].todos[0]).toMatchObject({
      activityCode: 'b',
      participants: [{ memberId: w.frank.memberId, name: w.frank.name }],
    });
    expect(mine.resultList[0].batchApprove).toBe('notApproval');
    expect((await list(w.frank, { taskType: 'original' })).total).toBe(0);
  });

  it('copies are listed under "circulated", not as to-dos', async () => {
    await actOk(w.frank, started[3] as string, 'cc', { memberIds: [w.bob.memberId] });
    expect(await count(w.bob)).toBe(0);
    const copies = await list(w.bob, { taskType: 'circulated' });
    expect(copies.total).toBe(1);
    expect(copies.resultList[0]).toMatchObject({ instanceId: started[3], batchApprove: 'notApproval' });
    expect(copies.resultList[0].todos[0].itemType).toBe(ItemType.Circulate);
    expect((await summary(w.bob, 'circulated')).total).toBe(1);
  });
});

describe('the kept open count (todo_counts, kept by triggers on work_items)', () => {
  const db = () => server.database.handle.db;
  /** The count worked out from the items themselves. */
  async function counted(memberId: string): Promise<number> {
    const row = await db()
      .selectFrom('work_items')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('participant_member_id', '=', memberId)
      .where('state', '=', 0)
      .where('item_type', '<>', ItemType.Circulate)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  async function expectKept(...people: Person[]) {
    for (const p of people) {
      const real = await counted(p.memberId);
      expect(await count(p), p.name).toBe(real);
      expect((await panel(p)).total, p.name).toBe(real);
    }
  }

  it('follows starts, decisions, copies, moves, reopens and deleted instances', async () => {
    // After everything above: submits, batch approvals, a copy.
    await expectKept(w.frank, w.alice, w.bob);
    const again = await startFlow(w, plain, w.alice, { [plain.f.title]: '六' });
    await expectKept(w.frank, w.alice);

    // An item moved to another participant leaves one count and joins the other.
    const item = await db()
      .selectFrom('work_items')
      .select(['id'])
      .where('instance_id', '=', again.instance.instanceId)
      .where('state', '=', 0)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('work_items')
      .set({ participant_member_id: w.bob.memberId })
      .where('id', '=', item.id)
      .execute();
    await expectKept(w.frank, w.bob);
    // Closed, then opened again; a change that keeps it open counts once.
    await db().updateTable('work_items').set({ state: 2 }).where('id', '=', item.id).execute();
    await expectKept(w.bob);
    await db().updateTable('work_items').set({ state: 0 }).where('id', '=', item.id).execute();
    await db().updateTable('work_items').set({ node_name: '改名' }).where('id', '=', item.id).execute();
    await expectKept(w.bob, w.frank);
    expect(await count(w.bob)).toBe(1);

    // Deleting the instance removes its items by cascade: their counts go with them.
    await db().deleteFrom('workflow_instances').where('id', '=', again.instance.instanceId).execute();
    await expectKept(w.bob, w.frank);
    expect(await count(w.bob)).toBe(0);
  });

  it('maintenance compares the kept counts with the items, repairs any drift and reports it', async () => {
    const teamOf = w.team.engineCode;
    const [frankReal, bobReal, carolReal] = [
      await counted(w.frank.memberId),
      await counted(w.bob.memberId),
      await counted(w.carol.memberId),
    ];
    expect(frankReal).toBeGreaterThan(0);
    // Drift behind the triggers' backs: a missing row, a count below zero (the badge showed 0), one too high.
    await db()
      .deleteFrom('todo_counts')
      .where('engine_code', '=', teamOf)
      .where('member_id', '=', w.frank.memberId)
      .execute();
    await db()
      .insertInto('todo_counts')
      .values({ engine_code: teamOf, member_id: w.bob.memberId, open_items: -3 })
      .onConflict((oc) => oc.columns(['engine_code', 'member_id']).doUpdateSet({ open_items: -3 }))
      .execute();
    await db()
      .insertInto('todo_counts')
      .values({ engine_code: teamOf, member_id: w.carol.memberId, open_items: carolReal + 7 })
      .onConflict((oc) => oc.columns(['engine_code', 'member_id']).doUpdateSet({ open_items: carolReal + 7 }))
      .execute();
    expect(await count(w.bob)).toBe(0);

    const { todoCounts } = await runMaintenance(db(), server.dataDir, Date.now());
    const sorted = <T extends { memberId: string }>(list: T[]) =>
      [...list].sort((a, b) => a.memberId.localeCompare(b.memberId));
    expect(sorted(todoCounts)).toEqual(
      sorted([
        { engineCode: teamOf, memberId: w.frank.memberId, kept: 0, actual: frankReal },
        { engineCode: teamOf, memberId: w.bob.memberId, kept: -3, actual: bobReal },
        { engineCode: teamOf, memberId: w.carol.memberId, kept: carolReal + 7, actual: carolReal },
      ]),
    );
    await expectKept(w.frank, w.bob, w.carol);
    // Nothing left to repair.
    expect((await runMaintenance(db(), server.dataDir, Date.now())).todoCounts).toEqual([]);
  });

  it('a page past the end still answers the total', async () => {
    const total = await count(w.frank);
    const far = await panel(w.frank, { pageIndex: 50 });
    expect(far.resultList).toEqual([]);
    expect(far.total).toBe(total);
  });
});
