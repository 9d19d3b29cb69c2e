import type { Language } from '../i18n.js';

/** Server messages of custom pages. */
export const CustomPageMessages = {
  'page.noAccess': {
    zh: '你没有查看此页面的权限，请联系应用管理员',
    en: 'You may not open this page; ask the app administrator',
    jp: 'このページを表示する権限がありません。アプリ管理者にお問い合わせください',
  },
  'page.blockDuplicate': { zh: '区块重复', en: 'The block appears twice', jp: 'ブロックが重複しています' },
  'page.placeInvalid': {
    zh: '区块超出了页面的宽度',
    en: 'The block is wider than the page',
    jp: 'ブロックがページの幅を超えています',
  },
  'page.settingMissing': {
    zh: '请完成区块的设置',
    en: "Complete the block's settings",
    jp: 'ブロックの設定を完了してください',
  },
  'page.viewNotFound': {
    zh: '视图不存在或不是公共视图',
    en: 'No such view, or it is not a shared view',
    jp: 'ビューが存在しないか、共有ビューではありません',
  },
  'page.widgetNotFound': {
    zh: '仪表盘或图表不存在',
    en: 'No such dashboard or chart',
    jp: 'ダッシュボードまたはグラフが存在しません',
  },
  'page.imageInvalid': { zh: '请上传图片', en: 'Upload an image', jp: '画像をアップロードしてください' },
  'page.urlInvalid': {
    zh: '请输入以 http:// 或 https:// 开头的地址',
    en: 'Enter an address starting with http:// or https://',
    jp: 'http:// または https:// で始まるアドレスを入力してください',
  },
} as const satisfies Record<string, Record<Language, string>>;
