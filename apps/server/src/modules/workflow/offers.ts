import {
  type CommentConfiguration,
  flowRunning,
  InstanceState,
  ItemType,
  type NodeCommentSettings,
  type OptionalAction,
  type WorkflowActionCode,
  type WorkflowNode,
  WorkItemState,
} from '@canopy/contract';
import { type FieldProblem, FieldValidationError } from '../../http/app-error.js';
import type { InstanceRow, WorkItemRow } from './repository.js';
import type { Runtime } from './runtime.js';

/** A node's action settings, whatever its type (non-task nodes offer nothing optional). */
export interface NodeOffer {
  actions: OptionalAction[];
  closeRevert: boolean;
  closeTerminate: boolean;
  comment: NodeCommentSettings;
}

const START_COMMENT: NodeCommentSettings = {
  approve: { enableComment: true, required: false },
  reject: { enableComment: false, required: false },
};

export function offerOf(node: WorkflowNode | undefined): NodeOffer {
  if (node?.type === 'approve' || node?.type === 'fill') {
    const s = node.settings;
    return { actions: s.actions, closeRevert: s.closeRevert, closeTerminate: s.closeTerminate, comment: s.comment };
  }
  if (node?.type === 'start')
    return {
      actions: [],
      closeRevert: true,
      closeTerminate: node.settings.closeTerminate ?? false,
      comment: START_COMMENT,
    };
  return { actions: ['comment'], closeRevert: true, closeTerminate: false, comment: START_COMMENT };
}

export const isOpen = (state: number) => state === InstanceState.Initiated || flowRunning(state);

/** Whether anyone but the originator at the start node has acted (withdrawing is allowed until then). */
export function someoneActed(items: WorkItemRow[], startNodeId: string): boolean {
  return items.some(
    (i) => i.state === WorkItemState.Done && i.node_id !== startNodeId && i.item_type !== ItemType.Circulate,
  );
}

export interface Viewer {
  memberId: string;
  isOriginator: boolean;
  /** The app's edit right or admin mode. */
  isAdmin: boolean;
}

/**
 * The actions a member is offered: on their own item (by its type and node settings; revert and
 * resume never with closeRevert), and on the instance (withdraw, terminate — never where a current
 * node sets closeTerminate —, comment). The actions themselves check the same list.
 */
export function offeredActions(args: {
  instance: InstanceRow;
  runtime: Runtime;
  item: WorkItemRow | null;
  node: WorkflowNode | undefined;
  viewer: Viewer;
  items: WorkItemRow[];
  startNodeId: string;
  revertTargets: string[];
  currentOffers: NodeOffer[];
}): WorkflowActionCode[] {
  const { instance, item, node, viewer } = args;
  const codes: WorkflowActionCode[] = [];
  if (!isOpen(instance.state)) return codes;
  const offer = offerOf(node);
  const mine = item !== null && item.participant_member_id === viewer.memberId;
  if (item && mine && item.state === WorkItemState.Todo) {
    if (item.item_type === ItemType.Circulate) codes.push('read');
    else {
      codes.push(
        ...(item.item_type === ItemType.Approve ? (['approve', 'reject'] as const) : (['submit', 'save'] as const)),
      );
      const canRevert =
        node?.type !== 'start' &&
        !offer.closeRevert &&
        args.revertTargets.length > 0 &&
        offer.actions.includes('revert');
      if (canRevert) codes.push('revert');
      for (const a of ['transfer', 'addSigner', 'cc'] as const)
        if (node?.type !== 'start' && offer.actions.includes(a)) codes.push(a);
    }
  }
  if (
    item &&
    mine &&
    item.state === WorkItemState.Done &&
    item.action === 'revert' &&
    args.runtime.revert?.itemId === item.id &&
    !offer.closeRevert
  )
    codes.push('resume');
  const running = instance.state === InstanceState.Running;
  if (viewer.isOriginator && running && !someoneActed(args.items, args.startNodeId)) codes.push('withdraw');
  if ((viewer.isOriginator || viewer.isAdmin) && !args.currentOffers.some((o) => o.closeTerminate))
    codes.push('terminate');
  const involved =
    viewer.isOriginator || viewer.isAdmin || args.items.some((i) => i.participant_member_id === viewer.memberId);
  if (involved && (!item || !mine || offer.actions.includes('comment') || item.item_type === ItemType.Circulate))
    codes.push('comment');
  return [...new Set(codes)];
}

/** The comment rule of the action: required comments must be there; a node without comments takes none. */
export function checkComment(config: CommentConfiguration, comment: string | undefined): string {
  const text = (comment ?? '').trim();
  const problem: FieldProblem | null =
    config.required && !text
      ? { field: 'comment', key: 'workflow.commentRequired' }
      : !config.enableComment && text
        ? { field: 'comment', key: 'workflow.commentDisabled' }
        : null;
  if (problem) throw new FieldValidationError([problem]);
  return text;
}
