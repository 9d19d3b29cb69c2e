import { WorkItemState } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import {
  approveNode,
  detail,
  type FlowWorld,
  flowWorld,
  members,
  newTable,
  type Person,
  publish,
  startFlow,
  startNode,
  stateOf,
} from './workflow-helpers.js';

/**
 * Issue 27: a flow's participants "by app role" and a branch's originator role name any of the app's
 * roles, and whoever holds one at run time takes part: a grant by name, to a department (with
 * sub-departments), to everyone. A role deleted since is refused at publishing.
 */
let server: TestServer;
let w: FlowWorld;
/** 财务 (granted to the sales department with sub-departments), 审计 (to Frank by name). */
let finance: string;
let audit: string;

async function role(name: string, grants: { kind: string; target: string }[]): Promise<string> {
  const created = await w.team.owner.request('POST', `/v1/apps/${w.appCode}/roles`, { body: { name } });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const key = created.json.data.key as string;
  const granted = await w.team.owner.request('PUT', `/v1/apps/${w.appCode}/roles/${key}/grants`, { body: { grants } });
  expect(granted.status, JSON.stringify(granted.json)).toBe(200);
  return key;
}

/** Who holds an open item of the instance, by name. */
async function handlers(instanceId: string): Promise<string[]> {
  const d = await detail(w.owner, instanceId);
  const people: Person[] = [w.owner, w.alice, w.bob, w.carol, w.dave, w.erin, w.frank];
  return (d.workItems as { participant: { memberId: string }; workItemState: number }[])
    .filter((i) => i.workItemState === WorkItemState.Todo)
    .map((i) => people.find((p) => p.memberId === i.participant.memberId)?.name ?? i.participant.memberId)
    .sort();
}

beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
  finance = await role('财务', [{ kind: 'departmentTree', target: w.departments.sales }]);
  audit = await role('审计', [{ kind: 'member', target: w.frank.memberId }]);
});
afterAll(async () => server?.close());

describe('participants by any app role', () => {
  it('resolves the holders of each role named, from their grants as they stand when the step starts', async () => {
    const t = await newTable(w);
    await publish(w, t, [startNode('a1'), approveNode('a1', [{ kind: 'roles', roles: [finance, audit] }])]);
    const first = (await startFlow(w, t, w.bob, { [t.f.title]: '差旅' })).instance.instanceId;
    // Sales holds Alice and Dave; Frank holds 审计 by name.
    expect(await handlers(first)).toEqual([w.dave.name, w.frank.name, w.alice.name].sort());
    // Carol joins sales: the department's grant reaches her from the next instance on.
    const moved = await w.team.owner.request('PUT', '/v1/org/member/departments', {
      body: { memberId: w.carol.memberId, departmentIds: [w.departments.sales] },
    });
    expect(moved.status).toBe(200);
    const second = (await startFlow(w, t, w.bob, { [t.f.title]: '会议' })).instance.instanceId;
    expect(await handlers(second)).toEqual([w.dave.name, w.frank.name, w.alice.name, w.carol.name].sort());
  });

  it('a role granted to everyone reaches every active member; the owner and 管理员 keep their own keys', async () => {
    const everyone = await role('全员', [{ kind: 'everyone', target: '' }]);
    const t = await newTable(w);
    await publish(w, t, [
      startNode('all'),
      approveNode('all', [{ kind: 'roles', roles: [everyone] }], {}, 'fixed'),
      approveNode('fixed', [{ kind: 'roles', roles: ['owner', 'manager'] }]),
    ]);
    const id = (await startFlow(w, t, w.bob, { [t.f.title]: '全员' })).instance.instanceId;
    expect(await handlers(id)).toEqual(
      [w.owner, w.alice, w.bob, w.carol, w.dave, w.erin, w.frank].map((p) => p.name).sort(),
    );
  });

  it('a branch decides by any role the originator holds', async () => {
    const t = await newTable(w);
    await publish(w, t, [
      startNode('cond'),
      {
        id: 'cond',
        type: 'condition',
        name: '按角色',
        settings: {
          branches: [
            { id: 'fin', name: '财务', next: 'erin', originator: { roles: [finance] } },
            { id: 'else', name: '其他', isElse: true, next: 'bob' },
          ],
        },
      },
      approveNode('erin', members(w.erin)),
      approveNode('bob', members(w.bob)),
    ]);
    const current = async (id: string) => (await stateOf(w.owner, id)).currentNodes.map((n) => n.activityCode);
    // Alice holds 财务 through sales; Bob holds none.
    const byAlice = (await startFlow(w, t, w.alice, { [t.f.title]: '艾丽' })).instance.instanceId;
    const byBob = (await startFlow(w, t, w.bob, { [t.f.title]: '鲍勃' })).instance.instanceId;
    expect([await current(byAlice), await current(byBob)]).toEqual([['erin'], ['bob']]);
  });

  it('refuses to publish a flow naming a role deleted since, naming the step', async () => {
    const doomed = await role('临时', [{ kind: 'member', target: w.bob.memberId }]);
    const t = await newTable(w);
    const saved = await w.team.owner.request('PUT', `${t.base}/workflow`, {
      body: { definition: { nodes: [startNode('a1'), approveNode('a1', [{ kind: 'roles', roles: [doomed] }])] } },
    });
    expect(saved.status).toBe(200);
    expect((await w.team.owner.request('DELETE', `/v1/apps/${w.appCode}/roles/${doomed}`)).status).toBe(200);
    const refused = await w.team.owner.request('POST', `${t.base}/workflow/publish`);
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrors).toEqual([
      { field: 'a1', message: '节点「审批a1」选择的应用角色已被删除，请重新选择' },
    ]);
  });
});
