import type { Language } from './i18n.js';

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
  'team.name.empty': { zh: '团队名称不能为空', en: 'Team name cannot be empty', jp: 'チーム名を入力してください' },
  'team.name.tooShort': {
    zh: '团队名称不能少于两个字符',
    en: 'Team name needs at least 2 characters',
    jp: 'チーム名は2文字以上必要です',
  },
  'team.name.tooLong': {
    zh: '团队名称不能超过32个字符',
    en: 'Team name must be at most 32 characters',
    jp: 'チーム名は32文字以内にしてください',
  },
  'team.name.emoji': {
    zh: '团队名称不允许使用emoji文字',
    en: 'Team name cannot contain emoji',
    jp: 'チーム名に絵文字は使用できません',
  },
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
  'invitation.missing': { zh: '缺少邀请信息', en: 'Invitation details are missing', jp: '招待情報がありません' },
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
  'wechat.notConfigured': {
    zh: '未配置微信公众号，暂不支持微信绑定',
    en: 'WeChat is not configured on this server',
    jp: 'このサーバーでは WeChat が設定されていません',
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
  'record.conflict': {
    zh: '数据已被他人修改，请刷新后重试',
    en: 'Someone else changed this record; reload and try again',
    jp: '他のユーザーがデータを変更しました。再読み込みしてやり直してください',
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
  'import.notFound': { zh: '导入任务不存在', en: 'No such import', jp: 'インポートジョブが存在しません' },
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
} as const satisfies Record<string, Record<Language, string>>;

export type ServerMessageKey = keyof typeof ServerMessages;

export function formatMessage(
  key: ServerMessageKey,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  return ServerMessages[key][lang].replace(/\{(\w+)\}/g, (_, name: string) =>
    name in params ? String(params[name]) : `{${name}}`,
  );
}

/** Field labels used inside validation messages. */
export const FieldLabels: Record<string, Record<Language, string>> = {
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
};

export function fieldLabel(field: string, lang: Language): string {
  return FieldLabels[field]?.[lang] ?? field;
}
