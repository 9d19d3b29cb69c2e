import type { Language } from '../i18n.js';

/** Server messages of member feedback. */
export const FeedbackMessages = {
  'feedback.notFound': { zh: '反馈不存在', en: 'No such feedback', jp: 'フィードバックが存在しません' },
  'feedback.screenshot.invalid': {
    zh: '截图须为你在当前团队上传的图片',
    en: 'Screenshots must be images you uploaded in this team',
    jp: 'スクリーンショットはこのチームで自分がアップロードした画像にしてください',
  },
  'feedback.app.unknown': {
    zh: '应用不存在',
    en: 'No such app',
    jp: 'アプリが存在しません',
  },
  'feedback.tooMany': {
    zh: '反馈提交过于频繁，请稍后再试',
    en: 'You have sent a lot of feedback recently; please try again later',
    jp: 'フィードバックの送信が多すぎます。しばらくしてからもう一度お試しください',
  },
  'feedback.status.transition': {
    zh: '不能这样变更状态：反馈从待处理到处理中，再到已解决或已关闭',
    en: 'This status change is not allowed: open → in progress → resolved or closed',
    jp: 'このステータス変更はできません：未対応 → 対応中 → 解決済みまたはクローズ',
  },
} as const satisfies Record<string, Record<Language, string>>;
