import type { ApproveNode, FillNode } from '@canopy/contract';
import type { FieldProblem } from '../../http/app-error.js';

/**
 * A task node's deadline must fit together before it is published: an automatic action needs both
 * its time and its kind, a transfer needs someone to go to, the action comes after the reminder,
 * and fill nodes (which have nothing to reject) never reject.
 */
export function deadlineProblems(node: ApproveNode | FillNode): FieldProblem[] {
  const d = node.settings.deadline;
  if (!d) return [];
  const params = { node: node.name || node.id };
  const out: FieldProblem[] = [];
  const incomplete =
    (d.actAfterMinutes !== undefined) !== (d.action !== undefined) ||
    (d.action === 'transfer' && !d.transferTo?.length);
  if (incomplete) out.push({ field: node.id, key: 'workflow.check.deadlineIncomplete', params });
  if (
    d.actAfterMinutes !== undefined &&
    d.remindAfterMinutes !== undefined &&
    d.actAfterMinutes <= d.remindAfterMinutes
  )
    out.push({ field: node.id, key: 'workflow.check.deadlineOrder', params });
  if (node.type === 'fill' && d.action === 'reject')
    out.push({ field: node.id, key: 'workflow.check.deadlineReject', params });
  return out;
}
