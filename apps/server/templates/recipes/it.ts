import { type Builder, COUNT, chart, figure, filter, managers, options, type Recipe, start, task } from '../builder.js';

/** IT: the service desk's tickets. */
export const itTickets: Recipe = async (b: Builder) => {
  await b.app('IT 工单', 'laptop', 1, 'IT 服务台：故障报修、权限申请、设备需求的受理、处理与评价');
  await b.table('服务目录', [
    ['服务名称', 'text', undefined, { required: true }],
    ['服务类别', 'singleSelect', options('硬件', '软件', '账号权限', '网络', '其他')],
    ['处理时限（小时）', 'number', { precision: 0 }],
    ['服务说明', 'textarea'],
  ]);
  await b.table('IT 工单', [
    ['问题标题', 'text', undefined, { required: true }],
    ['服务项目', 'relation', { schemaCode: '#服务目录', multiple: false }],
    [
      '处理时限（小时）',
      'lookup',
      { relationFieldCode: '@IT 工单.服务项目', targetFieldCode: '@服务目录.处理时限（小时）' },
    ],
    ['优先级', 'singleSelect', options('P1 紧急', 'P2 高', 'P3 普通', 'P4 低')],
    ['问题描述', 'textarea'],
    ['截图', 'image'],
    ['提交人', 'member', undefined, { defaultValue: { dynamic: 'currentUser' } }],
    ['所属部门', 'department', undefined, { defaultValue: { dynamic: 'currentDepartment' } }],
    ['处理工程师', 'member'],
    ['工单状态', 'singleSelect', options('新建', '处理中', '待确认', '已解决', '已关闭')],
    ['解决方案', 'textarea'],
    ['处理工时', 'number', { precision: 1 }],
    ['满意度', 'singleSelect', options('非常满意', '满意', '不满意')],
    ['工单号', 'autoNumber', { prefix: 'IT-', digits: 5 }],
    ['提交时间', 'createdAt'],
  ]);
  await b.form('IT 工单', [
    ['问题', ['问题标题', '服务项目', '优先级', '问题描述', '截图', '提交人', '所属部门']],
    ['处理', ['处理工程师', '工单状态', '解决方案', '处理工时', '满意度']],
  ]);
  const engineer = b.f('IT 工单', '处理工程师');
  const state = b.f('IT 工单', '工单状态');
  await b.view('IT 工单', '工单看板', 'kanban', { groupBy: state });
  await b.view('IT 工单', '紧急工单', 'grid', { filter: filter(b.f('IT 工单', '优先级'), 'eq', 'o1') });
  await b.view('服务目录', '按类别', 'kanban', { groupBy: b.f('服务目录', '服务类别') });
  await b.flow('IT 工单', 'IT 工单处理', [
    start('dispatch'),
    task('dispatch', 'fill', '服务台受理分派', managers, 'fix', { [engineer]: 'required' }),
    task('fix', 'fill', '工程师处理', [{ kind: 'field', field: engineer }], 'confirm', {
      [b.f('IT 工单', '解决方案')]: 'required',
      [b.f('IT 工单', '处理工时')]: 'editable',
    }),
    task('confirm', 'fill', '提交人确认', [{ kind: 'field', field: b.f('IT 工单', '提交人') }], undefined, {
      [b.f('IT 工单', '满意度')]: 'required',
    }),
  ]);
  await b.role('IT 工程师', '处理分派给自己的工单，维护服务目录', {
    'IT 工单': { actions: ['view', 'edit', 'export'], rows: { scope: 'mine', memberField: engineer } },
    服务目录: { actions: ['add', 'view', 'edit'] },
  });
  const [s1, s2, s3, s4] = await b.records('服务目录', [
    { 服务名称: '电脑故障维修', 服务类别: 'o1', '处理时限（小时）': 8, 服务说明: '蓝屏、无法开机、硬件损坏等' },
    { 服务名称: '软件安装', 服务类别: 'o2', '处理时限（小时）': 24, 服务说明: '正版软件安装与授权' },
    { 服务名称: '系统账号开通', 服务类别: 'o3', '处理时限（小时）': 4, 服务说明: 'ERP、OA、邮箱等账号与权限' },
    { 服务名称: 'VPN 与网络', 服务类别: 'o4', '处理时限（小时）': 2, 服务说明: '网络中断、VPN 无法连接' },
  ]);
  await b.records('IT 工单', [
    {
      问题标题: '笔记本无法开机',
      服务项目: [s1],
      优先级: 'o2',
      问题描述: '按电源键无反应，充电指示灯不亮',
      工单状态: 'o2',
    },
    {
      问题标题: '新员工开通 ERP 账号',
      服务项目: [s3],
      优先级: 'o3',
      工单状态: 'o4',
      解决方案: '已开通销售模块只读权限',
      处理工时: 0.5,
      满意度: 'o1',
    },
    {
      问题标题: '家里连不上公司 VPN',
      服务项目: [s4],
      优先级: 'o1',
      工单状态: 'o3',
      解决方案: '重置 VPN 证书',
      处理工时: 1,
    },
    { 问题标题: '申请安装 Visio', 服务项目: [s2], 优先级: 'o4', 工单状态: 'o1' },
    {
      问题标题: '打印机卡纸',
      服务项目: [s1],
      优先级: 'o3',
      工单状态: 'o5',
      解决方案: '清理搓纸轮',
      处理工时: 0.5,
      满意度: 'o2',
    },
  ]);
  const s = b.code('IT 工单');
  await b.dashboard('服务台看板', [
    figure('n1', '工单总数', s, COUNT, 0),
    figure('n2', '处理总工时', s, { aggregate: 'sum', field: b.f('IT 工单', '处理工时') }, 4),
    chart('b1', 'bar', '工单状态', s, state, COUNT, { x: 0, w: 6 }),
    chart('p1', 'pie', '优先级分布', s, b.f('IT 工单', '优先级'), COUNT, { x: 6, w: 6 }),
  ]);
};
