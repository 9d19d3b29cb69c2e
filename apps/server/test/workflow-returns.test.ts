import { InstanceState, NoticeEndpoints, type WorkflowNode } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { LiveStream } from './live-client.js';
import {
  act,
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
  stateOf,
  type Table,
} from './workflow-helpers.js';

/**
 * Issue 29, the applicant's side of an approval: a flow sent back to them is 已退回 / 待重新提交 (state
 * Returned 6) on the instance and the record's row, open lists hear of it live; the one letter they
 * get says so in the second person; a read-only field is refused by its name; the approver chain a new
 * record will take is shown before submitting, and the steps still to come while it runs.
 */
let server: TestServer;
let w: FlowWorld;
let t: Table;
beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
});
afterAll(async () => server?.close());

/** start → a (Bob) → b (Carol), approval nodes as `settings` say. */
async function chain(settings: Record<string, unknown> = {}) {
  t = await newTable(w);
  await publish(w, t, [
    startNode('a'),
    approveNode('a', members(w.bob), settings, 'b'),
    approveNode('b', members(w.carol), settings),
  ]);
}
const begin = async (title = '报销单') => (await startFlow(w, t, w.alice, { [t.f.title]: title })).instance.instanceId;

async function rowOf(title: string) {
  const res = await w.owner.client.request('POST', `${t.base}/records/query`, { body: {} });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const rows = res.json.data.resultList as { data: Record<string, unknown>; flowState: number; flowNode: string }[];
  const row = rows.find((r) => r.data[t.f.title] === title);
  return { flowState: row?.flowState, flowNode: row?.flowNode };
}

type Letter = { kind: string; subject: string; content: string };
async function letters(p: Person): Promise<Letter[]> {
  const res = await p.client.call(NoticeEndpoints.list, { query: { pageSize: '100' } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.resultList as Letter[];
}

describe('sent back to the originator', () => {
  it('is Returned on the instance and the record, until resubmitted; open lists hear of it', async () => {
    await chain();
    const id = await begin('退回的单据');
    await actOk(w.bob, id, 'approval');
    const grid = await LiveStream.open(server.baseUrl, w.team.engineCode, w.owner.client.sessionCookie);
    try {
      const res = await actOk(w.carol, id, 'revert', {
        targetActivityCode: 'start',
        resubmit: 'rerun',
        comment: '缺发票',
      });
      expect(res.instance.instanceState).toBe(InstanceState.Returned);
      expect(await rowOf('退回的单据')).toEqual({ flowState: InstanceState.Returned, flowNode: '发起' });
      // The owner takes no part in the flow, yet their open grid of the table is told to refresh.
      await grid.waitFor('records');
      expect(grid.data[grid.events.indexOf('records')]).toBe(JSON.stringify({ schemaCode: t.schemaCode }));
    } finally {
      grid.close();
    }
    // "我发起的" still lists it.
    const mine = await w.alice.client.request('POST', '/v1/todos/list', {
      body: { taskType: 'original', pageSize: 100, pageIndex: 0 },
    });
    expect(mine.status, JSON.stringify(mine.json)).toBe(200);
    expect(mine.json.data.resultList.map((r: { instanceId: string }) => r.instanceId)).toContain(id);
    // Resubmitting runs the flow again: Running, at a.
    await actOk(w.alice, id, 'submit');
    expect((await stateOf(w.owner, id)).instanceState).toBe(InstanceState.Running);
    expect(await rowOf('退回的单据')).toEqual({ flowState: InstanceState.Running, flowNode: '审批a' });
  });

  it('a rejection to the originator is Returned too; a revert to a node passed stays Running', async () => {
    await chain({ rejectTo: 'originator' });
    const rejected = await begin('驳回给发起人');
    expect((await actOk(w.bob, rejected, 'disapproval')).instance.instanceState).toBe(InstanceState.Returned);
    const reverted = await begin('退回到上一步');
    await actOk(w.bob, reverted, 'approval');
    const res = await actOk(w.carol, reverted, 'revert', { targetActivityCode: 'a', resubmit: 'rerun' });
    expect(res.instance.instanceState).toBe(InstanceState.Running);
    expect(await rowOf('退回到上一步')).toEqual({ flowState: InstanceState.Running, flowNode: '审批a' });
  });

  it('writes the applicant one letter, in the second person, with the comment', async () => {
    await chain();
    const id = await begin();
    await actOk(w.bob, id, 'approval');
    const before = (await letters(w.alice)).length;
    await actOk(w.carol, id, 'revert', { targetActivityCode: 'start', resubmit: 'rerun', comment: '请补充发票' });
    const now = await letters(w.alice);
    expect(now.length).toBe(before + 1);
    const letter = now[0] as Letter;
    expect(letter.kind).toBe('returned');
    expect(letter.content).toMatch(
      /^你的报销\d+被卡罗退回：请补充发票 <a href="\/workflow\/[^"]+workitemId=[^"]+"[^>]*>去处理<\/a>$/,
    );

    // Without a comment, and in English for a reader who chose it.
    await actOk(w.alice, id, 'submit');
    await actOk(w.bob, id, 'revert', { targetActivityCode: 'start', resubmit: 'rerun' });
    const plain = (await letters(w.alice))[0] as Letter;
    expect(plain.kind).toBe('returned');
    expect(plain.content).toMatch(/^你的报销\d+被鲍勃退回，请修改后重新提交。/);
    const en = await w.alice.client.call(NoticeEndpoints.list, {
      query: { pageSize: '1' },
      headers: { 'accept-language': 'en' },
    });
    expect((en.json.data.resultList[0] as Letter).content).toMatch(/^Your 报销\d+ was sent back to you by 鲍勃\./);
  });
});

describe('field rules', () => {
  it('refuses a read-only field by its display name', async () => {
    await chain();
    const id = await begin();
    const res = await act(w.bob, id, 'approval', { data: { [t.f.title]: '改了' } });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toEqual([{ field: t.f.title, message: '标题为只读字段，不能修改' }]);
  });
});

describe('the path a request will take', () => {
  /** start → condition (金额 > 1000 → Dave, else Bob) → b (Carol), and a copy to Erin. */
  async function branched(startRules: (t: Table) => Record<string, string> = () => ({})) {
    t = await newTable(w);
    const condition = {
      id: 'cond',
      type: 'condition',
      name: '金额判断',
      next: 'b',
      settings: {
        branches: [
          {
            id: 'big',
            name: '大额',
            next: 'big1',
            filter: { op: 'and', conditions: [{ field: t.f.amount, operator: 'gt', value: 1000 }] },
          },
          { id: 'else', name: '其他情况', isElse: true, next: 'small1' },
        ],
      },
    } as unknown as WorkflowNode;
    await publish(w, t, [
      startNode('cond', startRules(t)),
      condition,
      approveNode('big1', members(w.dave)),
      approveNode('small1', members(w.bob)),
      approveNode('b', [{ kind: 'members', ids: [w.carol.memberId, w.erin.memberId] }], { mode: 'all' }, 'cc'),
      { id: 'cc', type: 'cc', name: '抄送财务', settings: { participants: members(w.frank), fieldRules: {} } },
    ]);
  }
  const preview = (who: Person, data: Record<string, unknown>) =>
    who.client.request('POST', '/v1/workflow/path/preview', {
      body: { appCode: w.appCode, schemaCode: t.schemaCode, data },
    });
  const chainOf = (res: { json: { data: { steps: { activityCode: string; participants: { name: string }[] }[] } } }) =>
    res.json.data.steps.map((s) => `${s.activityCode}:${s.participants.map((p) => p.name).join('+')}`);

  it('follows the branch the values entered lead to, writing nothing', async () => {
    await branched();
    const count = async () =>
      (await w.owner.client.request('POST', `${t.base}/records/query`, { body: {} })).json.data.resultList.length;
    const before = await count();
    const big = await preview(w.alice, { [t.f.title]: '出差', [t.f.amount]: 5000 });
    expect(big.status, JSON.stringify(big.json)).toBe(200);
    expect(chainOf(big)).toEqual(['big1:戴夫', 'b:卡罗+艾琳', 'cc:弗兰克']);
    expect(big.json.data.steps[1]).toMatchObject({ nodeType: 'approve', mode: 'all', note: '' });
    expect(big.json.data.steps[2]).toMatchObject({ nodeType: 'cc' });
    expect(chainOf(await preview(w.alice, { [t.f.amount]: 20 }))).toEqual(['small1:鲍勃', 'b:卡罗+艾琳', 'cc:弗兰克']);
    // Nothing entered yet (and a value that does not parse counts as empty): the else branch.
    expect(chainOf(await preview(w.alice, {}))).toEqual(['small1:鲍勃', 'b:卡罗+艾琳', 'cc:弗兰克']);
    expect(chainOf(await preview(w.alice, { [t.f.amount]: 'abc' }))).toEqual([
      'small1:鲍勃',
      'b:卡罗+艾琳',
      'cc:弗兰克',
    ]);
    expect(await count()).toBe(before);
  });

  it('obeys field rules: a value the start node does not let the applicant write, a field hidden from them', async () => {
    await branched((table) => ({ [table.f.amount]: 'readonly' }));
    expect(chainOf(await preview(w.alice, { [t.f.amount]: 5000 }))).toEqual([
      'small1:鲍勃',
      'b:卡罗+艾琳',
      'cc:弗兰克',
    ]);
    await branched((table) => ({ [table.f.amount]: 'hidden' }));
    const hidden = await preview(w.alice, { [t.f.amount]: 5000 });
    expect(hidden.json.data).toEqual({ steps: [], undecided: true });
  });

  it('needs access to the table, a published flow, and a valid body', async () => {
    await branched();
    // Frank holds no role in the app: it does not exist for him.
    expect((await preview(w.frank, {})).status).toBe(404);
    const bad = await w.alice.client.request('POST', '/v1/workflow/path/preview', {
      body: { appCode: w.appCode, schemaCode: t.schemaCode, extra: 1 },
    });
    expect(bad.status).toBe(400);
    t = await newTable(w);
    expect((await preview(w.alice, {})).status).toBe(400);
  });

  it('lists the steps still to come while the flow runs', async () => {
    await branched();
    const id = (await startFlow(w, t, w.alice, { [t.f.title]: '大额出差', [t.f.amount]: 9000 })).instance.instanceId;
    const ahead = async (who: Person) => {
      const res = await who.client.request('GET', `/v1/workflow/instance/path?instanceId=${id}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return chainOf(res);
    };
    expect(await ahead(w.alice)).toEqual(['b:卡罗+艾琳', 'cc:弗兰克']);
    await actOk(w.dave, id, 'approval');
    expect(await ahead(w.alice)).toEqual(['cc:弗兰克']);
    // Sent back to the applicant: the whole chain lies ahead again.
    await actOk(w.carol, id, 'revert', { targetActivityCode: 'start', resubmit: 'rerun' });
    expect(await ahead(w.alice)).toEqual(['big1:戴夫', 'b:卡罗+艾琳', 'cc:弗兰克']);
    // Someone with nothing to do with it may not look.
    expect((await w.frank.client.request('GET', `/v1/workflow/instance/path?instanceId=${id}`)).status).toBe(403);
  });
});
