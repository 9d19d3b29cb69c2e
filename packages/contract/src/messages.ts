import type { Language } from './i18n.js';
import { fillMessage, ShellMessages } from './messages-shell.js';

export * from './messages-shell.js';

/**
 * Messages the server sends to users, in every language. Keys are stable; `{name}` placeholders
 * are filled by `formatMessage`. Texts quoted by the spec are kept exactly in zh.
 */
export const ServerMessages = {
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
  ...ShellMessages,
  'team.notFound': {
    zh: '团队不存在或您已不在该团队',
    en: 'No such team, or you are no longer in it',
    jp: 'チームが存在しないか、すでに参加していません',
  },
  'team.ownerMustTransfer': {
    zh: '您是团队所有者，请先转交团队所有权再退出',
    en: 'You own this team: transfer ownership before leaving',
    jp: 'チームのオーナーです。退出する前に所有権を移譲してください',
  },
  'team.renameForbidden': {
    zh: '仅团队所有者或管理员可以修改团队名称',
    en: 'Only the team owner or an admin can rename the team',
    jp: 'チーム名を変更できるのはオーナーまたは管理者のみです',
  },
  'team.closed': {
    zh: '该团队已关闭',
    en: 'This team has been closed',
    jp: 'このチームは閉鎖されています',
  },
  'team.deleteOwnerOnly': {
    zh: '仅团队所有者可以删除或恢复团队',
    en: 'Only the team owner can delete or restore the team',
    jp: 'チームを削除・復元できるのはオーナーのみです',
  },
  'team.deleteNameMismatch': {
    zh: '输入的团队名称不一致',
    en: "The name does not match the team's name",
    jp: '入力したチーム名が一致しません',
  },
  'team.notClosed': {
    zh: '该团队未关闭',
    en: 'This team is not closed',
    jp: 'このチームは閉鎖されていません',
  },
  'team.restoreExpired': {
    zh: '已超过恢复期限，团队数据正在清除',
    en: 'The restore period is over; the team is being purged',
    jp: '復元期限を過ぎました。チームのデータは削除されます',
  },
  'invitation.invalid': {
    zh: '邀请已失效，请联系邀请人重新邀请',
    en: 'This invitation is no longer valid; ask for a new one',
    jp: 'この招待は無効です。新しい招待を依頼してください',
  },
  'invitation.notForYou': {
    zh: '该邀请不是发给当前账号的',
    en: 'This invitation was sent to another account',
    jp: 'この招待は別のアカウント宛てです',
  },
  'invitation.alreadyMember': {
    zh: '您已在该团队中',
    en: 'You are already in this team',
    jp: 'すでにこのチームのメンバーです',
  },
  'invitation.forbidden': {
    zh: '仅团队所有者或管理员可以邀请成员',
    en: 'Only the team owner or an admin can invite members',
    jp: 'メンバーを招待できるのはオーナーまたは管理者のみです',
  },
  'invitation.mail.subject': {
    zh: '{inviter} 邀请你加入「{corp}」',
    en: '{inviter} invited you to join {corp}',
    jp: '{inviter} さんが「{corp}」への参加を招待しています',
  },
  'invitation.mail.body': {
    zh: '{inviter} 邀请你加入团队「{corp}」。打开以下链接登录或注册后即可加入（7 天内有效，仅可使用一次）：\n{link}',
    en: '{inviter} invited you to join the team {corp}. Open this link, log in or register, and join (valid for 7 days, once):\n{link}',
    jp: '{inviter} さんがチーム「{corp}」に招待しています。次のリンクを開き、ログインまたは登録して参加してください（7日間有効、1回のみ）：\n{link}',
  },
  'admin.only': {
    zh: '仅实例管理员可以查看',
    en: 'Only the instance administrator can see this',
    jp: 'インスタンス管理者のみ閲覧できます',
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
  'org.managersOnly': {
    zh: '仅团队所有者或管理员可以执行此操作',
    en: 'Only the team owner or an admin can do this',
    jp: 'この操作はオーナーまたは管理者のみ行えます',
  },
  'org.ownerOnly': {
    zh: '仅团队所有者可以执行此操作',
    en: 'Only the team owner can do this',
    jp: 'この操作はオーナーのみ行えます',
  },
  'org.noTeam': { zh: '请先选择团队', en: 'Choose a team first', jp: '先にチームを選択してください' },
  'org.departmentNotFound': { zh: '部门不存在', en: 'No such department', jp: '部署が存在しません' },
  'org.memberNotFound': { zh: '成员不存在', en: 'No such member', jp: 'メンバーが存在しません' },
  'org.rootLocked': {
    zh: '根部门不能删除或移动',
    en: 'The root department cannot be deleted or moved',
    jp: 'ルート部署は削除・移動できません',
  },
  'org.cycle': {
    zh: '不能把部门移动到它自己或其下级部门中',
    en: 'A department cannot move under itself or its descendants',
    jp: '部署を自身または配下の部署へ移動することはできません',
  },
  'org.ownerRole': {
    zh: '所有者的角色只能通过转交变更',
    en: "The owner's role changes only by transferring ownership",
    jp: 'オーナーの役割は所有権の移譲でのみ変更できます',
  },
  'org.unknownFeature': { zh: '未知的功能开关{code}', en: 'Unknown feature {code}', jp: '不明な機能 {code}' },
  'org.changeOwnerDone': { zh: '转交成功', en: 'Transferred', jp: '移譲しました' },
  'notice.mailFooter': {
    zh: '不想再收到待办邮件？可在账号设置中关闭。',
    en: 'Rather not get to-do mail? Turn it off in your account settings.',
    jp: 'ToDoメールが不要な場合は、アカウント設定でオフにできます。',
  },
  'notice.notFound': { zh: '通知不存在', en: 'No such notification', jp: '通知が存在しません' },
  'app.notFound': { zh: '应用不存在', en: 'The app does not exist', jp: 'アプリが存在しません' },
  'app.noEdit': { zh: '无编辑权限', en: 'No edit permission', jp: '編集権限がありません' },
  'app.ownerOnly': {
    zh: '仅应用所有者可以执行此操作',
    en: 'Only the app owner can do this',
    jp: 'この操作はアプリのオーナーのみ行えます',
  },
  'app.intro.empty': {
    zh: '请输入应用介绍！',
    en: 'Enter the app introduction!',
    jp: 'アプリの紹介を入力してください！',
  },
  'app.intro.tooLong': {
    zh: '输入内容超过最大限制！',
    en: 'The text exceeds the maximum length!',
    jp: '入力内容が上限を超えています！',
  },
  'app.name.empty': { zh: '请输入应用名称', en: 'Enter the app name', jp: 'アプリ名を入力してください' },
  'app.name.tooLong': {
    zh: '应用名称不能超过30个字符',
    en: 'The app name must be at most 30 characters',
    jp: 'アプリ名は30文字以内にしてください',
  },
  'app.ownerMustTransfer': {
    zh: '您是应用所有者，请先转交应用再退出',
    en: 'You own this app: transfer it before leaving',
    jp: 'アプリのオーナーです。退出する前に移譲してください',
  },
  'app.notInTeam': {
    zh: '所选用户不是团队成员',
    en: 'The chosen user is not a team member',
    jp: '選択したユーザーはチームのメンバーではありません',
  },
  'app.ownerRole': {
    zh: '应用所有者的角色只能通过转交变更',
    en: "The owner's role changes only by transfer",
    jp: 'オーナーの役割は移譲でのみ変更できます',
  },
  'app.notDeleted': {
    zh: '该应用不在回收站中',
    en: 'The app is not in the recycle bin',
    jp: 'アプリはごみ箱にありません',
  },
  'node.notFound': { zh: '菜单项不存在', en: 'No such menu item', jp: 'メニュー項目が存在しません' },
  'node.nameEmpty': { zh: '请输入名称', en: 'Enter a name', jp: '名前を入力してください' },
  'node.groupNesting': {
    zh: '分组只能放在第一层，且只能包含表单、报表或自定义页面',
    en: 'Groups live at the top level and hold tables, dashboards or custom pages only',
    jp: 'グループは最上位にのみ置け、表・ダッシュボード・カスタムページのみを含められます',
  },
  'menu.linkUrl': {
    zh: '请输入以 http:// 或 https:// 开头的链接地址',
    en: 'Enter a link starting with http:// or https://',
    jp: 'http:// または https:// で始まるリンクを入力してください',
  },
  'menu.changed': {
    zh: '菜单已被他人修改，请刷新后重试',
    en: 'Someone else changed the menu; reload and try again',
    jp: 'メニューが他の人によって変更されました。再読み込みしてやり直してください',
  },
  'node.groupNotEmpty': {
    zh: '分组中还有内容，请先移出或删除',
    en: 'The group is not empty; move or delete its items first',
    jp: 'グループが空ではありません。先に項目を移動または削除してください',
  },
  'field.settings.invalid': {
    zh: '字段设置不正确',
    en: 'The field settings are not valid',
    jp: 'フィールド設定が正しくありません',
  },
  'field.number.invalid': {
    zh: '{field}须为数字',
    en: '{field} must be a number',
    jp: '{field}は数値で入力してください',
  },
  'field.number.min': {
    zh: '{field}不能小于{limit}',
    en: '{field} must be at least {limit}',
    jp: '{field}は{limit}以上にしてください',
  },
  'field.number.max': {
    zh: '{field}不能大于{limit}',
    en: '{field} must be at most {limit}',
    jp: '{field}は{limit}以下にしてください',
  },
  'field.date.invalid': {
    zh: '{field}日期格式不正确',
    en: '{field} is not a valid date',
    jp: '{field}の日付が正しくありません',
  },
  'field.select.invalid': {
    zh: '{field}的选项不存在',
    en: '{field} has an option that does not exist',
    jp: '{field}に存在しない選択肢があります',
  },
  'field.checkbox.invalid': {
    zh: '{field}须为是或否',
    en: '{field} must be yes or no',
    jp: '{field}ははい/いいえで指定してください',
  },
  'field.phone.invalid': {
    zh: '{field}不是有效的电话号码',
    en: '{field} is not a valid phone number',
    jp: '{field}は有効な電話番号ではありません',
  },
  'field.email.invalid': {
    zh: '{field}不是有效的邮箱',
    en: '{field} is not a valid email',
    jp: '{field}は有効なメールアドレスではありません',
  },
  'field.url.invalid': {
    zh: '{field}须为 http 或 https 链接',
    en: '{field} must be an http or https link',
    jp: '{field}は http または https のリンクにしてください',
  },
  'field.people.single': {
    zh: '{field}只能选择一项',
    en: '{field} takes one choice only',
    jp: '{field}は1つだけ選択できます',
  },
  'field.people.unknown': {
    zh: '{field}中有不属于本团队的成员或部门',
    en: '{field} names someone or a department outside this team',
    jp: '{field}にチーム外のメンバーまたは部署が含まれています',
  },
  'field.location.invalid': {
    zh: '{field}地址格式不正确',
    en: '{field} is not a valid location',
    jp: '{field}の住所が正しくありません',
  },
  'field.subtable.invalid': {
    zh: '{field}第{row}行的{column}填写不正确',
    en: '{field}: row {row}, {column} is not valid',
    jp: '{field}の{row}行目の{column}が正しくありません',
  },
  'field.relation.unknown': {
    zh: '{field}中有不存在或无权查看的数据',
    en: '{field} links records that do not exist or that you cannot see',
    jp: '{field}に存在しないか閲覧できないデータがあります',
  },
  'field.relation.target': {
    zh: '关联的数据表不存在',
    en: 'The related table does not exist',
    jp: '関連先のテーブルが存在しません',
  },
  'file.missing': {
    zh: '请选择要上传的文件',
    en: 'Choose a file to upload',
    jp: 'アップロードするファイルを選択してください',
  },
  'file.tooLarge': {
    zh: '文件不能超过{limit}MB',
    en: 'Files must be at most {limit} MB',
    jp: 'ファイルは{limit}MB以下にしてください',
  },
  'file.notImage': {
    zh: '图片须为 PNG、JPEG、GIF 或 WebP 格式',
    en: 'Images must be PNG, JPEG, GIF or WebP',
    jp: '画像は PNG・JPEG・GIF・WebP 形式にしてください',
  },
  'file.malformed': {
    zh: '上传的内容不完整或格式不正确，请重新选择文件上传',
    en: 'The upload was incomplete or malformed; choose the file and upload it again',
    jp: 'アップロードの内容が不完全か形式が正しくありません。ファイルを選び直してアップロードしてください',
  },
  'file.notFound': { zh: '文件不存在', en: 'No such file', jp: 'ファイルが存在しません' },
  'field.file.unknown': {
    zh: '{field}中有不存在的文件',
    en: '{field} names files that do not exist',
    jp: '{field}に存在しないファイルがあります',
  },
  'field.file.notImage': {
    zh: '{field}只能上传图片',
    en: '{field} takes images only',
    jp: '{field}には画像のみ指定できます',
  },
  'field.formula.invalid': { zh: '公式有误，请检查', en: 'The formula is not valid', jp: '数式が正しくありません' },
  'field.formula.unknownField': {
    zh: '公式引用了不存在的字段{name}',
    en: 'The formula uses a field that does not exist: {name}',
    jp: '数式が存在しないフィールド {name} を参照しています',
  },
  'field.formula.cycle': {
    zh: '公式之间不能循环引用',
    en: 'Formulas cannot refer to each other in a loop',
    jp: '数式を循環参照させることはできません',
  },
  'field.lookup.invalid': {
    zh: '查找引用须选择本表的关联字段和关联表中的字段',
    en: 'A lookup needs a relation field of this table and a field of the related table',
    jp: 'ルックアップには、このテーブルの関連フィールドと関連先のフィールドが必要です',
  },
  'filter.missing': {
    zh: '请设置筛选条件',
    en: 'Set the filter conditions',
    jp: '絞り込み条件を設定してください',
  },
  'filter.invalid': {
    zh: '筛选条件不正确：{detail}',
    en: 'The filter is not valid: {detail}',
    jp: 'フィルター条件が正しくありません：{detail}',
  },
  'query.unknownField': {
    zh: '没有可读取的字段：{field}',
    en: 'No field to read by that code: {field}',
    jp: '読み取れるフィールドがありません：{field}',
  },
  'view.hiddenField': {
    zh: '该视图按你无权查看的字段筛选或排序，请改用其他视图或修改视图的筛选和排序',
    en: 'This view filters or sorts by a field you may not see; use another view or change its filter and sorts',
    jp: 'このビューは閲覧権限のないフィールドで絞り込みまたは並べ替えをしています。別のビューを使うか、条件を変更してください',
  },
  'view.notFound': { zh: '视图不存在', en: 'No such view', jp: 'ビューが存在しません' },
  'view.lastOne': {
    zh: '至少保留一个视图',
    en: 'A table keeps at least one view',
    jp: 'ビューは少なくとも1つ必要です',
  },
  'view.nameEmpty': { zh: '请输入视图名称', en: 'Enter the view name', jp: 'ビュー名を入力してください' },
  'field.notFound': { zh: '字段不存在', en: 'No such field', jp: 'フィールドが存在しません' },
  'field.unknownType': {
    zh: '不支持的字段类型',
    en: 'Unsupported field type',
    jp: 'サポートされていないフィールド型です',
  },
  'field.nameEmpty': { zh: '请输入字段名称', en: 'Enter the field name', jp: 'フィールド名を入力してください' },
  'field.nameTaken': {
    zh: '字段名称已存在',
    en: 'A field with this name exists',
    jp: '同じ名前のフィールドがあります',
  },
  'schema.nothingToChange': {
    zh: '没有要修改的内容：请提供标题字段（titleFieldCode）、标题格式（titleFormat）或权限（permissions）',
    en: 'Nothing to change: send titleFieldCode, titleFormat or permissions',
    jp: '変更する内容がありません：titleFieldCode、titleFormat、permissions のいずれかを指定してください',
  },
  'dashboard.fieldInvalid': {
    zh: '图表不能这样使用字段：{detail}',
    en: 'The chart cannot use this field that way: {detail}',
    jp: 'グラフではこの項目をこのように使えません：{detail}',
  },
  'dashboard.widgetInvalid': {
    zh: '图表的维度、指标或筛选条件不正确',
    en: "The chart's dimension, measure or filter is not valid",
    jp: 'グラフのディメンション、指標またはフィルターが正しくありません',
  },
  'dashboard.widgetDuplicate': { zh: '图表重复', en: 'The chart appears twice', jp: 'グラフが重複しています' },
  'dashboard.filterDuplicate': {
    zh: '筛选条件重复',
    en: 'The filter appears twice',
    jp: 'フィルターが重複しています',
  },
  'dashboard.filterInvalid': {
    zh: '筛选条件不能用于这个字段',
    en: 'The filter cannot narrow this field',
    jp: 'このフィルターはこの項目に使えません',
  },
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
  'team.timeZoneForbidden': {
    zh: '仅团队所有者或管理员可以修改团队时区',
    en: "Only the team owner or an admin can change the team's time zone",
    jp: 'チームのタイムゾーンを変更できるのはオーナーまたは管理者のみです',
  },
  'team.timeZoneInvalid': {
    zh: '时区不正确，请选择列表中的时区',
    en: 'Unknown time zone: pick one from the list',
    jp: 'タイムゾーンが正しくありません。一覧から選んでください',
  },
  'dashboard.placeInvalid': {
    zh: '图表超出了仪表盘的宽度',
    en: 'The chart is wider than the dashboard',
    jp: 'グラフがダッシュボードの幅を超えています',
  },
  'page.noAccess': {
    zh: '你没有查看此页面的权限，请联系应用管理员',
    en: 'You may not open this page; ask the app administrator',
    jp: 'このページを表示する権限がありません。アプリ管理者にお問い合わせください',
  },
  'page.blockDuplicate': { zh: '区块重复', en: 'The block appears twice', jp: 'ブロックが重複しています' },
  'page.placeInvalid': {
    zh: '区块超出了页面的宽度',
    en: 'The block is wider than the page',
    jp: 'ブロックがページの幅を超えています',
  },
  'page.settingMissing': {
    zh: '请完成区块的设置',
    en: "Complete the block's settings",
    jp: 'ブロックの設定を完了してください',
  },
  'page.viewNotFound': {
    zh: '视图不存在或不是公共视图',
    en: 'No such view, or it is not a shared view',
    jp: 'ビューが存在しないか、共有ビューではありません',
  },
  'page.widgetNotFound': {
    zh: '仪表盘或图表不存在',
    en: 'No such dashboard or chart',
    jp: 'ダッシュボードまたはグラフが存在しません',
  },
  'page.imageInvalid': { zh: '请上传图片', en: 'Upload an image', jp: '画像をアップロードしてください' },
  'page.urlInvalid': {
    zh: '请输入以 http:// 或 https:// 开头的地址',
    en: 'Enter an address starting with http:// or https://',
    jp: 'http:// または https:// で始まるアドレスを入力してください',
  },
  'print.templateNotFound': {
    zh: '打印模板不存在',
    en: 'No such print template',
    jp: '印刷テンプレートが存在しません',
  },
  'print.tooManyTemplates': {
    zh: '每张数据表最多 {limit} 个打印模板',
    en: 'A table has at most {limit} print templates',
    jp: '印刷テンプレートは 1 テーブルにつき {limit} 個までです',
  },
  'print.tooMany': {
    zh: '一次最多打印 {limit} 条数据，当前选择了 {count} 条',
    en: 'Print at most {limit} records at a time ({count} selected)',
    jp: '一度に印刷できるのは {limit} 件までです（{count} 件選択中）',
  },
  'print.nameEmpty': { zh: '请输入模板名称', en: 'Enter the template name', jp: 'テンプレート名を入力してください' },
  'print.customSize': {
    zh: '自定义纸张请填写宽度和高度',
    en: 'A custom page needs a width and a height',
    jp: 'カスタム用紙には幅と高さを入力してください',
  },
  'print.margins': {
    zh: '页边距太大，纸张上放不下内容',
    en: 'The margins leave no room for content',
    jp: '余白が大きすぎて内容が入りません',
  },
  'print.blockField': {
    zh: '第 {index} 个内容块的字段不存在或已删除',
    en: 'The field of block {index} does not exist or was deleted',
    jp: '{index} 番目のブロックのフィールドが存在しないか削除されています',
  },
  'print.blockSubTable': {
    zh: '第 {index} 个内容块要选择子表单字段，“{name}”不是子表单',
    en: 'Block {index} needs a sub-table field; “{name}” is not one',
    jp: '{index} 番目のブロックにはサブテーブルを選んでください（「{name}」はサブテーブルではありません）',
  },
  'print.blockText': {
    zh: '第 {index} 个内容块的文字不能为空',
    en: 'The text of block {index} is empty',
    jp: '{index} 番目のブロックのテキストが空です',
  },
  'print.blockImage': {
    zh: '第 {index} 个内容块的图片不存在，请重新上传',
    en: 'The image of block {index} is missing; upload it again',
    jp: '{index} 番目のブロックの画像がありません。もう一度アップロードしてください',
  },
  'schema.notFound': { zh: '数据表不存在', en: 'No such table', jp: 'テーブルが存在しません' },
  'record.systemField': {
    zh: '{field}由系统生成，不能修改',
    en: '{field} is set by the system',
    jp: '{field}はシステムが設定します',
  },
  'record.unique': {
    zh: '{field}的值已存在',
    en: '{field} must be unique; this value exists',
    jp: '{field}の値はすでに存在します',
  },
  'record.deleted': { zh: '数据已被删除', en: 'The record has been deleted', jp: 'データは削除されました' },
  'record.inFlow': {
    zh: '该数据正在审批流程中，请在流程中修改',
    en: 'This record is going through an approval flow; change it within the flow',
    jp: 'このデータは承認フローの途中です。フロー内で変更してください',
  },
  'record.conflict': {
    zh: '数据已被他人修改，请刷新后重试',
    en: 'Someone else changed this record; reload and try again',
    jp: '他のユーザーがデータを変更しました。再読み込みしてやり直してください',
  },
  'record.syncReadOnly': {
    zh: '同步表的数据来自外部数据源，只能通过同步更新，不能在此新增、编辑、删除或导入',
    en: 'A synced table copies an external data source: its records change only by syncing, not by adding, editing, deleting or importing here',
    jp: '同期テーブルのデータは外部データソースのコピーです。同期でのみ更新され、ここで追加・編集・削除・インポートはできません',
  },
  'datasource.notFound': { zh: '数据源不存在', en: 'No such data source', jp: 'データソースが存在しません' },
  'datasource.syncNotFound': { zh: '同步表不存在', en: 'No such synced table', jp: '同期テーブルが存在しません' },
  'datasource.inUse': {
    zh: '还有同步表在使用这个数据源，请先删除这些同步表',
    en: 'Synced tables still use this data source; delete them first',
    jp: 'このデータソースを使う同期テーブルがあります。先に削除してください',
  },
  'datasource.tooMany': {
    zh: '每个应用最多50个数据源',
    en: 'An app can have at most 50 data sources',
    jp: '1つのアプリのデータソースは50個までです',
  },
  'datasource.settingMissing': { zh: '请填写{field}', en: 'Enter the {field}', jp: '{field}を入力してください' },
  'datasource.urlInvalid': {
    zh: '请输入以 http:// 或 https:// 开头的地址',
    en: 'Enter an address starting with http:// or https://',
    jp: 'http:// または https:// で始まるアドレスを入力してください',
  },
  'datasource.hostUnresolved': {
    zh: '这个主机名无法解析，请检查地址',
    en: 'The host name does not resolve: check the address',
    jp: 'このホスト名を解決できません。アドレスを確認してください',
  },
  'datasource.sourceOne': {
    zh: '请选择一张表，或填写一条查询语句',
    en: 'Choose one table or enter one query',
    jp: 'テーブルを1つ選ぶか、クエリを1つ入力してください',
  },
  'datasource.columnUnknown': {
    zh: '数据源中没有这一列',
    en: 'The data source has no such column',
    jp: 'データソースにこの列はありません',
  },
  'datasource.error.auth': {
    zh: '用户名或密码错误，数据源拒绝了登录',
    en: 'Wrong user name or password: the data source refused the sign-in',
    jp: 'ユーザー名またはパスワードが違います。データソースがログインを拒否しました',
  },
  'datasource.error.unreachable': {
    zh: '无法连接到数据源，请检查地址、端口、数据库名称、用户名和密码（或访问令牌），以及网络是否可达',
    en: 'Cannot connect to the data source: check the address, the port, the database name, the user name and password (or the token) and the network',
    jp: 'データソースに接続できません。アドレス、ポート、データベース名、ユーザー名とパスワード（またはトークン）、ネットワークを確認してください',
  },
  'datasource.error.databaseMissing': {
    zh: '数据库不存在，请检查数据库名称',
    en: 'The database does not exist: check its name',
    jp: 'データベースが存在しません。名前を確認してください',
  },
  'datasource.error.timeout': {
    zh: '连接或读取超时，服务器没有及时响应',
    en: 'The connection or read timed out: the server did not answer in time',
    jp: '接続または読み取りがタイムアウトしました。サーバーが時間内に応答しませんでした',
  },
  'datasource.error.tableMissing': {
    zh: '数据表不存在或没有读取权限',
    en: 'The table does not exist, or the user may not read it',
    jp: 'テーブルが存在しないか、読み取り権限がありません',
  },
  'datasource.error.queryInvalid': {
    zh: '查询语句有误，数据源无法执行',
    en: 'The query has an error: the data source cannot run it',
    jp: 'クエリに誤りがあり、データソースで実行できません',
  },
  'datasource.error.notReadOnly': {
    zh: '只能使用一条 SELECT 查询语句（只读）',
    en: 'Only one SELECT query is allowed (read-only)',
    jp: '使えるのは SELECT クエリ1つだけです（読み取り専用）',
  },
  'datasource.error.blocked': {
    zh: '出于安全原因，不能访问这个地址（链路本地、云元数据地址，或未允许的内网、本机地址）',
    en: 'For safety this address cannot be reached (a link-local or cloud metadata address, or a private or loopback address this installation does not allow)',
    jp: 'セキュリティ上の理由でこのアドレスには接続できません（リンクローカル、クラウドのメタデータ、または許可されていないプライベート・ループバックアドレス）',
  },
  'datasource.error.ownDatabase': {
    zh: '不能连接本系统自己的数据库',
    en: "This installation's own database cannot be used as a data source",
    jp: 'このシステム自身のデータベースには接続できません',
  },
  'datasource.error.httpStatus': {
    zh: '接口返回了错误状态，请检查地址和访问令牌',
    en: 'The endpoint answered with an error status: check the address and the token',
    jp: 'エンドポイントがエラーを返しました。アドレスとトークンを確認してください',
  },
  'datasource.error.notJson': {
    zh: '接口返回的内容不是 JSON',
    en: 'The endpoint did not answer with JSON',
    jp: 'エンドポイントの応答が JSON ではありません',
  },
  'datasource.error.noArray': {
    zh: '在所选路径上没有找到对象数组',
    en: 'No array of objects at the chosen path',
    jp: '選んだパスにオブジェクトの配列がありません',
  },
  'datasource.error.tooManyRows': {
    zh: '数据超过20万行，请用查询语句缩小范围',
    en: 'More than 200,000 rows: narrow it down with a query',
    jp: '20万行を超えています。クエリで範囲を絞ってください',
  },
  'datasource.error.keyMissing': {
    zh: '数据中没有主键列，或有的行主键为空',
    en: 'The key column is missing, or some rows have no key',
    jp: 'キー列がないか、キーが空の行があります',
  },
  'datasource.error.keyDuplicate': {
    zh: '主键列有重复的值，无法按主键同步',
    en: 'The key column has repeated values, so rows cannot be matched by it',
    jp: 'キー列に重複した値があり、キーで同期できません',
  },
  'datasource.error.other': {
    zh: '数据源出错，请查看详细信息',
    en: 'The data source failed; see the details',
    jp: 'データソースでエラーが発生しました。詳細を確認してください',
  },
  'record.noAdd': { zh: '无新增数据权限', en: 'No permission to add records', jp: 'データ追加の権限がありません' },
  'record.noView': { zh: '无查看数据权限', en: 'No permission to view records', jp: 'データ閲覧の権限がありません' },
  'record.noEdit': { zh: '无编辑数据权限', en: 'No permission to edit records', jp: 'データ編集の権限がありません' },
  'record.noDelete': {
    zh: '无删除数据权限',
    en: 'No permission to delete records',
    jp: 'データ削除の権限がありません',
  },
  'record.noImport': {
    zh: '无导入数据权限',
    en: 'No permission to import records',
    jp: 'データインポートの権限がありません',
  },
  'record.noExport': {
    zh: '无导出数据权限',
    en: 'No permission to export records',
    jp: 'データエクスポートの権限がありません',
  },
  'record.fieldReadonly': {
    zh: '该字段只读，不能修改',
    en: 'This field is read-only',
    jp: 'このフィールドは読み取り専用です',
  },
  'import.fileType': {
    zh: '仅支持 xlsx 和 CSV 文件',
    en: 'Only xlsx and CSV files can be imported',
    jp: 'xlsx と CSV ファイルのみインポートできます',
  },
  'import.empty': { zh: '文件中没有数据', en: 'The file holds no data', jp: 'ファイルにデータがありません' },
  'import.tooManyRows': {
    zh: '单次最多导入 {max} 行',
    en: 'At most {max} rows can be imported at once',
    jp: '一度にインポートできるのは最大 {max} 行です',
  },
  'import.unreadable': {
    zh: '文件无法读取，请检查格式',
    en: 'The file could not be read; check its format',
    jp: 'ファイルを読み取れません。形式を確認してください',
  },
  'export.notFound': { zh: '导出任务不存在', en: 'No such export', jp: 'エクスポートジョブが存在しません' },
  'export.failed': {
    zh: '导出失败，请重新导出',
    en: 'The export failed; start it again',
    jp: 'エクスポートに失敗しました。もう一度エクスポートしてください',
  },
  'export.linkTitle': { zh: '下载导出文件', en: 'Download the export', jp: 'エクスポートのダウンロード' },
  'export.linkExpired': {
    zh: '下载链接已过期（导出文件保留 24 小时），请回到原页面重新导出',
    en: 'This download link has expired (exports are kept for 24 hours). Go back and export again',
    jp: 'ダウンロードリンクの有効期限が切れました（エクスポートは 24 時間保存されます）。元のページに戻り、もう一度エクスポートしてください',
  },
  'export.linkInvalid': {
    zh: '下载链接无效：文件不存在，或不是你导出的',
    en: 'This download link is not valid: there is no such file, or it is not your export',
    jp: 'このダウンロードリンクは無効です：ファイルが存在しないか、あなたのエクスポートではありません',
  },
  'export.notReady': {
    zh: '文件还在生成中，请稍后再下载',
    en: 'The file is still being written; download it in a moment',
    jp: 'ファイルはまだ作成中です。しばらくしてからダウンロードしてください',
  },
  'teamExport.ownerAdminOnly': {
    zh: '仅团队所有者和管理员可以导出团队数据',
    en: "Only the team's owner and admins can export its data",
    jp: 'チームのデータをエクスポートできるのはオーナーと管理者のみです',
  },
  'import.notFound': { zh: '导入任务不存在', en: 'No such import', jp: 'インポートジョブが存在しません' },
  'formula.jobNotFound': {
    zh: '公式计算任务不存在',
    en: 'No such formula computation',
    jp: '数式の計算ジョブが存在しません',
  },
  'import.notStartable': {
    zh: '该导入任务已开始，不能重复开始',
    en: 'This import has already started',
    jp: 'このインポートは既に開始されています',
  },
  'import.noMapping': {
    zh: '请至少为一列选择对应字段',
    en: 'Map at least one column to a field',
    jp: '少なくとも 1 列をフィールドに対応付けてください',
  },
  'import.interrupted': {
    zh: '导入因服务重启而中断，未写入任何数据',
    en: 'The import was interrupted by a server restart; nothing was written',
    jp: 'サーバーの再起動によりインポートが中断されました。データは書き込まれていません',
  },
  'import.interruptedPartial': {
    zh: '导入因服务重启而中断，已导入 {created} 行',
    en: 'The import was interrupted by a server restart after {created} rows',
    jp: 'サーバーの再起動によりインポートが中断されました（{created} 行をインポート済み）',
  },
  'import.unpackedTooBig': {
    zh: '文件解压后超过 {mb} MB，请拆分成几个较小的文件再导入',
    en: 'The file unpacks to more than {mb} MB; split it into smaller files and import them one by one',
    jp: 'ファイルを展開すると {mb} MB を超えます。小さなファイルに分けてからインポートしてください',
  },
  'import.rowTooBig': {
    zh: '第 {row} 行超过 {mb} MB，可能缺少结束引号，请检查文件后重新导入',
    en: 'Row {row} is longer than {mb} MB, perhaps a closing quote is missing; check the file and import it again',
    jp: '{row} 行目が {mb} MB を超えています。閉じ引用符が欠けている可能性があります。ファイルを確認してからもう一度インポートしてください',
  },
  'import.tooBig': {
    zh: '文件不能超过 {mb} MB',
    en: 'The file must not exceed {mb} MB',
    jp: 'ファイルは {mb} MB 以下にしてください',
  },
  'import.badMapping': {
    zh: '「{column}」不能导入到该字段',
    en: 'Column "{column}" cannot be imported into that field',
    jp: '「{column}」はそのフィールドにインポートできません',
  },
  'import.failed': {
    zh: '导入失败，未写入任何数据',
    en: 'The import failed; nothing was written',
    jp: 'インポートに失敗しました。データは書き込まれていません',
  },
  'import.rolledBack': {
    zh: '有 {count} 行数据校验不通过，已全部撤销',
    en: '{count} rows failed validation; nothing was imported',
    jp: '{count} 行が検証に失敗したため、すべて取り消されました',
  },
  'lookup.throttled': {
    zh: '查询过于频繁，请{minutes}分钟后再试',
    en: 'Too many lookups; try again in {minutes} minutes',
    jp: '照会が多すぎます。{minutes}分後にもう一度お試しください',
  },
  'logout.failed': { zh: '退出失败', en: 'Logout failed', jp: 'ログアウトに失敗しました' },
  'workflow.notPublished': {
    zh: '该表单尚未发布流程',
    en: 'This table has no published workflow',
    jp: 'このテーブルには公開済みのワークフローがありません',
  },
  'workflow.versionNotFound': {
    zh: '流程版本不存在',
    en: 'No such workflow version',
    jp: 'ワークフローのバージョンが存在しません',
  },
  'workflow.draft.invalid': {
    zh: '流程定义不正确：{detail}',
    en: 'The workflow definition is not valid: {detail}',
    jp: 'ワークフロー定義が正しくありません：{detail}',
  },
  'workflow.instanceNotFound': {
    zh: '流程不存在或已被删除',
    en: 'No such workflow instance',
    jp: 'ワークフローインスタンスが存在しません',
  },
  'workflow.itemNotFound': { zh: '任务不存在', en: 'No such task', jp: 'タスクが存在しません' },
  'workflow.itemHandled': {
    zh: '该任务已被处理',
    en: 'This task has already been handled',
    jp: 'このタスクはすでに処理されています',
  },
  'workflow.notParticipant': {
    zh: '您不是该任务的处理人',
    en: 'You are not the assignee of this task',
    jp: 'あなたはこのタスクの担当者ではありません',
  },
  'workflow.noAccess': {
    zh: '您无权查看该流程',
    en: 'You have no access to this workflow',
    jp: 'このワークフローを閲覧する権限がありません',
  },
  'workflow.instanceCanceled': {
    zh: '该流程已作废，无法操作',
    en: 'This workflow was canceled; nothing can be done on it',
    jp: 'このワークフローは取り消されたため操作できません',
  },
  'workflow.instanceEnded': {
    zh: '该流程已结束，无法操作',
    en: 'This workflow has ended; nothing can be done on it',
    jp: 'このワークフローは終了しているため操作できません',
  },
  'workflow.actionNotOffered': {
    zh: '当前节点不支持该操作',
    en: 'This step does not offer that action',
    jp: 'このノードではその操作はできません',
  },
  'workflow.commentRequired': { zh: '请填写处理意见', en: 'Please enter a comment', jp: 'コメントを入力してください' },
  'workflow.commentDisabled': {
    zh: '当前节点不允许填写意见',
    en: 'This step takes no comment',
    jp: 'このノードではコメントを入力できません',
  },
  'workflow.originatorOnly': {
    zh: '仅发起人可以执行此操作',
    en: 'Only the originator can do this',
    jp: 'この操作は申請者のみ行えます',
  },
  'workflow.terminateForbidden': {
    zh: '仅发起人或应用管理员可以终止流程',
    en: 'Only the originator or an app admin can terminate the workflow',
    jp: 'ワークフローを終了できるのは申請者またはアプリ管理者のみです',
  },
  'workflow.terminateClosed': {
    zh: '当前节点不允许终止流程',
    en: 'The current step does not allow terminating the workflow',
    jp: '現在のノードではワークフローを終了できません',
  },
  'workflow.withdrawTooLate': {
    zh: '已有人处理，无法撤回',
    en: 'Someone has already acted; it can no longer be withdrawn',
    jp: 'すでに処理されているため取り下げできません',
  },
  'workflow.notRunning': {
    zh: '流程未在审批中',
    en: 'The workflow is not running',
    jp: 'ワークフローは進行中ではありません',
  },
  'workflow.recordInFlow': {
    zh: '该数据已提交过流程',
    en: 'This record has already been submitted into the workflow',
    jp: 'このデータはすでにワークフローに提出されています',
  },
  'workflow.noParticipants': {
    zh: '节点「{node}」没有处理人，请联系管理员',
    en: 'Step "{node}" has nobody to handle it; contact the administrator',
    jp: 'ノード「{node}」に担当者がいません。管理者にお問い合わせください',
  },
  'workflow.noBranch': {
    zh: '节点「{node}」没有满足条件的分支',
    en: 'No branch of "{node}" matches this record',
    jp: 'ノード「{node}」に条件を満たす分岐がありません',
  },
  'workflow.chooseParticipants': {
    zh: '请为节点「{node}」选择处理人',
    en: 'Choose who handles step "{node}"',
    jp: 'ノード「{node}」の担当者を選択してください',
  },
  'workflow.revertTarget': {
    zh: '只能退回到发起人或已经过的节点',
    en: 'A revert goes back to the originator or a step already passed',
    jp: '差し戻し先は申請者または通過済みのノードのみです',
  },
  'workflow.resumeTooLate': {
    zh: '退回后已有人处理，无法取回',
    en: 'Someone has acted since the revert; it can no longer be taken back',
    jp: '差し戻し後に処理されたため取り消せません',
  },
  'workflow.memberUnknown': {
    zh: '所选成员不是团队成员',
    en: 'The chosen member is not in this team',
    jp: '選択したメンバーはチームのメンバーではありません',
  },
  'workflow.transferSelf': {
    zh: '不能转交给自己或已在处理该任务的人',
    en: 'The task cannot go to yourself or someone already handling it',
    jp: '自分自身または既に担当している人には転送できません',
  },

  'workflow.check.unreachable': {
    zh: '节点「{node}」无法到达',
    en: 'Step "{node}" cannot be reached',
    jp: 'ノード「{node}」に到達できません',
  },

  'workflow.check.noCondition': {
    zh: '分支「{branch}」没有设置条件（只有“其他情况”分支可以不设条件）',
    en: 'Branch "{branch}" has no condition (only the "else" branch may have none)',
    jp: '分岐「{branch}」に条件がありません（条件なしにできるのは「その他」分岐のみです）',
  },
  'workflow.check.branches': {
    zh: '节点「{node}」至少需要两个分支，且最多一个“其他情况”分支',
    en: 'Step "{node}" needs at least two branches and at most one "else" branch',
    jp: 'ノード「{node}」には2つ以上の分岐と、最大1つの「その他」分岐が必要です',
  },
  'workflow.check.noApprover': {
    zh: '节点「{node}」没有设置处理人',
    en: 'Step "{node}" has nobody to handle it',
    jp: 'ノード「{node}」に担当者が設定されていません',
  },
  'workflow.check.deletedField': {
    zh: '节点「{node}」引用了已删除或不存在的字段{field}',
    en: 'Step "{node}" names a deleted or unknown field {field}',
    jp: 'ノード「{node}」が削除済みまたは存在しないフィールド {field} を参照しています',
  },
  'workflow.check.condition': {
    zh: '分支「{branch}」的条件不正确：{detail}',
    en: 'The condition of branch "{branch}" is not valid: {detail}',
    jp: '分岐「{branch}」の条件が正しくありません：{detail}',
  },
  'workflow.check.percent': {
    zh: '节点「{node}」需要设置通过比例',
    en: 'Step "{node}" needs an approval percentage',
    jp: 'ノード「{node}」には承認割合が必要です',
  },
  'workflow.check.target': {
    zh: '节点「{node}」要新增数据的表不存在或不属于本应用',
    en: 'Step "{node}" creates records in a table that is missing or not in this app',
    jp: 'ノード「{node}」のデータ作成先テーブルが存在しないか、このアプリのものではありません',
  },
  'workflow.delegation.self': {
    zh: '不能委托给自己',
    en: 'You cannot delegate to yourself',
    jp: '自分自身には委任できません',
  },
  'workflow.delegation.period': {
    zh: '委托的结束时间必须晚于开始时间和当前时间',
    en: 'The delegation must end after it starts and after now',
    jp: '委任の終了日時は開始日時と現在より後にしてください',
  },
  'workflow.deadlineNoTarget': {
    zh: '超时自动转交时没有找到可转交的人',
    en: 'Nobody was found to transfer the overdue task to',
    jp: '期限切れタスクの転送先が見つかりませんでした',
  },
  'workflow.check.deadlineIncomplete': {
    zh: '节点「{node}」的超时设置不完整：自动处理需要同时设置时间和处理方式，转交需要选择转交给谁',
    en: 'The deadline of step "{node}" is incomplete: an automatic action needs both a time and an action, and a transfer needs someone to transfer to',
    jp: 'ノード「{node}」の期限設定が不完全です：自動処理には時間と処理方法の両方が必要で、転送には転送先が必要です',
  },
  'workflow.check.deadlineOrder': {
    zh: '节点「{node}」的超时自动处理时间必须晚于提醒时间',
    en: 'The automatic action of step "{node}" must come later than its reminder',
    jp: 'ノード「{node}」の自動処理は催促より後に設定してください',
  },
  'workflow.check.deadlineReject': {
    zh: '填写节点「{node}」不能超时自动驳回',
    en: 'Fill step "{node}" cannot reject automatically',
    jp: '入力ノード「{node}」は期限切れで自動却下できません',
  },
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
  'sso.backToLogin': { zh: '返回登录页', en: 'Back to the login page', jp: 'ログインページに戻る' },
  'shortcut.name.length': {
    zh: '请输入2到32个字符',
    en: 'Enter 2 to 32 characters',
    jp: '2〜32文字で入力してください',
  },
  'shortcut.noneSelected': { zh: '没有选中具体数据！', en: 'Nothing is selected!', jp: 'データが選択されていません！' },
  'shortcut.alreadyAdded': { zh: '已添加至工作台', en: 'Already on the workbench', jp: 'ワークベンチに追加済みです' },
  'shortcut.ownerOnly': {
    zh: '只有团队所有者可以管理快捷方式',
    en: 'Only the team owner can manage shortcuts',
    jp: 'ショートカットを管理できるのはチームの所有者だけです',
  },
  'shortcut.locked': {
    zh: '快捷方式已锁定，请先解锁',
    en: 'The shortcut is locked; unlock it first',
    jp: 'ショートカットはロックされています。先にロックを解除してください',
  },
  'shortcut.notFound': { zh: '快捷方式不存在', en: 'No such shortcut', jp: 'ショートカットが存在しません' },
  'shortcut.target.notFound': {
    zh: '数据表不存在',
    en: 'The data table does not exist',
    jp: 'データテーブルが存在しません',
  },
  'shortcut.target.noAdd': {
    zh: '仪表盘和同步表不能快速新增',
    en: 'Dashboards and synced tables cannot have a quick-add shortcut',
    jp: 'ダッシュボードと同期テーブルにはクイック追加を作れません',
  },
  'shortcut.layout.mismatch': {
    zh: '排序需包含全部快捷方式且不能重复',
    en: 'The order must list every shortcut exactly once',
    jp: '並び順にはすべてのショートカットを一度ずつ含めてください',
  },
  'shortcut.tooMany': {
    zh: '快捷方式最多200个',
    en: 'A workbench holds at most 200 shortcuts',
    jp: 'ショートカットは200個までです',
  },
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
  'token.batchTooLarge': {
    zh: '一次最多写入{limit}条数据',
    en: 'At most {limit} rows per batch',
    jp: '一度に書き込めるのは最大{limit}件です',
  },
  'package.notZip': { zh: '请上传压缩包', en: 'Upload a zip package', jp: 'zip ファイルをアップロードしてください' },
  'package.tooLarge': {
    zh: '单个文件不可超过50MB',
    en: 'A package must be at most 50 MB',
    jp: '1ファイルは50MB以下にしてください',
  },
  'package.notFound': {
    zh: '安装包不存在或已失效，请重新上传',
    en: 'No such package (or it expired); upload it again',
    jp: 'パッケージが存在しないか期限切れです。もう一度アップロードしてください',
  },
  'package.unreadable': {
    zh: '安装包已损坏，无法读取',
    en: 'The package is damaged and cannot be read',
    jp: 'パッケージが壊れているため読み込めません',
  },
  'package.tooManyEntries': {
    zh: '安装包内的文件过多（最多{limit}个）',
    en: 'The package holds too many entries (at most {limit})',
    jp: 'パッケージ内のファイルが多すぎます（最大{limit}個）',
  },
  'package.tooBig': {
    zh: '安装包解压后过大',
    en: 'The package unpacks to too many bytes',
    jp: 'パッケージの展開後のサイズが大きすぎます',
  },
  'package.unsafePath': {
    zh: '安装包内有不安全的路径：{name}',
    en: 'The package holds an unsafe path: {name}',
    jp: 'パッケージに安全でないパスがあります：{name}',
  },
  'package.link': {
    zh: '安装包内不能有链接：{name}',
    en: 'The package may not hold links: {name}',
    jp: 'パッケージにリンクを含めることはできません：{name}',
  },
  'package.nested': {
    zh: '安装包内不能再有压缩包：{name}',
    en: 'The package may not hold other archives: {name}',
    jp: 'パッケージに別のアーカイブを含めることはできません：{name}',
  },
  'package.invalid': {
    zh: '不是有效的应用安装包：{reason}',
    en: 'Not a valid app package: {reason}',
    jp: '有効なアプリパッケージではありません：{reason}',
  },
  'package.newerFormat': {
    zh: '安装包的格式版本较新，请先升级系统',
    en: 'The package is of a newer format; upgrade the system first',
    jp: 'パッケージの形式が新しすぎます。先にシステムを更新してください',
  },
  'package.externalTable': {
    zh: '安装包关联了本团队没有的数据表，无法安装',
    en: 'The package links to a data table this team does not have',
    jp: 'パッケージがこのチームにないテーブルに関連付けられているため、インストールできません',
  },
  'package.interrupted': {
    zh: '安装被中断，未留下任何数据，请重新安装',
    en: 'The install was interrupted and left nothing behind; install again',
    jp: 'インストールが中断されました（データは残っていません）。もう一度インストールしてください',
  },
  'package.featureOff': {
    zh: '本团队未开启上传安装包功能',
    en: 'Installing uploaded packages is not enabled for this team',
    jp: 'このチームではパッケージのアップロードによるインストールが有効になっていません',
  },
  'package.failed': { zh: '安装失败', en: 'Install failed', jp: 'インストールに失敗しました' },
  'package.taskNotFound': { zh: '安装任务不存在', en: 'No such install task', jp: 'インストールタスクが存在しません' },
  'package.upgradeTypeChange': {
    zh: '字段“{field}”的类型不能从{from}改为{to}，无法升级',
    en: 'Field "{field}" cannot change type from {from} to {to}; the upgrade is refused',
    jp: 'フィールド「{field}」の種類を{from}から{to}に変更できないため、アップグレードできません',
  },
  'package.upgradeOtherApp': {
    zh: '安装包不是由该应用（或其来源应用）导出的，无法升级',
    en: 'The package was not exported from this app or its origin; it cannot upgrade it',
    jp: 'このパッケージはこのアプリ（またはその元のアプリ）からエクスポートされたものではないため、アップグレードできません',
  },
  'package.flowInvalid': {
    zh: '审批流程“{flow}”未通过发布检查，无法安装：{detail}',
    en: 'The approval flow "{flow}" does not pass the publish checks; the package is refused: {detail}',
    jp: '承認フロー「{flow}」が公開チェックに合格しないため、インストールできません：{detail}',
  },
  'package.exportTooMany': {
    zh: '应用中的文件过多（最多{limit}个），无法导出数据',
    en: 'The app holds too many files to export (at most {limit})',
    jp: 'アプリのファイルが多すぎるためエクスポートできません（最大{limit}個）',
  },
  'template.featureOff': {
    zh: '本团队未开启模板中心，无法从模板创建应用',
    en: 'The template center is not enabled for this team',
    jp: 'このチームではテンプレートセンターが有効になっていません',
  },
  'template.notFound': {
    zh: '模板不存在或已下架',
    en: 'No such template (or it was removed)',
    jp: 'テンプレートが存在しないか、公開が終了しています',
  },
  'template.labelChanged': {
    zh: '模板已更新，请刷新后重新安装',
    en: 'The template has changed; refresh and install again',
    jp: 'テンプレートが更新されました。再読み込みしてからインストールしてください',
  },
  'template.badIcon': { zh: '请选择有效的图标', en: 'Choose a valid icon', jp: '有効なアイコンを選択してください' },
  'template.nameRequired': {
    zh: '请输入模板名称',
    en: 'Enter the template name',
    jp: 'テンプレート名を入力してください',
  },
  'template.publishOff': {
    zh: '本团队未开启发布模板功能',
    en: 'Publishing templates is not enabled for this team',
    jp: 'このチームではテンプレートの公開が有効になっていません',
  },
  'template.unpublishDenied': {
    zh: '只有发布者或团队管理员可以下架团队模板',
    en: 'Only its publisher or a team admin can remove a team template',
    jp: 'チームテンプレートを削除できるのは公開者またはチーム管理者だけです',
  },
  'template.shareOff': {
    zh: '本团队未开启应用分享功能',
    en: 'Sharing apps is not enabled for this team',
    jp: 'このチームではアプリの共有が有効になっていません',
  },
  'template.shareNotFound': {
    zh: '分享链接无效，请向分享人重新获取',
    en: 'This share link is not valid; ask its sender for a new one',
    jp: '共有リンクが無効です。共有した人にもう一度依頼してください',
  },
  'template.shareRevoked': {
    zh: '分享链接已被撤销，无法查看或安装',
    en: 'This share link was revoked',
    jp: 'この共有リンクは取り消されました',
  },
  'template.shareExpired': {
    zh: '分享链接已过期，请向分享人重新获取',
    en: 'This share link has expired; ask its sender for a new one',
    jp: 'この共有リンクは期限切れです。共有した人にもう一度依頼してください',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ServerMessageKey = keyof typeof ServerMessages;

export function formatMessage(
  key: ServerMessageKey,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  return fillMessage(ServerMessages[key][lang], params);
}

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
