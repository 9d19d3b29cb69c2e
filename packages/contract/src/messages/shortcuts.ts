import type { Language } from '../i18n.js';

/** Server messages of workbench shortcuts. */
export const ShortcutMessages = {
  'shortcut.name.length': {
    zh: '请输入2到32个字符',
    en: 'Enter 2 to 32 characters',
    jp: '2〜32文字で入力してください',
  },
  'shortcut.noneSelected': { zh: '没有选中具体数据！', en: 'Nothing is selected!', jp: 'データが選択されていません！' },
  'shortcut.alreadyAdded': { zh: '已添加至工作台', en: 'Already on the workbench', jp: 'ワークベンチに追加済みです' },
  'shortcut.ownerOnly': {
    zh: '只有团队所有者可以管理快捷方式',
    en: 'Only the team owner can manage shortcuts',
    jp: 'ショートカットを管理できるのはチームの所有者だけです',
  },
  'shortcut.locked': {
    zh: '快捷方式已锁定，请先解锁',
    en: 'The shortcut is locked; unlock it first',
    jp: 'ショートカットはロックされています。先にロックを解除してください',
  },
  'shortcut.notFound': { zh: '快捷方式不存在', en: 'No such shortcut', jp: 'ショートカットが存在しません' },
  'shortcut.target.notFound': {
    zh: '数据表不存在',
    en: 'The data table does not exist',
    jp: 'データテーブルが存在しません',
  },
  'shortcut.target.noAdd': {
    zh: '仪表盘和同步表不能快速新增',
    en: 'Dashboards and synced tables cannot have a quick-add shortcut',
    jp: 'ダッシュボードと同期テーブルにはクイック追加を作れません',
  },
  'shortcut.layout.mismatch': {
    zh: '排序需包含全部快捷方式且不能重复',
    en: 'The order must list every shortcut exactly once',
    jp: '並び順にはすべてのショートカットを一度ずつ含めてください',
  },
  'shortcut.tooMany': {
    zh: '快捷方式最多200个',
    en: 'A workbench holds at most 200 shortcuts',
    jp: 'ショートカットは200個までです',
  },
} as const satisfies Record<string, Record<Language, string>>;
