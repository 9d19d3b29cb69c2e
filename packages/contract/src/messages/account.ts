import type { Language } from '../i18n.js';

/** Server messages of accounts: sign-in and registration, codes, password, mobile and email, avatar, WeChat, company sign-in (SSO), the open-in-browser code. */
export const AccountMessages = {
  'auth.invalidCredentials': {
    zh: '账号或密码错误',
    en: 'Wrong account or password',
    jp: 'アカウントまたはパスワードが違います',
  },
  'auth.throttled': {
    zh: '登录失败次数过多，请{minutes}分钟后再试',
    en: 'Too many failed logins. Try again in {minutes} minutes',
    jp: 'ログイン失敗が多すぎます。{minutes}分後にもう一度お試しください',
  },
  'account.exists': {
    zh: '该账号已注册，请直接登录',
    en: 'This account is already registered; please log in',
    jp: 'このアカウントは登録済みです。ログインしてください',
  },
  'code.tooSoon': {
    zh: '验证码发送太频繁，请{seconds}秒后再试',
    en: 'Codes are sent at most once a minute; try again in {seconds} s',
    jp: '送信が多すぎます。{seconds}秒後にもう一度お試しください',
  },
  'code.dailyCap': {
    zh: '今日验证码发送次数已达上限，请明天再试',
    en: "Today's code limit is reached; try again tomorrow",
    jp: '本日の送信上限に達しました。明日もう一度お試しください',
  },
  'code.wrong': {
    zh: '验证码错误，还可尝试{left}次',
    en: 'Wrong code; {left} tries left',
    jp: '認証コードが違います。あと{left}回試せます',
  },
  'code.expired': {
    zh: '验证码已失效，请重新获取',
    en: 'The code has expired or was used; request a new one',
    jp: '認証コードが無効です。再取得してください',
  },
  'code.subject': { zh: 'Canopy 验证码', en: 'Canopy verification code', jp: 'Canopy 認証コード' },
  'code.body': {
    zh: '您的验证码是 {code}，10 分钟内有效。如非本人操作，请忽略。',
    en: 'Your code is {code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.',
    jp: '認証コードは {code} です。10分間有効です。心当たりがない場合は無視してください。',
  },
  'password.mismatch': {
    zh: '两次输入的新密码不一致',
    en: 'The new passwords do not match',
    jp: '新しいパスワードが一致しません',
  },
  'password.wrong': { zh: '原密码错误', en: 'The current password is wrong', jp: '現在のパスワードが違います' },
  'password.proofRequired': {
    zh: '请输入原密码或验证码',
    en: 'Enter the current password or a verification code',
    jp: '現在のパスワードまたは認証コードを入力してください',
  },
  'account.notYours': {
    zh: '只能向当前账号绑定的手机号或邮箱发送',
    en: 'Codes go only to the mobile or email of your account',
    jp: 'アカウントに登録された携帯番号またはメールにのみ送信できます',
  },
  'mobile.taken': {
    zh: '该手机号已被其他账号使用',
    en: 'This mobile is used by another account',
    jp: 'この携帯番号は別のアカウントで使用されています',
  },
  'email.taken': {
    zh: '该邮箱已被其他账号使用',
    en: 'This email is used by another account',
    jp: 'このメールアドレスは別のアカウントで使用されています',
  },
  'avatar.invalid': {
    zh: '头像须为 PNG、JPEG、WebP 或 GIF 图片，且不超过 512KB',
    en: 'The avatar must be a PNG, JPEG, WebP or GIF image of at most 512 KB',
    jp: 'アバターは 512KB 以下の PNG・JPEG・WebP・GIF 画像にしてください',
  },
  'wechat.sceneExpired': {
    zh: '二维码已过期，请刷新后重新扫码',
    en: 'The QR code has expired; refresh it and scan again',
    jp: 'QR コードの有効期限が切れました。更新してもう一度スキャンしてください',
  },
  'wechat.boundElsewhere': {
    zh: '该微信已绑定其他账号',
    en: 'This WeChat account is already bound to another account',
    jp: 'この WeChat は別のアカウントに連携済みです',
  },
  'wechat.devAdminOnly': {
    zh: '仅实例管理员可以模拟微信扫码',
    en: 'Only the instance administrator can simulate a WeChat scan',
    jp: 'WeChat のスキャンを模擬できるのはインスタンス管理者だけです',
  },
  'wechat.unavailable': {
    zh: '微信服务暂不可用，请稍后重试',
    en: 'WeChat is not reachable right now; try again later',
    jp: 'WeChat に接続できません。しばらくしてからお試しください',
  },
  'authCode.invalid': {
    zh: '链接已失效（有效期 1 分钟，且只能使用一次），请回到客户端重新点击「在浏览器中打开」',
    en: 'This link is no longer valid (it works once, within one minute). Go back to the client and choose "Open in browser" again',
    jp: 'このリンクは無効です（有効期間は 1 分、1 回のみ使用可能）。クライアントに戻り「ブラウザで開く」をもう一度選んでください',
  },
  'authCode.title': { zh: '在浏览器中打开', en: 'Open in browser', jp: 'ブラウザで開く' },
  'wechat.bound': {
    zh: '已模拟扫码，微信「{name}」绑定完成，可以关闭此页面',
    en: 'Scan simulated: WeChat "{name}" is bound. You can close this page',
    jp: 'スキャンを模擬し、WeChat「{name}」の連携が完了しました。このページを閉じてください',
  },
  'logout.failed': { zh: '退出失败', en: 'Logout failed', jp: 'ログアウトに失敗しました' },
  'sso.title': { zh: '企业账号登录', en: 'Company sign-in', jp: '企業アカウントでログイン' },
  'sso.notConfigured': {
    zh: '本实例未开启企业账号登录',
    en: 'Company sign-in is not set up on this instance',
    jp: 'このインスタンスでは企業アカウントでのログインが設定されていません',
  },
  'sso.expired': {
    zh: '登录已失效（超过 10 分钟或已使用），请返回登录页重新登录',
    en: 'This sign-in is no longer valid (older than 10 minutes or already used). Go back to the login page and try again',
    jp: 'このログインは無効です（10 分を過ぎたか使用済み）。ログインページに戻ってやり直してください',
  },
  'sso.refused': {
    zh: '企业身份提供方拒绝了登录：{reason}',
    en: 'The company identity provider refused the sign-in: {reason}',
    jp: '企業の ID プロバイダーがログインを拒否しました：{reason}',
  },
  'sso.unreachable': {
    zh: '无法连接企业身份提供方，请稍后重试或联系管理员',
    en: 'The company identity provider cannot be reached; try again later or contact your administrator',
    jp: '企業の ID プロバイダーに接続できません。しばらくしてから再試行するか管理者に連絡してください',
  },
  'sso.disabled': {
    zh: '该账号已停用，请联系管理员',
    en: 'This account is disabled; contact your administrator',
    jp: 'このアカウントは無効です。管理者に連絡してください',
  },
  'sso.failed': {
    zh: '企业账号登录未完成，请返回登录页重试',
    en: 'The company sign-in did not complete; go back to the login page and try again',
    jp: '企業アカウントでのログインが完了しませんでした。ログインページに戻ってやり直してください',
  },
  'sso.backToLogin': { zh: '返回登录页', en: 'Back to the login page', jp: 'ログインページに戻る' },
} as const satisfies Record<string, Record<Language, string>>;
