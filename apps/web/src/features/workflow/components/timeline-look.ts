/** Each logged action's words and colour on the timeline; unknown actions read as their code. */
const LOOKS = {
  create: { label: 'workflow.timeline.action.create', color: '#8c8c8c' },
  submit: { label: 'workflow.timeline.action.submit', color: '#1677ff' },
  resubmit: { label: 'workflow.timeline.action.resubmit', color: '#1677ff' },
  save: { label: 'workflow.timeline.action.save', color: '#8c8c8c' },
  approve: { label: 'workflow.timeline.action.approve', color: '#0e9f6e' },
  autoApprove: { label: 'workflow.timeline.action.autoApprove', color: '#0e9f6e' },
  autoPass: { label: 'workflow.timeline.action.autoPass', color: '#0e9f6e' },
  reject: { label: 'workflow.timeline.action.reject', color: '#ff4d4f' },
  revert: { label: 'workflow.timeline.action.revert', color: '#fa8c16' },
  resume: { label: 'workflow.timeline.action.resume', color: '#fa8c16' },
  withdraw: { label: 'workflow.timeline.action.withdraw', color: '#8c8c8c' },
  terminate: { label: 'workflow.timeline.action.terminate', color: '#ff4d4f' },
  transfer: { label: 'workflow.timeline.action.transfer', color: '#722ed1' },
  addSignerBefore: { label: 'workflow.timeline.action.addSignerBefore', color: '#722ed1' },
  addSignerAfter: { label: 'workflow.timeline.action.addSignerAfter', color: '#722ed1' },
  cc: { label: 'workflow.timeline.action.cc', color: '#3296fa' },
  autoCc: { label: 'workflow.timeline.action.autoCc', color: '#3296fa' },
  read: { label: 'workflow.timeline.action.read', color: '#8c8c8c' },
  comment: { label: 'workflow.timeline.action.comment', color: '#595959' },
  autoUpdate: { label: 'workflow.timeline.action.autoUpdate', color: '#8b5cf6' },
  autoCreate: { label: 'workflow.timeline.action.autoCreate', color: '#8b5cf6' },
  autoNotify: { label: 'workflow.timeline.action.autoNotify', color: '#8b5cf6' },
  branch: { label: 'workflow.timeline.action.branch', color: '#15bc83' },
  join: { label: 'workflow.timeline.action.join', color: '#15bc83' },
  finish: { label: 'workflow.timeline.action.finish', color: '#0e9f6e' },
  finishRejected: { label: 'workflow.timeline.action.finishRejected', color: '#ff4d4f' },
  cancel: { label: 'workflow.timeline.action.cancel', color: '#8c8c8c' },
} as const;

type Known = keyof typeof LOOKS;
const isKnown = (action: string): action is Known => action in LOOKS;

type Label = (typeof LOOKS)[Known]['label'] | 'workflow.timeline.action.other';

export function timelineLook(action: string): { label: Label; color: string } {
  return isKnown(action) ? LOOKS[action] : { label: 'workflow.timeline.action.other', color: '#8c8c8c' };
}
