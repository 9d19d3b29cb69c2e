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

export const leaveApproval: Recipe = async (b: Builder) => {
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
    figure('n1', '请假申请数', s, COUNT, 0),
    figure('n2', '请假总天数', s, sum(days), 4),
    chart('p1', 'pie', '请假类型分布', s, b.f('请假申请', '请假类型'), sum(days), { x: 0, w: 6 }),
    chart('l1', 'line', '每月请假天数', s, b.f('请假申请', '开始日期'), sum(days), { x: 6, w: 6 }),
  ]);
};

const me = { defaultValue: { dynamic: 'currentUser' } };
const myDepartment = { defaultValue: { dynamic: 'currentDepartment' } };

export const recruiting: Recipe = async (b: Builder) => {
  await b.app('招聘管理', 'solution', 3, '招聘需求审批、候选人跟进与面试评价');
  await b.table('招聘需求', [
    ['职位名称', 'text', undefined, { required: true }],
    ['需求部门', 'department', undefined, myDepartment],
    ['招聘人数', 'number', { precision: 0 }, { required: true }],
    ['工作地点', 'singleSelect', options('深圳', '上海', '北京', '远程')],
    ['薪资范围', 'text'],
    ['期望到岗日期', 'date'],
    ['岗位职责', 'textarea'],
    ['任职要求', 'textarea'],
    ['招聘状态', 'singleSelect', options('待审批', '招聘中', '已关闭')],
    ['申请人', 'member', undefined, me],
  ]);
  await b.table('候选人', [
    ['姓名', 'text', undefined, { required: true }],
    ['应聘职位', 'relation', { schemaCode: '#招聘需求', multiple: false }],
    ['手机', 'phone'],
    ['邮箱', 'email'],
    ['简历来源', 'singleSelect', options('招聘网站', '内部推荐', '猎头', '校园招聘')],
    ['招聘阶段', 'singleSelect', options('简历筛选', '初试', '复试', '录用', '已入职', '淘汰')],
    ['面试官', 'member'],
    ['面试评分', 'number', { precision: 1 }],
    ['面试评价', 'textarea'],
    ['简历', 'attachment'],
  ]);
  await b.form('招聘需求', [
    ['职位信息', ['职位名称', '需求部门', '招聘人数', '工作地点', '薪资范围', '期望到岗日期']],
    ['职责与要求', ['岗位职责', '任职要求', '申请人']],
  ]);
  await b.form('候选人', [
    ['候选人信息', ['姓名', '应聘职位', '手机', '邮箱', '简历来源', '简历']],
    ['面试', ['招聘阶段', '面试官', '面试评分', '面试评价']],
  ]);
  const stage = b.f('候选人', '招聘阶段');
  await b.view('候选人', '招聘漏斗', 'kanban', { groupBy: stage });
  await b.view('候选人', '待面试', 'grid', { filter: filter(stage, 'eq', 'o2') });
  await b.view('招聘需求', '招聘中职位', 'grid', { filter: filter(b.f('招聘需求', '招聘状态'), 'eq', 'o2') });
  const headcount = b.f('招聘需求', '招聘人数');
  await b.flow('招聘需求', '招聘需求审批', [
    start('lead'),
    task('lead', 'approve', '部门负责人审批', manager, 'cond'),
    {
      id: 'cond',
      type: 'condition',
      name: '人数判断',
      next: 'hr',
      settings: {
        branches: [
          { id: 'many', name: '3人以上', next: 'boss', filter: filter(headcount, 'gte', 3) },
          { id: 'else', name: '其他情况', isElse: true },
        ],
      },
    },
    task('boss', 'approve', '总经理审批', owners),
    task('hr', 'approve', '人事确认', managers),
  ]);
  await b.role('面试官', '查看候选人并填写面试评价', {
    候选人: { actions: ['view', 'edit'], rows: { scope: 'mine', memberField: b.f('候选人', '面试官') } },
    招聘需求: { actions: ['view'] },
  });
  const [j1, j2] = await b.records('招聘需求', [
    {
      职位名称: '高级前端工程师',
      招聘人数: 2,
      工作地点: 'o1',
      薪资范围: '25-35K',
      期望到岗日期: '2027-01-04',
      招聘状态: 'o2',
      岗位职责: '负责低代码平台前端架构与核心组件开发。',
    },
    {
      职位名称: '销售经理',
      招聘人数: 3,
      工作地点: 'o2',
      薪资范围: '15-25K + 提成',
      期望到岗日期: '2026-12-15',
      招聘状态: 'o2',
    },
    { 职位名称: '行政专员', 招聘人数: 1, 工作地点: 'o1', 薪资范围: '7-9K', 招聘状态: 'o3' },
  ]);
  await b.records('候选人', [
    {
      姓名: '林晓',
      应聘职位: [j1],
      手机: '13700137001',
      简历来源: 'o1',
      招聘阶段: 'o3',
      面试评分: 8.5,
      面试评价: '基础扎实，有大型项目经验。',
    },
    { 姓名: '赵一鸣', 应聘职位: [j1], 手机: '13700137002', 简历来源: 'o2', 招聘阶段: 'o2' },
    { 姓名: '孙悦', 应聘职位: [j2], 手机: '13700137003', 简历来源: 'o3', 招聘阶段: 'o4', 面试评分: 9 },
    { 姓名: '吴昊', 应聘职位: [j2], 手机: '13700137004', 简历来源: 'o1', 招聘阶段: 'o1' },
    { 姓名: '郑佳', 应聘职位: [j2], 手机: '13700137005', 简历来源: 'o4', 招聘阶段: 'o6', 面试评分: 5 },
  ]);
  const s = b.code('候选人');
  await b.dashboard('招聘看板', [
    figure('n1', '候选人数', s, COUNT, 0),
    figure('n2', '需求人数', b.code('招聘需求'), sum(headcount), 4),
    chart('f1', 'funnel', '招聘漏斗', s, stage, COUNT, { x: 0, w: 6 }),
    chart('p1', 'pie', '简历来源', s, b.f('候选人', '简历来源'), COUNT, { x: 6, w: 6 }),
  ]);
};

export const attendance: Recipe = async (b: Builder) => {
  await b.app('考勤管理', 'clock-circle', 6, '加班申请、补卡申请与考勤统计');
  await b.table('加班申请', [
    ['加班事由', 'text', undefined, { required: true }],
    ['开始时间', 'datetime', undefined, { required: true }],
    ['结束时间', 'datetime', undefined, { required: true }],
    ['加班时长', 'number', { precision: 1 }, { required: true }],
    ['加班类型', 'singleSelect', options('工作日加班', '休息日加班', '节假日加班')],
    ['补偿方式', 'singleSelect', options('调休', '加班费')],
    ['申请人', 'member', undefined, me],
    ['所属部门', 'department', undefined, myDepartment],
  ]);
  await b.table('补卡申请', [
    ['补卡原因', 'text', undefined, { required: true }],
    ['补卡时间', 'datetime', undefined, { required: true }],
    ['补卡类型', 'singleSelect', options('上班卡', '下班卡')],
    ['申请人', 'member', undefined, me],
    ['证明材料', 'image'],
  ]);
  await b.form('加班申请', [
    ['加班信息', ['加班事由', '加班类型', '开始时间', '结束时间', '加班时长', '补偿方式', '申请人', '所属部门']],
  ]);
  await b.form('补卡申请', [['补卡信息', ['补卡原因', '补卡时间', '补卡类型', '申请人', '证明材料']]]);
  const hours = b.f('加班申请', '加班时长');
  await b.view('加班申请', '加班日历', 'calendar', { groupBy: b.f('加班申请', '开始时间') });
  await b.view('加班申请', '节假日加班', 'grid', { filter: filter(b.f('加班申请', '加班类型'), 'eq', 'o3') });
  await b.flow('加班申请', '加班审批', [
    start('lead'),
    task('lead', 'approve', '直属主管审批', manager, 'cond'),
    {
      id: 'cond',
      type: 'condition',
      name: '时长判断',
      settings: {
        branches: [
          { id: 'long', name: '超过8小时', next: 'hr', filter: filter(hours, 'gt', 8) },
          { id: 'else', name: '其他情况', isElse: true },
        ],
      },
    },
    task('hr', 'approve', '人事审批', managers),
  ]);
  await b.flow('补卡申请', '补卡审批', [start('lead'), task('lead', 'approve', '直属主管审批', manager)]);
  await b.records('加班申请', [
    {
      加班事由: '版本上线值守',
      开始时间: '2026-11-21T11:00:00.000Z',
      结束时间: '2026-11-21T15:00:00.000Z',
      加班时长: 4,
      加班类型: 'o1',
      补偿方式: 'o1',
    },
    {
      加班事由: '客户现场支持',
      开始时间: '2026-11-22T01:00:00.000Z',
      结束时间: '2026-11-22T10:00:00.000Z',
      加班时长: 9,
      加班类型: 'o2',
      补偿方式: 'o2',
    },
    {
      加班事由: '月末结账',
      开始时间: '2026-10-31T10:30:00.000Z',
      结束时间: '2026-10-31T13:30:00.000Z',
      加班时长: 3,
      加班类型: 'o1',
      补偿方式: 'o1',
    },
    {
      加班事由: '国庆设备巡检',
      开始时间: '2026-10-03T01:00:00.000Z',
      结束时间: '2026-10-03T09:00:00.000Z',
      加班时长: 8,
      加班类型: 'o3',
      补偿方式: 'o2',
    },
  ]);
  await b.records('补卡申请', [
    { 补卡原因: '外出拜访客户未打卡', 补卡时间: '2026-11-24T01:00:00.000Z', 补卡类型: 'o1' },
    { 补卡原因: '手机没电', 补卡时间: '2026-11-25T10:30:00.000Z', 补卡类型: 'o2' },
  ]);
  const s = b.code('加班申请');
  await b.dashboard('考勤统计', [
    figure('n1', '加班总时长', s, sum(hours), 0),
    figure('n2', '加班申请数', s, COUNT, 4),
    figure('n3', '补卡次数', b.code('补卡申请'), COUNT, 8),
    chart('l1', 'line', '每月加班时长', s, b.f('加班申请', '开始时间'), sum(hours), { x: 0, w: 6 }),
    chart('p1', 'pie', '加班类型', s, b.f('加班申请', '加班类型'), sum(hours), { x: 6, w: 6 }),
  ]);
};
