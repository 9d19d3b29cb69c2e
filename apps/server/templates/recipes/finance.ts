import {
  type Builder,
  COUNT,
  chart,
  figure,
  filter,
  manager,
  managers,
  options,
  owners,
  type Recipe,
  start,
  sum,
  task,
} from '../builder.js';

export const expense: Recipe = async (b: Builder) => {
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
    figure('n1', '报销总额', s, sum(amount), 0),
    figure('n2', '报销单数', s, COUNT, 4),
    chart('b1', 'bar', '各类别报销金额', s, b.f('报销单', '费用类别'), sum(amount), { x: 0, w: 12 }),
  ]);
};

export const payment: Recipe = async (b: Builder) => {
  await b.app('付款申请', 'wallet', 7, '对外付款申请、分级审批、出纳付款与付款统计');
  await b.table('收款单位', [
    ['单位名称', 'text', undefined, { required: true }],
    ['开户银行', 'text'],
    ['银行账号', 'text'],
    ['单位类型', 'singleSelect', options('供应商', '服务商', '政府机构', '其他')],
  ]);
  await b.table('付款申请', [
    ['付款事由', 'text', undefined, { required: true }],
    ['收款单位', 'relation', { schemaCode: '#收款单位', multiple: false }],
    ['开户银行', 'lookup', { relationFieldCode: '@付款申请.收款单位', targetFieldCode: '@收款单位.开户银行' }],
    ['付款金额', 'money', { precision: 2 }, { required: true }],
    ['付款方式', 'singleSelect', options('银行转账', '支票', '承兑汇票', '现金')],
    ['费用归属', 'singleSelect', options('采购成本', '营销费用', '管理费用', '研发费用')],
    ['期望付款日期', 'date'],
    ['发票附件', 'attachment'],
    ['申请人', 'member', undefined, { defaultValue: { dynamic: 'currentUser' } }],
    ['所属部门', 'department', undefined, { defaultValue: { dynamic: 'currentDepartment' } }],
    ['付款状态', 'singleSelect', options('待付款', '已付款')],
    ['付款日期', 'date'],
    ['付款单号', 'autoNumber', { prefix: 'FK-', digits: 5 }],
  ]);
  await b.form('付款申请', [
    ['付款信息', ['付款事由', '收款单位', '开户银行', '付款金额', '付款方式', '费用归属', '期望付款日期']],
    ['申请与附件', ['申请人', '所属部门', '发票附件']],
    ['出纳', ['付款状态', '付款日期']],
  ]);
  const amount = b.f('付款申请', '付款金额');
  const paid = b.f('付款申请', '付款状态');
  await b.view('付款申请', '待付款', 'grid', {
    filter: filter(paid, 'eq', 'o1'),
    sorts: [{ field: b.f('付款申请', '期望付款日期'), direction: 'asc' }],
  });
  await b.view('付款申请', '按费用归属', 'kanban', { groupBy: b.f('付款申请', '费用归属') });
  await b.flow('付款申请', '付款审批', [
    start('lead'),
    task('lead', 'approve', '部门负责人审批', manager, 'finance'),
    task('finance', 'approve', '财务经理审核', managers, 'cond'),
    {
      id: 'cond',
      type: 'condition',
      name: '金额判断',
      next: 'cashier',
      settings: {
        branches: [
          { id: 'big', name: '10万元以上', next: 'boss', filter: filter(amount, 'gte', 100000) },
          { id: 'else', name: '其他情况', isElse: true },
        ],
      },
    },
    task('boss', 'approve', '总经理审批', owners),
    task('cashier', 'fill', '出纳付款', managers, undefined, {
      [paid]: 'required',
      [b.f('付款申请', '付款日期')]: 'required',
    }),
  ]);
  await b.role('财务', '审核并登记付款，查看全部付款申请', {
    付款申请: { actions: ['view', 'edit', 'export', 'print'] },
    收款单位: { actions: ['add', 'view', 'edit', 'export'] },
  });
  const [u1, u2, u3] = await b.records('收款单位', [
    { 单位名称: '宏达包装材料有限公司', 开户银行: '招商银行深圳分行', 银行账号: '7559 0123 4567 001', 单位类型: 'o1' },
    { 单位名称: '蓝海软件服务', 开户银行: '工商银行上海张江支行', 银行账号: '1001 2345 6789 002', 单位类型: 'o2' },
    { 单位名称: '前海会展中心', 开户银行: '建设银行深圳前海支行', 银行账号: '4420 1234 5678 003', 单位类型: 'o2' },
  ]);
  await b.records('付款申请', [
    {
      付款事由: '11月包装材料货款',
      收款单位: [u1],
      付款金额: 64000,
      付款方式: 'o1',
      费用归属: 'o1',
      期望付款日期: '2026-11-30',
      付款状态: 'o1',
    },
    {
      付款事由: 'ERP 实施尾款',
      收款单位: [u2],
      付款金额: 47400,
      付款方式: 'o1',
      费用归属: 'o4',
      期望付款日期: '2026-11-28',
      付款状态: 'o2',
      付款日期: '2026-11-28',
    },
    {
      付款事由: '秋季展会展位费',
      收款单位: [u3],
      付款金额: 128000,
      付款方式: 'o1',
      费用归属: 'o2',
      期望付款日期: '2026-10-10',
      付款状态: 'o2',
      付款日期: '2026-10-09',
    },
    {
      付款事由: '办公室保洁服务费',
      收款单位: [u2],
      付款金额: 3600,
      付款方式: 'o1',
      费用归属: 'o3',
      期望付款日期: '2026-12-05',
      付款状态: 'o1',
    },
  ]);
  const s = b.code('付款申请');
  await b.dashboard('付款统计', [
    figure('n1', '付款总额', s, sum(amount), 0),
    figure('n2', '付款笔数', s, COUNT, 4),
    chart('p1', 'pie', '费用归属', s, b.f('付款申请', '费用归属'), sum(amount), { x: 0, w: 6 }),
    chart('b1', 'bar', '付款状态', s, paid, sum(amount), { x: 6, w: 6 }),
  ]);
};
