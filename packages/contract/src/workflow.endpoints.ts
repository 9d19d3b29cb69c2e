import Type from 'typebox';
import { endpoint, schemaPath, sessionEndpoints } from './endpoint.js';
import { RecordParams, SchemaParams } from './schemas.js';
import {
  ActionResult,
  AddSignerBody,
  ApprovalBody,
  CcBody,
  CommentBody,
  FlowPath,
  InstanceActionBody,
  InstanceDetail,
  InstanceQuery,
  PathPreviewBody,
  ReadBody,
  ResumeBody,
  RevertBody,
  SaveItemBody,
  SaveWorkflowBody,
  StartContext,
  StartResult,
  StartWorkflowBody,
  SubmitBody,
  TransferBody,
  ViewContext,
  ViewContextQuery,
  WorkflowInfo,
  WorkflowVersionDetail,
  WorkflowVersionInfo,
  WorkflowVersionParams,
  WorkItemInfo,
} from './workflow.js';

const designEndpoint = sessionEndpoints('workflow-design');
const actionEndpoint = sessionEndpoints('workflow');

/**
 * Designing a table's flow needs the app's edit right; acting needs being the work item's
 * participant (spec §7: approval, disapproval and the view context keep their paths).
 */
export const WorkflowEndpoints = {
  // Designing (the app's edit right).
  get: designEndpoint(
    'GET',
    `${schemaPath}/workflow`,
    "The table's flow: its draft (the default flow until saved), published version and history",
    WorkflowInfo,
    { params: SchemaParams },
  ),
  saveDraft: designEndpoint(
    'PUT',
    `${schemaPath}/workflow`,
    'Save the draft; running instances are not disturbed',
    WorkflowInfo,
    { params: SchemaParams, body: SaveWorkflowBody },
  ),
  publish: designEndpoint(
    'POST',
    `${schemaPath}/workflow/publish`,
    'Check the draft and publish it as the next version (fieldErrors name the offending node ids)',
    WorkflowVersionInfo,
    { params: SchemaParams },
  ),
  versions: designEndpoint(
    'GET',
    `${schemaPath}/workflow/versions`,
    'Published versions, newest first, with who published them when',
    Type.Array(WorkflowVersionInfo),
    { params: SchemaParams },
  ),
  version: designEndpoint(
    'GET',
    `${schemaPath}/workflow/versions/:version`,
    'One published version with its definition',
    WorkflowVersionDetail,
    { params: WorkflowVersionParams },
  ),

  // Submitting (the table's add right for new records).
  startContext: actionEndpoint(
    'GET',
    `${schemaPath}/workflow/start-context`,
    'Whether the table has a published flow, its start field rules and the participants to choose',
    StartContext,
    { params: SchemaParams },
  ),
  start: actionEndpoint(
    'POST',
    '/v1/workflow/start',
    'Submit a record into the flow (a new one from data, or an existing one), or save it as a draft',
    StartResult,
    { body: StartWorkflowBody },
  ),

  // Acting on a work item (its participant). Every action is one transaction.
  submit: actionEndpoint(
    'POST',
    '/v1/workflow/submit',
    'Complete a fill item: submit a draft, resubmit after a rejection or revert, or finish a fill node',
    ActionResult,
    { body: SubmitBody },
  ),
  save: actionEndpoint(
    'POST',
    '/v1/workflow/save',
    'Save the editable fields of an open fill item without completing it',
    ActionResult,
    { body: SaveItemBody },
  ),
  approval: actionEndpoint('POST', '/v1/workflow/approval', 'Approve a work item', ActionResult, {
    body: ApprovalBody,
  }),
  disapproval: actionEndpoint(
    'POST',
    '/v1/workflow/disapproval',
    "Reject a work item (back to the originator or the end, by the node's setting)",
    ActionResult,
    { body: ApprovalBody },
  ),
  revert: actionEndpoint(
    'POST',
    '/v1/workflow/revert',
    'Send the flow back to the originator or a node already passed',
    ActionResult,
    { body: RevertBody },
  ),
  resume: actionEndpoint(
    'POST',
    '/v1/workflow/resume',
    'Take a revert back while nobody at its target has acted',
    ActionResult,
    { body: ResumeBody },
  ),
  transfer: actionEndpoint(
    'POST',
    '/v1/workflow/transfer',
    'Hand the work item to another member (转交)',
    ActionResult,
    {
      body: TransferBody,
    },
  ),
  addSigner: actionEndpoint('POST', '/v1/workflow/signer', 'Add signers before or after oneself (加签)', ActionResult, {
    body: AddSignerBody,
  }),
  cc: actionEndpoint('POST', '/v1/workflow/cc', 'Send read-only copies to members (抄送)', ActionResult, {
    body: CcBody,
  }),
  read: actionEndpoint('POST', '/v1/workflow/read', 'Mark a copy (Circulate item) read', ActionResult, {
    body: ReadBody,
  }),

  // Acting on the instance.
  withdraw: actionEndpoint(
    'POST',
    '/v1/workflow/withdraw',
    'The originator takes the submission back to a draft before anyone acted',
    ActionResult,
    { body: InstanceActionBody },
  ),
  terminate: actionEndpoint(
    'POST',
    '/v1/workflow/terminate',
    'End the flow now (the originator or an app admin)',
    ActionResult,
    { body: InstanceActionBody },
  ),
  comment: actionEndpoint(
    'POST',
    '/v1/workflow/comment',
    'Comment on an instance (originator, participants, app admins)',
    ActionResult,
    { body: CommentBody },
  ),

  // Reading.
  viewContext: endpoint({
    method: 'GET',
    path: '/v1/workflow/view/context',
    summary: 'Spec §7: comment settings, offered actions, the work item and the record as the node shows it',
    tags: ['workflow'],
    auth: 'session',
    query: ViewContextQuery,
    response: ViewContext,
  }),
  instance: endpoint({
    method: 'GET',
    path: '/v1/workflow/instance',
    summary: 'An instance with its timeline and work items',
    tags: ['workflow'],
    auth: 'session',
    query: InstanceQuery,
    response: InstanceDetail,
  }),
  instancePath: endpoint({
    method: 'GET',
    path: '/v1/workflow/instance/path',
    summary: 'The steps an instance will still take after where it waits now, and who they go to',
    tags: ['workflow'],
    auth: 'session',
    query: InstanceQuery,
    response: FlowPath,
  }),
  previewPath: actionEndpoint(
    'POST',
    '/v1/workflow/path/preview',
    'The approver chain a new record would take with these values (the published flow; nothing is written)',
    FlowPath,
    { body: PathPreviewBody },
  ),
  recordInstance: actionEndpoint(
    'GET',
    `${schemaPath}/records/:id/workflow`,
    "A record's flow: its instance, timeline and work items (null when never submitted)",
    Type.Union([InstanceDetail, Type.Null()]),
    { params: RecordParams },
  ),
  recordItems: actionEndpoint(
    'GET',
    `${schemaPath}/records/:id/workflow/my-items`,
    "The asker's open work items for a record",
    Type.Array(WorkItemInfo),
    { params: RecordParams },
  ),
} as const;
