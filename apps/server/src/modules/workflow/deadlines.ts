import { type DeadlineSettings, ItemType, type WorkflowNode, WorkItemState } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FlowGraph } from './definition.js';
import type { InstanceRow } from './repository.js';
import type { TimerKind, TimerRepository } from './timer-repository.js';

const MINUTE = 60_000;

/** The deadline of a task node, when it sets a reminder or an action. */
export function deadlineOf(node: WorkflowNode | undefined): DeadlineSettings | null {
  if (node?.type !== 'approve' && node?.type !== 'fill') return null;
  const d = node.settings.deadline;
  return d && (d.remindAfterMinutes !== undefined || (d.actAfterMinutes !== undefined && d.action)) ? d : null;
}

const withDeadlines = new WeakMap<FlowGraph, Map<string, DeadlineSettings>>();

/** Nodes of a (published, never changing) graph that have deadlines, worked out once per graph. */
function deadlinesOf(graph: FlowGraph): Map<string, DeadlineSettings> {
  let found = withDeadlines.get(graph);
  if (!found) {
    found = new Map();
    for (const node of graph.definition.nodes) {
      const d = deadlineOf(node);
      if (d) found.set(node.id, d);
    }
    withDeadlines.set(graph, found);
  }
  return found;
}

/**
 * Timers follow the instance's work items after every action (FlowHooks.afterPersist): pending
 * timers of items that closed (completed, canceled, the flow ended) are canceled, and task items
 * that opened in this action at a node with a deadline get theirs, counted from their arrival.
 * A flow without deadlines costs nothing here.
 */
export async function syncTimers(
  timers: TimerRepository,
  trx: Kysely<Database>,
  instance: InstanceRow,
  graph: FlowGraph,
  now: number,
): Promise<void> {
  const deadlines = deadlinesOf(graph);
  if (!deadlines.size) return;
  await timers.cancelClosed(trx, instance.id, now);
  const opened = await trx
    .selectFrom('work_items')
    .select(['id', 'node_id', 'created_at'])
    .where('instance_id', '=', instance.id)
    .where('state', '=', WorkItemState.Todo)
    .where('item_type', '<>', ItemType.Circulate)
    .where('created_at', '=', now)
    .execute();
  const candidates = opened.filter((i) => deadlines.has(i.node_id));
  if (!candidates.length) return;
  const scheduled = await timers.withPendingTimers(
    trx,
    instance.id,
    candidates.map((i) => i.id),
  );
  const rows = candidates
    .filter((i) => !scheduled.has(i.id))
    .flatMap((i) => {
      const d = deadlines.get(i.node_id) as DeadlineSettings;
      const timer = (kind: TimerKind, minutes: number) => ({
        engineCode: instance.engine_code,
        instanceId: instance.id,
        workItemId: i.id,
        kind,
        dueAt: now + minutes * MINUTE,
      });
      return [
        ...(d.remindAfterMinutes !== undefined ? [timer('remind', d.remindAfterMinutes)] : []),
        ...(d.actAfterMinutes !== undefined && d.action ? [timer('act', d.actAfterMinutes)] : []),
      ];
    });
  await timers.schedule(trx, rows, now);
}
