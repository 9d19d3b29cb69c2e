import type {
  ApproveSettings,
  NodeCommentSettings,
  OptionalAction,
  WorkflowDefinition,
  WorkflowNode,
} from '@canopy/contract';
import { type Branch, newId } from './flow-tree';

/** Node kinds the "+" menu offers (the start node is always there). */
export const ADDABLE_KINDS = ['approve', 'fill', 'cc', 'action', 'condition', 'parallel'] as const;
export type AddableKind = (typeof ADDABLE_KINDS)[number];

export const ALL_ACTIONS: OptionalAction[] = ['revert', 'transfer', 'addSigner', 'cc', 'comment'];

export const defaultComments = (): NodeCommentSettings => ({
  approve: { enableComment: true, required: false },
  reject: { enableComment: true, required: true },
});

const taskDefaults = () => ({
  participants: [],
  mode: 'any' as const,
  whenEmpty: 'appOwner' as const,
  skipRepeated: false,
  fieldRules: {},
  comment: defaultComments(),
  actions: [...ALL_ACTIONS],
  closeRevert: false,
  closeTerminate: false,
});

/** Names the designer gives new nodes and branches, in the user's language. */
export interface KindNames {
  node: Record<AddableKind, string>;
  branch: (n: number) => string;
  otherwise: string;
}

/** A new node of a kind with fitting defaults; groups come with two branches. */
export function makeNode(def: WorkflowDefinition, kind: AddableKind, names: KindNames): WorkflowNode {
  const id = newId(def, kind);
  const name = names.node[kind];
  switch (kind) {
    case 'approve': {
      const settings: ApproveSettings = { ...taskDefaults(), rejectTo: 'originator' };
      return { id, type: 'approve', name, settings };
    }
    case 'fill':
      return { id, type: 'fill', name, settings: { ...taskDefaults(), actions: ['transfer', 'comment'] } };
    case 'cc':
      return { id, type: 'cc', name, settings: { participants: [], fieldRules: {} } };
    case 'action':
      return {
        id,
        type: 'action',
        name,
        settings: { operations: [{ kind: 'notify', participants: [], subject: name, content: '' }] },
      };
    case 'condition': {
      const first = newId(def, 'branch', [id]);
      const other = newId(def, 'branch', [id, first]);
      return {
        id,
        type: 'condition',
        name,
        settings: {
          branches: [
            { id: first, name: names.branch(1), filter: { op: 'and', conditions: [] } },
            { id: other, name: names.otherwise, isElse: true },
          ],
        },
      };
    }
    case 'parallel': {
      const first = newId(def, 'branch', [id]);
      const other = newId(def, 'branch', [id, first]);
      return {
        id,
        type: 'parallel',
        name,
        settings: {
          branches: [
            { id: first, name: names.branch(1) },
            { id: other, name: names.branch(2) },
          ],
        },
      };
    }
  }
}

/** A new branch for a group: a condition branch starts with no conditions. */
export function makeBranch(def: WorkflowDefinition, kind: 'condition' | 'parallel', name: string): Branch {
  const id = newId(def, 'branch');
  return kind === 'condition' ? { id, name, filter: { op: 'and', conditions: [] } } : { id, name };
}
