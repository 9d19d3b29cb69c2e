import type { Language } from '../i18n.js';
import { ShellMessages } from '../messages-shell.js';

/** Server messages of teams: the team itself (name, closing, time zone), invitations, administrators. */
export const TeamMessages = {
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
  'announcement.adminOnly': {
    zh: '仅实例管理员可以管理产品动态',
    en: 'Only the instance administrator can manage announcements',
    jp: 'お知らせを管理できるのはインスタンス管理者のみです',
  },
  'announcement.notFound': { zh: '该动态不存在', en: 'No such announcement', jp: 'このお知らせは存在しません' },
  'announcement.link': {
    zh: '链接须以 http://、https:// 或 / 开头',
    en: 'The link must start with http://, https:// or /',
    jp: 'リンクは http://、https:// または / で始めてください',
  },
  'announcement.window': {
    zh: '结束时间须晚于开始时间',
    en: 'The end must be after the start',
    jp: '終了日時は開始日時より後にしてください',
  },
  'announcement.tooMany': {
    zh: '动态已达上限 {max} 条，请先删除旧的',
    en: 'There are already {max} announcements; delete old ones first',
    jp: 'お知らせは {max} 件までです。古いものを削除してください',
  },
  'admin.only': {
    zh: '仅实例管理员可以查看',
    en: 'Only the instance administrator can see this',
    jp: 'インスタンス管理者のみ閲覧できます',
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
} as const satisfies Record<string, Record<Language, string>>;
