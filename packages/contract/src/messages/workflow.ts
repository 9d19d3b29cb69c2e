import type { Language } from '../i18n.js';

/** Server messages of approval flows. */
export const WorkflowMessages = {
  // A new flow's names, stored as data in the language of the member who makes it.
  'workflow.default.name': { zh: '审批流程', en: 'Approval flow', jp: '承認フロー' },
  'workflow.default.start': { zh: '发起', en: 'Submit', jp: '申請' },
  'workflow.default.approve': { zh: '审批', en: 'Approval', jp: '承認' },

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
  'workflow.check.deletedRole': {
    zh: '节点「{node}」选择的应用角色已被删除，请重新选择',
    en: 'Step "{node}" names an app role that was deleted: choose again',
    jp: 'ノード「{node}」で選択したアプリロールは削除されています。選び直してください',
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
  'workflow.delegation.scopeEmpty': {
    zh: '请选择要委托的应用或流程',
    en: 'Choose the apps or flows to delegate',
    jp: '委任するアプリまたはフローを選択してください',
  },
  'workflow.delegation.scopeUnknown': {
    zh: '所选的应用或流程不存在，或不能委托',
    en: 'A chosen app or flow does not exist or cannot be delegated',
    jp: '選択したアプリまたはフローが存在しないか、委任できません',
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
} as const satisfies Record<string, Record<Language, string>>;
