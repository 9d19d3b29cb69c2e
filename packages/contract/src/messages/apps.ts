import type { Language } from '../i18n.js';

/** Server messages of apps and their menus. */
export const AppMessages = {
  'app.notFound': { zh: '应用不存在', en: 'The app does not exist', jp: 'アプリが存在しません' },
  'app.noEdit': { zh: '无编辑权限', en: 'No edit permission', jp: '編集権限がありません' },
  'app.ownerOnly': {
    zh: '仅应用所有者可以执行此操作',
    en: 'Only the app owner can do this',
    jp: 'この操作はアプリのオーナーのみ行えます',
  },
  'app.intro.empty': {
    zh: '请输入应用介绍！',
    en: 'Enter the app introduction!',
    jp: 'アプリの紹介を入力してください！',
  },
  'app.intro.tooLong': {
    zh: '输入内容超过最大限制！',
    en: 'The text exceeds the maximum length!',
    jp: '入力内容が上限を超えています！',
  },
  'app.name.empty': { zh: '请输入应用名称', en: 'Enter the app name', jp: 'アプリ名を入力してください' },
  'app.name.tooLong': {
    zh: '应用名称不能超过30个字符',
    en: 'The app name must be at most 30 characters',
    jp: 'アプリ名は30文字以内にしてください',
  },
  'app.ownerMustTransfer': {
    zh: '您是应用所有者，请先转交应用再退出',
    en: 'You own this app: transfer it before leaving',
    jp: 'アプリのオーナーです。退出する前に移譲してください',
  },
  'app.notInTeam': {
    zh: '所选用户不是团队成员',
    en: 'The chosen user is not a team member',
    jp: '選択したユーザーはチームのメンバーではありません',
  },
  'app.ownerRole': {
    zh: '应用所有者的角色只能通过转交变更',
    en: "The owner's role changes only by transfer",
    jp: 'オーナーの役割は移譲でのみ変更できます',
  },
  'app.notDeleted': {
    zh: '该应用不在回收站中',
    en: 'The app is not in the recycle bin',
    jp: 'アプリはごみ箱にありません',
  },
  'node.notFound': { zh: '菜单项不存在', en: 'No such menu item', jp: 'メニュー項目が存在しません' },
  'node.nameEmpty': { zh: '请输入名称', en: 'Enter a name', jp: '名前を入力してください' },
  'node.groupNesting': {
    zh: '分组只能放在第一层，且只能包含表单、报表或自定义页面',
    en: 'Groups live at the top level and hold tables, dashboards or custom pages only',
    jp: 'グループは最上位にのみ置け、表・ダッシュボード・カスタムページのみを含められます',
  },
  'menu.linkUrl': {
    zh: '请输入以 http:// 或 https:// 开头的链接地址',
    en: 'Enter a link starting with http:// or https://',
    jp: 'http:// または https:// で始まるリンクを入力してください',
  },
  'menu.changed': {
    zh: '菜单已被他人修改，请刷新后重试',
    en: 'Someone else changed the menu; reload and try again',
    jp: 'メニューが他の人によって変更されました。再読み込みしてやり直してください',
  },
  'node.groupNotEmpty': {
    zh: '分组中还有内容，请先移出或删除',
    en: 'The group is not empty; move or delete its items first',
    jp: 'グループが空ではありません。先に項目を移動または削除してください',
  },
} as const satisfies Record<string, Record<Language, string>>;
