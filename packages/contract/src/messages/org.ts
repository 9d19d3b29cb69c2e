import type { Language } from '../i18n.js';

/** Server messages of the address book: departments, members, roles, ownership. */
export const OrgMessages = {
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
} as const satisfies Record<string, Record<Language, string>>;
