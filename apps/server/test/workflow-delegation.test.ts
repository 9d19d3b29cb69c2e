import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runMaintenance } from '../src/maintenance.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, joinTeam } from './org-helpers.js';
import {
  actOk,
  approveNode,
  detail,
  type FlowWorld,
  flowWorld,
  hasItem,
  members,
  myItem,
  newTable,
  type Person,
  publish,
  startFlow,
  startNode,
  stateOf,
  type Table,
} from './workflow-helpers.js';

/** Out-of-office delegation: setting it, and new work items going to the delegate, acting for the member. */
let server: TestServer;
let w: FlowWorld;
let t: Table;
beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
  t = await newTable(w);
  // start → a1 (Bob) → a2 (Carol); a copy to Bob at a1 is possible through cc.
  await publish(w, t, [
    startNode('a1'),
    approveNode('a1', members(w.bob), {}, 'a2'),
    approveNode('a2', members(w.carol)),
  ]);
});
afterAll(async () => server?.close());
beforeEach(async () => {
  for (const p of [w.bob, w.carol, w.erin]) await p.client.request('DELETE', '/v1/workflow/delegation');
});

const HOUR = 3_600_000;
const delegate = (who: Person, to: Person, startsAt = Date.now() - HOUR, endsAt = Date.now() + 24 * HOUR) =>
  who.client.request('PUT', '/v1/workflow/delegation', {
    body: { delegateMemberId: to.memberId, startsAt, endsAt },
  });
const begin = async () => (await startFlow(w, t, w.alice, { [t.f.title]: '出差' })).instance.instanceId;

interface Step {
  action: string;
  actor: { memberId: string; name: string } | null;
  actingFor: { memberId: string; name: string } | null;
}

describe('my delegation', () => {
  it('is set, read by both sides, and cleared', async () => {
    const res = await delegate(w.bob, w.carol);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.mine).toMatchObject({
      member: { memberId: w.bob.memberId, name: '鲍勃' },
      delegate: { memberId: w.carol.memberId, name: '卡罗' },
      active: true,
    });
    const carol = (await w.carol.client.request('GET', '/v1/workflow/delegation')).json.data;
    expect(carol).toMatchObject({ mine: null, forMe: [{ member: { memberId: w.bob.memberId }, active: true }] });
    // Setting again replaces it (one delegation per member).
    const later = Date.now() + 48 * HOUR;
    const again = await delegate(w.bob, w.erin, later, later + HOUR);
    expect(again.json.data.mine).toMatchObject({ delegate: { memberId: w.erin.memberId }, active: false });
    expect((await w.carol.client.request('GET', '/v1/workflow/delegation')).json.data.forMe).toEqual([]);
    const cleared = await w.bob.client.request('DELETE', '/v1/workflow/delegation');
    expect(cleared.json.data).toEqual({ mine: null, forMe: [] });
  });

  it('refuses oneself, someone outside the team, and a period that is over or backwards, naming the field', async () => {
    const self = await delegate(w.bob, w.bob);
    expect(self.status).toBe(400);
    expect(self.json.fieldErrors).toEqual([{ field: 'delegateMemberId', message: '不能委托给自己' }]);
    const stranger = await w.bob.client.request('PUT', '/v1/workflow/delegation', {
      body: { delegateMemberId: 'not-a-member', startsAt: Date.now(), endsAt: Date.now() + HOUR },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.json.fieldErrors[0].field).toBe('delegateMemberId');
    const backwards = await delegate(w.bob, w.carol, Date.now() + 2 * HOUR, Date.now() + HOUR);
    expect(backwards.json.fieldErrors).toEqual([
      { field: 'endsAt', message: '委托的结束时间必须晚于开始时间和当前时间' },
    ]);
    expect((await delegate(w.bob, w.carol, Date.now() - 2 * HOUR, Date.now() - HOUR)).status).toBe(400);
    const extra = await w.bob.client.request('PUT', '/v1/workflow/delegation', {
      body: { delegateMemberId: w.carol.memberId, startsAt: 0, endsAt: Date.now() + HOUR, chain: true },
    });
    expect(extra.status).toBe(400);
    expect((await w.bob.client.request('GET', '/v1/workflow/delegation')).json.data.mine).toBeNull();
  });
});

describe('work items while away', () => {
  it('go to the delegate, shown as acting for the member; the log names both; the delegate acts, the member cannot', async () => {
    expect((await delegate(w.bob, w.erin)).status).toBe(200);
    const id = await begin();
    expect(await hasItem(w.bob, id)).toBe(false);
    const item = await myItem(w.erin, id);
    const erinItems = (await detail(w.erin, id)).myWorkItems;
    expect(erinItems[0]).toMatchObject({ participant: { memberId: w.erin.memberId }, actingFor: { name: '鲍勃' } });
    const ctx = await w.erin.client.request(
      'GET',
      `/v1/workflow/view/context?instanceId=${id}&workitemId=${item.workItemId}`,
    );
    expect(ctx.json.data).toMatchObject({ actingFor: { memberId: w.bob.memberId, name: '鲍勃' } });
    expect(ctx.json.data.actions.map((a: { code: string }) => a.code)).toContain('approve');

    // Bob cannot act on the item that went to Erin.
    const refused = await w.bob.client.request('POST', '/v1/workflow/approval', {
      body: { workItem: { workItemId: item.workItemId } },
    });
    expect(refused.status).toBe(403);

    await actOk(w.erin, id, 'approval', { comment: '代鲍勃同意' });
    const steps = (await detail(w.owner, id)).timeline as Step[];
    // One line for the delegate's approval, naming both; the hand-over is no step of its own
    // (issue 29), though the log keeps it.
    expect(steps.map((s) => s.action)).toEqual(['create', 'submit', 'approve']);
    expect(steps[2]).toMatchObject({
      actor: { memberId: w.erin.memberId, name: '艾琳' },
      actingFor: { memberId: w.bob.memberId, name: '鲍勃' },
    });
    const kept = await server.database.handle.db
      .selectFrom('workflow_logs')
      .select(['action', 'member_id', 'acting_for_member_id'])
      .where('instance_id', '=', id)
      .where('action', '=', 'delegate')
      .execute();
    expect(kept).toEqual([{ action: 'delegate', member_id: w.erin.memberId, acting_for_member_id: w.bob.memberId }]);
    // The next node (Carol, not away) is Carol's own.
    expect((await detail(w.carol, id)).myWorkItems[0]).toMatchObject({ actingFor: null });
  });

  it('outside the period (not begun, or over) and after clearing, items are the member’s own', async () => {
    await delegate(w.bob, w.erin, Date.now() + HOUR, Date.now() + 2 * HOUR);
    const notYet = await begin();
    expect((await detail(w.bob, notYet)).myWorkItems[0]).toMatchObject({ actingFor: null });
    expect(await hasItem(w.erin, notYet)).toBe(false);

    // A period that has ended (only time can do that: the API refuses setting one in the past).
    await delegate(w.bob, w.erin);
    await server.database.handle.db
      .updateTable('workflow_delegations')
      .set({ ends_at: Date.now() - 1 })
      .where('member_id', '=', w.bob.memberId)
      .execute();
    const over = await begin();
    expect(await hasItem(w.bob, over)).toBe(true);
    expect(await hasItem(w.erin, over)).toBe(false);
    expect((await w.bob.client.request('GET', '/v1/workflow/delegation')).json.data.mine).toBeNull();

    await delegate(w.bob, w.erin);
    await w.bob.client.request('DELETE', '/v1/workflow/delegation');
    const cleared = await begin();
    expect(await hasItem(w.bob, cleared)).toBe(true);
    expect(await hasItem(w.erin, cleared)).toBe(false);
  });

  it('items delegated before the member is back stay with the delegate; new ones are the member’s again', async () => {
    await delegate(w.bob, w.erin);
    const during = await begin();
    await w.bob.client.request('DELETE', '/v1/workflow/delegation');
    expect(await hasItem(w.erin, during)).toBe(true);
    expect(await hasItem(w.bob, during)).toBe(false);
    const after = await begin();
    expect(await hasItem(w.bob, after)).toBe(true);
  });

  it('follow one hop only: a delegate who is away too still receives them (no chains, no loops)', async () => {
    await delegate(w.bob, w.carol);
    await delegate(w.carol, w.bob);
    const id = await begin();
    // Bob's item went to Carol, not on to Bob again (and not round and round).
    const item = (await detail(w.carol, id)).myWorkItems[0];
    expect(item).toMatchObject({ activityCode: 'a1', actingFor: { memberId: w.bob.memberId } });
    await actOk(w.carol, id, 'approval');
    // Carol's own node a2 goes to her delegate Bob, acting for her.
    expect((await detail(w.bob, id)).myWorkItems[0]).toMatchObject({
      activityCode: 'a2',
      actingFor: { memberId: w.carol.memberId },
    });
  });

  it('never take the originator’s own items: starting, resubmitting after a reject to them, and after a withdraw', async () => {
    const own = await newTable(w);
    await publish(w, own, [startNode('a1'), approveNode('a1', members(w.bob), { rejectTo: 'originator' })]);
    const mine = async (id: string) => {
      expect((await detail(w.alice, id)).myWorkItems[0]).toMatchObject({ activityCode: 'start', actingFor: null });
      expect(await hasItem(w.erin, id)).toBe(false);
    };
    // Two flows Alice started before going away.
    const rejected = (await startFlow(w, own, w.alice, { [own.f.title]: '驳回' })).instance.instanceId;
    const withdrawn = (await startFlow(w, own, w.alice, { [own.f.title]: '撤回' })).instance.instanceId;
    await delegate(w.alice, w.erin);
    try {
      // Starting while away: the start item is Alice's, submitted by her.
      const started = (await startFlow(w, own, w.alice, { [own.f.title]: '出差中发起' })).instance.instanceId;
      expect(await hasItem(w.erin, started)).toBe(false);
      expect((await stateOf(w.owner, started)).currentNodes.map((n) => n.activityCode)).toEqual(['a1']);
      // Rejected back to her: the resubmit item is hers; she resubmits.
      await actOk(w.bob, rejected, 'disapproval');
      await mine(rejected);
      await actOk(w.alice, rejected, 'submit');
      // Withdrawn: the draft's start item is hers again.
      const res = await w.alice.client.request('POST', '/v1/workflow/withdraw', { body: { instanceId: withdrawn } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      await mine(withdrawn);
      const handedOver = await server.database.handle.db
        .selectFrom('workflow_logs')
        .select('instance_id')
        .where('instance_id', 'in', [started, rejected, withdrawn])
        .where('action', '=', 'delegate')
        .execute();
      expect(handedOver).toEqual([]);
    } finally {
      await w.alice.client.request('DELETE', '/v1/workflow/delegation');
    }
  });

  it('read-only copies stay with the member (they need no action)', async () => {
    await delegate(w.carol, w.erin);
    const id = await begin();
    await actOk(w.bob, id, 'cc', { memberIds: [w.carol.memberId] });
    const carolItems = (await detail(w.carol, id)).myWorkItems as { itemType: number }[];
    expect(carolItems.map((i) => i.itemType)).toEqual([3]);
  });
});

it('goes with its team when a closed team is purged', async () => {
  const team = await createTeam(server, '短命团队', '主人');
  const helper = await joinTeam(server, team, '帮手');
  const set = await team.owner.request('PUT', '/v1/workflow/delegation', {
    body: { delegateMemberId: helper.memberId, startsAt: Date.now(), endsAt: Date.now() + HOUR },
  });
  expect(set.status, JSON.stringify(set.json)).toBe(200);
  const closed = await team.owner.request('POST', `/v1/engine/${team.engineCode}/close`, {
    body: { corpName: '短命团队' },
  });
  expect(closed.status, JSON.stringify(closed.json)).toBe(200);
  const { purged } = await runMaintenance(server.database.handle.db, server.dataDir, closed.json.data.purgeAt + 60_000);
  expect(purged).toContain(team.engineCode);
  const left = await server.database.handle.db
    .selectFrom('workflow_delegations')
    .select('member_id')
    .where('engine_code', '=', team.engineCode)
    .execute();
  expect(left).toEqual([]);
});
