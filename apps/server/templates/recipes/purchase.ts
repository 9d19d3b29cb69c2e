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
  widget,
} from '../builder.js';

export const purchase: Recipe = async (b: Builder) => {
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
    figure('n1', '采购预算总额', s, sum(amount), 0),
    widget(
      'p1',
      'pie',
      '紧急程度',
      { schemaCode: s, dimension: { field: b.f('采购申请', '紧急程度') }, measures: [{ aggregate: 'count' }] },
      { x: 4, y: 0, w: 8, h: 5 },
    ),
  ]);
};

export const inventory: Recipe = async (b: Builder) => {
  await b.app('进销存', 'inbox', 5, '商品档案、出入库登记、库存预警与进销统计');
  await b.table('商品', [
    ['商品名称', 'text', undefined, { required: true }],
    ['商品编码', 'text', undefined, { unique: true }],
    ['商品分类', 'singleSelect', options('原材料', '半成品', '成品', '办公耗材')],
    ['规格', 'text'],
    ['单位', 'singleSelect', options('个', '箱', '千克', '米')],
    ['参考单价', 'money', { precision: 2 }],
    ['当前库存', 'number', { precision: 0 }],
    ['安全库存', 'number', { precision: 0 }],
    ['存放仓库', 'singleSelect', options('一号仓', '二号仓', '成品仓')],
  ]);
  await b.table('出入库单', [
    ['单据摘要', 'text', undefined, { required: true }],
    ['单据类型', 'singleSelect', options('采购入库', '生产入库', '销售出库', '领料出库', '盘点调整')],
    ['商品', 'relation', { schemaCode: '#商品', multiple: false }],
    ['规格', 'lookup', { relationFieldCode: '@出入库单.商品', targetFieldCode: '@商品.规格' }],
    ['数量', 'number', { precision: 0 }, { required: true }],
    ['单价', 'money', { precision: 2 }],
    ['金额', 'money', { precision: 2 }],
    ['业务日期', 'date', undefined, { defaultValue: { dynamic: 'today' } }],
    ['往来单位', 'text'],
    ['经办人', 'member', undefined, { defaultValue: { dynamic: 'currentUser' } }],
    ['单据编号', 'autoNumber', { prefix: 'CRK-', digits: 6 }],
  ]);
  await b.form('商品', [
    ['商品信息', ['商品名称', '商品编码', '商品分类', '规格', '单位', '参考单价']],
    ['库存', ['当前库存', '安全库存', '存放仓库']],
  ]);
  await b.form('出入库单', [
    ['单据', ['单据摘要', '单据类型', '业务日期', '往来单位', '经办人']],
    ['商品与金额', ['商品', '数量', '单价', '金额']],
  ]);
  const stock = b.f('商品', '当前库存');
  const kind = b.f('出入库单', '单据类型');
  const amount = b.f('出入库单', '金额');
  await b.view('商品', '库存预警', 'grid', {
    filter: filter(stock, 'lt', 50),
    sorts: [{ field: stock, direction: 'asc' }],
  });
  await b.view('商品', '按仓库', 'kanban', { groupBy: b.f('商品', '存放仓库') });
  await b.view('出入库单', '按单据类型', 'kanban', { groupBy: kind });
  // Goods leaving the warehouse for sale or production are checked by the warehouse keeper.
  await b.flow('出入库单', '出入库审核', [start('keeper'), task('keeper', 'approve', '仓库主管审核', managers)]);
  await b.role('仓管员', '登记出入库，维护商品库存', {
    商品: { actions: ['add', 'view', 'edit', 'export', 'import'] },
    出入库单: { actions: ['add', 'view', 'edit', 'export', 'print'] },
  });
  const [g1, g2, g3, g4] = await b.records('商品', [
    {
      商品名称: 'ABS 塑料粒子',
      商品编码: 'YL-001',
      商品分类: 'o1',
      规格: '25kg/袋',
      单位: 'o3',
      参考单价: 14.5,
      当前库存: 1200,
      安全库存: 500,
      存放仓库: 'o1',
    },
    {
      商品名称: '不锈钢螺丝 M4',
      商品编码: 'YL-015',
      商品分类: 'o1',
      规格: 'M4×12',
      单位: 'o2',
      参考单价: 38,
      当前库存: 30,
      安全库存: 60,
      存放仓库: 'o1',
    },
    {
      商品名称: '智能插座外壳',
      商品编码: 'BCP-102',
      商品分类: 'o2',
      规格: '白色',
      单位: 'o1',
      参考单价: 3.2,
      当前库存: 4800,
      安全库存: 2000,
      存放仓库: 'o2',
    },
    {
      商品名称: '智能插座 S1',
      商品编码: 'CP-001',
      商品分类: 'o3',
      规格: '10A',
      单位: 'o1',
      参考单价: 59,
      当前库存: 36,
      安全库存: 200,
      存放仓库: 'o3',
    },
    {
      商品名称: 'A4 打印纸',
      商品编码: 'HC-001',
      商品分类: 'o4',
      规格: '70g 500张',
      单位: 'o2',
      参考单价: 125,
      当前库存: 12,
      安全库存: 10,
      存放仓库: 'o2',
    },
  ]);
  await b.records('出入库单', [
    {
      单据摘要: '11月原料采购',
      单据类型: 'o1',
      商品: [g1],
      数量: 800,
      单价: 14.5,
      金额: 11600,
      业务日期: '2026-11-05',
      往来单位: '华塑原料',
    },
    {
      单据摘要: '螺丝补货',
      单据类型: 'o1',
      商品: [g2],
      数量: 20,
      单价: 38,
      金额: 760,
      业务日期: '2026-11-12',
      往来单位: '五金城',
    },
    { 单据摘要: '外壳注塑完工', 单据类型: 'o2', 商品: [g3], 数量: 3000, 单价: 3.2, 金额: 9600, 业务日期: '2026-11-18' },
    {
      单据摘要: '京东旗舰店发货',
      单据类型: 'o3',
      商品: [g4],
      数量: 164,
      单价: 59,
      金额: 9676,
      业务日期: '2026-11-22',
      往来单位: '京东自营',
    },
    { 单据摘要: '装配线领料', 单据类型: 'o4', 商品: [g3], 数量: 1200, 单价: 3.2, 金额: 3840, 业务日期: '2026-11-23' },
  ]);
  const s = b.code('出入库单');
  await b.dashboard('进销存看板', [
    figure('n1', '商品种类', b.code('商品'), COUNT, 0),
    figure('n2', '库存总量', b.code('商品'), sum(stock), 4),
    figure('n3', '出入库金额', s, sum(amount), 8),
    chart('b1', 'bar', '各类单据金额', s, kind, sum(amount), { x: 0, w: 6 }),
    chart('p1', 'pie', '库存分布（按仓库）', b.code('商品'), b.f('商品', '存放仓库'), sum(stock), { x: 6, w: 6 }),
  ]);
};
