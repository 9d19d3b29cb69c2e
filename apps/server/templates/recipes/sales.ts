import {
  type Builder,
  COUNT,
  chart,
  figure,
  filter,
  managers,
  ok,
  options,
  owners,
  type Recipe,
  start,
  sum,
  task,
} from '../builder.js';

export const crm: Recipe = async (b: Builder) => {
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
  await b.records('合同', [{ 合同名称: '精密设备年度采购合同', 客户: [c1], 合同金额: 280000, 签订日期: '2026-11-25' }]);
  const customers = b.tables.get('客户')?.code as string;
  const board = await b.dashboard('销售看板', [
    figure('n1', '预计金额合计', customers, sum(b.f('客户', '预计金额')), 0),
    figure('n2', '客户数', customers, COUNT, 4),
    chart('f1', 'funnel', '商机漏斗', customers, stage, COUNT, { x: 0, w: 6 }),
    chart('p1', 'pie', '行业分布', customers, b.f('客户', '所属行业'), COUNT, { x: 6, w: 6 }),
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
};

export const complaints: Recipe = async (b: Builder) => {
  await b.app('客诉处理', 'customer-service', 3, '客户投诉登记、分派处理、回访与满意度统计');
  await b.table('客户投诉', [
    ['投诉主题', 'text', undefined, { required: true }],
    ['客户名称', 'text', undefined, { required: true }],
    ['联系电话', 'phone'],
    ['投诉渠道', 'singleSelect', options('电话', '邮件', '微信', '门店', '电商平台')],
    ['问题类型', 'singleSelect', options('产品质量', '物流配送', '服务态度', '售后维修', '其他')],
    ['严重程度', 'singleSelect', options('一般', '严重', '重大')],
    ['投诉内容', 'textarea'],
    ['现场照片', 'image'],
    ['处理人', 'member'],
    ['处理结果', 'textarea'],
    ['赔付金额', 'money', { precision: 2 }],
    ['客户满意度', 'singleSelect', options('满意', '一般', '不满意')],
    ['处理状态', 'singleSelect', options('待处理', '处理中', '待回访', '已关闭')],
    ['投诉编号', 'autoNumber', { prefix: 'KS-', digits: 5 }],
    ['登记时间', 'createdAt'],
  ]);
  await b.form('客户投诉', [
    ['投诉信息', ['投诉主题', '客户名称', '联系电话', '投诉渠道', '问题类型', '严重程度', '投诉内容', '现场照片']],
    ['处理与回访', ['处理人', '处理状态', '处理结果', '赔付金额', '客户满意度']],
  ]);
  const level = b.f('客户投诉', '严重程度');
  const owner = b.f('客户投诉', '处理人');
  const result = b.f('客户投诉', '处理结果');
  await b.view('客户投诉', '处理看板', 'kanban', { groupBy: b.f('客户投诉', '处理状态') });
  await b.view('客户投诉', '重大投诉', 'grid', { filter: filter(level, 'eq', 'o3') });
  await b.flow('客户投诉', '客诉处理', [
    start('assign'),
    task('assign', 'fill', '客服主管分派', managers, 'cond', { [owner]: 'required' }),
    {
      id: 'cond',
      type: 'condition',
      name: '严重程度',
      next: 'handle',
      settings: {
        branches: [
          { id: 'major', name: '重大投诉', next: 'boss', filter: filter(level, 'eq', 'o3') },
          { id: 'else', name: '其他情况', isElse: true },
        ],
      },
    },
    task('boss', 'approve', '总经理知悉', owners),
    task('handle', 'fill', '处理人处理', [{ kind: 'field', field: owner }], 'visit', {
      [result]: 'required',
      [b.f('客户投诉', '赔付金额')]: 'editable',
    }),
    task('visit', 'fill', '客服回访', managers, undefined, { [b.f('客户投诉', '客户满意度')]: 'required' }),
  ]);
  await b.records('客户投诉', [
    {
      投诉主题: '收到的货物外包装破损',
      客户名称: '王女士',
      联系电话: '13600136001',
      投诉渠道: 'o5',
      问题类型: 'o2',
      严重程度: 'o1',
      处理状态: 'o4',
      处理结果: '补发新品并致歉',
      赔付金额: 0,
      客户满意度: 'o1',
    },
    {
      投诉主题: '空气净化器使用一周后异响',
      客户名称: '陈先生',
      联系电话: '13600136002',
      投诉渠道: 'o1',
      问题类型: 'o1',
      严重程度: 'o2',
      处理状态: 'o2',
    },
    {
      投诉主题: '维修人员未按约定时间上门',
      客户名称: '刘先生',
      投诉渠道: 'o3',
      问题类型: 'o4',
      严重程度: 'o1',
      处理状态: 'o3',
      处理结果: '重新预约并赠送保养券',
      赔付金额: 50,
    },
    {
      投诉主题: '批量订单交付延误两周',
      客户名称: '华南精密制造有限公司',
      投诉渠道: 'o2',
      问题类型: 'o2',
      严重程度: 'o3',
      处理状态: 'o2',
    },
    {
      投诉主题: '门店店员服务态度差',
      客户名称: '赵女士',
      投诉渠道: 'o4',
      问题类型: 'o3',
      严重程度: 'o1',
      处理状态: 'o1',
    },
  ]);
  const s = b.code('客户投诉');
  await b.dashboard('客诉统计', [
    figure('n1', '投诉总数', s, COUNT, 0),
    figure('n2', '赔付金额合计', s, sum(b.f('客户投诉', '赔付金额')), 4),
    chart('p1', 'pie', '问题类型', s, b.f('客户投诉', '问题类型'), COUNT, { x: 0, w: 6 }),
    chart('b1', 'bar', '处理状态', s, b.f('客户投诉', '处理状态'), COUNT, { x: 6, w: 6 }),
  ]);
};
