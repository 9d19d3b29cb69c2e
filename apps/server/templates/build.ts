/**
 * Builds the built-in templates (issue 12): each app is made through the real API on a throwaway
 * server (tables, fields, form, views, a published flow, a dashboard, sample records; 客户管理 also a
 * custom page), exported with the package exporter (with its records) and written to
 * apps/server/templates/<id>/package.zip. Run: `npx tsx apps/server/templates/build.ts [id...]`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registeredClient, startTestServer, type TestClient } from '../test/harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));

type Json = Record<string, unknown>;

async function ok(client: TestClient, method: string, url: string, body?: unknown) {
  const res = await client.request(method, url, body === undefined ? {} : { body });
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data;
}

const comment = {
  approve: { enableComment: true, required: false },
  reject: { enableComment: true, required: true },
};
const task = (
  id: string,
  type: 'approve' | 'fill',
  name: string,
  participants: Json[],
  next?: string,
  fieldRules: Json = {},
) => ({
  id,
  type,
  name,
  ...(next ? { next } : {}),
  settings: {
    participants,
    mode: 'any',
    whenEmpty: 'appOwner',
    fieldRules,
    comment,
    actions: ['revert', 'transfer', 'addSigner', 'cc', 'comment'],
    closeRevert: false,
    closeTerminate: false,
    ...(type === 'approve' ? { rejectTo: 'end' } : {}),
  },
});
const start = (next: string) => ({ id: 'start', type: 'start', name: '发起', next, settings: { fieldRules: {} } });
const manager = [{ kind: 'manager', level: 1 }];
const owners = [{ kind: 'roles', roles: ['owner'] }];
const managers = [{ kind: 'roles', roles: ['owner', 'manager'] }];
const options = (...labels: string[]) => ({
  options: labels.map((label, i) => ({
    id: `o${i + 1}`,
    label,
    color: ['blue', 'green', 'orange', 'red', 'purple', 'cyan'][i % 6],
  })),
});
const filter = (field: string, operator: string, value: unknown) => ({
  op: 'and',
  conditions: [{ field, operator, value }],
});

/** One app being built: its tables by name and their fields by name. */
class Builder {
  appCode = '';
  readonly tables = new Map<string, { code: string; base: string; fields: Map<string, string> }>();
  constructor(readonly c: TestClient) {}

  async app(displayName: string, icon: string, color: number, description: string) {
    this.appCode = (await ok(this.c, 'POST', '/v1/apps', { displayName, icon, color })).code;
    await ok(this.c, 'PUT', `/v1/apps/${this.appCode}/description`, { description: `<p>${description}</p>` });
  }
  node(type: string, displayName: string): Promise<string> {
    return ok(this.c, 'POST', `/v1/apps/${this.appCode}/nodes`, { type, displayName }).then((d) => d.code);
  }
  async table(name: string, fields: [string, string, Json?, Json?][]) {
    const code = await this.node('Schema', name);
    const base = `/v1/apps/${this.appCode}/schemas/${code}`;
    const t = { code, base, fields: new Map<string, string>() };
    this.tables.set(name, t);
    for (const [fieldName, type, settings, extra] of fields) {
      const settingsOf = typeof settings === 'function' ? undefined : settings;
      const data = await ok(this.c, 'POST', `${base}/fields`, {
        name: fieldName,
        type,
        ...(settingsOf ? { settings: this.resolve(settingsOf) } : {}),
        ...(extra ?? {}),
      });
      t.fields.set(fieldName, data.code);
    }
    await ok(this.c, 'PUT', base, { titleFieldCode: t.fields.get(fields[0]?.[0] ?? '') });
    return t;
  }
  /** `@表.字段` and `#表` in settings name other tables' fields and tables. */
  private resolve(settings: Json): Json {
    const text = JSON.stringify(settings).replace(/"([@#])([^".]+)(?:\.([^"]+))?"/g, (_m, kind, table, field) => {
      const t = this.tables.get(table);
      if (!t) throw new Error(`no table ${table}`);
      return JSON.stringify(kind === '#' ? t.code : t.fields.get(field));
    });
    return JSON.parse(text) as Json;
  }
  f(table: string, field: string): string {
    const code = this.tables.get(table)?.fields.get(field);
    if (!code) throw new Error(`no field ${table}.${field}`);
    return code;
  }
  async form(table: string, sections: [string, string[]][]) {
    const t = this.tables.get(table);
    if (!t) throw new Error(table);
    await ok(this.c, 'PUT', `${t.base}/form`, {
      columns: 2,
      sections: sections.map(([title, names], i) => ({
        id: `s${i + 1}`,
        title,
        fields: names.map((n) => ({
          code: this.f(table, n),
          hidden: false,
          readOnly: false,
          helpText: '',
          wide: /说明|原因|描述|明细|备注|内容|结果/.test(n),
        })),
      })),
    });
  }
  async view(table: string, name: string, kind: string, config: Json = {}) {
    const t = this.tables.get(table);
    if (!t) throw new Error(table);
    await ok(this.c, 'POST', `${t.base}/views`, {
      name,
      kind,
      config: { columns: [], sorts: [], rowHeight: 'short', pageSize: 50, ...config },
    });
  }
  async flow(table: string, name: string, nodes: Json[]) {
    const t = this.tables.get(table);
    if (!t) throw new Error(table);
    await ok(this.c, 'PUT', `${t.base}/workflow`, { definition: { nodes }, name });
    await ok(this.c, 'POST', `${t.base}/workflow/publish`);
  }
  async dashboard(name: string, widgets: Json[]) {
    const code = await this.node('Dashboard', name);
    await ok(this.c, 'PUT', `/v1/apps/${this.appCode}/dashboards/${code}`, { widgets });
    return code;
  }
  async records(table: string, rows: Json[]): Promise<string[]> {
    const t = this.tables.get(table);
    if (!t) throw new Error(table);
    const ids: string[] = [];
    for (const row of rows) {
      const data: Json = {};
      for (const [k, v] of Object.entries(row)) data[this.f(table, k)] = v;
      ids.push((await ok(this.c, 'POST', `${t.base}/records`, { data })).id);
    }
    return ids;
  }
}

const widget = (id: string, kind: string, title: string, query: Json, place: Json) => ({
  id,
  kind,
  title,
  query,
  place,
});

type Recipe = (b: Builder) => Promise<void>;

const RECIPES: Record<string, Recipe> = {
  'leave-approval': async (b) => {
    await b.app('请假审批', 'schedule', 1, '员工请假在线申请与分级审批');
    await b.table('请假申请', [
      ['申请事由', 'text', undefined, { required: true }],
      ['请假类型', 'singleSelect', options('年假', '事假', '病假', '调休', '婚假', '产假')],
      ['开始日期', 'date', undefined, { required: true }],
      ['结束日期', 'date', undefined, { required: true }],
      ['请假天数', 'number', { precision: 1 }, { required: true }],
      ['工作交接人', 'member'],
      ['请假说明', 'textarea'],
      ['附件', 'attachment'],
      ['申请编号', 'autoNumber', { prefix: 'QJ-', digits: 4 }],
      ['申请人', 'createdBy'],
    ]);
    await b.form('请假申请', [
      ['请假信息', ['申请事由', '请假类型', '开始日期', '结束日期', '请假天数', '工作交接人']],
      ['补充说明', ['请假说明', '附件']],
    ]);
    const days = b.f('请假申请', '请假天数');
    await b.view('请假申请', '长假（3天以上）', 'grid', {
      filter: filter(days, 'gt', 3),
      sorts: [{ field: days, direction: 'desc' }],
    });
    await b.view('请假申请', '请假日历', 'calendar', { groupBy: b.f('请假申请', '开始日期') });
    await b.view('请假申请', '按类型', 'kanban', { groupBy: b.f('请假申请', '请假类型') });
    await b.flow('请假申请', '请假审批', [
      start('cond'),
      {
        id: 'cond',
        type: 'condition',
        name: '天数判断',
        settings: {
          branches: [
            { id: 'long', name: '3天以上', next: 'lead', filter: filter(days, 'gt', 3) },
            { id: 'short', name: '其他情况', isElse: true, next: 'lead2' },
          ],
        },
      },
      task('lead', 'approve', '直属主管审批', manager, 'hr'),
      task('hr', 'approve', '人事审批', managers),
      task('lead2', 'approve', '直属主管审批', manager),
    ]);
    await b.records('请假申请', [
      { 申请事由: '回老家探亲', 请假类型: 'o1', 开始日期: '2026-12-01', 结束日期: '2026-12-05', 请假天数: 5 },
      { 申请事由: '身体不适就医', 请假类型: 'o3', 开始日期: '2026-11-20', 结束日期: '2026-11-20', 请假天数: 1 },
      { 申请事由: '办理个人事务', 请假类型: 'o2', 开始日期: '2026-11-24', 结束日期: '2026-11-25', 请假天数: 1.5 },
      { 申请事由: '加班调休', 请假类型: 'o4', 开始日期: '2026-11-27', 结束日期: '2026-11-27', 请假天数: 1 },
    ]);
    const s = b.tables.get('请假申请')?.code as string;
    await b.dashboard('请假统计', [
      widget(
        'n1',
        'number',
        '请假申请数',
        { schemaCode: s, measures: [{ aggregate: 'count' }] },
        { x: 0, y: 0, w: 4, h: 3 },
      ),
      widget(
        'n2',
        'number',
        '请假总天数',
        { schemaCode: s, measures: [{ aggregate: 'sum', field: days }] },
        { x: 4, y: 0, w: 4, h: 3 },
      ),
      widget(
        'p1',
        'pie',
        '请假类型分布',
        {
          schemaCode: s,
          dimension: { field: b.f('请假申请', '请假类型') },
          measures: [{ aggregate: 'sum', field: days }],
        },
        { x: 0, y: 3, w: 6, h: 5 },
      ),
      widget(
        'l1',
        'line',
        '每月请假天数',
        {
          schemaCode: s,
          dimension: { field: b.f('请假申请', '开始日期'), granularity: 'month' },
          measures: [{ aggregate: 'sum', field: days }],
        },
        { x: 6, y: 3, w: 6, h: 5 },
      ),
    ]);
  },

  expense: async (b) => {
    await b.app('费用报销', 'dollar', 5, '报销单填报、分级审批与费用统计');
    await b.table('报销单', [
      ['报销事由', 'text', undefined, { required: true }],
      ['费用类别', 'singleSelect', options('差旅费', '交通费', '餐饮费', '办公用品', '通讯费', '其他')],
      [
        '费用明细',
        'subTable',
        {
          fields: [
            { code: 'item', name: '费用项目', type: 'text' },
            { code: 'day', name: '发生日期', type: 'date' },
            { code: 'amount', name: '金额', type: 'money', settings: { precision: 2 } },
          ],
        },
      ],
      ['报销金额', 'money', { precision: 2 }, { required: true }],
      ['报销日期', 'date'],
      ['收款账户', 'text'],
      ['发票', 'attachment'],
      ['备注', 'textarea'],
      ['单号', 'autoNumber', { prefix: 'BX-', digits: 4 }],
      ['报销人', 'createdBy'],
    ]);
    await b.form('报销单', [
      ['基本信息', ['报销事由', '费用类别', '报销日期', '报销金额', '收款账户']],
      ['费用明细', ['费用明细', '发票', '备注']],
    ]);
    const amount = b.f('报销单', '报销金额');
    await b.view('报销单', '大额报销', 'grid', {
      filter: filter(amount, 'gt', 5000),
      sorts: [{ field: amount, direction: 'desc' }],
    });
    await b.view('报销单', '按类别', 'kanban', { groupBy: b.f('报销单', '费用类别') });
    await b.flow('报销单', '报销审批', [
      start('lead'),
      task('lead', 'approve', '部门主管审批', manager, 'cond'),
      {
        id: 'cond',
        type: 'condition',
        name: '金额判断',
        next: 'cashier',
        settings: {
          branches: [
            { id: 'big', name: '超过5000元', next: 'cfo', filter: filter(amount, 'gt', 5000) },
            { id: 'else', name: '其他情况', isElse: true },
          ],
        },
      },
      task('cfo', 'approve', '财务总监审批', owners),
      task('cashier', 'approve', '财务付款', managers),
    ]);
    await b.records('报销单', [
      {
        报销事由: '上海客户拜访差旅',
        费用类别: 'o1',
        报销金额: 3280,
        报销日期: '2026-11-18',
        费用明细: [
          { item: '高铁票', day: '2026-11-16', amount: 1106 },
          { item: '酒店', day: '2026-11-16', amount: 2174 },
        ],
      },
      {
        报销事由: '部门办公用品采购',
        费用类别: 'o4',
        报销金额: 460.5,
        报销日期: '2026-11-20',
        费用明细: [
          { item: '打印纸', day: '2026-11-19', amount: 260.5 },
          { item: '文件夹', day: '2026-11-19', amount: 200 },
        ],
      },
      {
        报销事由: '年度展会参展费用',
        费用类别: 'o6',
        报销金额: 12800,
        报销日期: '2026-11-22',
        费用明细: [{ item: '展位费', day: '2026-11-10', amount: 12800 }],
      },
      {
        报销事由: '客户接待餐费',
        费用类别: 'o3',
        报销金额: 856,
        报销日期: '2026-11-23',
        费用明细: [{ item: '午餐', day: '2026-11-23', amount: 856 }],
      },
    ]);
    const s = b.tables.get('报销单')?.code as string;
    await b.dashboard('报销统计', [
      widget(
        'n1',
        'number',
        '报销总额',
        { schemaCode: s, measures: [{ aggregate: 'sum', field: amount }] },
        { x: 0, y: 0, w: 4, h: 3 },
      ),
      widget(
        'n2',
        'number',
        '报销单数',
        { schemaCode: s, measures: [{ aggregate: 'count' }] },
        { x: 4, y: 0, w: 4, h: 3 },
      ),
      widget(
        'b1',
        'bar',
        '各类别报销金额',
        {
          schemaCode: s,
          dimension: { field: b.f('报销单', '费用类别') },
          measures: [{ aggregate: 'sum', field: amount }],
        },
        { x: 0, y: 3, w: 12, h: 5 },
      ),
    ]);
  },

  purchase: async (b) => {
    await b.app('采购申请', 'shop', 4, '采购申请、供应商管理与采购统计');
    await b.table('供应商', [
      ['供应商名称', 'text', undefined, { required: true }],
      ['联系人', 'text'],
      ['联系电话', 'phone'],
      ['供应类别', 'singleSelect', options('办公用品', 'IT设备', '原材料', '服务')],
      ['地址', 'location'],
    ]);
    await b.table('采购申请', [
      ['采购标题', 'text', undefined, { required: true }],
      ['供应商', 'relation', { schemaCode: '#供应商', multiple: false }],
      [
        '采购明细',
        'subTable',
        {
          fields: [
            { code: 'name', name: '物品名称', type: 'text' },
            { code: 'qty', name: '数量', type: 'number' },
            { code: 'price', name: '单价', type: 'money', settings: { precision: 2 } },
          ],
        },
      ],
      ['预算金额', 'money', { precision: 2 }, { required: true }],
      ['期望到货日期', 'date'],
      ['紧急程度', 'singleSelect', options('普通', '紧急')],
      ['采购原因', 'textarea'],
      ['申请编号', 'autoNumber', { prefix: 'CG-', digits: 4 }],
      ['申请人', 'createdBy'],
    ]);
    await b.form('采购申请', [
      ['采购信息', ['采购标题', '供应商', '预算金额', '期望到货日期', '紧急程度']],
      ['明细与原因', ['采购明细', '采购原因']],
    ]);
    const amount = b.f('采购申请', '预算金额');
    await b.view('采购申请', '紧急采购', 'grid', { filter: filter(b.f('采购申请', '紧急程度'), 'eq', 'o2') });
    await b.view('供应商', '按类别', 'kanban', { groupBy: b.f('供应商', '供应类别') });
    await b.flow('采购申请', '采购审批', [
      start('lead'),
      task('lead', 'approve', '部门主管审批', manager, 'cond'),
      {
        id: 'cond',
        type: 'condition',
        name: '预算判断',
        next: 'buyer',
        settings: {
          branches: [
            { id: 'big', name: '超过2万元', next: 'boss', filter: filter(amount, 'gt', 20000) },
            { id: 'else', name: '其他情况', isElse: true },
          ],
        },
      },
      task('boss', 'approve', '总经理审批', owners),
      task('buyer', 'fill', '采购部执行', managers),
    ]);
    const [s1, s2] = await b.records('供应商', [
      { 供应商名称: '晨光办公用品有限公司', 联系人: '王经理', 联系电话: '13800138001', 供应类别: 'o1' },
      { 供应商名称: '联想华南分销中心', 联系人: '陈先生', 联系电话: '13800138002', 供应类别: 'o2' },
    ]);
    await b.records('采购申请', [
      {
        采购标题: '新员工笔记本电脑',
        供应商: [s2],
        预算金额: 38000,
        紧急程度: 'o2',
        期望到货日期: '2026-12-05',
        采购明细: [{ name: 'ThinkPad T14', qty: 5, price: 7600 }],
      },
      {
        采购标题: '季度办公用品',
        供应商: [s1],
        预算金额: 2600,
        紧急程度: 'o1',
        期望到货日期: '2026-12-10',
        采购明细: [
          { name: '签字笔', qty: 200, price: 3 },
          { name: '笔记本', qty: 100, price: 20 },
        ],
      },
    ]);
    const s = b.tables.get('采购申请')?.code as string;
    await b.dashboard('采购看板', [
      widget(
        'n1',
        'number',
        '采购预算总额',
        { schemaCode: s, measures: [{ aggregate: 'sum', field: amount }] },
        { x: 0, y: 0, w: 4, h: 3 },
      ),
      widget(
        'p1',
        'pie',
        '紧急程度',
        { schemaCode: s, dimension: { field: b.f('采购申请', '紧急程度') }, measures: [{ aggregate: 'count' }] },
        { x: 4, y: 0, w: 8, h: 5 },
      ),
    ]);
  },

  crm: async (b) => {
    await b.app('客户管理', 'team', 0, '客户、联系人、跟进记录与销售门户');
    await b.table('客户', [
      ['客户名称', 'text', undefined, { required: true }],
      ['客户等级', 'singleSelect', options('A 重点', 'B 普通', 'C 潜在')],
      ['所属行业', 'singleSelect', options('制造业', '互联网', '金融', '零售', '教育')],
      ['商机阶段', 'singleSelect', options('初步接触', '需求确认', '方案报价', '谈判签约', '赢单', '输单')],
      ['预计金额', 'money', { precision: 2 }],
      ['客户电话', 'phone'],
      ['网址', 'url'],
      ['地址', 'location'],
      ['负责人', 'member'],
      ['备注', 'textarea'],
    ]);
    await b.table('联系人', [
      ['姓名', 'text', undefined, { required: true }],
      ['所属客户', 'relation', { schemaCode: '#客户', multiple: false }],
      ['职务', 'text'],
      ['手机', 'phone'],
      ['邮箱', 'email'],
    ]);
    await b.table('跟进记录', [
      ['跟进主题', 'text', undefined, { required: true }],
      ['客户', 'relation', { schemaCode: '#客户', multiple: false }],
      ['跟进方式', 'singleSelect', options('电话', '拜访', '微信', '邮件')],
      ['跟进时间', 'datetime'],
      ['跟进内容', 'textarea'],
      ['跟进人', 'createdBy'],
    ]);
    await b.table('合同', [
      ['合同名称', 'text', undefined, { required: true }],
      ['客户', 'relation', { schemaCode: '#客户', multiple: false }],
      ['合同金额', 'money', { precision: 2 }, { required: true }],
      ['签订日期', 'date'],
      ['合同附件', 'attachment'],
      ['合同编号', 'autoNumber', { prefix: 'HT-', digits: 4 }],
    ]);
    await b.form('客户', [
      ['客户信息', ['客户名称', '客户等级', '所属行业', '客户电话', '网址', '地址']],
      ['商机', ['商机阶段', '预计金额', '负责人', '备注']],
    ]);
    const stage = b.f('客户', '商机阶段');
    await b.view('客户', '商机看板', 'kanban', { groupBy: stage });
    await b.view('客户', '重点客户', 'grid', { filter: filter(b.f('客户', '客户等级'), 'eq', 'o1') });
    await b.view('跟进记录', '跟进日历', 'calendar', { groupBy: b.f('跟进记录', '跟进时间') });
    const amount = b.f('合同', '合同金额');
    await b.flow('合同', '合同审批', [
      start('cond'),
      {
        id: 'cond',
        type: 'condition',
        name: '金额判断',
        settings: {
          branches: [
            { id: 'big', name: '10万元以上', next: 'boss', filter: filter(amount, 'gte', 100000) },
            { id: 'else', name: '其他情况', isElse: true, next: 'lead' },
          ],
        },
      },
      task('boss', 'approve', '总经理审批', owners),
      task('lead', 'approve', '销售主管审批', managers),
    ]);
    const [c1, c2, c3] = await b.records('客户', [
      {
        客户名称: '华南精密制造有限公司',
        客户等级: 'o1',
        所属行业: 'o1',
        商机阶段: 'o4',
        预计金额: 280000,
        客户电话: '075588880001',
      },
      {
        客户名称: '云帆网络科技',
        客户等级: 'o2',
        所属行业: 'o2',
        商机阶段: 'o2',
        预计金额: 60000,
        客户电话: '02166660002',
      },
      { 客户名称: '明德教育集团', 客户等级: 'o3', 所属行业: 'o5', 商机阶段: 'o1', 预计金额: 30000 },
    ]);
    await b.records('联系人', [
      { 姓名: '李总', 所属客户: [c1], 职务: '采购总监', 手机: '13900139001', 邮箱: 'li@example.com' },
      { 姓名: '周经理', 所属客户: [c2], 职务: 'IT 经理', 手机: '13900139002' },
    ]);
    await b.records('跟进记录', [
      {
        跟进主题: '合同条款沟通',
        客户: [c1],
        跟进方式: 'o2',
        跟进时间: '2026-11-20T02:00:00.000Z',
        跟进内容: '确认付款方式与交付周期',
      },
      {
        跟进主题: '需求调研',
        客户: [c2],
        跟进方式: 'o1',
        跟进时间: '2026-11-22T06:30:00.000Z',
        跟进内容: '了解现有系统与痛点',
      },
      { 跟进主题: '初次介绍', 客户: [c3], 跟进方式: 'o3', 跟进时间: '2026-11-24T03:00:00.000Z' },
    ]);
    await b.records('合同', [
      { 合同名称: '精密设备年度采购合同', 客户: [c1], 合同金额: 280000, 签订日期: '2026-11-25' },
    ]);
    const customers = b.tables.get('客户')?.code as string;
    const board = await b.dashboard('销售看板', [
      widget(
        'n1',
        'number',
        '预计金额合计',
        { schemaCode: customers, measures: [{ aggregate: 'sum', field: b.f('客户', '预计金额') }] },
        { x: 0, y: 0, w: 4, h: 3 },
      ),
      widget(
        'n2',
        'number',
        '客户数',
        { schemaCode: customers, measures: [{ aggregate: 'count' }] },
        { x: 4, y: 0, w: 4, h: 3 },
      ),
      widget(
        'f1',
        'funnel',
        '商机漏斗',
        { schemaCode: customers, dimension: { field: stage }, measures: [{ aggregate: 'count' }] },
        { x: 0, y: 3, w: 6, h: 5 },
      ),
      widget(
        'p1',
        'pie',
        '行业分布',
        { schemaCode: customers, dimension: { field: b.f('客户', '所属行业') }, measures: [{ aggregate: 'count' }] },
        { x: 6, y: 3, w: 6, h: 5 },
      ),
    ]);
    const portal = await b.node('UserModule', '销售门户');
    await ok(b.c, 'PUT', `/v1/apps/${b.appCode}/pages/${portal}`, {
      roles: ['manager', 'member'],
      blocks: [
        {
          id: 'b1',
          kind: 'text',
          title: '欢迎',
          place: { x: 0, y: 0, w: 6, h: 3 },
          roles: [],
          html: '<h3>销售门户</h3><p>在这里查看客户、跟进与业绩。</p>',
        },
        {
          id: 'b2',
          kind: 'widget',
          title: '商机漏斗',
          place: { x: 6, y: 0, w: 6, h: 5 },
          roles: [],
          dashboardCode: board,
          widgetId: 'f1',
        },
        { id: 'b3', kind: 'view', title: '客户', place: { x: 0, y: 5, w: 12, h: 6 }, roles: [], schemaCode: customers },
      ],
    });
  },

  'project-tasks': async (b) => {
    await b.app('项目任务', 'project', 2, '项目与任务管理、任务看板与进度统计');
    await b.table('项目', [
      ['项目名称', 'text', undefined, { required: true }],
      ['项目状态', 'singleSelect', options('规划中', '进行中', '已完成', '已暂停')],
      ['开始日期', 'date'],
      ['截止日期', 'date'],
      ['项目经理', 'member'],
      ['项目描述', 'textarea'],
    ]);
    await b.table('任务', [
      ['任务名称', 'text', undefined, { required: true }],
      ['所属项目', 'relation', { schemaCode: '#项目', multiple: false }],
      ['状态', 'singleSelect', options('待办', '进行中', '待验收', '已完成')],
      ['优先级', 'singleSelect', options('高', '中', '低')],
      ['负责人', 'member'],
      ['截止日期', 'date'],
      ['预估工时', 'number', { precision: 1 }],
      ['完成度', 'percent'],
      ['任务描述', 'textarea'],
      [
        '检查项',
        'subTable',
        {
          fields: [
            { code: 'item', name: '检查项', type: 'text' },
            { code: 'done', name: '已完成', type: 'checkbox' },
          ],
        },
      ],
    ]);
    await b.form('任务', [
      ['任务', ['任务名称', '所属项目', '状态', '优先级', '负责人', '截止日期', '预估工时', '完成度']],
      ['详情', ['任务描述', '检查项']],
    ]);
    const status = b.f('任务', '状态');
    await b.view('任务', '任务看板', 'kanban', { groupBy: status });
    await b.view('任务', '高优先级', 'grid', {
      filter: filter(b.f('任务', '优先级'), 'eq', 'o1'),
      sorts: [{ field: b.f('任务', '截止日期'), direction: 'asc' }],
    });
    await b.view('任务', '任务日历', 'calendar', { groupBy: b.f('任务', '截止日期') });
    await b.flow('任务', '任务验收', [
      start('owner'),
      task('owner', 'fill', '负责人处理', [{ kind: 'field', field: b.f('任务', '负责人') }], 'check'),
      task('check', 'approve', '项目经理验收', managers),
    ]);
    const [p1, p2] = await b.records('项目', [
      {
        项目名称: '官网改版',
        项目状态: 'o2',
        开始日期: '2026-11-01',
        截止日期: '2026-12-31',
        项目描述: '新版官网设计与上线',
      },
      { 项目名称: '年度客户大会', 项目状态: 'o1', 开始日期: '2026-12-01', 截止日期: '2027-01-15' },
    ]);
    await b.records('任务', [
      {
        任务名称: '首页视觉设计',
        所属项目: [p1],
        状态: 'o4',
        优先级: 'o1',
        截止日期: '2026-11-15',
        预估工时: 16,
        完成度: 1,
      },
      {
        任务名称: '产品页开发',
        所属项目: [p1],
        状态: 'o2',
        优先级: 'o1',
        截止日期: '2026-12-05',
        预估工时: 40,
        完成度: 0.5,
        检查项: [
          { item: '移动端适配', done: false },
          { item: '性能测试', done: false },
        ],
      },
      {
        任务名称: '内容迁移',
        所属项目: [p1],
        状态: 'o1',
        优先级: 'o2',
        截止日期: '2026-12-15',
        预估工时: 24,
        完成度: 0,
      },
      {
        任务名称: '场地预订',
        所属项目: [p2],
        状态: 'o3',
        优先级: 'o2',
        截止日期: '2026-12-10',
        预估工时: 4,
        完成度: 0.9,
      },
      {
        任务名称: '邀请函设计',
        所属项目: [p2],
        状态: 'o1',
        优先级: 'o3',
        截止日期: '2026-12-20',
        预估工时: 8,
        完成度: 0,
      },
    ]);
    const s = b.tables.get('任务')?.code as string;
    await b.dashboard('项目进度', [
      widget(
        'n1',
        'number',
        '任务总数',
        { schemaCode: s, measures: [{ aggregate: 'count' }] },
        { x: 0, y: 0, w: 4, h: 3 },
      ),
      widget(
        'n2',
        'number',
        '预估工时',
        { schemaCode: s, measures: [{ aggregate: 'sum', field: b.f('任务', '预估工时') }] },
        { x: 4, y: 0, w: 4, h: 3 },
      ),
      widget(
        'b1',
        'bar',
        '各状态任务数',
        { schemaCode: s, dimension: { field: status }, measures: [{ aggregate: 'count' }] },
        { x: 0, y: 3, w: 6, h: 5 },
      ),
      widget(
        'p1',
        'pie',
        '优先级分布',
        { schemaCode: s, dimension: { field: b.f('任务', '优先级') }, measures: [{ aggregate: 'count' }] },
        { x: 6, y: 3, w: 6, h: 5 },
      ),
    ]);
  },

  repair: async (b) => {
    await b.app('设备报修', 'car', 6, '设备台账、报修工单与故障统计');
    await b.table('设备台账', [
      ['设备名称', 'text', undefined, { required: true }],
      ['设备编号', 'text', undefined, { unique: true }],
      ['设备类型', 'singleSelect', options('生产设备', '办公设备', '空调暖通', '车辆')],
      ['存放位置', 'text'],
      ['购置日期', 'date'],
      ['设备照片', 'image'],
    ]);
    await b.table('报修单', [
      ['故障描述', 'text', undefined, { required: true }],
      ['报修设备', 'relation', { schemaCode: '#设备台账', multiple: false }],
      ['设备类型', 'lookup', { relationFieldCode: '@报修单.报修设备', targetFieldCode: '@设备台账.设备类型' }],
      ['紧急程度', 'singleSelect', options('一般', '紧急')],
      ['故障照片', 'image'],
      ['维修人员', 'member'],
      ['处理结果', 'textarea'],
      ['维修费用', 'money', { precision: 2 }],
      ['工单号', 'autoNumber', { prefix: 'BX-', digits: 5 }],
      ['报修人', 'createdBy'],
      ['报修时间', 'createdAt'],
    ]);
    await b.form('报修单', [
      ['报修信息', ['故障描述', '报修设备', '紧急程度', '故障照片']],
      ['维修处理', ['维修人员', '处理结果', '维修费用']],
    ]);
    const urgency = b.f('报修单', '紧急程度');
    await b.view('报修单', '紧急报修', 'grid', { filter: filter(urgency, 'eq', 'o2') });
    await b.view('报修单', '按紧急程度', 'kanban', { groupBy: urgency });
    const result = b.f('报修单', '处理结果');
    const cost = b.f('报修单', '维修费用');
    await b.flow('报修单', '报修流程', [
      start('cond'),
      {
        id: 'cond',
        type: 'condition',
        name: '紧急程度',
        next: 'fix',
        settings: {
          branches: [
            { id: 'urgent', name: '紧急', next: 'boss', filter: filter(urgency, 'eq', 'o2') },
            { id: 'else', name: '一般', isElse: true, next: 'dispatch' },
          ],
        },
      },
      task('boss', 'approve', '主管确认', owners),
      task('dispatch', 'approve', '设备管理员派单', managers),
      task('fix', 'fill', '维修处理', managers, undefined, { [result]: 'required', [cost]: 'editable' }),
    ]);
    const [d1, d2] = await b.records('设备台账', [
      { 设备名称: '1号注塑机', 设备编号: 'SB-0001', 设备类型: 'o1', 存放位置: '一车间', 购置日期: '2022-03-15' },
      {
        设备名称: '会议室投影仪',
        设备编号: 'SB-0102',
        设备类型: 'o2',
        存放位置: '3楼大会议室',
        购置日期: '2024-06-01',
      },
      { 设备名称: '中央空调机组', 设备编号: 'SB-0203', 设备类型: 'o3', 存放位置: '楼顶机房', 购置日期: '2021-08-20' },
    ]);
    await b.records('报修单', [
      { 故障描述: '注塑机液压异响', 报修设备: [d1], 紧急程度: 'o2', 处理结果: '更换液压泵密封圈', 维修费用: 680 },
      { 故障描述: '投影仪无法开机', 报修设备: [d2], 紧急程度: 'o1' },
    ]);
    const s = b.tables.get('报修单')?.code as string;
    await b.dashboard('故障统计', [
      widget(
        'n1',
        'number',
        '报修单数',
        { schemaCode: s, measures: [{ aggregate: 'count' }] },
        { x: 0, y: 0, w: 4, h: 3 },
      ),
      widget(
        'n2',
        'number',
        '维修费用合计',
        { schemaCode: s, measures: [{ aggregate: 'sum', field: cost }] },
        { x: 4, y: 0, w: 4, h: 3 },
      ),
      widget(
        'p1',
        'pie',
        '紧急程度分布',
        { schemaCode: s, dimension: { field: urgency }, measures: [{ aggregate: 'count' }] },
        { x: 0, y: 3, w: 12, h: 5 },
      ),
    ]);
  },
};

async function main() {
  const wanted = process.argv.slice(2);
  const server = await startTestServer();
  try {
    const { client } = await registeredClient(server, '模板作者');
    const team = await ok(client, 'POST', '/v1/corp/own/register', { corpName: '模板工坊' });
    client.headers['x-engine-code'] = team.engineCode;
    for (const [id, recipe] of Object.entries(RECIPES)) {
      if (wanted.length && !wanted.includes(id)) continue;
      const b = new Builder(client);
      await recipe(b);
      const res = await client.download(`/v1/apps/${b.appCode}/package?withBizData=true`);
      if (res.status !== 200) throw new Error(`export ${id}: ${res.status} ${res.bytes.toString().slice(0, 300)}`);
      fs.mkdirSync(path.join(here, id), { recursive: true });
      fs.writeFileSync(path.join(here, id, 'package.zip'), res.bytes);
      console.log(`${id}: ${res.bytes.length} bytes`);
    }
  } finally {
    await server.close();
  }
}

await main();
