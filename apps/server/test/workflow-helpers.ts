import type { ParticipantRule, WorkflowNode } from '@canopy/contract';
import { expect } from 'vitest';
import type { ApiResponse, TestClient, TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * Shared fixtures of the workflow tests: a team with an org chart (root managed by Erin, sales
 * managed by Dave, Alice in sales), an app where Alice, Bob and Carol are members and Dave a
 * manager (Frank has no role in it), and a fresh expense table per test.
 */
export interface Person {
  client: TestClient;
  memberId: string;
  userId: string;
  name: string;
}

export interface Table {
  schemaCode: string;
  base: string;
  f: Record<'title' | 'amount' | 'note' | 'secret' | 'handler' | 'items', string>;
}

export interface FlowWorld {
  server: TestServer;
  team: TeamFixture;
  owner: Person;
  alice: Person;
  bob: Person;
  carol: Person;
  dave: Person;
  erin: Person;
  frank: Person;
  appCode: string;
  departments: { root: string; sales: string };
  ledger: { schemaCode: string; base: string; subject: string; amount: string };
}

async function userIdOf(client: TestClient): Promise<string> {
  return (await client.request('GET', '/v1/user/information/basic')).json.data.id;
}

async function ok(res: Promise<ApiResponse>): Promise<ApiResponse> {
  const r = await res;
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r;
}

export async function flowWorld(server: TestServer): Promise<FlowWorld> {
  const team = await createTeam(server, '流程团队', '老板');
  const ownerInfo = (await team.owner.request('GET', '/v1/org/member/info')).json.data;
  const owner: Person = { client: team.owner, memberId: ownerInfo.memberId, userId: '', name: '老板' };
  owner.userId = await userIdOf(owner.client);
  const person = async (name: string): Promise<Person> => {
    const m = await joinTeam(server, team, name);
    return { ...m, userId: await userIdOf(m.client), name };
  };
  const [alice, bob, carol, dave, erin, frank] = [
    await person('艾丽'),
    await person('鲍勃'),
    await person('卡罗'),
    await person('戴夫'),
    await person('艾琳'),
    await person('弗兰克'),
  ] as [Person, Person, Person, Person, Person, Person];
  const appCode = (await ok(team.owner.request('POST', '/v1/apps', { body: { displayName: '报销审批' } }))).json.data
    .code;
  await ok(
    team.owner.request('POST', '/v1/apps/role/add', {
      body: { appCode, userIds: [alice.userId, bob.userId, carol.userId, erin.userId], role: 'member' },
    }),
  );
  await ok(
    team.owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [dave.userId], role: 'manager' } }),
  );
  const root = (await team.owner.request('GET', '/v1/org/department/root')).json.data.objectId;
  await ok(team.owner.request('PUT', '/v1/org/department', { body: { objectId: root, managerId: erin.memberId } }));
  const sales = (
    await ok(
      team.owner.request('POST', '/v1/org/department', {
        body: { parentId: root, name: '销售部', managerId: dave.memberId },
      }),
    )
  ).json.data.objectId;
  for (const m of [alice, dave])
    await ok(
      team.owner.request('PUT', '/v1/org/member/departments', {
        body: { memberId: m.memberId, departmentIds: [sales] },
      }),
    );
  const ledgerCode = (
    await ok(team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '台账' } }))
  ).json.data.code;
  const ledgerBase = `/v1/apps/${appCode}/schemas/${ledgerCode}`;
  const lf = async (name: string, type: string) =>
    (await ok(team.owner.request('POST', `${ledgerBase}/fields`, { body: { name, type } }))).json.data.code as string;
  const ledger = {
    schemaCode: ledgerCode,
    base: ledgerBase,
    subject: await lf('摘要', 'text'),
    amount: await lf('金额', 'number'),
  };
  return { server, team, owner, alice, bob, carol, dave, erin, frank, appCode, departments: { root, sales }, ledger };
}

let tables = 0;
/** A fresh expense table: title, amount, note, secret, handler (member), items (sub-table: name, cost). */
export async function newTable(w: FlowWorld): Promise<Table> {
  tables += 1;
  const owner = w.team.owner;
  const schemaCode = (
    await ok(
      owner.request('POST', `/v1/apps/${w.appCode}/nodes`, { body: { type: 'Schema', displayName: `报销${tables}` } }),
    )
  ).json.data.code;
  const base = `/v1/apps/${w.appCode}/schemas/${schemaCode}`;
  const field = async (name: string, type: string, settings?: Record<string, unknown>) =>
    (await ok(owner.request('POST', `${base}/fields`, { body: { name, type, ...(settings ? { settings } : {}) } })))
      .json.data.code as string;
  const f = {
    title: await field('标题', 'text'),
    amount: await field('金额', 'number'),
    note: await field('备注', 'text'),
    secret: await field('内部说明', 'text'),
    handler: await field('经办人', 'member', { multiple: true }),
    items: await field('明细', 'subTable', {
      fields: [
        { code: 'name', name: '品名', type: 'text' },
        { code: 'cost', name: '费用', type: 'number' },
      ],
    }),
  };
  return { schemaCode, base, f };
}

// Node builders ---------------------------------------------------------------------------------

const comment = {
  approve: { enableComment: true, required: false },
  reject: { enableComment: true, required: false },
};

export function startNode(next?: string, fieldRules: Record<string, string> = {}): WorkflowNode {
  return {
    id: 'start',
    type: 'start',
    name: '发起',
    ...(next ? { next } : {}),
    settings: { fieldRules },
  } as WorkflowNode;
}

export function approveNode(
  id: string,
  participants: ParticipantRule[],
  settings: Record<string, unknown> = {},
  next?: string,
): WorkflowNode {
  return {
    id,
    type: 'approve',
    name: `审批${id}`,
    ...(next ? { next } : {}),
    settings: {
      participants,
      mode: 'any',
      whenEmpty: 'error',
      fieldRules: {},
      comment,
      actions: ['revert', 'transfer', 'addSigner', 'cc', 'comment'],
      closeRevert: false,
      closeTerminate: false,
      rejectTo: 'end',
      ...settings,
    },
  } as WorkflowNode;
}

export function fillNode(
  id: string,
  participants: ParticipantRule[],
  settings: Record<string, unknown> = {},
  next?: string,
): WorkflowNode {
  const node = approveNode(id, participants, settings, next) as { settings: Record<string, unknown> };
  delete node.settings.rejectTo;
  return { ...node, type: 'fill', name: `填写${id}` } as WorkflowNode;
}

export const members = (...people: Person[]): ParticipantRule[] => [
  { kind: 'members', ids: people.map((p) => p.memberId) },
];

// Calls -----------------------------------------------------------------------------------------

/** Saves the flow as the table's draft and publishes it (asserting both succeed). */
export async function publish(w: FlowWorld, t: Table, nodes: WorkflowNode[]): Promise<number> {
  await ok(w.team.owner.request('PUT', `${t.base}/workflow`, { body: { definition: { nodes } } }));
  return (await ok(w.team.owner.request('POST', `${t.base}/workflow/publish`))).json.data.version;
}

export async function startFlow(
  w: FlowWorld,
  t: Table,
  who: Person,
  data: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const res = await who.client.request('POST', '/v1/workflow/start', {
    body: { appCode: w.appCode, schemaCode: t.schemaCode, data, ...extra },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as {
    instance: { instanceId: string; instanceState: number; currentNodes: { activityCode: string }[] };
    record: { id: string; data: Record<string, unknown> };
    myWorkItems: { workItemId: string }[];
  };
}

export async function detail(who: Person, instanceId: string) {
  const res = await who.client.request('GET', `/v1/workflow/instance?instanceId=${instanceId}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

/** The member's open work item in the instance (failing the test when there is none). */
export async function myItem(
  who: Person,
  instanceId: string,
): Promise<{ workItemId: string; activityCode: string; itemType: number }> {
  const items = (await detail(who, instanceId)).myWorkItems;
  expect(items.length, `${who.name} has no open item`).toBeGreaterThan(0);
  return items[0];
}

export async function hasItem(who: Person, instanceId: string): Promise<boolean> {
  const res = await who.client.request('GET', `/v1/workflow/instance?instanceId=${instanceId}`);
  return res.status === 200 && res.json.data.myWorkItems.length > 0;
}

/** Acts on the member's open item in the instance: POST /v1/workflow/<path> with the item and the body. */
export async function act(who: Person, instanceId: string, path: string, body: Record<string, unknown> = {}) {
  const item = await myItem(who, instanceId);
  return who.client.request('POST', `/v1/workflow/${path}`, {
    body: { workItem: { workItemId: item.workItemId }, ...body },
  });
}

export async function actOk(who: Person, instanceId: string, path: string, body: Record<string, unknown> = {}) {
  const res = await act(who, instanceId, path, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as {
    instance: { instanceState: number; result: string; currentNodes: { activityCode: string }[] };
  };
}

export async function stateOf(who: Person, instanceId: string) {
  return (await detail(who, instanceId)).instance as {
    instanceState: number;
    result: string;
    currentNodes: { activityCode: string; activityName: string }[];
    workflowVersion: number;
  };
}
