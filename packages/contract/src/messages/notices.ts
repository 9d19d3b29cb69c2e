import type { Language } from '../i18n.js';

/** Server messages of notifications. */
export const NoticeMessages = {
  'notice.mailFooter': {
    zh: '不想再收到待办邮件？可在账号设置中关闭。',
    en: 'Rather not get to-do mail? Turn it off in your account settings.',
    jp: 'ToDoメールが不要な場合は、アカウント設定でオフにできます。',
  },
  'notice.notFound': { zh: '通知不存在', en: 'No such notification', jp: '通知が存在しません' },
} as const satisfies Record<string, Record<Language, string>>;
