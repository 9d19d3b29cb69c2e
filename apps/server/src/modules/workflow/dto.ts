import type { InstanceInfo, MemberRef, TimelineEntry, WorkItemInfo } from '@canopy/contract';
import type { InstanceRow, LogRow, WorkItemRow } from './repository.js';

/** Member names for the rows about to be answered, fetched once. */
export type Names = Map<string, string>;

export const memberRef = (names: Names, id: string | null | undefined): MemberRef | null =>
  id ? { memberId: id, name: names.get(id) ?? '' } : null;

export function instanceInfo(row: InstanceRow, workflowName: string, names: Names): InstanceInfo {
  const current = JSON.parse(row.current_nodes) as { id: string; name: string }[];
  return {
    instanceId: row.id,
    appCode: row.app_code,
    schemaCode: row.schema_code,
    workflowCode: row.workflow_code,
    workflowName,
    workflowVersion: row.workflow_version,
    bizObjectId: row.record_id,
    originator: memberRef(names, row.originator_member_id) as MemberRef,
    instanceState: row.state,
    result: row.result === 'approved' || row.result === 'rejected' ? row.result : '',
    currentNodes: current.map((n) => ({ activityCode: n.id, activityName: n.name })),
    createdAt: Number(row.created_at),
    startedAt: Number(row.started_at ?? 0),
    finishedAt: Number(row.finished_at ?? 0),
  };
}

export function workItemInfo(row: WorkItemRow, names: Names): WorkItemInfo {
  return {
    workItemId: row.id,
    instanceId: row.instance_id,
    itemType: row.item_type,
    workItemState: row.state,
    activityCode: row.node_id,
    activityName: row.node_name,
    participant: memberRef(names, row.participant_member_id) as MemberRef,
    actingFor: memberRef(names, row.acting_for_member_id),
    createTime: Number(row.created_at),
    finishTime: Number(row.finished_at ?? 0),
    action: row.action,
    comment: row.comment,
  };
}

/** A log row as a timeline step, without changes to fields the viewer may not see. */
export function timelineEntry(row: LogRow, names: Names, hidden: (field: string) => boolean): TimelineEntry {
  const changes = (JSON.parse(row.changes) as { field: string; from: unknown; to: unknown }[]).filter(
    (c) => !hidden(c.field),
  );
  return {
    id: Number(row.id),
    activityCode: row.node_id,
    activityName: row.node_name,
    action: row.action,
    actor: memberRef(names, row.member_id),
    actingFor: memberRef(names, row.acting_for_member_id),
    workItemId: row.work_item_id,
    comment: row.comment,
    changes,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    createdAt: Number(row.created_at),
  };
}
