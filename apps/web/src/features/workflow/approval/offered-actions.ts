import type { ViewContext } from '@canopy/contract';
import type { ActionCode } from '../hooks/useFlowAction';

const KNOWN: readonly ActionCode[] = [
  'submit',
  'save',
  'approve',
  'reject',
  'revert',
  'resume',
  'withdraw',
  'terminate',
  'transfer',
  'addSigner',
  'cc',
  'comment',
  'read',
];
const isKnown = (code: string): code is ActionCode => (KNOWN as readonly string[]).includes(code);

/**
 * The actions the bar shows: what the view context offers, in the bar's own order, never revert or
 * resume when the work item has closeRevert and never terminate when it has closeTerminate (spec
 * §5 — the server leaves them out too; the bar does not rely on it).
 */
export function offeredActions(context: Pick<ViewContext, 'actions' | 'workItem'>): ActionCode[] {
  const offered = new Set(context.actions.map((a) => a.code).filter(isKnown));
  const closeRevert = context.workItem?.closeRevert === true;
  const closeTerminate = context.workItem?.closeTerminate === true;
  return KNOWN.filter(
    (code) =>
      offered.has(code) &&
      !(closeRevert && (code === 'revert' || code === 'resume')) &&
      !(closeTerminate && code === 'terminate'),
  );
}
