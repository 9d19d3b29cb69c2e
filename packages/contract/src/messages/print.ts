import type { Language } from '../i18n.js';

/** Server messages of print templates. */
export const PrintMessages = {
  'print.templateNotFound': {
    zh: '打印模板不存在',
    en: 'No such print template',
    jp: '印刷テンプレートが存在しません',
  },
  'print.tooManyTemplates': {
    zh: '每张数据表最多 {limit} 个打印模板',
    en: 'A table has at most {limit} print templates',
    jp: '印刷テンプレートは 1 テーブルにつき {limit} 個までです',
  },
  'print.tooMany': {
    zh: '一次最多打印 {limit} 条数据，当前选择了 {count} 条',
    en: 'Print at most {limit} records at a time ({count} selected)',
    jp: '一度に印刷できるのは {limit} 件までです（{count} 件選択中）',
  },
  'print.nameEmpty': { zh: '请输入模板名称', en: 'Enter the template name', jp: 'テンプレート名を入力してください' },
  'print.customSize': {
    zh: '自定义纸张请填写宽度和高度',
    en: 'A custom page needs a width and a height',
    jp: 'カスタム用紙には幅と高さを入力してください',
  },
  'print.margins': {
    zh: '页边距太大，纸张上放不下内容',
    en: 'The margins leave no room for content',
    jp: '余白が大きすぎて内容が入りません',
  },
  'print.blockField': {
    zh: '第 {index} 个内容块的字段不存在或已删除',
    en: 'The field of block {index} does not exist or was deleted',
    jp: '{index} 番目のブロックのフィールドが存在しないか削除されています',
  },
  'print.blockAmount': {
    zh: '第 {index} 个内容块的“{name}”不是数字或金额字段，不能打印为人民币大写',
    en: 'Block {index}: “{name}” is not a number or money field, so it cannot be printed in Chinese capitals',
    jp: '{index} 番目のブロックの「{name}」は数値・金額フィールドではないため、漢数字の大写で印刷できません',
  },
  'print.blockSubTable': {
    zh: '第 {index} 个内容块要选择子表单字段，“{name}”不是子表单',
    en: 'Block {index} needs a sub-table field; “{name}” is not one',
    jp: '{index} 番目のブロックにはサブテーブルを選んでください（「{name}」はサブテーブルではありません）',
  },
  'print.blockText': {
    zh: '第 {index} 个内容块的文字不能为空',
    en: 'The text of block {index} is empty',
    jp: '{index} 番目のブロックのテキストが空です',
  },
  'print.blockImage': {
    zh: '第 {index} 个内容块的图片不存在，请重新上传',
    en: 'The image of block {index} is missing; upload it again',
    jp: '{index} 番目のブロックの画像がありません。もう一度アップロードしてください',
  },
} as const satisfies Record<string, Record<Language, string>>;
