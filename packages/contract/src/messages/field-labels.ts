import type { Language } from '../i18n.js';

/** Field labels used inside validation messages. */
export const FieldLabels: Record<string, Record<Language, string>> = {
  host: { zh: '主机', en: 'Host', jp: 'ホスト' },
  port: { zh: '端口', en: 'Port', jp: 'ポート' },
  database: { zh: '数据库', en: 'Database', jp: 'データベース' },
  user: { zh: '用户名', en: 'User name', jp: 'ユーザー名' },
  keyColumn: { zh: '主键列', en: 'Key column', jp: 'キー列' },
  source: { zh: '数据来源', en: 'Source', jp: 'データの元' },
  account: { zh: '账号', en: 'Account', jp: 'アカウント' },
  name: { zh: '姓名', en: 'Name', jp: '氏名' },
  password: { zh: '密码', en: 'Password', jp: 'パスワード' },
  redirect: { zh: '跳转地址', en: 'Redirect', jp: 'リダイレクト先' },
  corpName: { zh: '团队名称', en: 'Team name', jp: 'チーム名' },
  mobile: { zh: '手机号', en: 'Mobile', jp: '携帯番号' },
  email: { zh: '邮箱', en: 'Email', jp: 'メールアドレス' },
  code: { zh: '验证码', en: 'Code', jp: '認証コード' },
  oldCode: { zh: '原验证码', en: 'Current code', jp: '現在の認証コード' },
  verifyCode: { zh: '验证码', en: 'Code', jp: '認証コード' },
  newPassword: { zh: '新密码', en: 'New password', jp: '新しいパスワード' },
  repeatNewPassWord: { zh: '确认新密码', en: 'Repeat new password', jp: '新しいパスワード（確認）' },
  personalSignature: { zh: '个性签名', en: 'Signature', jp: 'ひとこと' },
  departmentName: { zh: '部门名称', en: 'Department name', jp: '部署名' },
  displayName: { zh: '名称', en: 'Name', jp: '名前' },
  defaultValue: { zh: '默认值', en: 'Default value', jp: '既定値' },
  description: { zh: '应用介绍', en: 'Introduction', jp: '紹介' },
  engineCode: { zh: '团队', en: 'Team', jp: 'チーム' },
  category: { zh: '反馈类型', en: 'Category', jp: '種類' },
  detail: { zh: '问题描述', en: 'Description', jp: '内容' },
  screenshots: { zh: '截图', en: 'Screenshots', jp: 'スクリーンショット' },
  pageUrl: { zh: '页面地址', en: 'Page', jp: 'ページ' },
  appCode: { zh: '应用', en: 'App', jp: 'アプリ' },
  answer: { zh: '回复内容', en: 'Answer', jp: '回答' },
  status: { zh: '状态', en: 'Status', jp: 'ステータス' },
  action: { zh: '引导操作', en: 'Guide action', jp: 'ガイド操作' },
  userTag: { zh: '引导步骤', en: 'Guide step', jp: 'ガイドのステップ' },
  clientType: { zh: '客户端类型', en: 'Client type', jp: 'クライアント種別' },
  appCodes: { zh: '应用', en: 'Apps', jp: 'アプリ' },
  readOnly: { zh: '权限', en: 'Access', jp: '権限' },
  expiresInDays: { zh: '有效期', en: 'Expiry', jp: '有効期限' },
  url: { zh: '推送地址', en: 'URL', jp: '送信先 URL' },
  events: { zh: '事件', en: 'Events', jp: 'イベント' },
};

export function fieldLabel(field: string, lang: Language): string {
  return FieldLabels[field]?.[lang] ?? field;
}
