import {
  type Builder,
  COUNT,
  chart,
  figure,
  filter,
  managers,
  options,
  type Recipe,
  start,
  sum,
  task,
} from '../builder.js';

export const projectTasks: Recipe = async (b: Builder) => {
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
    figure('n1', '任务总数', s, COUNT, 0),
    figure('n2', '预估工时', s, sum(b.f('任务', '预估工时')), 4),
    chart('b1', 'bar', '各状态任务数', s, status, COUNT, { x: 0, w: 6 }),
    chart('p1', 'pie', '优先级分布', s, b.f('任务', '优先级'), COUNT, { x: 6, w: 6 }),
  ]);
};
