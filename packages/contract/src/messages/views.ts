import type { Language } from '../i18n.js';

/** Server messages of saved views. */
export const ViewMessages = {
  'view.hiddenField': {
    zh: '该视图按你无权查看的字段筛选或排序，请改用其他视图或修改视图的筛选和排序',
    en: 'This view filters or sorts by a field you may not see; use another view or change its filter and sorts',
    jp: 'このビューは閲覧権限のないフィールドで絞り込みまたは並べ替えをしています。別のビューを使うか、条件を変更してください',
  },
  'view.notFound': { zh: '视图不存在', en: 'No such view', jp: 'ビューが存在しません' },
  'view.lastOne': {
    zh: '至少保留一个视图',
    en: 'A table keeps at least one view',
    jp: 'ビューは少なくとも1つ必要です',
  },
  /** A table's first view, made when someone first lists it: stored in that member's language. */
  'view.defaultName': { zh: '全部数据', en: 'All records', jp: 'すべてのデータ' },
  'view.nameEmpty': { zh: '请输入视图名称', en: 'Enter the view name', jp: 'ビュー名を入力してください' },
} as const satisfies Record<string, Record<Language, string>>;
