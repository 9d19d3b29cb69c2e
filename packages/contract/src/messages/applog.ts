import type { Language } from '../i18n.js';

/** Server messages of the application log. */
export const ApplogMessages = {
  'applog.forbidden': {
    zh: '仅团队所有者或管理员可以查看应用日志',
    en: 'Only the team owner or an admin can see the application log',
    jp: 'アプリログを閲覧できるのはチームのオーナーまたは管理者のみです',
  },
  'applog.featureOff': {
    zh: '应用日志需要开启功能 Applog',
    en: 'Applog needs the feature Applog',
    jp: 'アプリログには機能 Applog が必要です',
  },
  'applog.notFound': {
    zh: '日志不存在或已过期',
    en: 'The log entry does not exist or has expired',
    jp: 'ログが存在しないか期限切れです',
  },
  'applog.badRange': {
    zh: '开始时间不能晚于结束时间',
    en: 'The start of the time range cannot be after its end',
    jp: '開始時刻は終了時刻より後にできません',
  },
} as const satisfies Record<string, Record<Language, string>>;
