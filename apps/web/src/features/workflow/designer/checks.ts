import type { WorkflowDefinition } from '@canopy/contract';
import { type Branch, chainIds, flowChain, isGroup } from './flow-tree';

/** What the canvas marks on a card before the server is asked (the server checks again on publish). */
export type Problem = 'noParticipants' | 'noConditions' | 'noOperations' | 'notifyIncomplete' | 'unreachable';

const conditionCount = (b: Branch) =>
  ('filter' in b && b.filter ? b.filter.conditions.length : 0) +
  ('originator' in b && b.originator ? (b.originator.departments?.length ?? 0) + (b.originator.roles?.length ?? 0) : 0);

/** Problems by node or branch id: tasks nobody gets, branches that can never be told apart, empty actions. */
export function definitionProblems(def: WorkflowDefinition): Map<string, Problem> {
  const out = new Map<string, Problem>();
  const reached = new Set(chainIds(flowChain(def)));
  for (const n of def.nodes) {
    if (!reached.has(n.id)) {
      out.set(n.id, 'unreachable');
      continue;
    }
    if ((n.type === 'approve' || n.type === 'fill' || n.type === 'cc') && n.settings.participants.length === 0)
      out.set(n.id, 'noParticipants');
    if (n.type === 'action') {
      if (n.settings.operations.length === 0) out.set(n.id, 'noOperations');
      else if (
        n.settings.operations.some((o) => o.kind === 'notify' && (o.participants.length === 0 || !o.subject.trim()))
      )
        out.set(n.id, 'notifyIncomplete');
    }
    if (isGroup(n) && n.type === 'condition') {
      for (const b of n.settings.branches) if (!b.isElse && conditionCount(b) === 0) out.set(b.id, 'noConditions');
    }
  }
  return out;
}

export { conditionCount };
