import type { Scope } from './definition.js';

/**
 * The interpreter's state of one instance, kept as JSON on the instance row and changed only by
 * actions holding the instance's version. Work items are rows of their own (for the inbox and for
 * completing each exactly once); this says how they fit together.
 */
export interface Runtime {
  /** Where the flow is: each token waits at a task node (its run) while people act. */
  tokens: Token[];
  /** Parallel joins: join key → branch ids that have arrived. */
  joins: Record<string, string[]>;
  /** Active task node activations by run id. */
  runs: Record<string, NodeRun>;
  /** Task nodes completed, in order (revert targets, "same person twice in a row"). */
  passed: Passed[];
  /** Members chosen by the submitter per node. */
  chosen: Record<string, string[]>;
  /** The last revert while its target has not completed (resubmission mode, resume). */
  revert: PendingRevert | null;
}

export interface Token {
  id: string;
  nodeId: string;
  scopes: Scope[];
  runId: string | null;
}

/**
 * One participant's place in a node run. Items for it come and go (transfer, added signers); the
 * seat is decided once its last item in `chain` order is approved, or any is rejected.
 */
export interface Seat {
  id: string;
  memberId: string;
  outcome: 'pending' | 'approved' | 'rejected';
  /** Opened (sequence mode opens seats one at a time). */
  opened: boolean;
  /** Members still to act for this seat, in order (added signers; "before" ends with the asker). */
  chain: string[];
}

export interface NodeRun {
  id: string;
  nodeId: string;
  tokenId: string;
  mode: 'any' | 'all' | 'sequence' | 'percent';
  percent: number;
  seats: Seat[];
  /** Members who approved or submitted here (for "same person twice in a row"). */
  actors: string[];
}

export interface Passed {
  nodeId: string;
  scopes: Scope[];
  actors: string[];
}

export interface PendingRevert {
  /** The reverting member's item (resume reopens it). */
  itemId: string;
  memberId: string;
  fromNodeId: string;
  fromScopes: Scope[];
  targetNodeId: string;
  targetRunId: string | null;
  direct: boolean;
  /** The runtime as it was before the revert, and the items the revert closed: resume restores both. */
  snapshot: Omit<Runtime, 'revert'>;
  closedItemIds: string[];
}

export function emptyRuntime(): Runtime {
  return { tokens: [], joins: {}, runs: {}, passed: [], chosen: {}, revert: null };
}

export function parseRuntime(json: string): Runtime {
  return { ...emptyRuntime(), ...(JSON.parse(json) as Partial<Runtime>) };
}
