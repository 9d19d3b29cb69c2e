import type { Language } from '@canopy/contract';

type Words = Record<Language, string>;

/** Flow actions worth a line on paper, in the reader's language (the web timeline's words). */
export const ACTION_WORDS: Record<string, Words> = {
  submit: { zh: '提交', en: 'Submitted', jp: '提出' },
  resubmit: { zh: '重新提交', en: 'Resubmitted', jp: '再提出' },
  approve: { zh: '同意', en: 'Approved', jp: '承認' },
  autoApprove: { zh: '自动同意', en: 'Approved automatically', jp: '自動承認' },
  autoPass: { zh: '自动通过', en: 'Passed automatically', jp: '自動通過' },
  reject: { zh: '驳回', en: 'Rejected', jp: '却下' },
  revert: { zh: '退回', en: 'Sent back', jp: '差し戻し' },
  withdraw: { zh: '撤回', en: 'Withdrawn', jp: '取り下げ' },
  terminate: { zh: '终止了流程', en: 'Ended the flow', jp: 'フローを終了' },
  transfer: { zh: '转交', en: 'Handed over', jp: '転送' },
  addSignerBefore: { zh: '前加签', en: 'Added an approver before', jp: '前に承認者を追加' },
  addSignerAfter: { zh: '后加签', en: 'Added an approver after', jp: '後に承認者を追加' },
  comment: { zh: '评论', en: 'Commented', jp: 'コメント' },
  finish: { zh: '流程结束', en: 'Finished', jp: '完了' },
  finishRejected: { zh: '流程结束（驳回）', en: 'Finished (rejected)', jp: '完了（却下）' },
};

export const PRINT_WORDS = {
  timeline: { zh: '审批记录', en: 'Approval history', jp: '承認履歴' },
  node: { zh: '节点', en: 'Step', jp: 'ノード' },
  who: { zh: '处理人', en: 'By', jp: '処理者' },
  action: { zh: '操作', en: 'Action', jp: '操作' },
  comment: { zh: '意见', en: 'Comment', jp: 'コメント' },
  time: { zh: '时间', en: 'Time', jp: '日時' },
  system: { zh: '系统', en: 'System', jp: 'システム' },
  yes: { zh: '是', en: 'Yes', jp: 'はい' },
  no: { zh: '否', en: 'No', jp: 'いいえ' },
  footer: { zh: '第 {page} 页 / 共 {pages} 页', en: 'Page {page} of {pages}', jp: '{page} / {pages} ページ' },
} as const satisfies Record<string, Words>;
