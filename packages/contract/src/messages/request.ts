import type { Language } from '../i18n.js';

/** Server messages of requests: validation of bodies and fields, malformed or refused requests, sign-in required. */
export const RequestMessages = {
  'validate.title': { zh: '校验不通过', en: 'Validation failed', jp: '検証に失敗しました' },
  'validate.required': { zh: '{field}不能为空', en: '{field} is required', jp: '{field}は必須です' },
  'validate.type': { zh: '{field}格式不正确', en: '{field} has the wrong type', jp: '{field}の形式が正しくありません' },
  'validate.minLength': {
    zh: '{field}至少需要{limit}个字符',
    en: '{field} needs at least {limit} characters',
    jp: '{field}は{limit}文字以上必要です',
  },
  'validate.maxLength': {
    zh: '{field}不能超过{limit}个字符',
    en: '{field} must be at most {limit} characters',
    jp: '{field}は{limit}文字以内にしてください',
  },
  'validate.pattern': { zh: '{field}格式不正确', en: '{field} is not valid', jp: '{field}の形式が正しくありません' },
  'validate.maxItems': {
    zh: '{field}最多{limit}个',
    en: '{field} may have at most {limit} items',
    jp: '{field}は{limit}個までです',
  },
  'validate.unknown': { zh: '不支持的字段{field}', en: 'Unknown field {field}', jp: '不明な項目 {field}' },
  'validate.account': {
    zh: '请输入正确的手机号或邮箱',
    en: 'Enter a valid mobile number or email',
    jp: '正しい携帯番号またはメールアドレスを入力してください',
  },
  'error.malformedJson': {
    zh: '请求内容不是有效的 JSON',
    en: 'The request body is not valid JSON',
    jp: 'リクエスト本文が正しい JSON ではありません',
  },
  'error.jsonTooDeep': {
    zh: '请求内容嵌套层级过深（最多{max}层）',
    en: 'The request body is nested too deeply (at most {max} levels)',
    jp: 'リクエスト本文の入れ子が深すぎます（最大{max}階層）',
  },
  'error.payloadTooLarge': {
    zh: '请求内容超过 1MB 上限',
    en: 'The request body exceeds the 1 MB limit',
    jp: 'リクエスト本文が 1MB の上限を超えています',
  },
  'error.unsupportedMediaType': {
    zh: '不支持的请求内容类型',
    en: 'Unsupported content type',
    jp: 'サポートされていないコンテンツタイプです',
  },
  'error.notFound': { zh: '请求的接口不存在', en: 'No such endpoint', jp: 'そのエンドポイントは存在しません' },
  'error.internal': {
    zh: '请联系管理员处理',
    en: 'Please contact the administrator',
    jp: '管理者にお問い合わせください',
  },
  'error.unauthorized': { zh: '请先登录', en: 'Please log in', jp: 'ログインしてください' },
  'error.tenantMismatch': {
    zh: '请求的团队或成员与当前账号不符',
    en: 'The team or member in this request does not belong to your account',
    jp: 'リクエストのチームまたはメンバーはこのアカウントのものではありません',
  },
  'error.crossSite': {
    zh: '请求来自其他网站，已被拒绝。请在本站页面中操作',
    en: 'This request came from another website and was refused. Please use this site directly',
    jp: '他のサイトからのリクエストのため拒否しました。このサイトの画面から操作してください',
  },
  'error.forbidden': {
    zh: '抱歉，您没有权限访问此页面',
    en: 'Sorry, you have no permission to access this page',
    jp: '申し訳ありません。このページへのアクセス権限がありません',
  },
} as const satisfies Record<string, Record<Language, string>>;
