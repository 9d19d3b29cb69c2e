import {
  type Builder,
  COUNT,
  chart,
  figure,
  filter,
  manager,
  managers,
  options,
  type Recipe,
  start,
  sum,
  task,
} from '../builder.js';

/** 门店/零售: stores' daily reports and their area managers' store visits. */
export const storeOps: Recipe = async (b: Builder) => {
  await b.app('门店运营', 'shop', 6, '门店档案、营业日报、巡店检查与销售业绩看板');
  await b.table('门店', [
    ['门店名称', 'text', undefined, { required: true }],
    ['所属区域', 'singleSelect', options('华南区', '华东区', '华北区')],
    ['店长', 'member'],
    ['门店电话', 'phone'],
    ['门店地址', 'location'],
    ['开业日期', 'date'],
    ['月度目标', 'money', { precision: 0 }],
  ]);
  await b.table('营业日报', [
    ['日报标题', 'text', undefined, { required: true }],
    ['门店', 'relation', { schemaCode: '#门店', multiple: false }],
    ['营业日期', 'date', undefined, { required: true, defaultValue: { dynamic: 'today' } }],
    ['营业额', 'money', { precision: 2 }, { required: true }],
    ['客流量', 'number', { precision: 0 }],
    ['成交单数', 'number', { precision: 0 }],
    ['天气', 'singleSelect', options('晴', '阴', '雨', '雪')],
    ['当日总结', 'textarea'],
    ['填报人', 'member', undefined, { defaultValue: { dynamic: 'currentUser' } }],
  ]);
  await b.table('巡店记录', [
    ['巡店主题', 'text', undefined, { required: true }],
    ['门店', 'relation', { schemaCode: '#门店', multiple: false }],
    ['巡店日期', 'date', undefined, { defaultValue: { dynamic: 'today' } }],
    ['陈列评分', 'number', { precision: 0 }],
    ['卫生评分', 'number', { precision: 0 }],
    ['服务评分', 'number', { precision: 0 }],
    ['问题描述', 'textarea'],
    ['现场照片', 'image'],
    ['整改要求', 'textarea'],
    ['巡店人', 'member', undefined, { defaultValue: { dynamic: 'currentUser' } }],
  ]);
  await b.form('营业日报', [
    ['营业数据', ['日报标题', '门店', '营业日期', '营业额', '客流量', '成交单数', '天气']],
    ['总结', ['当日总结', '填报人']],
  ]);
  await b.form('巡店记录', [
    ['巡店', ['巡店主题', '门店', '巡店日期', '巡店人']],
    ['评分', ['陈列评分', '卫生评分', '服务评分']],
    ['问题与整改', ['问题描述', '现场照片', '整改要求']],
  ]);
  const sales = b.f('营业日报', '营业额');
  const day = b.f('营业日报', '营业日期');
  await b.view('营业日报', '日报日历', 'calendar', { groupBy: day });
  await b.view('营业日报', '高营业额', 'grid', {
    filter: filter(sales, 'gte', 20000),
    sorts: [{ field: sales, direction: 'desc' }],
  });
  await b.view('门店', '按区域', 'kanban', { groupBy: b.f('门店', '所属区域') });
  await b.flow('巡店记录', '巡店整改', [
    start('store'),
    task('store', 'fill', '店长整改反馈', manager, 'area', { [b.f('巡店记录', '整改要求')]: 'readonly' }),
    task('area', 'approve', '区域经理验收', managers),
  ]);
  await b.role('店长', '填报本店日报，查看门店与巡店记录', {
    门店: { actions: ['view'] },
    营业日报: { actions: ['add', 'view', 'edit'], rows: { scope: 'mine' } },
    巡店记录: { actions: ['view'] },
  });
  const [s1, s2, s3] = await b.records('门店', [
    { 门店名称: '深圳万象城店', 所属区域: 'o1', 门店电话: '075586660001', 开业日期: '2023-05-01', 月度目标: 600000 },
    { 门店名称: '上海静安嘉里店', 所属区域: 'o2', 门店电话: '02162880002', 开业日期: '2024-09-15', 月度目标: 750000 },
    { 门店名称: '北京三里屯店', 所属区域: 'o3', 门店电话: '01065330003', 开业日期: '2025-03-20', 月度目标: 500000 },
  ]);
  await b.records('营业日报', [
    {
      日报标题: '万象城 11-24',
      门店: [s1],
      营业日期: '2026-11-24',
      营业额: 21860,
      客流量: 612,
      成交单数: 143,
      天气: 'o1',
    },
    {
      日报标题: '万象城 11-25',
      门店: [s1],
      营业日期: '2026-11-25',
      营业额: 18420,
      客流量: 540,
      成交单数: 121,
      天气: 'o3',
    },
    {
      日报标题: '嘉里 11-24',
      门店: [s2],
      营业日期: '2026-11-24',
      营业额: 26500,
      客流量: 702,
      成交单数: 168,
      天气: 'o2',
    },
    {
      日报标题: '嘉里 11-25',
      门店: [s2],
      营业日期: '2026-11-25',
      营业额: 24980,
      客流量: 655,
      成交单数: 159,
      天气: 'o1',
    },
    {
      日报标题: '三里屯 11-24',
      门店: [s3],
      营业日期: '2026-11-24',
      营业额: 15230,
      客流量: 480,
      成交单数: 98,
      天气: 'o4',
    },
    {
      日报标题: '三里屯 10-31',
      门店: [s3],
      营业日期: '2026-10-31',
      营业额: 31200,
      客流量: 910,
      成交单数: 205,
      天气: 'o1',
      当日总结: '万圣节主题活动效果好',
    },
  ]);
  await b.records('巡店记录', [
    { 巡店主题: '11月例行巡店', 门店: [s1], 巡店日期: '2026-11-20', 陈列评分: 92, 卫生评分: 88, 服务评分: 95 },
    {
      巡店主题: '新品陈列检查',
      门店: [s3],
      巡店日期: '2026-11-22',
      陈列评分: 75,
      卫生评分: 90,
      服务评分: 85,
      问题描述: '新品未放在入口主推位',
      整改要求: '三天内调整陈列并拍照反馈',
    },
  ]);
  const s = b.code('营业日报');
  await b.dashboard('销售业绩', [
    figure('n1', '营业额合计', s, sum(sales), 0),
    figure('n2', '客流量合计', s, sum(b.f('营业日报', '客流量')), 4),
    figure('n3', '成交单数', s, sum(b.f('营业日报', '成交单数')), 8),
    chart('l1', 'line', '每月营业额', s, day, sum(sales), { x: 0, w: 6 }),
    chart('p1', 'pie', '门店区域分布', b.code('门店'), b.f('门店', '所属区域'), COUNT, { x: 6, w: 6 }),
  ]);
};
