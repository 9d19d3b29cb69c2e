import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FlowGraph } from './definition.js';
import type { TaskScope } from './delegation-repository.js';
import type { InstanceRow, WorkItemRow } from './repository.js';

/**
 * What the operations around the engine add to every action, inside its transaction: out-of-office
 * delegation decides who receives a new work item, and deadline timers follow the instance's open
 * items once the action has written them, and the action's letters and live signals are written.
 * (delegations.ts, deadlines.ts and notices/flow-letters.ts implement them.)
 */
export interface FlowHooks {
  /**
   * The member who receives a task of this flow meant for `memberId` now: their delegate while they
   * are away and their delegation covers the flow, else null.
   */
  delegateOf(
    trx: Kysely<Database>,
    engineCode: string,
    memberId: string,
    now: number,
    task: TaskScope,
  ): Promise<string | null>;
  /** After an action wrote the instance: timers of items that closed are canceled, new items get theirs. */
  afterPersist(trx: Kysely<Database>, instance: InstanceRow, graph: FlowGraph, now: number): Promise<void>;
  /** Letters and live to-do signals for what happened (notices/flow-letters.ts). */
  notify: FlowNotify;
}

/** A work item an action opened, as the letters need it. */
export interface OpenedItem {
  id: string;
  memberId: string;
  itemType: number;
  nodeName: string;
  /** Set when the item went to a delegate: the member who is away. */
  actingFor: string | null;
}

/** One action on one instance, told once it has written everything (inside its transaction). */
export interface FlowActionEvent {
  instance: InstanceRow;
  previousState: number;
  action: string;
  actorMemberId: string;
  /** The item the action was taken on, if any (its node names the step). */
  actedItem: WorkItemRow | null;
  /** The type of the acted item's node (`start` when the originator submits). */
  actedNodeType: string | null;
  opened: OpenedItem[];
  /** Members whose open items changed (opened, completed, canceled): their to-do lists refresh. */
  touched: string[];
  now: number;
}

/**
 * Several notifiers as one (the letters, then the webhooks' flow events), each told in the same
 * transaction in order.
 */
export function notifyAll(first: FlowNotify, ...more: Partial<FlowNotify>[]): FlowNotify {
  const all = [first, ...more];
  return {
    async afterAction(trx, event) {
      for (const n of all) await n.afterAction?.(trx, event);
    },
    async mentioned(trx, instance, actor, ids, comment, now) {
      for (const n of all) await n.mentioned?.(trx, instance, actor, ids, comment, now);
    },
    async reminded(trx, instance, item, now) {
      for (const n of all) await n.reminded?.(trx, instance, item, now);
    },
    async automatic(trx, instance, ids, letter, now) {
      for (const n of all) await n.automatic?.(trx, instance, ids, letter, now);
    },
  };
}

export interface FlowNotify {
  afterAction(trx: Kysely<Database>, event: FlowActionEvent): Promise<void>;
  /** A comment named these members (@mention). */
  mentioned(
    trx: Kysely<Database>,
    instance: InstanceRow,
    actorMemberId: string,
    memberIds: string[],
    comment: string,
    now: number,
  ): Promise<void>;
  /** A deadline reminder fired for this open item. */
  reminded(trx: Kysely<Database>, instance: InstanceRow, item: WorkItemRow, now: number): Promise<void>;
  /** An automatic node's "send a notification" step: its subject and text, placeholders filled. */
  automatic(
    trx: Kysely<Database>,
    instance: InstanceRow,
    memberIds: string[],
    letter: { subject: string; content: string },
    now: number,
  ): Promise<void>;
}
