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

/** 行政办公: contracts, fixed assets, meeting rooms and company cars. */

const me = { defaultValue: { dynamic: 'currentUser' } };
const myDepartment = { defaultValue: { dynamic: 'currentDepartment' } };

export const contract: Recipe = async (b: Builder) => {
  await b.app('合同管理', 'audit', 3, '合同起草、会签审批、履约跟踪与到期提醒');
  await b.table('合同台账', [
    ['合同名称', 'text', undefined, { required: true }],
    ['合同编号', 'autoNumber', { prefix: 'HT-', digits: 5 }],
    ['合同类型', 'singleSelect', options('销售合同', '采购合同', '服务合同', '租赁合同', '劳动合同')],
    ['签约对方', 'text', undefined, { required: true }],
    ['合同金额', 'money', { precision: 2 }, { required: true }],
    ['签订日期', 'date'],
    ['生效日期', 'date'],
    ['到期日期', 'date'],
    ['履约状态', 'singleSelect', options('起草中', '履约中', '已完成', '已终止')],
    ['经办人', 'member', undefined, me],
    ['所属部门', 'department', undefined, myDepartment],
    ['合同正文', 'attachment'],
    ['主要条款', 'textarea'],
  ]);
  await b.table('收付款记录', [
    ['款项说明', 'text', undefined, { required: true }],
    ['所属合同', 'relation', { schemaCode: '#合同台账', multiple: false }],
    ['收付方向', 'singleSelect', options('收款', '付款')],
    ['金额', 'money', { precision: 2 }],
    ['日期', 'date'],
    ['凭证', 'attachment'],
  ]);
  await b.form('合同台账', [
    ['合同信息', ['合同名称', '合同类型', '签约对方', '合同金额', '签订日期', '生效日期', '到期日期']],
    ['经办与附件', ['经办人', '所属部门', '履约状态', '合同正文', '主要条款']],
  ]);
  const amount = b.f('合同台账', '合同金额');
  const due = b.f('合同台账', '到期日期');
  await b.view('合同台账', '履约看板', 'kanban', { groupBy: b.f('合同台账', '履约状态') });
  await b.view('合同台账', '到期日历', 'calendar', { groupBy: due });
  await b.view('合同台账', '大额合同', 'grid', {
    filter: filter(amount, 'gte', 100000),
    sorts: [{ field: amount, direction: 'desc' }],
  });
  await b.flow('合同台账', '合同会签', [
    start('lead'),
    task('lead', 'approve', '部门负责人审核', manager, 'legal'),
    task('legal', 'approve', '法务审核', managers, 'cond'),
    {
      id: 'cond',
      type: 'condition',
      name: '金额判断',
      settings: {
        branches: [
          { id: 'big', name: '50万元以上', next: 'boss', filter: filter(amount, 'gte', 500000) },
          { id: 'else', name: '其他情况', isElse: true },
        ],
      },
    },
    task('boss', 'approve', '总经理审批', owners),
  ]);
  await b.role('法务', '审核合同条款，查看全部合同与收付款记录', {
    合同台账: { actions: ['view', 'edit', 'export', 'print'] },
    收付款记录: { actions: ['view', 'export'] },
  });
  const [c1, c2, c3] = await b.records('合同台账', [
    {
      合同名称: '华东区域年度经销协议',
      合同类型: 'o1',
      签约对方: '杭州启明贸易有限公司',
      合同金额: 860000,
      签订日期: '2026-03-01',
      生效日期: '2026-03-01',
      到期日期: '2027-02-28',
      履约状态: 'o2',
      主要条款: '年度保底采购额 80 万元，按季度结算。',
    },
    {
      合同名称: '办公楼租赁合同',
      合同类型: 'o4',
      签约对方: '深圳前海置业',
      合同金额: 432000,
      签订日期: '2025-12-15',
      生效日期: '2026-01-01',
      到期日期: '2026-12-31',
      履约状态: 'o2',
    },
    {
      合同名称: 'ERP 实施服务合同',
      合同类型: 'o3',
      签约对方: '蓝海软件服务',
      合同金额: 158000,
      签订日期: '2026-06-10',
      生效日期: '2026-06-15',
      到期日期: '2026-11-30',
      履约状态: 'o3',
    },
    { 合同名称: '包装材料采购合同', 合同类型: 'o2', 签约对方: '宏达包装', 合同金额: 64000, 履约状态: 'o1' },
  ]);
  await b.records('收付款记录', [
    { 款项说明: '一季度货款', 所属合同: [c1], 收付方向: 'o1', 金额: 215000, 日期: '2026-04-05' },
    { 款项说明: '二季度货款', 所属合同: [c1], 收付方向: 'o1', 金额: 230000, 日期: '2026-07-03' },
    { 款项说明: '上半年租金', 所属合同: [c2], 收付方向: 'o2', 金额: 216000, 日期: '2026-01-05' },
    { 款项说明: '实施尾款', 所属合同: [c3], 收付方向: 'o2', 金额: 47400, 日期: '2026-11-28' },
  ]);
  const s = b.code('合同台账');
  await b.dashboard('合同统计', [
    figure('n1', '合同总金额', s, sum(amount), 0),
    figure('n2', '合同数', s, COUNT, 4),
    figure('n3', '收付款合计', b.code('收付款记录'), sum(b.f('收付款记录', '金额')), 8),
    chart('p1', 'pie', '合同类型分布', s, b.f('合同台账', '合同类型'), sum(amount), { x: 0, w: 6 }),
    chart('b1', 'bar', '履约状态', s, b.f('合同台账', '履约状态'), COUNT, { x: 6, w: 6 }),
  ]);
};

export const assets: Recipe = async (b: Builder) => {
  await b.app('固定资产', 'database', 2, '资产台账、领用归还与资产盘点');
  await b.table('资产台账', [
    ['资产名称', 'text', undefined, { required: true }],
    ['资产编号', 'autoNumber', { prefix: 'ZC-', digits: 5 }],
    ['资产类别', 'singleSelect', options('电脑设备', '办公家具', '网络设备', '车辆', '其他')],
    ['品牌型号', 'text'],
    ['购置日期', 'date'],
    ['购置金额', 'money', { precision: 2 }],
    ['使用状态', 'singleSelect', options('闲置', '在用', '维修中', '已报废')],
    ['使用人', 'member'],
    ['存放地点', 'text'],
    ['资产照片', 'image'],
  ]);
  await b.table('领用申请', [
    ['领用事由', 'text', undefined, { required: true }],
    ['领用资产', 'relation', { schemaCode: '#资产台账', multiple: false }],
    ['品牌型号', 'lookup', { relationFieldCode: '@领用申请.领用资产', targetFieldCode: '@资产台账.品牌型号' }],
    ['领用人', 'member', undefined, me],
    ['所属部门', 'department', undefined, myDepartment],
    ['领用日期', 'date', {}, { defaultValue: { dynamic: 'today' } }],
    ['预计归还日期', 'date'],
    ['备注', 'textarea'],
  ]);
  await b.form('资产台账', [
    ['基本信息', ['资产名称', '资产类别', '品牌型号', '购置日期', '购置金额']],
    ['使用情况', ['使用状态', '使用人', '存放地点', '资产照片']],
  ]);
  await b.form('领用申请', [
    ['领用信息', ['领用事由', '领用资产', '领用人', '所属部门', '领用日期', '预计归还日期', '备注']],
  ]);
  const state = b.f('资产台账', '使用状态');
  await b.view('资产台账', '按状态', 'kanban', { groupBy: state });
  await b.view('资产台账', '闲置资产', 'grid', { filter: filter(state, 'eq', 'o1') });
  await b.view('资产台账', '资产卡片', 'gallery', {});
  await b.flow('领用申请', '资产领用', [
    start('lead'),
    task('lead', 'approve', '部门主管审批', manager, 'admin'),
    task('admin', 'fill', '行政发放', managers),
  ]);
  const [a1, a2] = await b.records('资产台账', [
    {
      资产名称: 'MacBook Pro 14',
      资产类别: 'o1',
      品牌型号: 'Apple M3 Pro',
      购置日期: '2025-09-01',
      购置金额: 16999,
      使用状态: 'o2',
      存放地点: '研发部',
    },
    {
      资产名称: 'ThinkPad X1 Carbon',
      资产类别: 'o1',
      品牌型号: 'Lenovo Gen 12',
      购置日期: '2026-02-10',
      购置金额: 12800,
      使用状态: 'o1',
      存放地点: '行政库房',
    },
    {
      资产名称: '人体工学椅',
      资产类别: 'o2',
      品牌型号: '西昊 M57',
      购置日期: '2024-05-20',
      购置金额: 1299,
      使用状态: 'o2',
      存放地点: '3楼开放区',
    },
    {
      资产名称: '核心交换机',
      资产类别: 'o3',
      品牌型号: '华为 S5735',
      购置日期: '2023-11-11',
      购置金额: 8600,
      使用状态: 'o2',
      存放地点: '机房',
    },
    {
      资产名称: '投影仪',
      资产类别: 'o5',
      品牌型号: '爱普生 CB-X50',
      购置日期: '2021-07-01',
      购置金额: 4200,
      使用状态: 'o3',
      存放地点: '大会议室',
    },
  ]);
  await b.records('领用申请', [
    { 领用事由: '新员工入职配发电脑', 领用资产: [a2], 领用日期: '2026-11-25', 预计归还日期: '2027-11-25' },
    { 领用事由: '外出培训借用', 领用资产: [a1], 领用日期: '2026-11-20', 预计归还日期: '2026-11-22' },
  ]);
  const s = b.code('资产台账');
  const value = b.f('资产台账', '购置金额');
  await b.dashboard('资产概览', [
    figure('n1', '资产总值', s, sum(value), 0),
    figure('n2', '资产数量', s, COUNT, 4),
    chart('p1', 'pie', '资产类别', s, b.f('资产台账', '资产类别'), sum(value), { x: 0, w: 6 }),
    chart('b1', 'bar', '使用状态', s, state, COUNT, { x: 6, w: 6 }),
  ]);
};

export const meetingRoom: Recipe = async (b: Builder) => {
  await b.app('会议室预约', 'calendar', 0, '会议室资源、在线预约与使用统计');
  await b.table('会议室', [
    ['会议室名称', 'text', undefined, { required: true }],
    ['所在楼层', 'singleSelect', options('2楼', '3楼', '5楼')],
    ['容纳人数', 'number', { precision: 0 }],
    ['设备', 'multiSelect', options('投影仪', '视频会议', '白板', '电视屏')],
    ['照片', 'image'],
  ]);
  await b.table('预约记录', [
    ['会议主题', 'text', undefined, { required: true }],
    ['会议室', 'relation', { schemaCode: '#会议室', multiple: false }],
    ['开始时间', 'datetime', undefined, { required: true }],
    ['结束时间', 'datetime', undefined, { required: true }],
    ['参会人数', 'number', { precision: 0 }],
    ['会议类型', 'singleSelect', options('内部会议', '客户接待', '面试', '培训')],
    ['预约人', 'member', undefined, me],
    ['参会人', 'member', { multiple: true }],
    ['会议说明', 'textarea'],
  ]);
  await b.form('预约记录', [
    ['预约信息', ['会议主题', '会议室', '开始时间', '结束时间', '会议类型', '参会人数']],
    ['参会与说明', ['预约人', '参会人', '会议说明']],
  ]);
  const startAt = b.f('预约记录', '开始时间');
  await b.view('预约记录', '预约日历', 'calendar', { groupBy: startAt });
  await b.view('预约记录', '客户接待', 'grid', {
    filter: filter(b.f('预约记录', '会议类型'), 'eq', 'o2'),
    sorts: [{ field: startAt, direction: 'asc' }],
  });
  await b.view('会议室', '会议室一览', 'gallery', {});
  // Only customer visits need the front desk's confirmation; other bookings pass straight through.
  await b.flow('预约记录', '预约确认', [
    start('cond'),
    {
      id: 'cond',
      type: 'condition',
      name: '会议类型',
      settings: {
        branches: [
          { id: 'guest', name: '客户接待', next: 'desk', filter: filter(b.f('预约记录', '会议类型'), 'eq', 'o2') },
          { id: 'else', name: '其他情况', isElse: true, next: 'lead' },
        ],
      },
    },
    task('desk', 'approve', '行政前台确认', managers),
    task('lead', 'approve', '部门主管确认', manager),
  ]);
  const [r1, r2, r3] = await b.records('会议室', [
    { 会议室名称: '长江厅', 所在楼层: 'o2', 容纳人数: 20, 设备: ['o1', 'o2'] },
    { 会议室名称: '黄河厅', 所在楼层: 'o2', 容纳人数: 8, 设备: ['o3', 'o4'] },
    { 会议室名称: '珠江洽谈室', 所在楼层: 'o3', 容纳人数: 4, 设备: ['o4'] },
  ]);
  await b.records('预约记录', [
    {
      会议主题: '月度经营分析会',
      会议室: [r1],
      开始时间: '2026-12-01T01:30:00.000Z',
      结束时间: '2026-12-01T03:30:00.000Z',
      参会人数: 16,
      会议类型: 'o1',
    },
    {
      会议主题: '华南精密来访',
      会议室: [r3],
      开始时间: '2026-12-02T06:00:00.000Z',
      结束时间: '2026-12-02T07:00:00.000Z',
      参会人数: 4,
      会议类型: 'o2',
    },
    {
      会议主题: '前端工程师面试',
      会议室: [r2],
      开始时间: '2026-12-02T02:00:00.000Z',
      结束时间: '2026-12-02T03:00:00.000Z',
      参会人数: 3,
      会议类型: 'o3',
    },
    {
      会议主题: '新员工入职培训',
      会议室: [r1],
      开始时间: '2026-12-03T01:00:00.000Z',
      结束时间: '2026-12-03T08:00:00.000Z',
      参会人数: 12,
      会议类型: 'o4',
    },
  ]);
  const s = b.code('预约记录');
  await b.dashboard('使用统计', [
    figure('n1', '预约次数', s, COUNT, 0),
    figure('n2', '参会人次', s, sum(b.f('预约记录', '参会人数')), 4),
    chart('l1', 'line', '每月预约次数', s, startAt, COUNT, { x: 0, w: 6 }),
    chart('p1', 'pie', '会议类型', s, b.f('预约记录', '会议类型'), COUNT, { x: 6, w: 6 }),
  ]);
};

export const vehicle: Recipe = async (b: Builder) => {
  await b.app('用车申请', 'car', 4, '公务用车申请、派车与里程费用登记');
  await b.table('车辆', [
    ['车牌号', 'text', undefined, { required: true, unique: true }],
    ['品牌车型', 'text'],
    ['座位数', 'number', { precision: 0 }],
    ['车辆状态', 'singleSelect', options('可用', '出车中', '保养中')],
    ['年检到期', 'date'],
  ]);
  await b.table('用车单', [
    ['用车事由', 'text', undefined, { required: true }],
    ['出发时间', 'datetime', undefined, { required: true }],
    ['返回时间', 'datetime'],
    ['目的地', 'text'],
    ['乘车人数', 'number', { precision: 0 }],
    ['申请人', 'member', undefined, me],
    ['所属部门', 'department', undefined, myDepartment],
    ['派用车辆', 'relation', { schemaCode: '#车辆', multiple: false }],
    ['司机', 'member'],
    ['行驶里程', 'number', { precision: 1 }],
    ['油费路桥费', 'money', { precision: 2 }],
  ]);
  await b.form('用车单', [
    ['用车信息', ['用车事由', '出发时间', '返回时间', '目的地', '乘车人数', '申请人', '所属部门']],
    ['派车与费用', ['派用车辆', '司机', '行驶里程', '油费路桥费']],
  ]);
  const car = b.f('用车单', '派用车辆');
  const driver = b.f('用车单', '司机');
  const km = b.f('用车单', '行驶里程');
  const cost = b.f('用车单', '油费路桥费');
  await b.view('用车单', '用车日历', 'calendar', { groupBy: b.f('用车单', '出发时间') });
  await b.view('车辆', '按状态', 'kanban', { groupBy: b.f('车辆', '车辆状态') });
  await b.flow('用车单', '用车审批', [
    start('lead'),
    task('lead', 'approve', '部门主管审批', manager, 'dispatch'),
    task('dispatch', 'fill', '行政派车', managers, 'back', { [car]: 'required', [driver]: 'editable' }),
    task('back', 'fill', '还车登记', managers, undefined, { [km]: 'required', [cost]: 'editable' }),
  ]);
  const [v1, v2] = await b.records('车辆', [
    { 车牌号: '粤B·D12345', 品牌车型: '比亚迪 汉 EV', 座位数: 5, 车辆状态: 'o1', 年检到期: '2027-05-01' },
    { 车牌号: '粤B·8K6Q2', 品牌车型: '别克 GL8', 座位数: 7, 车辆状态: 'o2', 年检到期: '2026-12-20' },
    { 车牌号: '粤B·3M7N1', 品牌车型: '丰田 凯美瑞', 座位数: 5, 车辆状态: 'o3', 年检到期: '2027-03-15' },
  ]);
  await b.records('用车单', [
    {
      用车事由: '接送客户参观工厂',
      出发时间: '2026-11-26T01:00:00.000Z',
      返回时间: '2026-11-26T09:00:00.000Z',
      目的地: '东莞松山湖',
      乘车人数: 5,
      派用车辆: [v2],
      行驶里程: 128,
      油费路桥费: 186,
    },
    {
      用车事由: '银行办理业务',
      出发时间: '2026-11-27T02:00:00.000Z',
      目的地: '福田区招商银行',
      乘车人数: 2,
      派用车辆: [v1],
      行驶里程: 24.5,
      油费路桥费: 20,
    },
    { 用车事由: '展会物料运送', 出发时间: '2026-12-02T00:30:00.000Z', 目的地: '会展中心', 乘车人数: 3 },
  ]);
  const s = b.code('用车单');
  await b.dashboard('用车统计', [
    figure('n1', '用车次数', s, COUNT, 0),
    figure('n2', '总里程（公里）', s, sum(km), 4),
    figure('n3', '费用合计', s, sum(cost), 8),
    chart('b1', 'bar', '每月行驶里程', s, b.f('用车单', '出发时间'), sum(km), { x: 0, w: 6 }),
    chart('l1', 'line', '每月用车次数', s, b.f('用车单', '出发时间'), COUNT, { x: 6, w: 6 }),
  ]);
};
