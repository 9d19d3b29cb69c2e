import type { Language } from '../i18n.js';

/** Server messages of personal API tokens. */
export const ApiTokenMessages = {
  'token.invalid': {
    zh: 'API 令牌无效、已过期或已撤销',
    en: 'The API token is invalid, expired or revoked',
    jp: 'API トークンが無効、期限切れ、または取り消されています',
  },
  'token.notAllowed': {
    zh: 'API 令牌不能调用此接口',
    en: 'API tokens cannot call this endpoint',
    jp: 'API トークンではこのエンドポイントを呼び出せません',
  },
  'token.readOnly': {
    zh: '只读令牌不能修改数据',
    en: 'A read-only token cannot change data',
    jp: '読み取り専用トークンではデータを変更できません',
  },
  'token.appScope': {
    zh: '该令牌无权访问此应用',
    en: 'This token does not reach this app',
    jp: 'このトークンはこのアプリにアクセスできません',
  },
  'token.rateLimited': {
    zh: '请求过于频繁，请{seconds}秒后再试',
    en: 'Too many requests; try again in {seconds} seconds',
    jp: 'リクエストが多すぎます。{seconds}秒後にもう一度お試しください',
  },
  'token.appUnknown': {
    zh: '应用「{code}」不存在',
    en: 'No app "{code}" in this team',
    jp: 'アプリ「{code}」は存在しません',
  },
  'token.tooMany': {
    zh: '令牌数量已达上限（{limit}个）',
    en: 'You already have {limit} tokens',
    jp: 'トークン数が上限（{limit}個）に達しています',
  },
  'token.noTeam': {
    zh: '请先选择团队',
    en: 'Choose a team first',
    jp: '先にチームを選択してください',
  },
  'token.batchTooLarge': {
    zh: '一次最多写入{limit}条数据',
    en: 'At most {limit} rows per batch',
    jp: '一度に書き込めるのは最大{limit}件です',
  },
} as const satisfies Record<string, Record<Language, string>>;
