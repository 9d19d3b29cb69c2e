import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportView } from './export-helpers.js';
import { startTestServer, type TestServer } from './harness.js';
import { createAppTable, createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * A lookup shows what the related records show: a choice's label, a member's or department's
 * name, a file's name — never the stored ids (which read as gibberish in the grid, the detail,
 * exports and the open API).
 */
let server: TestServer;
let team: TeamFixture;
let orders: string;
const f: Record<string, string> = {};
let orderId: string;

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '查找团队', '老板');
  const sales = await joinTeam(server, team, '钱销售');
  const customers = await createAppTable(team, '销售', '客户');
  const field = async (base: string, name: string, type: string, settings?: unknown) => {
    const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type, settings } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data.code as string;
  };
  f.name = await field(customers.base, '客户名', 'text');
  f.level = await field(customers.base, '等级', 'singleSelect', {
    options: [
      { id: 'vip', label: '重点客户', color: 'red' },
      { id: 'std', label: '普通客户', color: 'blue' },
    ],
  });
  f.tags = await field(customers.base, '标签', 'multiSelect', {
    options: [
      { id: 't1', label: '制造业', color: 'green' },
      { id: 't2', label: '华东', color: 'blue' },
    ],
  });
  f.owner = await field(customers.base, '负责人', 'member');
  f.dept = await field(customers.base, '部门', 'department');
  const root = (await team.owner.request('GET', '/v1/org/department/root')).json.data.objectId as string;
  const dept = (await team.owner.request('POST', '/v1/org/department', { body: { parentId: root, name: '华东大区' } }))
    .json.data.objectId as string;
  const customer = await team.owner.request('POST', `${customers.base}/records`, {
    body: {
      data: {
        [f.name]: '星河科技',
        [f.level]: 'vip',
        [f.tags]: ['t1', 't2'],
        [f.owner]: [sales.memberId],
        [f.dept]: [dept],
      },
    },
  });
  expect(customer.status, JSON.stringify(customer.json)).toBe(200);

  const node = await team.owner.request('POST', `/v1/apps/${customers.appCode}/nodes`, {
    body: { type: 'Schema', displayName: '订单' },
  });
  orders = `/v1/apps/${customers.appCode}/schemas/${node.json.data.code}`;
  f.title = await field(orders, '订单号', 'text');
  f.customer = await field(orders, '客户', 'relation', { schemaCode: customers.schemaCode, multiple: false });
  for (const [key, target] of [
    ['lLevel', f.level],
    ['lTags', f.tags],
    ['lOwner', f.owner],
    ['lDept', f.dept],
    ['lName', f.name],
  ] as const)
    f[key] = await field(orders, `客户${key}`, 'lookup', { relationFieldCode: f.customer, targetFieldCode: target });
  const order = await team.owner.request('POST', `${orders}/records`, {
    body: { data: { [f.title]: 'SO-001', [f.customer]: customer.json.data.id } },
  });
  expect(order.status, JSON.stringify(order.json)).toBe(200);
  orderId = order.json.data.id;
});
afterAll(async () => server?.close());

describe('lookups', () => {
  it('answer labels and names in the record, the list and the export', async () => {
    const expected = {
      [f.lLevel as string]: ['重点客户'],
      [f.lTags as string]: ['制造业', '华东'],
      [f.lOwner as string]: ['钱销售'],
      [f.lDept as string]: ['华东大区'],
      [f.lName as string]: ['星河科技'],
    };
    const one = await team.owner.request('GET', `${orders}/records/${orderId}`);
    expect(one.status).toBe(200);
    expect(one.json.data.data).toMatchObject(expected);
    const list = await team.owner.request('POST', `${orders}/records/query`, { body: {} });
    expect(list.json.data.resultList[0].data).toMatchObject(expected);

    const exported = await exportView(team.owner, orders, { format: 'csv' });
    if (!('file' in exported)) throw new Error(`export refused: ${JSON.stringify(exported.json)}`);
    const csv = exported.file.bytes.toString('utf8');
    expect(csv).toContain('重点客户');
    expect(csv).toContain('制造业、华东');
    expect(csv).toContain('钱销售');
    expect(csv).not.toContain('"[');
  });
});
