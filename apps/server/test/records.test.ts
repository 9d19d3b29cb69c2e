import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

let server: TestServer;
let team: TeamFixture;
let member: { client: TestClient; memberId: string };
let appCode: string;
let schemaCode: string;
let base: string;
const f: Record<string, string> = {};

async function field(name: string, type: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type, ...extra } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.code;
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '数据团队');
  member = await joinTeam(server, team, '录入员');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '合同管理' } })).json.data.code;
  const memberUserId = (await member.client.request('GET', '/v1/user/information/basic')).json.data.id;
  await team.owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [memberUserId], role: 'member' } });
  schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '合同' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  f.title = await field('合同名称', 'text', { required: true, settings: { maxLength: 20 } });
  f.no = await field('合同编号', 'autoNumber', { settings: { prefix: 'HT-', digits: 4 } });
  f.amount = await field('金额', 'money', { settings: { precision: 2, min: 0 } });
  f.signed = await field('签署日期', 'date');
  f.due = await field('到期时间', 'datetime');
  f.status = await field('状态', 'singleSelect', {
    settings: {
      options: [
        { id: 'draft', label: '草稿', color: 'gray' },
        { id: 'done', label: '已签', color: 'green' },
      ],
    },
  });
  f.tags = await field('标签', 'multiSelect', {
    settings: {
      options: [
        { id: 'vip', label: '重要', color: 'red' },
        { id: 'new', label: '新客', color: 'blue' },
      ],
    },
  });
  f.paid = await field('已付款', 'checkbox');
  f.phone = await field('联系电话', 'phone');
  f.email = await field('邮箱', 'email', { unique: true });
  f.site = await field('官网', 'url');
  f.note = await field('备注', 'textarea');
  f.rate = await field('税率', 'percent');
  f.count = await field('份数', 'number', { settings: { max: 10 } });
  f.creator = await field('创建人', 'createdBy');
});
afterAll(async () => server?.close());

describe('a data table', () => {
  it('is a physical table whose fields are typed columns', async () => {
    const info = (await member.client.request('GET', base)).json.data;
    expect(info.displayName).toBe('合同');
    expect(info.fields.map((x: { name: string }) => x.name)).toContain('合同名称');
    const access = (await member.client.request('GET', `${base}/permission`)).json.data;
    expect(access).toEqual({
      accessPermission: { add: true, view: true, edit: false, delete: false, import: false, export: true, print: true },
      fieldAccess: {},
      rowScope: 'all',
      designable: false,
    });
    const tables = await server.database.handle.db.introspection.getTables();
    const physical = tables.find((t) => t.name === `d_${schemaCode}`);
    expect(physical?.columns.map((c) => c.name)).toEqual(
      expect.arrayContaining(['id', 'version', `f_${f.amount}`, `f_${f.email}`]),
    );
  });

  it('refuses duplicate field names and unknown types', async () => {
    const dup = await team.owner.request('POST', `${base}/fields`, { body: { name: '金额', type: 'number' } });
    expect(dup.json.fieldErrors).toEqual([{ field: 'name', message: '字段名称已存在' }]);
    const unknown = await team.owner.request('POST', `${base}/fields`, { body: { name: '奇怪', type: 'hologram' } });
    expect(unknown.json.fieldErrors).toEqual([{ field: 'type', message: '不支持的字段类型' }]);
    expect((await member.client.request('POST', `${base}/fields`, { body: { name: 'x', type: 'text' } })).status).toBe(
      403,
    );
  });
});

describe('records', () => {
  it('round-trips every field type', async () => {
    const data = {
      [f.title as string]: ' 年度框架合同 ',
      [f.amount as string]: '12345.678',
      [f.signed as string]: '2026-11-22',
      [f.due as string]: '2026-12-31T18:00:00+08:00',
      [f.status as string]: 'done',
      [f.tags as string]: ['new', 'vip'],
      [f.paid as string]: true,
      [f.phone as string]: '13800138000',
      [f.email as string]: 'Buyer@Example.com',
      [f.site as string]: 'https://example.com',
      [f.note as string]: '第一行\n第二行',
      [f.rate as string]: 0.13,
      [f.count as string]: 2,
    };
    const res = await member.client.request('POST', `${base}/records`, { body: { data } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const got = (await member.client.request('GET', `${base}/records/${res.json.data.id}`)).json.data;
    expect(got.version).toBe(1);
    expect(got.data).toMatchObject({
      [f.title as string]: '年度框架合同',
      [f.no as string]: 'HT-0001',
      [f.amount as string]: 12345.68,
      [f.signed as string]: '2026-11-22',
      [f.due as string]: '2026-12-31T10:00:00.000Z',
      [f.status as string]: 'done',
      [f.tags as string]: ['vip', 'new'],
      [f.paid as string]: true,
      [f.email as string]: 'buyer@example.com',
      [f.rate as string]: 0.13,
      [f.count as string]: 2,
      [f.creator as string]: member.memberId,
    });
  });

  it('names every bad value with the field name and refuses unknown and system fields', async () => {
    const res = await member.client.request('POST', `${base}/records`, {
      body: {
        data: {
          [f.title as string]: '',
          [f.amount as string]: -1,
          [f.signed as string]: '2026-13-01',
          [f.status as string]: 'lost',
          [f.email as string]: 'not-an-email',
          [f.site as string]: 'javascript:alert(1)',
          [f.count as string]: 11,
          [f.no as string]: 'HT-9999',
          fnope: 1,
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.errorMessage).toBe('校验不通过');
    const messages = Object.fromEntries(
      res.json.fieldErrors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(messages).toEqual({
      fnope: '不支持的字段fnope',
      [f.no as string]: '合同编号由系统生成，不能修改',
      [f.title as string]: '合同名称不能为空',
      [f.amount as string]: '金额不能小于0',
      [f.signed as string]: '签署日期日期格式不正确',
      [f.status as string]: '状态的选项不存在',
      [f.email as string]: '邮箱不是有效的邮箱',
      [f.site as string]: '官网须为 http 或 https 链接',
      [f.count as string]: '份数不能大于10',
    });
  });

  it('keeps unique values unique', async () => {
    const data = { [f.title as string]: '甲', [f.email as string]: 'same@example.com' };
    expect((await member.client.request('POST', `${base}/records`, { body: { data } })).status).toBe(200);
    const again = await member.client.request('POST', `${base}/records`, {
      body: { data: { ...data, [f.title as string]: '乙' } },
    });
    expect(again.json.fieldErrors).toEqual([{ field: f.email, message: '邮箱的值已存在' }]);
  });

  it('gives exactly one of two writers on one version a 409, and records the change history', async () => {
    const created = (
      await team.owner.request('POST', `${base}/records`, { body: { data: { [f.title as string]: '冲突测试' } } })
    ).json.data;
    const first = await team.owner.request('PATCH', `${base}/records/${created.id}`, {
      body: { version: 1, data: { [f.title as string]: '改一' } },
    });
    const second = await team.owner.request('PATCH', `${base}/records/${created.id}`, {
      body: { version: 1, data: { [f.title as string]: '改二' } },
    });
    expect(first.json.data.version).toBe(2);
    expect(second.status).toBe(409);
    expect(second.json.errorMessage).toBe('数据已被他人修改，请刷新后重试');
    expect((await team.owner.request('GET', `${base}/records/${created.id}`)).json.data.data[f.title as string]).toBe(
      '改一',
    );
    const history = (await team.owner.request('GET', `${base}/records/${created.id}/history`)).json.data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['create', 'update']);
    expect(history[1].changes).toEqual([{ field: f.title, from: '冲突测试', to: '改一' }]);
  });

  it('hands out 50 distinct auto numbers to 50 parallel inserts', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        member.client.request('POST', `${base}/records`, { body: { data: { [f.title as string]: `并发${i}` } } }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const numbers = new Set(results.map((r) => r.json.data.data[f.no as string]));
    expect(numbers.size).toBe(50);
  });

  it('checks table permissions: members add and view but may not edit or delete by default', async () => {
    const created = (
      await member.client.request('POST', `${base}/records`, { body: { data: { [f.title as string]: '成员的' } } })
    ).json.data;
    const edit = await member.client.request('PATCH', `${base}/records/${created.id}`, {
      body: { version: 1, data: { [f.title as string]: 'x' } },
    });
    expect(edit.status).toBe(403);
    expect(edit.json.errorMessage).toBe('无编辑数据权限');
    expect((await member.client.request('DELETE', `${base}/records/${created.id}`)).json.errorMessage).toBe(
      '无删除数据权限',
    );
    await team.owner.request('PUT', base, { body: { permissions: { add: [], view: [], edit: [], delete: [] } } });
    expect((await member.client.request('GET', `${base}/records/${created.id}`)).json.errorMessage).toBe(
      '无查看数据权限',
    );
    const add = await member.client.request('POST', `${base}/records`, {
      body: { data: { [f.title as string]: 'x' } },
    });
    expect(add.json.errorMessage).toBe('无新增数据权限');
    await team.owner.request('PUT', base, {
      body: { permissions: { add: ['member'], view: ['member'], edit: [], delete: [] } },
    });
  });

  it('says 数据已被删除 for a deleted record, and batches all or nothing', async () => {
    const created = (
      await team.owner.request('POST', `${base}/records`, { body: { data: { [f.title as string]: '将删除' } } })
    ).json.data;
    expect((await team.owner.request('DELETE', `${base}/records/${created.id}?version=1`)).json).toEqual({
      data: true,
    });
    const gone = await team.owner.request('GET', `${base}/records/${created.id}`);
    expect(gone.status).toBe(404);
    expect(gone.json.errorMessage).toBe('数据已被删除');
    const before = (await team.owner.request('GET', `${base}/records?limit=200`)).json.data.resultList.length;
    const batch = await team.owner.request('POST', `${base}/records/batch`, {
      body: { create: [{ data: { [f.title as string]: '批量一' } }, { data: { [f.title as string]: '' } }] },
    });
    expect(batch.status).toBe(400);
    expect((await team.owner.request('GET', `${base}/records?limit=200`)).json.data.resultList.length).toBe(before);
  });

  it('pages newest first with a cursor and never shows another team', async () => {
    const first = (await team.owner.request('GET', `${base}/records?limit=5`)).json.data;
    expect(first.resultList).toHaveLength(5);
    const second = (await team.owner.request('GET', `${base}/records?limit=5&cursor=${first.nextCursor}`)).json.data;
    const ids = new Set([...first.resultList, ...second.resultList].map((r: { id: string }) => r.id));
    expect(ids.size).toBe(10);
    const other = await createTeam(server, '别队');
    expect((await other.owner.request('GET', `${base}/records`)).status).toBe(404);
  });

  it('keeps every row when fields are added, deleted and restored', async () => {
    const count = (await team.owner.request('GET', `${base}/records?limit=200`)).json.data.resultList.length;
    const extra = await field('新字段', 'text');
    expect((await team.owner.request('DELETE', `${base}/fields/${f.amount}`)).json).toEqual({
      data: { removed: true, rowRules: [], rowRuleNames: [] },
    });
    const rows = (await team.owner.request('GET', `${base}/records?limit=200`)).json.data.resultList;
    expect(rows).toHaveLength(count);
    expect(rows[0].data).not.toHaveProperty(f.amount as string);
    expect(rows[0].data).toHaveProperty(extra);
    await team.owner.request('POST', `${base}/fields/${f.amount}/restore`);
    const restored = (await team.owner.request('GET', `${base}/records?limit=200`)).json.data.resultList;
    expect(restored.some((r: { data: Record<string, unknown> }) => r.data[f.amount as string] === 12345.68)).toBe(true);
  });
});

describe('the form', () => {
  it('lists every field until arranged, then keeps the design, drops deleted fields and appends new ones', async () => {
    const initial = (await member.client.request('GET', `${base}/form`)).json.data;
    expect(initial.columns).toBe(1);
    expect(initial.sections[0].fields.map((x: { code: string }) => x.code)).toContain(f.title);
    const layout = {
      columns: 2,
      sections: [
        {
          id: 's1',
          title: '基本信息',
          fields: [{ code: f.title, hidden: false, readOnly: false, helpText: '请填写全称', wide: true }],
        },
        {
          id: 's2',
          title: '金额',
          fields: [{ code: f.amount, hidden: false, readOnly: true, helpText: '', wide: false }],
        },
      ],
    };
    expect((await member.client.request('PUT', `${base}/form`, { body: layout })).status).toBe(403);
    const saved = (await team.owner.request('PUT', `${base}/form`, { body: layout })).json.data;
    expect(saved.sections[0]).toEqual(layout.sections[0]);
    const added = await field('追加字段', 'text');
    const after = (await member.client.request('GET', `${base}/form`)).json.data;
    expect(after.sections[1].fields.map((x: { code: string }) => x.code)).toContain(added);
    const bad = await team.owner.request('PUT', `${base}/form`, {
      body: {
        columns: 1,
        sections: [
          {
            id: 'x',
            title: '',
            fields: [{ code: 'fnope', hidden: false, readOnly: false, helpText: '', wide: false }],
          },
        ],
      },
    });
    expect(bad.json.fieldErrors).toEqual([{ field: 'fnope', message: '字段不存在' }]);
  });
});

describe('people, rich text and location fields', () => {
  it('accepts only this team’s members and departments, sanitizes rich text and checks coordinates', async () => {
    const owner = await field('负责人', 'member');
    const helpers = await field('协办人', 'member', { settings: { multiple: true } });
    const dept = await field('所属部门', 'department');
    const body = await field('正文', 'richText');
    const place = await field('签约地点', 'location');
    const root = (await team.owner.request('GET', '/v1/org/department/root')).json.data.objectId;
    const other = await createTeam(server, '外队');
    const res = await team.owner.request('POST', `${base}/records`, {
      body: {
        data: {
          [f.title as string]: '人员字段',
          [owner]: [member.memberId],
          [helpers]: [member.memberId, team.memberId],
          [dept]: root,
          [body]: '<p>条款<script>alert(1)</script><a href="javascript:x">链接</a></p>',
          [place]: { address: '上海市浦东新区', lng: 121.5, lat: 31.2 },
        },
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.data[owner]).toEqual([member.memberId]);
    expect(res.json.data.data[dept]).toEqual([root]);
    expect(res.json.data.data[body]).not.toMatch(/script|javascript/);
    expect(res.json.data.data[place]).toEqual({ address: '上海市浦东新区', lng: 121.5, lat: 31.2 });

    const bad = await team.owner.request('POST', `${base}/records`, {
      body: {
        data: {
          [f.title as string]: '越界',
          [owner]: [member.memberId, team.memberId],
          [helpers]: [other.memberId],
          [place]: { address: 'x', lng: 500, lat: 0 },
        },
      },
    });
    const messages = Object.fromEntries(
      bad.json.fieldErrors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(messages).toEqual({ [owner]: '负责人只能选择一项', [place]: '签约地点地址格式不正确' });
    const foreign = await team.owner.request('POST', `${base}/records`, {
      body: { data: { [f.title as string]: '外队成员', [helpers]: [other.memberId] } },
    });
    expect(foreign.json.fieldErrors).toEqual([{ field: helpers, message: '协办人中有不属于本团队的成员或部门' }]);
  });
});

describe('relations and sub-tables', () => {
  it('links records of another table of the team and refuses ids that do not exist', async () => {
    const customers = (
      await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '客户' } })
    ).json.data.code;
    const cBase = `/v1/apps/${appCode}/schemas/${customers}`;
    const cName = (await team.owner.request('POST', `${cBase}/fields`, { body: { name: '客户名', type: 'text' } })).json
      .data.code;
    const acme = (await team.owner.request('POST', `${cBase}/records`, { body: { data: { [cName]: 'ACME' } } })).json
      .data.id;
    const badTarget = await team.owner.request('POST', `${base}/fields`, {
      body: { name: '错关联', type: 'relation', settings: { schemaCode: 'nope' } },
    });
    expect(badTarget.json.fieldErrors).toEqual([{ field: 'settings', message: '关联的数据表不存在' }]);
    const link = await field('客户', 'relation', { settings: { schemaCode: customers } });
    const ok = await team.owner.request('POST', `${base}/records`, {
      body: { data: { [f.title as string]: '有客户', [link]: [acme] } },
    });
    expect(ok.json.data.data[link]).toEqual([acme]);
    const bad = await team.owner.request('POST', `${base}/records`, {
      body: { data: { [f.title as string]: '假客户', [link]: ['no-such-id'] } },
    });
    expect(bad.json.fieldErrors).toEqual([{ field: link, message: '客户中有不存在或无权查看的数据' }]);
  });

  it('keeps sub-table rows with the record, validated row by row', async () => {
    const items = await field('明细', 'subTable', {
      settings: {
        fields: [
          { code: 'item', name: '品名', type: 'text', required: true },
          { code: 'qty', name: '数量', type: 'number', settings: { min: 1 } },
        ],
      },
    });
    const res = await team.owner.request('POST', `${base}/records`, {
      body: {
        data: {
          [f.title as string]: '带明细',
          [items]: [
            { item: '螺丝', qty: 10 },
            { item: '螺母', qty: '5' },
          ],
        },
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const rows = res.json.data.data[items];
    expect(rows.map((r: { item: string; qty: number }) => [r.item, r.qty])).toEqual([
      ['螺丝', 10],
      ['螺母', 5],
    ]);
    expect(rows[0].id).toMatch(/^[0-9a-f]{24}$/);
    const bad = await team.owner.request('POST', `${base}/records`, {
      body: {
        data: {
          [f.title as string]: '坏明细',
          [items]: [
            { item: '螺丝', qty: 1 },
            { item: '', qty: 0 },
          ],
        },
      },
    });
    expect(bad.json.fieldErrors).toEqual([{ field: items, message: '明细第2行的品名填写不正确' }]);
  });
});

describe('changing a field type under existing data', () => {
  it('converts what converts, lists what would be lost, and applies only when told to', async () => {
    const qty = await field('数量文本', 'text');
    const ids: string[] = [];
    for (const v of ['12', ' 7.5 ', '很多', '']) {
      const res = await team.owner.request('POST', `${base}/records`, {
        body: { data: { [f.title as string]: `转换${v}`, [qty]: v } },
      });
      ids.push(res.json.data.id);
    }
    const total = (await team.owner.request('GET', `${base}/records?limit=200`)).json.data.resultList.length;
    const preview = await team.owner.request('POST', `${base}/fields/${qty}/type`, {
      body: { type: 'number', settings: { precision: 1 } },
    });
    expect(preview.json.data).toMatchObject({
      applied: false,
      converted: 2,
      lostCount: 1,
      lostRows: [{ id: ids[2], value: '很多' }],
    });
    expect((await team.owner.request('GET', `${base}/records/${ids[0]}`)).json.data.data[qty]).toBe('12');

    const applied = await team.owner.request('POST', `${base}/fields/${qty}/type`, {
      body: { type: 'number', settings: { precision: 1 }, force: true },
    });
    expect(applied.json.data).toMatchObject({ applied: true, converted: 2, lostCount: 1 });
    expect(applied.json.data.field.type).toBe('number');
    const values = await Promise.all(
      ids.map(async (id) => (await team.owner.request('GET', `${base}/records/${id}`)).json.data.data[qty]),
    );
    expect(values).toEqual([12, 7.5, null, null]);
    expect((await team.owner.request('GET', `${base}/records?limit=200`)).json.data.resultList).toHaveLength(total);

    const toSelect = await team.owner.request('POST', `${base}/fields/${f.status}/type`, { body: { type: 'text' } });
    expect(toSelect.json.data.applied).toBe(true);
    const rows = (await team.owner.request('GET', `${base}/records?limit=200`)).json.data.resultList;
    expect(rows.some((r: { data: Record<string, unknown> }) => r.data[f.status as string] === '已签')).toBe(true);
  });
});

describe('deleting and restoring a data table', () => {
  it('keeps the data of a deleted table and brings it back on restore', async () => {
    const count = (await team.owner.request('GET', `${base}/records?limit=200`)).json.data.resultList.length;
    expect((await team.owner.request('DELETE', `/v1/apps/${appCode}/nodes/${schemaCode}`)).json).toEqual({
      data: true,
    });
    expect((await team.owner.request('GET', `${base}/records`)).json.errorMessage).toBe('数据表不存在');
    const nodes = (await team.owner.request('GET', `/v1/apps/${appCode}/nodes`)).json.data.map(
      (n: { code: string }) => n.code,
    );
    expect(nodes).not.toContain(schemaCode);
    const trash = (await team.owner.request('GET', `/v1/apps/${appCode}/nodes/trash`)).json.data;
    expect(trash.map((n: { code: string }) => n.code)).toEqual([schemaCode]);
    expect((await member.client.request('GET', `/v1/apps/${appCode}/nodes/trash`)).status).toBe(403);
    expect((await team.owner.request('POST', `/v1/apps/${appCode}/nodes/${schemaCode}/restore`)).json.data.code).toBe(
      schemaCode,
    );
    expect((await team.owner.request('GET', `${base}/records?limit=200`)).json.data.resultList).toHaveLength(count);
  });
});

describe('formula fields', () => {
  it('computes on every write from other fields, in dependency order, and refuses bad formulas', async () => {
    const price = await field('单价', 'number', { settings: { precision: 2 } });
    const qty = await field('购买数量', 'number');
    const total = await field('小计', 'formula', {
      settings: { expression: '{单价} * {购买数量}', resultType: 'number' },
    });
    const label = await field('摘要', 'formula', {
      settings: { expression: '{合同名称} & "：" & TEXT({小计}) & IF({小计} > 100, "（大单）", "")' },
    });
    const res = await team.owner.request('POST', `${base}/records`, {
      body: { data: { [f.title as string]: '采购', [price]: 12.5, [qty]: 10 } },
    });
    expect(res.json.data.data[total]).toBe(125);
    expect(res.json.data.data[label]).toBe('采购：125（大单）');
    const upd = await team.owner.request('PATCH', `${base}/records/${res.json.data.id}`, {
      body: { version: 1, data: { [qty]: 2 } },
    });
    expect(upd.json.data.data[total]).toBe(25);
    expect(upd.json.data.data[label]).toBe('采购：25');
    const set = await team.owner.request('PATCH', `${base}/records/${res.json.data.id}`, {
      body: { version: 2, data: { [total]: 1 } },
    });
    expect(set.json.fieldErrors).toEqual([{ field: total, message: '小计由系统生成，不能修改' }]);

    const unknown = await team.owner.request('POST', `${base}/fields`, {
      body: { name: '坏公式', type: 'formula', settings: { expression: '{不存在} + 1' } },
    });
    expect(unknown.json.fieldErrors).toEqual([{ field: 'settings', message: '公式引用了不存在的字段不存在' }]);
    const syntax = await team.owner.request('POST', `${base}/fields`, {
      body: { name: '坏语法', type: 'formula', settings: { expression: '1 +' } },
    });
    expect(syntax.json.fieldErrors).toEqual([{ field: 'settings', message: '公式有误，请检查' }]);
    const self = await team.owner.request('POST', `${base}/fields`, {
      body: { name: '自引用', type: 'formula', settings: { expression: '{自引用} + 1' } },
    });
    expect(self.json.fieldErrors).toEqual([{ field: 'settings', message: '公式之间不能循环引用' }]);
    const evil = await team.owner.request('POST', `${base}/fields`, {
      body: { name: '恶意', type: 'formula', settings: { expression: 'constructor.constructor("return process")()' } },
    });
    expect(evil.status).toBe(400);
  });
});

describe('lookups', () => {
  it('shows a related table’s values through a relation, and nothing from a table the reader may not view', async () => {
    const suppliers = (
      await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '供应商' } })
    ).json.data.code;
    const sBase = `/v1/apps/${appCode}/schemas/${suppliers}`;
    const sName = (await team.owner.request('POST', `${sBase}/fields`, { body: { name: '供应商名', type: 'text' } }))
      .json.data.code;
    const sCity = (await team.owner.request('POST', `${sBase}/fields`, { body: { name: '城市', type: 'text' } })).json
      .data.code;
    const a = (
      await team.owner.request('POST', `${sBase}/records`, { body: { data: { [sName]: '甲公司', [sCity]: '杭州' } } })
    ).json.data.id;
    const b = (
      await team.owner.request('POST', `${sBase}/records`, { body: { data: { [sName]: '乙公司', [sCity]: '苏州' } } })
    ).json.data.id;
    const link = await field('供应商', 'relation', { settings: { schemaCode: suppliers, multiple: true } });
    const bad = await team.owner.request('POST', `${base}/fields`, {
      body: { name: '坏引用', type: 'lookup', settings: { relationFieldCode: f.title, targetFieldCode: sCity } },
    });
    expect(bad.json.fieldErrors).toEqual([
      { field: 'settings', message: '查找引用须选择本表的关联字段和关联表中的字段' },
    ]);
    const city = await field('供应商城市', 'lookup', { settings: { relationFieldCode: link, targetFieldCode: sCity } });
    const rec = (
      await team.owner.request('POST', `${base}/records`, {
        body: { data: { [f.title as string]: '引用', [link]: [a, b] } },
      })
    ).json.data;
    expect(rec.data[city]).toEqual(['杭州', '苏州']);
    const page = (await team.owner.request('GET', `${base}/records?limit=3`)).json.data.resultList;
    expect(page.find((r: { id: string }) => r.id === rec.id).data[city]).toEqual(['杭州', '苏州']);

    await team.owner.request('PUT', sBase, { body: { permissions: { add: [], view: [], edit: [], delete: [] } } });
    const seen = (await member.client.request('GET', `${base}/records/${rec.id}`)).json.data;
    expect(seen.data[city]).toBeNull();
  });
});

describe('defaults and record titles', () => {
  it('fills defaults for fields a new record leaves out, refuses invalid defaults, and titles records by format', async () => {
    const stage = await field('阶段', 'text', { defaultValue: '洽谈中' });
    const bad = await team.owner.request('POST', `${base}/fields`, {
      body: { name: '坏默认', type: 'number', defaultValue: 'abc' },
    });
    expect(bad.json.fieldErrors).toEqual([{ field: 'defaultValue', message: '默认值须为数字' }]);
    const rec = (
      await team.owner.request('POST', `${base}/records`, { body: { data: { [f.title as string]: '默认值' } } })
    ).json.data;
    expect(rec.data[stage]).toBe('洽谈中');
    expect(rec.title).toBe('默认值');
    const kept = (
      await team.owner.request('POST', `${base}/records`, {
        body: { data: { [f.title as string]: '显式', [stage]: '' } },
      })
    ).json.data;
    expect(kept.data[stage]).toBeNull();
    const info = (await team.owner.request('PUT', base, { body: { titleFormat: '{合同名称}（{合同编号}）' } })).json
      .data;
    expect(info.titleFormat).toBe('{合同名称}（{合同编号}）');
    const again = (await team.owner.request('GET', `${base}/records/${rec.id}`)).json.data;
    expect(again.title).toMatch(/^默认值（HT-\d{4}）$/);
    await team.owner.request('PUT', base, { body: { titleFormat: '' } });
  });
});

describe('field order', () => {
  it('puts fields in the designer’s order', async () => {
    const info = (await team.owner.request('PUT', `${base}/fields/order`, { body: { codes: [f.amount, f.title] } }))
      .json.data;
    expect(info.fields.slice(0, 2).map((x: { code: string }) => x.code)).toEqual([f.amount, f.title]);
    expect((await member.client.request('PUT', `${base}/fields/order`, { body: { codes: [f.title] } })).status).toBe(
      403,
    );
  });
});
