import type { Language, TemplateIcon } from '@canopy/contract';

/**
 * The built-in templates' catalog entries (issue 12). Their apps are made by
 * apps/server/templates/build.ts through the API and exported by the package exporter into
 * apps/server/templates/<id>/package.zip; what each holds (tables, flows, dashboards, pages) is read
 * from that package's manifest at start-up, and previews/ holds its screenshots
 * (apps/server/templates/screenshots.ts).
 */
export interface BuiltinTemplate {
  id: string;
  name: Record<Language, string>;
  description: Record<Language, string>;
  icon: TemplateIcon;
}

export const BUILTIN_TEMPLATES: BuiltinTemplate[] = [
  {
    id: 'leave-approval',
    name: { zh: '请假审批', en: 'Leave requests', jp: '休暇申請' },
    description: {
      zh: '员工在线提交请假申请，按天数自动分级审批，假期余额与请假统计一目了然。',
      en: 'Employees request leave online; approvals escalate with the number of days; balances and statistics at a glance.',
      jp: '従業員がオンラインで休暇を申請し、日数に応じて承認ルートが変わります。残日数と統計も一目で分かります。',
    },
    icon: { icon: 'schedule', color: 1 },
  },
  {
    id: 'expense',
    name: { zh: '费用报销', en: 'Expense claims', jp: '経費精算' },
    description: {
      zh: '报销单含费用明细子表，金额超过 5000 元加签财务总监，按类别统计报销金额。',
      en: 'Claims with an item sub-table; amounts over 5,000 also go to the finance director; totals by category.',
      jp: '明細サブテーブル付きの精算書。5,000元を超えると財務部長の承認が加わり、カテゴリ別に集計します。',
    },
    icon: { icon: 'dollar', color: 5 },
  },
  {
    id: 'purchase',
    name: { zh: '采购申请', en: 'Purchase requests', jp: '購買申請' },
    description: {
      zh: '采购申请关联供应商，含采购明细，部门主管与采购部依次审批，看板统计采购金额。',
      en: 'Purchase requests linked to suppliers with line items, approved by the manager then purchasing; spend on a dashboard.',
      jp: '仕入先に紐づく購買申請と明細。上長と購買部が順に承認し、ダッシュボードで購買額を集計します。',
    },
    icon: { icon: 'shop', color: 4 },
  },
  {
    id: 'crm',
    name: { zh: '客户管理', en: 'Customer management', jp: '顧客管理' },
    description: {
      zh: '客户、联系人与跟进记录统一管理，商机阶段看板、销售门户页面和大额合同审批。',
      en: 'Customers, contacts and follow-ups in one place, a pipeline board, a sales portal page and large-deal approval.',
      jp: '顧客・連絡先・フォロー記録を一元管理。商談ボード、営業ポータルページ、大型契約の承認付き。',
    },
    icon: { icon: 'team', color: 0 },
  },
  {
    id: 'project-tasks',
    name: { zh: '项目任务', en: 'Project tasks', jp: 'プロジェクトタスク' },
    description: {
      zh: '项目与任务两级管理，任务看板按状态分组，完成任务需负责人确认，进度统计看板。',
      en: 'Projects and their tasks, a task board by status, completion confirmed by the owner, progress dashboard.',
      jp: 'プロジェクトとタスクの2階層管理。状態別のタスクボード、完了は責任者が確認、進捗ダッシュボード付き。',
    },
    icon: { icon: 'project', color: 2 },
  },
  {
    id: 'repair',
    name: { zh: '设备报修', en: 'Equipment repairs', jp: '設備修理依頼' },
    description: {
      zh: '设备台账与报修工单，紧急报修直达主管，维修人员填写处理结果，故障统计看板。',
      en: 'An equipment register and repair orders; urgent ones go straight to the supervisor; technicians fill in the result.',
      jp: '設備台帳と修理依頼。緊急の依頼は直接主任へ、担当者が処理結果を記入し、故障統計を表示します。',
    },
    icon: { icon: 'car', color: 6 },
  },
];
