/**
 * Each logged action's words and colour on the timeline; unknown actions read as their code. The
 * colour is also the action's text colour on white, so each reads at 4.5:1 or more (WCAG 1.4.3).
 */
const LOOKS = {
  create: { label: 'workflow.timeline.action.create', color: '#666666' },
  submit: { label: 'workflow.timeline.action.submit', color: '#1668dc' },
  resubmit: { label: 'workflow.timeline.action.resubmit', color: '#1668dc' },
  save: { label: 'workflow.timeline.action.save', color: '#666666' },
  approve: { label: 'workflow.timeline.action.approve', color: '#0a7d56' },
  autoApprove: { label: 'workflow.timeline.action.autoApprove', color: '#0a7d56' },
  autoPass: { label: 'workflow.timeline.action.autoPass', color: '#0a7d56' },
  reject: { label: 'workflow.timeline.action.reject', color: '#cf1322' },
  revert: { label: 'workflow.timeline.action.revert', color: '#ad4e00' },
  resume: { label: 'workflow.timeline.action.resume', color: '#ad4e00' },
  withdraw: { label: 'workflow.timeline.action.withdraw', color: '#666666' },
  terminate: { label: 'workflow.timeline.action.terminate', color: '#cf1322' },
  transfer: { label: 'workflow.timeline.action.transfer', color: '#722ed1' },
  addSignerBefore: { label: 'workflow.timeline.action.addSignerBefore', color: '#722ed1' },
  addSignerAfter: { label: 'workflow.timeline.action.addSignerAfter', color: '#722ed1' },
  cc: { label: 'workflow.timeline.action.cc', color: '#1668dc' },
  autoCc: { label: 'workflow.timeline.action.autoCc', color: '#1668dc' },
  read: { label: 'workflow.timeline.action.read', color: '#666666' },
  comment: { label: 'workflow.timeline.action.comment', color: '#595959' },
  autoUpdate: { label: 'workflow.timeline.action.autoUpdate', color: '#7c3aed' },
  autoCreate: { label: 'workflow.timeline.action.autoCreate', color: '#7c3aed' },
  autoNotify: { label: 'workflow.timeline.action.autoNotify', color: '#7c3aed' },
  branch: { label: 'workflow.timeline.action.branch', color: '#15803d' },
  join: { label: 'workflow.timeline.action.join', color: '#15803d' },
  finish: { label: 'workflow.timeline.action.finish', color: '#0a7d56' },
  finishRejected: { label: 'workflow.timeline.action.finishRejected', color: '#cf1322' },
  cancel: { label: 'workflow.timeline.action.cancel', color: '#666666' },
} as const;

type Known = keyof typeof LOOKS;
const isKnown = (action: string): action is Known => action in LOOKS;

type Label = (typeof LOOKS)[Known]['label'] | 'workflow.timeline.action.other';

export function timelineLook(action: string): { label: Label; color: string } {
  return isKnown(action) ? LOOKS[action] : { label: 'workflow.timeline.action.other', color: '#666666' };
}
