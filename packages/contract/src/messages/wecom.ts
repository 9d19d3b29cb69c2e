import type { Language } from '../i18n.js';

/** Server messages of WeCom sign-in and binding. */
export const WecomMessages = {
  'wecom.backToApp': { zh: '返回应用', en: 'Back to the app', jp: 'アプリに戻る' },
  'wecom.title': { zh: '企业微信登录', en: 'WeCom sign-in', jp: 'WeCom でログイン' },
  'wecom.notConfigured': {
    zh: '本实例未开启企业微信登录',
    en: 'WeCom sign-in is not set up on this instance',
    jp: 'このインスタンスでは WeCom ログインが設定されていません',
  },
  'wecom.unbound': {
    zh: '未绑定企业微信，请前往PC端绑定',
    en: 'Your WeCom account is not bound yet. Bind it in the WeCom PC client first',
    jp: 'WeCom アカウントが未連携です。PC 版で連携してください',
  },
  'wecom.expired': {
    zh: '企业微信登录已失效（超过 10 分钟或已使用），请重新打开应用',
    en: 'This WeCom sign-in is no longer valid (older than 10 minutes or already used). Open the app again',
    jp: 'この WeCom ログインは無効です（10 分を過ぎたか使用済み）。アプリを開き直してください',
  },
  'wecom.notMember': {
    zh: '当前企业微信账号不是本企业成员，无法登录',
    en: 'This WeCom account is not a member of the company and cannot sign in',
    jp: 'この WeCom アカウントは企業のメンバーではないため、ログインできません',
  },
  'wecom.unreachable': {
    zh: '无法连接企业微信，请稍后重试或联系管理员',
    en: 'WeCom cannot be reached; try again later or contact your administrator',
    jp: 'WeCom に接続できません。しばらくしてから再試行するか管理者に連絡してください',
  },
  'wecom.refused': {
    zh: '企业微信拒绝了请求：{reason}',
    en: 'WeCom refused the request: {reason}',
    jp: 'WeCom がリクエストを拒否しました：{reason}',
  },
  'wecom.bindNeedsLogin': {
    zh: '请先登录账号，再绑定企业微信',
    en: 'Sign in to your account first, then bind WeCom',
    jp: 'アカウントにログインしてから WeCom を連携してください',
  },
  'wecom.bindTaken': {
    zh: '该企业微信账号已绑定其他账号，请先在原账号解绑',
    en: 'This WeCom account is bound to another account; unbind it there first',
    jp: 'この WeCom アカウントは別のアカウントに連携済みです。先に連携を解除してください',
  },
  'wecom.wrongTeam': {
    zh: '只能获取当前团队的企业微信凭证',
    en: "Only the current team's WeCom ticket can be fetched",
    jp: '現在のチームの WeCom チケットのみ取得できます',
  },
} as const satisfies Record<string, Record<Language, string>>;
