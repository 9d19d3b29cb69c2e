import {
  type ActionResult,
  type AddSignerBody,
  type ApprovalBody,
  type CcBody,
  type PathPreviewBody,
  type RevertBody,
  type SaveWorkflowBody,
  type StartWorkflowBody,
  type SubmitBody,
  type TransferBody,
  WorkflowEndpoints,
  type WorkItemRef,
} from '@canopy/contract';
import { call } from '../../../shell/api/client';

/**
 * Query keys of workflows. A table's flow (draft, versions) sits under `flow(engine, app, schema)`;
 * instances under `instances(engine)`, so any action can refresh every open view of a run.
 */
export const workflowKeys = {
  flow: (e: string, a: string, s: string) => ['workflow', e, a, s] as const,
  version: (e: string, a: string, s: string, v: number) => ['workflow', e, a, s, 'version', v] as const,
  startContext: (e: string, a: string, s: string) => ['workflow', e, a, s, 'start-context'] as const,
  instances: (e: string) => ['workflow-run', e] as const,
  recordFlow: (e: string, a: string, s: string, id: string) => ['workflow-run', e, 'record', a, s, id] as const,
  recordItems: (e: string, a: string, s: string, id: string) => ['workflow-run', e, 'record-items', a, s, id] as const,
  viewContext: (e: string, instanceId: string, workItemId: string) =>
    ['workflow-run', e, 'context', instanceId, workItemId] as const,
  instance: (e: string, instanceId: string) => ['workflow-run', e, 'instance', instanceId] as const,
  path: (e: string, instanceId: string) => ['workflow-run', e, 'path', instanceId] as const,
  /** The approver chain of a form being filled: per table and the values it was asked with. */
  preview: (e: string, a: string, s: string) => ['workflow', e, a, s, 'path-preview'] as const,
};

/** Callers show their own errors (the canvas highlights nodes, the action bar explains a handled item). */
const inline = { errors: 'inline' } as const;
type P = { appCode: string; schemaCode: string };

export const workflowApi = {
  get: (p: P) => call(WorkflowEndpoints.get, { params: p, ...inline }),
  saveDraft: (p: P, body: SaveWorkflowBody) => call(WorkflowEndpoints.saveDraft, { params: p, body, ...inline }),
  publish: (p: P) => call(WorkflowEndpoints.publish, { params: p, ...inline }),
  versions: (p: P) => call(WorkflowEndpoints.versions, { params: p, ...inline }),
  version: (p: P, version: number) => call(WorkflowEndpoints.version, { params: { ...p, version }, ...inline }),
  startContext: (p: P) => call(WorkflowEndpoints.startContext, { params: p, ...inline }),
  start: (body: StartWorkflowBody) => call(WorkflowEndpoints.start, { body, ...inline }),
  viewContext: (instanceId: string, workitemId?: string) =>
    call(WorkflowEndpoints.viewContext, {
      query: { instanceId, ...(workitemId ? { workitemId } : {}) },
      ...inline,
    }),
  instance: (instanceId: string) => call(WorkflowEndpoints.instance, { query: { instanceId }, ...inline }),
  instancePath: (instanceId: string) => call(WorkflowEndpoints.instancePath, { query: { instanceId }, ...inline }),
  previewPath: (body: PathPreviewBody) => call(WorkflowEndpoints.previewPath, { body, ...inline }),
  recordInstance: (p: P, id: string) => call(WorkflowEndpoints.recordInstance, { params: { ...p, id }, ...inline }),
  recordItems: (p: P, id: string) => call(WorkflowEndpoints.recordItems, { params: { ...p, id }, ...inline }),
};

/** The work item as actions send it back: only its id is needed (the server reads the rest). */
export const itemRef = (workItemId: string): WorkItemRef => ({ workItemId });

/** Every action on a work item or an instance; each answers the instance as it is now. */
export const actionApi = {
  submit: (body: SubmitBody): Promise<ActionResult> => call(WorkflowEndpoints.submit, { body, ...inline }),
  save: (body: { workItem: WorkItemRef; data: Record<string, unknown>; recordVersion?: number }) =>
    call(WorkflowEndpoints.save, { body, ...inline }),
  approve: (body: ApprovalBody) => call(WorkflowEndpoints.approval, { body, ...inline }),
  reject: (body: ApprovalBody) => call(WorkflowEndpoints.disapproval, { body, ...inline }),
  revert: (body: RevertBody) => call(WorkflowEndpoints.revert, { body, ...inline }),
  resume: (workItemId: string, comment?: string) =>
    call(WorkflowEndpoints.resume, {
      body: { workItem: itemRef(workItemId), ...(comment ? { comment } : {}) },
      ...inline,
    }),
  transfer: (body: TransferBody) => call(WorkflowEndpoints.transfer, { body, ...inline }),
  addSigner: (body: AddSignerBody) => call(WorkflowEndpoints.addSigner, { body, ...inline }),
  cc: (body: CcBody) => call(WorkflowEndpoints.cc, { body, ...inline }),
  read: (workItemId: string) => call(WorkflowEndpoints.read, { body: { workItem: itemRef(workItemId) }, ...inline }),
  withdraw: (instanceId: string, comment?: string) =>
    call(WorkflowEndpoints.withdraw, { body: { instanceId, ...(comment ? { comment } : {}) }, ...inline }),
  terminate: (instanceId: string, comment?: string) =>
    call(WorkflowEndpoints.terminate, { body: { instanceId, ...(comment ? { comment } : {}) }, ...inline }),
  comment: (instanceId: string, comment: string, workItemId?: string, mentions: string[] = []) =>
    call(WorkflowEndpoints.comment, {
      body: { instanceId, comment, ...(workItemId ? { workItemId } : {}), ...(mentions.length ? { mentions } : {}) },
      ...inline,
    }),
};
