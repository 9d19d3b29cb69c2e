import type { Language, TemplateCategory, TemplateIcon } from '@canopy/contract';

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
  /** Where the template center files it (issue 29). */
  category: TemplateCategory;
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
    category: 'hr',
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
    category: 'finance',
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
    category: 'purchase',
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
    category: 'sales',
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
    category: 'project',
  },
  {
    id: 'repair',
    name: { zh: '设备报修', en: 'Equipment repairs', jp: '設備修理依頼' },
    description: {
      zh: '设备台账与报修工单，紧急报修直达主管，维修人员填写处理结果，故障统计看板。',
      en: 'An equipment register and repair orders; urgent ones go straight to the supervisor; technicians fill in the result.',
      jp: '設備台帳と修理依頼。緊急の依頼は直接主任へ、担当者が処理結果を記入し、故障統計を表示します。',
    },
    icon: { icon: 'tool', color: 6 },
    category: 'production',
  },
  {
    id: 'contract',
    name: { zh: '合同管理', en: 'Contracts', jp: '契約管理' },
    description: {
      zh: '合同台账与收付款记录，部门、法务会签，50 万元以上总经理审批，到期日历与履约统计。',
      en: 'A contract register with payments, reviewed by the department and legal; over 500,000 also by the general manager; expiry calendar.',
      jp: '契約台帳と入出金記録。部門と法務が審査し、50万元以上は社長が承認。満了カレンダーと履行状況の集計付き。',
    },
    icon: { icon: 'audit', color: 3 },
    category: 'admin',
  },
  {
    id: 'assets',
    name: { zh: '固定资产', en: 'Fixed assets', jp: '固定資産' },
    description: {
      zh: '资产台账记录类别、金额与使用人，领用经主管审批后由行政发放，资产总值与状态一目了然。',
      en: 'An asset register with category, value and user; requests approved by the manager and issued by admin; totals by status.',
      jp: '資産台帳で分類・金額・使用者を管理。貸出は上長承認後に総務が払い出し、資産総額と状態を一目で確認。',
    },
    icon: { icon: 'database', color: 2 },
    category: 'admin',
  },
  {
    id: 'meeting-room',
    name: { zh: '会议室预约', en: 'Meeting rooms', jp: '会議室予約' },
    description: {
      zh: '会议室资源与预约日历，客户接待由行政前台确认，统计各类会议与每月使用次数。',
      en: 'Rooms and a booking calendar; customer visits confirmed by the front desk; usage by type and month.',
      jp: '会議室と予約カレンダー。来客対応は総務受付が確認し、種類別・月別の利用回数を集計します。',
    },
    icon: { icon: 'calendar', color: 0 },
    category: 'admin',
  },
  {
    id: 'vehicle',
    name: { zh: '用车申请', en: 'Company cars', jp: '社用車申請' },
    description: {
      zh: '公务用车申请经主管审批，行政派车指定车辆与司机，还车登记里程与费用。',
      en: 'Car requests approved by the manager; admin assigns a car and driver; mileage and costs logged on return.',
      jp: '社用車の申請を上長が承認し、総務が車両と運転手を手配。返却時に走行距離と費用を記録します。',
    },
    icon: { icon: 'car', color: 4 },
    category: 'admin',
  },
  {
    id: 'recruiting',
    name: { zh: '招聘管理', en: 'Recruiting', jp: '採用管理' },
    description: {
      zh: '招聘需求分级审批，候选人按阶段看板跟进，面试官填写评价，招聘漏斗一目了然。',
      en: 'Hiring requests approved by level, candidates on a stage board, interviewers’ reviews and a hiring funnel.',
      jp: '採用依頼を段階的に承認し、候補者を選考段階ボードで管理。面接官の評価と採用ファネル付き。',
    },
    icon: { icon: 'solution', color: 3 },
    category: 'hr',
  },
  {
    id: 'attendance',
    name: { zh: '考勤管理', en: 'Attendance', jp: '勤怠管理' },
    description: {
      zh: '加班申请与补卡申请在线审批，超过 8 小时加签人事，按月统计加班时长。',
      en: 'Overtime and missed-punch requests approved online; over 8 hours also by HR; overtime by month.',
      jp: '残業申請と打刻修正をオンラインで承認。8時間超は人事も承認し、月別の残業時間を集計します。',
    },
    icon: { icon: 'clock-circle', color: 6 },
    category: 'hr',
  },
  {
    id: 'payment',
    name: { zh: '付款申请', en: 'Payment requests', jp: '支払申請' },
    description: {
      zh: '对外付款关联收款单位，主管与财务审核，10 万元以上总经理审批，出纳登记付款。',
      en: 'Payments to registered payees, reviewed by the manager and finance; over 100,000 by the general manager; the cashier records payment.',
      jp: '支払先に紐づく支払申請。上長と財務が審査し、10万元以上は社長が承認、出納が支払を記録します。',
    },
    icon: { icon: 'wallet', color: 7 },
    category: 'finance',
  },
  {
    id: 'complaints',
    name: { zh: '客诉处理', en: 'Customer complaints', jp: 'クレーム対応' },
    description: {
      zh: '客户投诉登记后由主管分派，处理人填写结果，重大投诉通报总经理，回访记录满意度。',
      en: 'Complaints logged, assigned by the supervisor and resolved by the owner; major ones reported to the GM; follow-up satisfaction.',
      jp: 'クレームを登録し、主任が担当者を割り当てて対応。重大案件は社長へ報告し、フォローで満足度を記録。',
    },
    icon: { icon: 'customer-service', color: 3 },
    category: 'sales',
  },
  {
    id: 'inventory',
    name: { zh: '进销存', en: 'Inventory', jp: '在庫管理' },
    description: {
      zh: '商品档案与出入库单，仓库主管审核，库存预警视图，出入库金额与库存分布看板。',
      en: 'Goods and stock movements checked by the warehouse keeper, a low-stock view, and a dashboard of amounts and stock.',
      jp: '商品マスタと入出庫伝票。倉庫主任が確認し、在庫アラートビューと入出庫金額・在庫分布のダッシュボード付き。',
    },
    icon: { icon: 'inbox', color: 5 },
    category: 'purchase',
  },
  {
    id: 'inspection',
    name: { zh: '巡检管理', en: 'Inspections', jp: '巡回点検' },
    description: {
      zh: '巡检点位与巡检记录，发现异常由安全员指派整改、整改后复查，形成闭环。',
      en: 'Checkpoints and rounds; an anomaly is assigned for a fix by the safety officer and checked again.',
      jp: '点検箇所と点検記録。異常は安全担当が是正を指示し、是正後に再確認してクローズします。',
    },
    icon: { icon: 'safety', color: 4 },
    category: 'production',
  },
  {
    id: 'production',
    name: { zh: '生产工单', en: 'Production orders', jp: '製造指図' },
    description: {
      zh: '生产工单由生产经理下达，车间主任报工，质检入库，按车间统计计划与完成产量。',
      en: 'Orders released by the production manager, reported by the workshop lead, checked by QC; output by workshop.',
      jp: '製造指図を生産課長が発行し、職長が実績を報告、品質検査後に入庫。職場別の計画・実績を集計します。',
    },
    icon: { icon: 'build', color: 2 },
    category: 'production',
  },
  {
    id: 'it-tickets',
    name: { zh: 'IT 工单', en: 'IT service desk', jp: 'IT サービスデスク' },
    description: {
      zh: '按服务目录提交 IT 工单，服务台分派工程师处理，提交人确认并评价，工单看板与工时统计。',
      en: 'Tickets by service catalog, assigned to an engineer by the desk, confirmed and rated by the requester.',
      jp: 'サービスカタログからITチケットを起票し、担当エンジニアが対応、依頼者が確認・評価します。',
    },
    icon: { icon: 'laptop', color: 1 },
    category: 'it',
  },
  {
    id: 'training',
    name: { zh: '培训报名', en: 'Course enrolment', jp: '講座申込' },
    description: {
      zh: '课程发布、学员报名缴费与学习状态跟踪，退费经教务与财务审批，招生收入看板。',
      en: 'Courses, enrolments with fees and study status, refunds approved by the academic office and finance.',
      jp: '講座の公開、受講申込と受講料、学習状況の管理。返金は教務と財務が承認し、売上をダッシュボードで確認。',
    },
    icon: { icon: 'book', color: 5 },
    category: 'education',
  },
  {
    id: 'store-ops',
    name: { zh: '门店运营', en: 'Store operations', jp: '店舗運営' },
    description: {
      zh: '门店档案、每日营业日报与巡店检查，店长整改反馈由区域经理验收，营业额趋势看板。',
      en: 'Stores, daily sales reports and store visits; fixes reported by the store manager and accepted by the area manager.',
      jp: '店舗台帳、営業日報、臨店チェック。店長の是正報告をエリアマネージャーが確認し、売上推移を表示。',
    },
    icon: { icon: 'shop', color: 6 },
    category: 'retail',
  },
];
