import type { Language } from '../i18n.js';

/** Server messages of dashboards (reports). */
export const DashboardMessages = {
  'dashboard.fieldInvalid': {
    zh: '图表不能这样使用字段：{detail}',
    en: 'The chart cannot use this field that way: {detail}',
    jp: 'グラフではこの項目をこのように使えません：{detail}',
  },
  'dashboard.widgetInvalid': {
    zh: '图表的维度、指标或筛选条件不正确',
    en: "The chart's dimension, measure or filter is not valid",
    jp: 'グラフのディメンション、指標またはフィルターが正しくありません',
  },
  'dashboard.widgetDuplicate': { zh: '图表重复', en: 'The chart appears twice', jp: 'グラフが重複しています' },
  'dashboard.filterDuplicate': {
    zh: '筛选条件重复',
    en: 'The filter appears twice',
    jp: 'フィルターが重複しています',
  },
  'dashboard.filterInvalid': {
    zh: '筛选条件不能用于这个字段',
    en: 'The filter cannot narrow this field',
    jp: 'このフィルターはこの項目に使えません',
  },
  'dashboard.placeInvalid': {
    zh: '图表超出了仪表盘的宽度',
    en: 'The chart is wider than the dashboard',
    jp: 'グラフがダッシュボードの幅を超えています',
  },
} as const satisfies Record<string, Record<Language, string>>;
