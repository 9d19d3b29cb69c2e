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

export const repair: Recipe = async (b: Builder) => {
  await b.app('设备报修', 'tool', 6, '设备台账、报修工单与故障统计');
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
    ['设备编号', 'lookup', { relationFieldCode: '@报修单.报修设备', targetFieldCode: '@设备台账.设备编号' }],
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
    figure('n1', '报修单数', s, COUNT, 0),
    figure('n2', '维修费用合计', s, sum(cost), 4),
    chart('p1', 'pie', '紧急程度分布', s, urgency, COUNT, { x: 0, w: 12 }),
  ]);
};

export const inspection: Recipe = async (b: Builder) => {
  await b.app('巡检管理', 'safety', 4, '巡检点位、巡检记录、异常整改闭环与巡检统计');
  await b.table('巡检点', [
    ['点位名称', 'text', undefined, { required: true }],
    ['所在区域', 'singleSelect', options('生产车间', '仓库', '配电房', '办公楼', '消防通道')],
    ['巡检频次', 'singleSelect', options('每班', '每天', '每周')],
    ['检查要点', 'textarea'],
    ['责任人', 'member'],
  ]);
  await b.table('巡检记录', [
    ['巡检摘要', 'text', undefined, { required: true }],
    ['巡检点', 'relation', { schemaCode: '#巡检点', multiple: false }],
    ['检查要点', 'lookup', { relationFieldCode: '@巡检记录.巡检点', targetFieldCode: '@巡检点.检查要点' }],
    ['巡检时间', 'datetime', undefined, { defaultValue: { dynamic: 'now' } }],
    ['巡检结果', 'singleSelect', options('正常', '异常')],
    [
      '检查项',
      'subTable',
      {
        fields: [
          { code: 'item', name: '检查项', type: 'text' },
          { code: 'ok', name: '合格', type: 'checkbox' },
        ],
      },
    ],
    ['异常描述', 'textarea'],
    ['现场照片', 'image'],
    ['整改人', 'member'],
    ['整改结果', 'textarea'],
    ['巡检人', 'member', undefined, { defaultValue: { dynamic: 'currentUser' } }],
  ]);
  await b.form('巡检记录', [
    ['巡检', ['巡检摘要', '巡检点', '巡检时间', '巡检结果', '巡检人', '检查项']],
    ['异常与整改', ['异常描述', '现场照片', '整改人', '整改结果']],
  ]);
  const result = b.f('巡检记录', '巡检结果');
  const fixer = b.f('巡检记录', '整改人');
  await b.view('巡检记录', '异常记录', 'grid', { filter: filter(result, 'eq', 'o2') });
  await b.view('巡检记录', '巡检日历', 'calendar', { groupBy: b.f('巡检记录', '巡检时间') });
  await b.view('巡检点', '按区域', 'kanban', { groupBy: b.f('巡检点', '所在区域') });
  // A normal round is filed as it is; an anomaly goes to the safety officer, who names who fixes it.
  await b.flow('巡检记录', '异常整改', [
    start('cond'),
    {
      id: 'cond',
      type: 'condition',
      name: '巡检结果',
      settings: {
        branches: [
          { id: 'bad', name: '异常', next: 'assign', filter: filter(result, 'eq', 'o2') },
          { id: 'else', name: '其他情况', isElse: true, next: 'file' },
        ],
      },
    },
    task('assign', 'fill', '安全员指派整改', managers, 'fix', { [fixer]: 'required' }),
    task('fix', 'fill', '整改人整改', [{ kind: 'field', field: fixer }], 'check', {
      [b.f('巡检记录', '整改结果')]: 'required',
    }),
    task('check', 'approve', '安全员复查', managers),
    task('file', 'approve', '班组长确认', manager),
  ]);
  const [p1, p2, p3] = await b.records('巡检点', [
    { 点位名称: '1号注塑车间', 所在区域: 'o1', 巡检频次: 'o1', 检查要点: '设备温度、油压、安全防护罩' },
    { 点位名称: '高压配电房', 所在区域: 'o3', 巡检频次: 'o2', 检查要点: '柜体温度、异响、绝缘垫' },
    { 点位名称: '成品仓消防通道', 所在区域: 'o5', 巡检频次: 'o3', 检查要点: '通道畅通、灭火器压力、应急灯' },
  ]);
  await b.records('巡检记录', [
    {
      巡检摘要: '早班巡检',
      巡检点: [p1],
      巡检时间: '2026-11-25T00:30:00.000Z',
      巡检结果: 'o1',
      检查项: [
        { item: '防护罩', ok: true },
        { item: '油压', ok: true },
      ],
    },
    {
      巡检摘要: '配电房日检',
      巡检点: [p2],
      巡检时间: '2026-11-25T02:00:00.000Z',
      巡检结果: 'o2',
      异常描述: '2号柜有轻微异响',
      整改结果: '紧固母排螺栓后异响消除',
    },
    {
      巡检摘要: '消防通道周检',
      巡检点: [p3],
      巡检时间: '2026-11-26T06:00:00.000Z',
      巡检结果: 'o2',
      异常描述: '通道堆放纸箱',
    },
    { 巡检摘要: '中班巡检', 巡检点: [p1], 巡检时间: '2026-11-26T08:30:00.000Z', 巡检结果: 'o1' },
  ]);
  const s = b.code('巡检记录');
  await b.dashboard('巡检统计', [
    figure('n1', '巡检次数', s, COUNT, 0),
    figure('n2', '巡检点数', b.code('巡检点'), COUNT, 4),
    chart('p1', 'pie', '巡检结果', s, result, COUNT, { x: 0, w: 6 }),
    chart('b1', 'bar', '各区域巡检点数', b.code('巡检点'), b.f('巡检点', '所在区域'), COUNT, { x: 6, w: 6 }),
  ]);
};

export const production: Recipe = async (b: Builder) => {
  await b.app('生产工单', 'build', 2, '生产计划下达、车间报工、质检入库与产量统计');
  await b.table('产品', [
    ['产品名称', 'text', undefined, { required: true }],
    ['产品型号', 'text', undefined, { unique: true }],
    ['产品线', 'singleSelect', options('智能家居', '小家电', '配件')],
    ['标准工时', 'number', { precision: 1 }],
  ]);
  await b.table('生产工单', [
    ['工单摘要', 'text', undefined, { required: true }],
    ['工单号', 'autoNumber', { prefix: 'MO-', digits: 5 }],
    ['产品', 'relation', { schemaCode: '#产品', multiple: false }],
    ['产品型号', 'lookup', { relationFieldCode: '@生产工单.产品', targetFieldCode: '@产品.产品型号' }],
    ['计划数量', 'number', { precision: 0 }, { required: true }],
    ['完成数量', 'number', { precision: 0 }],
    ['不良数量', 'number', { precision: 0 }],
    ['计划开工', 'date'],
    ['计划完工', 'date'],
    ['生产车间', 'singleSelect', options('注塑车间', '装配车间', '包装车间')],
    ['工单状态', 'singleSelect', options('待下达', '生产中', '待质检', '已入库')],
    ['车间主任', 'member'],
    ['质检结论', 'textarea'],
  ]);
  await b.form('生产工单', [
    ['计划', ['工单摘要', '产品', '计划数量', '计划开工', '计划完工', '生产车间', '车间主任']],
    ['报工与质检', ['工单状态', '完成数量', '不良数量', '质检结论']],
  ]);
  const done = b.f('生产工单', '完成数量');
  const bad = b.f('生产工单', '不良数量');
  const state = b.f('生产工单', '工单状态');
  await b.view('生产工单', '工单看板', 'kanban', { groupBy: state });
  await b.view('生产工单', '排产日历', 'calendar', { groupBy: b.f('生产工单', '计划开工') });
  await b.view('生产工单', '装配车间', 'grid', { filter: filter(b.f('生产工单', '生产车间'), 'eq', 'o2') });
  await b.flow('生产工单', '工单流转', [
    start('plan'),
    task('plan', 'approve', '生产经理下达', managers, 'report'),
    task('report', 'fill', '车间报工', [{ kind: 'field', field: b.f('生产工单', '车间主任') }], 'qc', {
      [done]: 'required',
      [bad]: 'editable',
    }),
    task('qc', 'fill', '质检入库', managers, undefined, { [b.f('生产工单', '质检结论')]: 'required' }),
  ]);
  const [m1, m2, m3] = await b.records('产品', [
    { 产品名称: '智能插座 S1', 产品型号: 'S1-10A', 产品线: 'o1', 标准工时: 0.2 },
    { 产品名称: '桌面加湿器 H2', 产品型号: 'H2-300', 产品线: 'o2', 标准工时: 0.5 },
    { 产品名称: 'Type-C 数据线', 产品型号: 'C-1M', 产品线: 'o3', 标准工时: 0.05 },
  ]);
  await b.records('生产工单', [
    {
      工单摘要: '双十二备货',
      产品: [m1],
      计划数量: 5000,
      完成数量: 5000,
      不良数量: 35,
      计划开工: '2026-11-10',
      计划完工: '2026-11-18',
      生产车间: 'o2',
      工单状态: 'o4',
      质检结论: '抽检合格，准予入库',
    },
    {
      工单摘要: '加湿器首批量产',
      产品: [m2],
      计划数量: 2000,
      完成数量: 1200,
      不良数量: 18,
      计划开工: '2026-11-20',
      计划完工: '2026-12-02',
      生产车间: 'o2',
      工单状态: 'o2',
    },
    {
      工单摘要: '数据线常规补库',
      产品: [m3],
      计划数量: 10000,
      完成数量: 10000,
      不良数量: 60,
      计划开工: '2026-11-15',
      计划完工: '2026-11-19',
      生产车间: 'o3',
      工单状态: 'o3',
    },
    {
      工单摘要: '插座外壳注塑',
      产品: [m1],
      计划数量: 6000,
      计划开工: '2026-12-03',
      计划完工: '2026-12-08',
      生产车间: 'o1',
      工单状态: 'o1',
    },
  ]);
  const s = b.code('生产工单');
  await b.dashboard('产量统计', [
    figure('n1', '计划产量', s, sum(b.f('生产工单', '计划数量')), 0),
    figure('n2', '完成产量', s, sum(done), 4),
    figure('n3', '不良品数', s, sum(bad), 8),
    chart('b1', 'bar', '各车间完成产量', s, b.f('生产工单', '生产车间'), sum(done), { x: 0, w: 6 }),
    chart('p1', 'pie', '工单状态', s, state, COUNT, { x: 6, w: 6 }),
  ]);
};
