import type { Language } from '../i18n.js';

/** Server messages of webhooks. */
export const WebhookMessages = {
  'webhook.url': {
    zh: '请输入 http 或 https 地址',
    en: 'Enter an http or https address',
    jp: 'http または https のアドレスを入力してください',
  },
  'webhook.private': {
    zh: '不能推送到内网、本机或链路本地地址',
    en: 'Deliveries cannot go to private, loopback or link-local addresses',
    jp: 'プライベート、ループバック、リンクローカルのアドレスには送信できません',
  },
  'webhook.unresolved': {
    zh: '这个地址的域名无法解析，请检查地址',
    en: "The address's host name does not resolve: check the address",
    jp: 'このアドレスのホスト名を解決できません。アドレスを確認してください',
  },
  'webhook.tooMany': {
    zh: '每个数据表最多 {limit} 个 Webhook',
    en: 'At most {limit} webhooks per table',
    jp: 'データテーブルごとに Webhook は最大 {limit} 個です',
  },
} as const satisfies Record<string, Record<Language, string>>;
