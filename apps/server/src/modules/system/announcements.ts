import type { Language } from '@canopy/contract';

interface Announcement {
  id: string;
  date: string;
  title: Record<Language, string>;
  summary: Record<Language, string>;
  /** Last day (UTC) a time-limited item (an event, an offer) is shown; after it the item has expired. */
  expiresOn?: string;
}

/**
 * What is new in this version, shown in the workbench's operation area (spec §2; hidden in private
 * deployments). Shipped with the product, newest first.
 */
const ANNOUNCEMENTS: Announcement[] = [
  {
    id: '2026-11-data-tables',
    date: '2026-11-22',
    title: { zh: '数据表与表单上线', en: 'Data tables and forms', jp: 'データテーブルとフォーム' },
    summary: {
      zh: '在应用中新建数据表，设计字段与表单，支持子表单、关联数据、公式、附件与变更记录。',
      en: 'Design tables and forms in your apps: sub-tables, related records, formulas, attachments and change history.',
      jp: 'アプリでテーブルとフォームを設計できます。サブテーブル、関連データ、数式、添付ファイル、変更履歴に対応。',
    },
  },
  {
    id: '2026-11-apps',
    date: '2026-11-22',
    title: { zh: '应用与工作台', en: 'Apps and the workbench', jp: 'アプリとワークベンチ' },
    summary: {
      zh: '星标常用应用、拖动排序，应用支持角色管理、转交、回收站与管理模式。',
      en: 'Star and reorder apps; manage app roles, transfer apps, restore from the recycle bin, use admin mode.',
      jp: 'よく使うアプリにスター、並べ替え。ロール管理、移譲、ごみ箱、管理モードに対応。',
    },
  },
  {
    id: '2026-11-teams',
    date: '2026-11-22',
    title: { zh: '团队协作', en: 'Teams', jp: 'チーム' },
    summary: {
      zh: '邀请同事加入团队，维护部门与通讯录，在企业管理中设置成员角色与功能开关。',
      en: 'Invite colleagues, keep departments and the address book, set roles and feature switches in enterprise management.',
      jp: '同僚を招待し、部署とアドレス帳を管理。企業管理でロールと機能スイッチを設定。',
    },
  },
  {
    id: '2026-12-year-end-offer',
    date: '2026-11-20',
    expiresOn: '2026-12-31',
    title: { zh: '年底续费优惠', en: 'Year-end renewal offer', jp: '年末の更新特典' },
    summary: {
      zh: '12 月 31 日前续费团队版，可额外获得三个月使用时长。',
      en: 'Renew the team plan before 31 December and get three extra months.',
      jp: '12 月 31 日までにチームプランを更新すると、3 か月分の利用期間が追加されます。',
    },
  },
  {
    id: '2026-11-workflow-webinar',
    date: '2026-11-10',
    expiresOn: '2026-11-20',
    title: {
      zh: '线上培训：搭建第一个审批流程',
      en: 'Webinar: your first approval flow',
      jp: 'オンライン研修：はじめての承認フロー',
    },
    summary: {
      zh: '11 月 20 日晚 8 点，带你从零搭建请假审批，现场答疑。',
      en: 'On 20 November at 8 pm: build a leave approval from scratch, with live Q&A.',
      jp: '11 月 20 日 20 時から、休暇申請の承認フローをゼロから作ります。質疑応答あり。',
    },
  },
];

export function announcementsIn(lang: Language) {
  return ANNOUNCEMENTS.map((a) => ({ id: a.id, date: a.date, title: a.title[lang], summary: a.summary[lang] }));
}

/** Ids of the items whose last day has passed (spec §7 GET /v1/opdata/tag/expired). */
export function expiredAnnouncementIds(now: number = Date.now()): string[] {
  const today = new Date(now).toISOString().slice(0, 10);
  return ANNOUNCEMENTS.filter((a) => a.expiresOn !== undefined && a.expiresOn < today).map((a) => a.id);
}
