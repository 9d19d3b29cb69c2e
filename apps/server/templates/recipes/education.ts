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

/** 教育: a training school's courses, enrolments and refunds. */
export const training: Recipe = async (b: Builder) => {
  await b.app('培训报名', 'book', 5, '课程发布、学员报名缴费、退费审批与招生统计');
  await b.table('课程', [
    ['课程名称', 'text', undefined, { required: true }],
    ['课程类别', 'singleSelect', options('编程', '设计', '外语', '职业考证')],
    ['授课老师', 'text'],
    ['开课日期', 'date'],
    ['课时数', 'number', { precision: 0 }],
    ['学费', 'money', { precision: 2 }],
    ['招生名额', 'number', { precision: 0 }],
    ['上课方式', 'singleSelect', options('线下', '线上直播', '录播')],
    ['课程封面', 'image'],
    ['课程介绍', 'textarea'],
  ]);
  await b.table('报名记录', [
    ['学员姓名', 'text', undefined, { required: true }],
    ['报名课程', 'relation', { schemaCode: '#课程', multiple: false }],
    ['授课老师', 'lookup', { relationFieldCode: '@报名记录.报名课程', targetFieldCode: '@课程.授课老师' }],
    ['手机', 'phone', undefined, { required: true }],
    ['报名日期', 'date', undefined, { defaultValue: { dynamic: 'today' } }],
    ['实缴金额', 'money', { precision: 2 }],
    ['缴费方式', 'singleSelect', options('微信', '支付宝', '银行转账', '现金')],
    ['学习状态', 'singleSelect', options('待开课', '在读', '已结业', '已退费')],
    ['课程顾问', 'member', undefined, { defaultValue: { dynamic: 'currentUser' } }],
  ]);
  await b.table('退费申请', [
    ['退费原因', 'text', undefined, { required: true }],
    ['报名记录', 'relation', { schemaCode: '#报名记录', multiple: false }],
    ['退费金额', 'money', { precision: 2 }, { required: true }],
    ['已上课时', 'number', { precision: 0 }],
    ['申请人', 'member', undefined, { defaultValue: { dynamic: 'currentUser' } }],
  ]);
  await b.form('课程', [
    ['课程信息', ['课程名称', '课程类别', '授课老师', '上课方式', '开课日期', '课时数', '学费', '招生名额']],
    ['介绍', ['课程封面', '课程介绍']],
  ]);
  await b.form('报名记录', [
    ['学员与课程', ['学员姓名', '手机', '报名课程', '报名日期']],
    ['缴费', ['实缴金额', '缴费方式', '学习状态', '课程顾问']],
  ]);
  await b.form('退费申请', [['退费', ['退费原因', '报名记录', '退费金额', '已上课时', '申请人']]]);
  const paid = b.f('报名记录', '实缴金额');
  const refund = b.f('退费申请', '退费金额');
  await b.view('课程', '课程卡片', 'gallery', {});
  await b.view('课程', '开课日历', 'calendar', { groupBy: b.f('课程', '开课日期') });
  await b.view('报名记录', '按学习状态', 'kanban', { groupBy: b.f('报名记录', '学习状态') });
  await b.flow('退费申请', '退费审批', [
    start('dean'),
    task('dean', 'approve', '教务主管审核', managers, 'cond'),
    {
      id: 'cond',
      type: 'condition',
      name: '金额判断',
      next: 'cashier',
      settings: {
        branches: [
          { id: 'big', name: '超过3000元', next: 'head', filter: filter(refund, 'gt', 3000) },
          { id: 'else', name: '其他情况', isElse: true },
        ],
      },
    },
    task('head', 'approve', '校长审批', [{ kind: 'roles', roles: ['owner'] }]),
    task('cashier', 'approve', '财务退款', managers),
  ]);
  await b.role('课程顾问', '登记自己的学员报名，提交退费申请', {
    课程: { actions: ['view'] },
    报名记录: { actions: ['add', 'view', 'edit'], rows: { scope: 'mine', memberField: b.f('报名记录', '课程顾问') } },
    退费申请: { actions: ['add', 'view'], rows: { scope: 'mine' } },
  });
  const [c1, c2, c3] = await b.records('课程', [
    {
      课程名称: 'Python 数据分析实战',
      课程类别: 'o1',
      授课老师: '周老师',
      开课日期: '2026-12-05',
      课时数: 48,
      学费: 4980,
      招生名额: 30,
      上课方式: 'o1',
    },
    {
      课程名称: 'UI 设计零基础',
      课程类别: 'o2',
      授课老师: '林老师',
      开课日期: '2026-12-12',
      课时数: 36,
      学费: 3680,
      招生名额: 25,
      上课方式: 'o2',
    },
    {
      课程名称: '商务英语口语',
      课程类别: 'o3',
      授课老师: 'Emma',
      开课日期: '2026-11-20',
      课时数: 24,
      学费: 2400,
      招生名额: 15,
      上课方式: 'o1',
    },
    {
      课程名称: 'PMP 备考冲刺',
      课程类别: 'o4',
      授课老师: '钱老师',
      开课日期: '2027-01-09',
      课时数: 35,
      学费: 5800,
      招生名额: 40,
      上课方式: 'o3',
    },
  ]);
  const [e1] = await b.records('报名记录', [
    {
      学员姓名: '张晨',
      报名课程: [c1],
      手机: '13500135001',
      报名日期: '2026-11-10',
      实缴金额: 4980,
      缴费方式: 'o1',
      学习状态: 'o1',
    },
    {
      学员姓名: '李雪',
      报名课程: [c1],
      手机: '13500135002',
      报名日期: '2026-11-12',
      实缴金额: 4480,
      缴费方式: 'o2',
      学习状态: 'o1',
    },
    {
      学员姓名: '王磊',
      报名课程: [c2],
      手机: '13500135003',
      报名日期: '2026-11-15',
      实缴金额: 3680,
      缴费方式: 'o3',
      学习状态: 'o1',
    },
    {
      学员姓名: '陈静',
      报名课程: [c3],
      手机: '13500135004',
      报名日期: '2026-11-01',
      实缴金额: 2400,
      缴费方式: 'o1',
      学习状态: 'o2',
    },
    {
      学员姓名: '刘洋',
      报名课程: [c3],
      手机: '13500135005',
      报名日期: '2026-11-02',
      实缴金额: 2400,
      缴费方式: 'o4',
      学习状态: 'o4',
    },
  ]);
  await b.records('退费申请', [{ 退费原因: '工作调动无法上课', 报名记录: [e1], 退费金额: 4980, 已上课时: 0 }]);
  const s = b.code('报名记录');
  await b.dashboard('招生统计', [
    figure('n1', '报名人数', s, COUNT, 0),
    figure('n2', '实收学费', s, sum(paid), 4),
    figure('n3', '退费金额', b.code('退费申请'), sum(refund), 8),
    chart('b1', 'bar', '学习状态', s, b.f('报名记录', '学习状态'), COUNT, { x: 0, w: 6 }),
    chart('p1', 'pie', '缴费方式', s, b.f('报名记录', '缴费方式'), sum(paid), { x: 6, w: 6 }),
  ]);
};
