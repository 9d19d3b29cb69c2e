import type { Language } from '../i18n.js';

/** Server messages of automations (issue 28). */
export const AutomationMessages = {
  'automation.notFound': { zh: '自动化不存在', en: 'The automation does not exist', jp: '自動化が存在しません' },
  'automation.runNotFound': { zh: '运行记录不存在', en: 'The run does not exist', jp: '実行記録が存在しません' },
  'automation.unknownTable': {
    zh: '这个应用里没有该数据表',
    en: 'This app has no such table',
    jp: 'このアプリにそのデータテーブルはありません',
  },
  'automation.unknownField': {
    zh: '数据表里没有字段「{code}」',
    en: 'The table has no field "{code}"',
    jp: 'データテーブルにフィールド「{code}」はありません',
  },
  'automation.badCron': {
    zh: '定时规则无法识别，例如「0 9 * * 1-5」表示每个工作日 9:00',
    en: 'The schedule is not a valid cron rule; "0 9 * * 1-5" means every weekday at 9:00',
    jp: 'スケジュールを認識できません。「0 9 * * 1-5」は平日毎朝 9:00 です',
  },
  'automation.duplicateStep': {
    zh: '步骤编号「{id}」重复',
    en: 'Step id "{id}" is used twice',
    jp: 'ステップ ID「{id}」が重複しています',
  },
  'automation.badUrl': {
    zh: '请输入 http 或 https 地址（可含变量）',
    en: 'Enter an http or https address (variables allowed)',
    jp: 'http または https のアドレスを入力してください（変数可）',
  },
  'automation.delayNeedsOne': {
    zh: '等待步骤需要时长或时间点中的一个',
    en: 'A delay needs either a duration or a time',
    jp: '待機ステップには時間の長さか時刻のどちらかが必要です',
  },
  'automation.unknownMember': {
    zh: '收件成员不在本团队',
    en: 'A recipient is not a member of this team',
    jp: '受信者がこのチームのメンバーではありません',
  },
  'automation.notPublished': {
    zh: '请先发布自动化再启用',
    en: 'Publish the automation before switching it on',
    jp: '有効にする前に自動化を公開してください',
  },
  'automation.notFailed': {
    zh: '只有失败的运行可以从失败步骤重新运行',
    en: 'Only a failed run can be run again from its failed step',
    jp: '失敗した実行だけを失敗したステップから再実行できます',
  },
  'automation.loopGuard': {
    zh: '自动化相互触发已达 {depth} 层，为防止循环已停止',
    en: 'Automations triggered each other {depth} levels deep; stopped to prevent a loop',
    jp: '自動化が互いに {depth} 段階トリガーしたため、ループ防止のため停止しました',
  },
  'automation.quotaDay': {
    zh: '团队今天的自动化运行次数已达上限（{limit} 次）',
    en: "The team's automation runs for today have reached the limit ({limit})",
    jp: 'チームの本日の自動化実行回数が上限（{limit} 回）に達しました',
  },
  'automation.publisherLeft': {
    zh: '发布人已不能设计这个应用，请由应用管理员重新发布',
    en: 'The publisher can no longer design this app: an app designer must publish it again',
    jp: '公開者はこのアプリを設計できなくなりました。アプリ管理者が再公開してください',
  },
  'automation.recordMissing': {
    zh: '找不到记录「{id}」',
    en: 'Record "{id}" was not found',
    jp: 'レコード「{id}」が見つかりません',
  },
  'automation.httpRefused': {
    zh: '不能请求内网、本机或链路本地地址',
    en: 'Requests cannot go to private, loopback or link-local addresses',
    jp: 'プライベート、ループバック、リンクローカルのアドレスにはリクエストできません',
  },
  'automation.httpFailed': {
    zh: 'HTTP 请求失败：{reason}',
    en: 'The HTTP request failed: {reason}',
    jp: 'HTTP リクエストが失敗しました：{reason}',
  },
  'automation.testNeedsRecord': {
    zh: '请选择用于测试的记录',
    en: 'Choose a record to test with',
    jp: 'テストに使うレコードを選んでください',
  },
  'automation.codeCpu': {
    zh: '代码运行超过 {ms} 毫秒的 CPU 时间，已停止',
    en: 'The code used more than {ms} ms of CPU time and was stopped',
    jp: 'コードが CPU 時間 {ms} ミリ秒を超えたため停止しました',
  },
  'automation.codeMemory': {
    zh: '代码使用的内存超过 {mb} MB，已停止',
    en: 'The code used more than {mb} MB of memory and was stopped',
    jp: 'コードのメモリ使用量が {mb} MB を超えたため停止しました',
  },
  'automation.codeOutput': {
    zh: '代码返回的结果超过 {max} 个字符',
    en: 'The code answered more than {max} characters',
    jp: 'コードの結果が {max} 文字を超えています',
  },
  'automation.codeThrew': {
    zh: '代码出错：{reason}',
    en: 'The code failed: {reason}',
    jp: 'コードでエラーが発生しました：{reason}',
  },
  'automation.badAddress': {
    zh: '「{address}」不是有效的邮箱地址',
    en: '"{address}" is not a valid mail address',
    jp: '「{address}」は有効なメールアドレスではありません',
  },
  'automation.mailNeedsTarget': {
    zh: '邮件需要至少一个收件人（成员、角色、部门、成员字段或邮箱地址）',
    en: 'A mail needs at least one recipient (members, roles, departments, a member field or addresses)',
    jp: 'メールには受信者（メンバー、ロール、部署、メンバーフィールド、アドレス）が少なくとも 1 つ必要です',
  },
  'automation.badWecomWebhook': {
    zh: '请粘贴企业微信群机器人的 Webhook 地址（…/cgi-bin/webhook/send?key=…）或它的 key',
    en: 'Paste the WeCom group robot’s webhook address (…/cgi-bin/webhook/send?key=…) or its key',
    jp: 'WeCom グループボットの Webhook アドレス（…/cgi-bin/webhook/send?key=…）またはその key を貼り付けてください',
  },
  'automation.wecomFailed': {
    zh: '企业微信群机器人未能发送：{reason}',
    en: 'The WeCom group robot did not send: {reason}',
    jp: 'WeCom グループボットが送信できませんでした：{reason}',
  },
  'automation.unknownDepartment': {
    zh: '本团队没有该部门',
    en: 'This team has no such department',
    jp: 'このチームにその部署はありません',
  },
  'automation.notDateField': {
    zh: '请选择日期或日期时间字段',
    en: 'Choose a date or date-time field',
    jp: '日付または日時フィールドを選んでください',
  },
  'automation.unknownRole': {
    zh: '这个应用里没有该角色',
    en: 'This app has no such role',
    jp: 'このアプリにそのロールはありません',
  },
  'automation.notMemberField': {
    zh: '请选择成员字段',
    en: 'Choose a member field',
    jp: 'メンバーフィールドを選んでください',
  },
  'automation.notButton': {
    zh: '这个自动化没有可点击的按钮',
    en: 'This automation has no button to press',
    jp: 'この自動化には押せるボタンがありません',
  },
  'automation.quotaConcurrent': {
    zh: '团队同时运行的自动化已达上限（{limit} 个），本次运行正在排队',
    en: "The team's automations running at once have reached the limit ({limit}); this run waits in the queue",
    jp: 'チームで同時に実行中の自動化が上限（{limit} 件）に達したため、この実行は待機中です',
  },
} as const satisfies Record<string, Record<Language, string>>;
