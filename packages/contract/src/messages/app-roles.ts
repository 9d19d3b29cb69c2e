/** Server messages of app roles, their grants and table rights (issue 27). */
export const AppRoleMessages = {
  'role.notFound': { zh: '角色不存在', en: 'The role does not exist', jp: 'ロールが存在しません' },
  'role.previewDenied': {
    zh: '只有应用所有者和管理员可以以角色预览应用',
    en: "Only the app's owner and managers can preview it as a role",
    jp: 'ロールとしてのプレビューはアプリのオーナーと管理者だけができます',
  },
  'role.limit': {
    zh: '每个应用最多 50 个角色',
    en: 'An app has at most 50 roles',
    jp: '1 つのアプリのロールは最大 50 個です',
  },
  'role.nameEmpty': { zh: '请输入角色名称', en: 'Enter the role name', jp: 'ロール名を入力してください' },
  'role.nameTaken': {
    zh: '已有同名角色',
    en: 'A role of this name exists already',
    jp: '同じ名前のロールが既にあります',
  },
  'role.fixed': {
    zh: '管理员是固定角色，不能改名、复制或删除，其成员在应用成员中设置',
    en: 'Administrator is a fixed role: it cannot be renamed, copied or deleted; its members are set among the app members',
    jp: '管理者は固定ロールです。名前の変更・コピー・削除はできず、メンバーはアプリメンバーで設定します',
  },
  'role.grantTarget': {
    zh: '授权对象不存在或不属于本团队',
    en: 'The grantee does not exist or is not in this team',
    jp: '付与先が存在しないか、このチームに属していません',
  },
  'role.unknownNode': {
    zh: '菜单项不存在',
    en: 'The menu item does not exist',
    jp: 'メニュー項目が存在しません',
  },
  'record.noPrint': { zh: '无打印数据权限', en: 'No permission to print records', jp: 'データ印刷の権限がありません' },
  'flow.noStart': {
    zh: '您的角色不能发起此流程',
    en: 'Your role may not start this flow',
    jp: 'あなたのロールではこのフローを開始できません',
  },
} as const;
