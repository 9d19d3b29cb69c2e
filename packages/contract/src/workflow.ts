import Type, { type Static } from 'typebox';
import { APP_ROLE_LIMIT } from './app-roles.js';
import { FormLayout, RecordItem, SchemaInfo } from './schemas.js';
import { FilterGroup } from './views.js';

/**
 * Approval workflows (issue 10). A flow belongs to one data table; its definition is data: a flat
 * list of nodes linked by `next`, where condition and parallel groups hold branches that each start
 * their own chain (`branch.next`). A chain ends where a node has no `next`: inside a branch that is
 * the group's join (the flow goes on at the group's `next`), at the top level it is the end of the
 * flow. The web designer draws it as the vertical DingTalk/简道云 canvas by following `next` from the
 * start node. Numbers of states and item types are the spec's (§3).
 */

/**
 * Spec §3 "Workflow instance states" with the spec's numbers. Starting and Finishing are passed
 * through inside one action. Returned (6) is ours, in the number the spec leaves open: a submitted
 * flow that waits only at its start node again (an approver sent it back to the originator, or
 * rejected it to them), for the originator to correct and resubmit (已退回 / 待重新提交).
 */
export const InstanceState = {
  /** Saved as a draft: the originator's start item is open, nothing has been submitted. */
  Initiated: 0,
  Starting: 1,
  Running: 2,
  Finishing: 3,
  Finished: 4,
  /** Ended because its record was deleted. */
  Canceled: 5,
  /** Sent back to the originator: waits at the start node for resubmission. */
  Returned: 6,
  /** Ended early: terminated by the originator or an app admin, or its app was deleted. */
  Terminate: 7,
} as const;
export type InstanceState = (typeof InstanceState)[keyof typeof InstanceState];

/** Submitted and not ended, waiting somewhere (Running, or Returned to the originator). */
export function flowRunning(state: number | null | undefined): boolean {
  return state === InstanceState.Running || state === InstanceState.Returned;
}

/**
 * A flow owns its record while submitted and not yet ended (Starting, Running, Returned, Finishing):
 * then the record changes at the flow's nodes (a returned one at the start node, by the originator),
 * and through the plain records API only for those who can design the app.
 */
export function flowOwnsRecord(state: number | null | undefined): boolean {
  return state === InstanceState.Starting || flowRunning(state) || state === InstanceState.Finishing;
}

/** Spec §3 "Work item types". */
export const ItemType = { Fill: 0, Approve: 2, Circulate: 3 } as const;
export type ItemType = (typeof ItemType)[keyof typeof ItemType];

/**
 * A work item's own state. Todo items are what the to-do inbox lists (the spec's to-do filter
 * "Todo 0"); Done items were completed by their participant ("Done 1"); Canceled items were closed
 * without their participant (another approver decided first, the flow was withdrawn, reverted,
 * rejected or ended).
 */
export const WorkItemState = { Todo: 0, Done: 1, Canceled: 2 } as const;
export type WorkItemState = (typeof WorkItemState)[keyof typeof WorkItemState];

/** How a finished instance ended: approved through to the end, or rejected on the way. */
export const InstanceResult = ['', 'approved', 'rejected'] as const;
export type InstanceResult = (typeof InstanceResult)[number];

export const WorkflowNodeType = ['start', 'approve', 'fill', 'cc', 'action', 'condition', 'parallel'] as const;
export type WorkflowNodeType = (typeof WorkflowNodeType)[number];

/** Per node and field: hidden, read-only, editable or required at that node. */
export const FieldRuleLevel = ['hidden', 'readonly', 'editable', 'required'] as const;
export type FieldRuleLevel = (typeof FieldRuleLevel)[number];
const Level = Type.Union([
  Type.Literal('hidden'),
  Type.Literal('readonly'),
  Type.Literal('editable'),
  Type.Literal('required'),
]);
/**
 * Keys are field codes, or `<subTableFieldCode>.<columnCode>` for a sub-table column. A field not
 * named takes the node's default: editable at the start node, read-only elsewhere. A rule naming a
 * field that was deleted later is simply ignored while instances run (publishing refuses it).
 */
export const FieldRules = Type.Record(Type.String({ maxLength: 130 }), Level, { maxProperties: 1000 });
export type FieldRules = Static<typeof FieldRules>;

const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 200 });
/**
 * An app role of the flow's app by key (issue 27: any of its roles, 管理员 `manager` and 成员 `member`
 * among them), or `owner` for the app's owner. A key of a role deleted since names nobody.
 */
export const FlowAppRole = Type.String({ minLength: 1, maxLength: 64 });
/** The app's roles and its owner. */
const FlowAppRoles = Type.Array(FlowAppRole, { maxItems: APP_ROLE_LIMIT + 1 });
/** The app owner among a rule's roles (not a role of the app: the one member who owns it). */
export const FLOW_OWNER_ROLE = 'owner';

/** Who a node's work items go to. Several rules add up (duplicates removed, order kept). */
export const ParticipantRule = Type.Union([
  Type.Object({ kind: Type.Literal('members'), ids: Ids }, { additionalProperties: false }),
  /** Everyone in these departments and their sub-departments. */
  Type.Object({ kind: Type.Literal('departments'), ids: Ids }, { additionalProperties: false }),
  /** Members holding these roles in the flow's app. */
  Type.Object({ kind: Type.Literal('roles'), roles: FlowAppRoles }, { additionalProperties: false }),
  /**
   * The originator's manager `level` steps up the department tree from the originator's main
   * department (1 = direct manager; a manager of their own department looks one level higher).
   */
  Type.Object(
    { kind: Type.Literal('manager'), level: Type.Integer({ minimum: 1, maximum: 10 }) },
    { additionalProperties: false },
  ),
  /** The members (member field) or everyone in the departments (department field) a record field names. */
  Type.Object({ kind: Type.Literal('field'), field: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
  /** The originator picks them when submitting (`chosenParticipants[nodeId]`). */
  Type.Object(
    { kind: Type.Literal('originatorChoice'), multiple: Type.Optional(Type.Boolean()) },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('originator') }, { additionalProperties: false }),
]);
export type ParticipantRule = Static<typeof ParticipantRule>;

export const CommentConfiguration = Type.Object(
  { enableComment: Type.Boolean(), required: Type.Boolean() },
  { additionalProperties: false },
);
export type CommentConfiguration = Static<typeof CommentConfiguration>;
/** Comment settings of a node, for approving (and submitting) and for rejecting separately. */
export const NodeCommentSettings = Type.Object(
  { approve: CommentConfiguration, reject: CommentConfiguration },
  { additionalProperties: false },
);
export type NodeCommentSettings = Static<typeof NodeCommentSettings>;

/**
 * Optional actions a task node offers besides its main ones (approve/reject on approve nodes,
 * submit on fill nodes). Revert (and resume) also need `closeRevert` off.
 */
export const OptionalAction = ['revert', 'transfer', 'addSigner', 'cc', 'comment'] as const;
export type OptionalAction = (typeof OptionalAction)[number];
const OptionalActionSchema = Type.Union([
  Type.Literal('revert'),
  Type.Literal('transfer'),
  Type.Literal('addSigner'),
  Type.Literal('cc'),
  Type.Literal('comment'),
]);

/**
 * any = 或签 (the first decision decides), all = 会签 (everyone approves; one rejection rejects),
 * sequence = 依次审批 (one after another in the listed order), percent = the node passes once this
 * share of participants approved (and rejects once that can no longer happen).
 */
export const ApprovalMode = ['any', 'all', 'sequence', 'percent'] as const;
export type ApprovalMode = (typeof ApprovalMode)[number];
const Mode = Type.Union([Type.Literal('any'), Type.Literal('all'), Type.Literal('sequence'), Type.Literal('percent')]);
/** When the rules resolve to nobody: pass the node automatically, give it to the app owner, or stop with an error. */
const WhenEmpty = Type.Union([Type.Literal('pass'), Type.Literal('appOwner'), Type.Literal('error')]);

/** What the system does to a work item whose deadline passed: approve (submit on fill nodes), reject or transfer. */
export const DeadlineAction = ['approve', 'reject', 'transfer'] as const;
export type DeadlineAction = (typeof DeadlineAction)[number];
const Minutes = Type.Integer({ minimum: 1, maximum: 366 * 24 * 60 });
/**
 * A task node's deadline, per work item and counted from the moment the item arrived: a reminder to
 * its participant after `remindAfterMinutes`, then after `actAfterMinutes` (later than the reminder)
 * the system acts in their place: `approve` (on fill nodes: submit), `reject` (approve nodes only) or
 * `transfer` to the first member `transferTo` names who is not already handling the node. Both are
 * optional; publishing checks that what is set fits together. Timers are stored and survive restarts.
 */
export const DeadlineSettings = Type.Object(
  {
    remindAfterMinutes: Type.Optional(Minutes),
    actAfterMinutes: Type.Optional(Minutes),
    action: Type.Optional(Type.Union([Type.Literal('approve'), Type.Literal('reject'), Type.Literal('transfer')])),
    transferTo: Type.Optional(Type.Array(ParticipantRule, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type DeadlineSettings = Static<typeof DeadlineSettings>;

const taskSettings = {
  participants: Type.Array(ParticipantRule, { maxItems: 20 }),
  mode: Mode,
  /** 1–100, for mode percent. */
  percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  whenEmpty: WhenEmpty,
  /** A participant who also acted at the previous task node passes automatically. */
  skipRepeated: Type.Optional(Type.Boolean()),
  fieldRules: FieldRules,
  comment: NodeCommentSettings,
  actions: Type.Array(OptionalActionSchema, { maxItems: 5 }),
  closeRevert: Type.Boolean(),
  closeTerminate: Type.Boolean(),
  deadline: Type.Optional(DeadlineSettings),
};

export const ApproveSettings = Type.Object(
  {
    ...taskSettings,
    /** Where a rejection goes: back to the originator (who may resubmit) or the end of the flow. */
    rejectTo: Type.Union([Type.Literal('originator'), Type.Literal('end')]),
  },
  { additionalProperties: false },
);
export type ApproveSettings = Static<typeof ApproveSettings>;
/** Someone completes or corrects fields (mode any/all/sequence; percent counts like all). */
export const FillSettings = Type.Object(taskSettings, { additionalProperties: false });
export type FillSettings = Static<typeof FillSettings>;
export const StartSettings = Type.Object(
  { fieldRules: FieldRules, closeTerminate: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type StartSettings = Static<typeof StartSettings>;
/** A read-only copy to people (spec item type Circulate 3); it never blocks the flow. */
export const CcSettings = Type.Object(
  { participants: Type.Array(ParticipantRule, { maxItems: 20 }), fieldRules: FieldRules },
  { additionalProperties: false },
);
export type CcSettings = Static<typeof CcSettings>;

/** A field's new value: a constant, or the value of a field of this record. */
export const FieldAssignment = Type.Object(
  {
    field: Type.String({ maxLength: 64 }),
    value: Type.Optional(Type.Unknown()),
    fromField: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type FieldAssignment = Static<typeof FieldAssignment>;

/** What an automatic node does, in order, inside the action's transaction. */
export const AutoOperation = Type.Union([
  Type.Object(
    { kind: Type.Literal('updateFields'), values: Type.Array(FieldAssignment, { maxItems: 100 }) },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('createRecord'),
      /** Another table of the same app. */
      schemaCode: Type.String({ maxLength: 64 }),
      values: Type.Array(FieldAssignment, { maxItems: 100 }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('notify'),
      participants: Type.Array(ParticipantRule, { maxItems: 20 }),
      /** `{字段名}` placeholders take this record's values. */
      subject: Type.String({ minLength: 1, maxLength: 200 }),
      content: Type.String({ maxLength: 2000 }),
    },
    { additionalProperties: false },
  ),
]);
export type AutoOperation = Static<typeof AutoOperation>;
export const ActionSettings = Type.Object(
  { operations: Type.Array(AutoOperation, { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type ActionSettings = Static<typeof ActionSettings>;

/** "The originator is in one of these departments (or below) / holds one of these app roles". */
export const OriginatorCondition = Type.Object(
  { departments: Type.Optional(Ids), roles: Type.Optional(FlowAppRoles) },
  { additionalProperties: false },
);
export type OriginatorCondition = Static<typeof OriginatorCondition>;

/**
 * One branch of a condition group. Branches are tried in order; the first whose record filter (the
 * views' FilterGroup, evaluated by the records query compiler) and originator condition both hold
 * is taken; the else branch when none does. `next` starts the branch's chain (absent: empty branch).
 */
export const ConditionBranch = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.String({ maxLength: 64 }),
    next: Type.Optional(Type.String({ maxLength: 64 })),
    isElse: Type.Optional(Type.Boolean()),
    filter: Type.Optional(FilterGroup),
    originator: Type.Optional(OriginatorCondition),
  },
  { additionalProperties: false },
);
export type ConditionBranch = Static<typeof ConditionBranch>;
export const ConditionSettings = Type.Object(
  { branches: Type.Array(ConditionBranch, { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type ConditionSettings = Static<typeof ConditionSettings>;
/** Every branch runs; the flow goes on at the group's `next` once all of them have ended (the join). */
export const ParallelBranch = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.String({ maxLength: 64 }),
    next: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type ParallelBranch = Static<typeof ParallelBranch>;
export const ParallelSettings = Type.Object(
  { branches: Type.Array(ParallelBranch, { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type ParallelSettings = Static<typeof ParallelSettings>;

const nodeBase = {
  id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  name: Type.String({ maxLength: 64 }),
  next: Type.Optional(Type.String({ maxLength: 64 })),
};
// Called at module level: marked pure so a browser page that uses none of these nodes drops them.
const node = <T extends string, S extends ReturnType<typeof Type.Object>>(type: T, settings: S) =>
  Type.Object({ ...nodeBase, type: Type.Literal(type), settings }, { additionalProperties: false });

export const StartNode = /* @__PURE__ */ node('start', StartSettings);
export const ApproveNode = /* @__PURE__ */ node('approve', ApproveSettings);
export const FillNode = /* @__PURE__ */ node('fill', FillSettings);
export const CcNode = /* @__PURE__ */ node('cc', CcSettings);
export const ActionNode = /* @__PURE__ */ node('action', ActionSettings);
export const ConditionNode = /* @__PURE__ */ node('condition', ConditionSettings);
export const ParallelNode = /* @__PURE__ */ node('parallel', ParallelSettings);
export const WorkflowNode = Type.Union([
  StartNode,
  ApproveNode,
  FillNode,
  CcNode,
  ActionNode,
  ConditionNode,
  ParallelNode,
]);
export type WorkflowNode = Static<typeof WorkflowNode>;
export type StartNode = Static<typeof StartNode>;
export type ApproveNode = Static<typeof ApproveNode>;
export type FillNode = Static<typeof FillNode>;
export type CcNode = Static<typeof CcNode>;
export type ActionNode = Static<typeof ActionNode>;
export type ConditionNode = Static<typeof ConditionNode>;
export type ParallelNode = Static<typeof ParallelNode>;
/** Nodes whose work items people complete. */
export type TaskNode = StartNode | ApproveNode | FillNode;

/** The most fields a flow's to-dos show as their summary. */
export const TodoSummaryFieldsMax = 3;
/**
 * The flow's own settings (beside its nodes): `summaryFields`, the fields its to-dos show as their
 * summary (at most three, in this order; absent: the first three the reader may see in the form).
 */
export const WorkflowSettings = Type.Object(
  {
    summaryFields: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: TodoSummaryFieldsMax, uniqueItems: true }),
    ),
  },
  { additionalProperties: false },
);
export type WorkflowSettings = Static<typeof WorkflowSettings>;

/** A flow definition: exactly one start node; every other node reached by exactly one `next`. */
export const WorkflowDefinition = Type.Object(
  { nodes: Type.Array(WorkflowNode, { minItems: 1, maxItems: 300 }), settings: Type.Optional(WorkflowSettings) },
  { additionalProperties: false },
);
export type WorkflowDefinition = Static<typeof WorkflowDefinition>;

const taskDefaults = {
  mode: 'any' as const,
  whenEmpty: 'error' as const,
  fieldRules: {},
  comment: {
    approve: { enableComment: true, required: false },
    reject: { enableComment: true, required: true },
  },
  actions: ['revert', 'transfer', 'addSigner', 'cc', 'comment'] as OptionalAction[],
  closeRevert: false,
  closeTerminate: false,
};
/**
 * What a new table's flow starts as in the designer: start → one approval by the originator's manager.
 * The node names are stored as data: the server passes them in the designer's language.
 */
export function defaultWorkflowDefinition(
  names: { start: string; approve: string } = { start: '发起', approve: '审批' },
): WorkflowDefinition {
  return {
    nodes: [
      { id: 'start', type: 'start', name: names.start, next: 'approve1', settings: { fieldRules: {} } },
      {
        id: 'approve1',
        type: 'approve',
        name: names.approve,
        settings: { ...taskDefaults, participants: [{ kind: 'manager', level: 1 }], rejectTo: 'end' },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Designing: drafts, publishing, versions (the app's edit right).

const workflowVersionInfoFields = {
  version: Type.Integer(),
  publishedAt: Type.Integer(),
  publishedBy: Type.String(),
  publisherName: Type.String(),
};
export const WorkflowVersionInfo = Type.Object(workflowVersionInfoFields);
export type WorkflowVersionInfo = Static<typeof WorkflowVersionInfo>;

export const WorkflowInfo = Type.Object({
  workflowCode: Type.String(),
  appCode: Type.String(),
  schemaCode: Type.String(),
  name: Type.String(),
  /** The draft being designed (the default flow until someone saves one). */
  draft: WorkflowDefinition,
  draftUpdatedAt: Type.Integer(),
  /** 0 until the first publish. */
  publishedVersion: Type.Integer(),
  /** The draft differs from the published version. */
  unpublishedChanges: Type.Boolean(),
  versions: Type.Array(WorkflowVersionInfo),
});
export type WorkflowInfo = Static<typeof WorkflowInfo>;

export const SaveWorkflowBody = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })), definition: WorkflowDefinition },
  { additionalProperties: false },
);
export type SaveWorkflowBody = Static<typeof SaveWorkflowBody>;

export const WorkflowVersionDetail = Type.Object({ ...workflowVersionInfoFields, definition: WorkflowDefinition });
export type WorkflowVersionDetail = Static<typeof WorkflowVersionDetail>;
export const WorkflowVersionParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
  version: Type.Integer({ minimum: 1 }),
});

/**
 * What a record form needs before submitting into the flow: whether the table has a published
 * flow, the start node's field rules and the nodes whose participants the originator chooses.
 */
export const StartContext = Type.Object({
  published: Type.Boolean(),
  workflowCode: Type.String(),
  workflowVersion: Type.Integer(),
  fieldRules: FieldRules,
  chooseParticipants: Type.Array(
    Type.Object({ activityCode: Type.String(), activityName: Type.String(), multiple: Type.Boolean() }),
  ),
});
export type StartContext = Static<typeof StartContext>;

// ---------------------------------------------------------------------------------------------
// Running: instances, work items, the timeline.

export const MemberRef = Type.Object({ memberId: Type.String(), name: Type.String() });
export type MemberRef = Static<typeof MemberRef>;
export const ActivityRef = Type.Object({ activityCode: Type.String(), activityName: Type.String() });
export type ActivityRef = Static<typeof ActivityRef>;

export const InstanceInfo = Type.Object({
  instanceId: Type.String(),
  appCode: Type.String(),
  schemaCode: Type.String(),
  workflowCode: Type.String(),
  workflowName: Type.String(),
  /** The published version this instance runs (it never changes while it runs). */
  workflowVersion: Type.Integer(),
  /** The record (spec: bizData.bizObjectId). */
  bizObjectId: Type.String(),
  originator: MemberRef,
  instanceState: Type.Integer(),
  result: Type.Union([Type.Literal(''), Type.Literal('approved'), Type.Literal('rejected')]),
  currentNodes: Type.Array(ActivityRef),
  createdAt: Type.Integer(),
  /** 0 while it is a draft. */
  startedAt: Type.Integer(),
  /** 0 while it runs. */
  finishedAt: Type.Integer(),
});
export type InstanceInfo = Static<typeof InstanceInfo>;

export const WorkItemInfo = Type.Object({
  workItemId: Type.String(),
  instanceId: Type.String(),
  itemType: Type.Integer(),
  workItemState: Type.Integer(),
  activityCode: Type.String(),
  activityName: Type.String(),
  participant: MemberRef,
  /** Whose task this was originally, when it came by transfer, an added signer or out-of-office delegation. */
  actingFor: Type.Union([MemberRef, Type.Null()]),
  /** Spec: receiveTime. */
  createTime: Type.Integer(),
  finishTime: Type.Integer(),
  /** The action that completed it ('' while open). */
  action: Type.String(),
  comment: Type.String(),
});
export type WorkItemInfo = Static<typeof WorkItemInfo>;

export const FieldChange = Type.Object({ field: Type.String(), from: Type.Unknown(), to: Type.Unknown() });
/** One step of an instance: who, when, which node, the action, the comment and the field changes made. */
export const TimelineEntry = Type.Object({
  id: Type.Integer(),
  activityCode: Type.String(),
  activityName: Type.String(),
  action: Type.String(),
  actor: Type.Union([MemberRef, Type.Null()]),
  actingFor: Type.Union([MemberRef, Type.Null()]),
  workItemId: Type.String(),
  comment: Type.String(),
  changes: Type.Array(FieldChange),
  /** Action facts: the members added, transferred to or copied, the revert target, the error met. */
  detail: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.Integer(),
});
export type TimelineEntry = Static<typeof TimelineEntry>;

export const InstanceDetail = Type.Object({
  instance: InstanceInfo,
  timeline: Type.Array(TimelineEntry),
  workItems: Type.Array(WorkItemInfo),
  /** The asker's open items in this instance (what they can act on now). */
  myWorkItems: Type.Array(WorkItemInfo),
});
export type InstanceDetail = Static<typeof InstanceDetail>;

/**
 * One step a request will still take: a task or copy node and who it goes to, as far as can be told
 * now. `note` says why nobody is named: the submitter chooses them (`originatorChoice`), a field the
 * asker cannot see names them (`hidden`), or the rules name nobody now (`nobody`: the node then
 * passes by itself or goes to the app owner, as the node says).
 */
export const PathStep = Type.Object({
  activityCode: Type.String(),
  activityName: Type.String(),
  nodeType: Type.Union([Type.Literal('approve'), Type.Literal('fill'), Type.Literal('cc')]),
  /** The approval mode ('' for copies). */
  mode: Type.String(),
  participants: Type.Array(MemberRef),
  note: Type.Union([
    Type.Literal(''),
    Type.Literal('originatorChoice'),
    Type.Literal('hidden'),
    Type.Literal('nobody'),
  ]),
});
export type PathStep = Static<typeof PathStep>;

/**
 * The steps ahead, in order (parallel branches one after another). `undecided`: the path goes on past
 * a condition decided by fields the asker cannot see, so the steps stop there.
 */
export const FlowPath = Type.Object({ steps: Type.Array(PathStep), undecided: Type.Boolean() });
export type FlowPath = Static<typeof FlowPath>;

/** Every action code a view context may offer. */
export const WorkflowActionCode = [
  'submit',
  'save',
  'approve',
  'reject',
  'revert',
  'resume',
  'withdraw',
  'terminate',
  'transfer',
  'addSigner',
  'cc',
  'comment',
  'read',
] as const;
export type WorkflowActionCode = (typeof WorkflowActionCode)[number];

/** Spec §3 "Work item for actions" (plus the instance id); actions accept it back as is. */
export const ActionWorkItem = Type.Object({
  appCode: Type.String(),
  schemaCode: Type.String(),
  workflowCode: Type.String(),
  itemType: Type.Integer(),
  workItemId: Type.String(),
  workflowVersion: Type.Integer(),
  activityCode: Type.String(),
  instanceState: Type.Integer(),
  closeRevert: Type.Boolean(),
  closeTerminate: Type.Boolean(),
  instanceId: Type.String(),
});
export type ActionWorkItem = Static<typeof ActionWorkItem>;

/**
 * Spec §3 "Workflow view context": the comment settings and the actions offered to the asker at this
 * work item, the work item itself, the record as the node lets them see it (fields the node or the
 * table hides are absent) and the effective field rules. Without a work item (just looking) the
 * actions are what the asker may do on the instance as a whole (withdraw, terminate, comment).
 */
export const ViewContext = Type.Object({
  commentConfiguration: Type.Object({
    enableComment: Type.Boolean(),
    required: Type.Boolean(),
    reject: CommentConfiguration,
  }),
  actions: Type.Array(Type.Object({ code: Type.String() })),
  workItem: Type.Union([ActionWorkItem, Type.Null()]),
  workItemState: Type.Integer(),
  /**
   * Whose task the asker handles at this work item, when it is not their own: it came by transfer,
   * an added signer or out-of-office delegation (always sent by the server; null otherwise).
   */
  actingFor: Type.Optional(Type.Union([MemberRef, Type.Null()])),
  activityName: Type.String(),
  instance: InstanceInfo,
  record: Type.Union([RecordItem, Type.Null()]),
  fieldRules: FieldRules,
  /** Nodes a revert may go back to (the start node means the originator), latest first. */
  revertTargets: Type.Array(ActivityRef),
  /** Nodes ahead whose participants the submitter chooses (start and resubmission). */
  chooseParticipants: Type.Array(
    Type.Object({ activityCode: Type.String(), activityName: Type.String(), multiple: Type.Boolean() }),
  ),
  /**
   * The table and its form as the node shows them to the asker (hidden fields absent): a participant
   * needs no role in the app, so the approval view cannot read them from the table's own calls.
   */
  schema: Type.Optional(SchemaInfo),
  form: Type.Optional(FormLayout),
});
export type ViewContext = Static<typeof ViewContext>;
export const ViewContextQuery = Type.Object({
  instanceId: Type.String({ minLength: 1, maxLength: 64 }),
  workitemId: Type.Optional(Type.String({ maxLength: 64 })),
});

// ---------------------------------------------------------------------------------------------
// Action bodies. Each action is one transaction; a work item is completed exactly once.

/** The work item acted on: the context's `workItem` may be sent back whole; only workItemId is needed. */
const workItem = Type.Object(
  {
    workItemId: Type.String({ minLength: 1, maxLength: 64 }),
    instanceId: Type.Optional(Type.String({ maxLength: 64 })),
    appCode: Type.Optional(Type.String({ maxLength: 64 })),
    schemaCode: Type.Optional(Type.String({ maxLength: 64 })),
    workflowCode: Type.Optional(Type.String({ maxLength: 64 })),
    itemType: Type.Optional(Type.Integer()),
    workflowVersion: Type.Optional(Type.Integer()),
    activityCode: Type.Optional(Type.String({ maxLength: 64 })),
    instanceState: Type.Optional(Type.Integer()),
    closeRevert: Type.Optional(Type.Boolean()),
    closeTerminate: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const WorkItemRef = workItem;
export type WorkItemRef = Static<typeof WorkItemRef>;
const Comment = Type.Optional(Type.String({ maxLength: 2000 }));
const RecordData = Type.Record(Type.String({ maxLength: 130 }), Type.Unknown());
/** Member ids chosen by the submitter, per node whose participants are "chosen by the originator". */
const Chosen = Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Ids));

/** Start a flow: a new record (data) or an existing one (recordId); as a draft or submitted at once. */
export const StartWorkflowBody = Type.Object(
  {
    appCode: Type.String({ minLength: 1, maxLength: 64 }),
    schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
    recordId: Type.Optional(Type.String({ maxLength: 64 })),
    data: Type.Optional(RecordData),
    /** Save as a draft (instance Initiated, the originator's start item open) instead of submitting. */
    draft: Type.Optional(Type.Boolean()),
    comment: Comment,
    chosenParticipants: Chosen,
  },
  { additionalProperties: false },
);
export type StartWorkflowBody = Static<typeof StartWorkflowBody>;

/**
 * The approver chain a new record would take with the values entered so far: computed from the
 * published flow, nothing written. Values the start node does not let the asker write are ignored;
 * values that do not parse count as empty.
 */
export const PathPreviewBody = Type.Object(
  {
    appCode: Type.String({ minLength: 1, maxLength: 64 }),
    schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
    data: Type.Optional(RecordData),
    chosenParticipants: Chosen,
  },
  { additionalProperties: false },
);
export type PathPreviewBody = Static<typeof PathPreviewBody>;

/** Complete a fill item (the start node: submitting a draft or resubmitting; a fill node: done). */
export const SubmitBody = Type.Object(
  {
    workItem,
    comment: Comment,
    data: Type.Optional(RecordData),
    recordVersion: Type.Optional(Type.Integer({ minimum: 1 })),
    chosenParticipants: Chosen,
  },
  { additionalProperties: false },
);
export type SubmitBody = Static<typeof SubmitBody>;

/** Save field values on an open fill item without completing it. */
export const SaveItemBody = Type.Object(
  { workItem, data: RecordData, recordVersion: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
export type SaveItemBody = Static<typeof SaveItemBody>;

/** Spec: approval / disapproval take the work item and the comment (and the fields the node lets the approver edit). */
export const ApprovalBody = Type.Object(
  {
    workItem,
    comment: Comment,
    data: Type.Optional(RecordData),
    recordVersion: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type ApprovalBody = Static<typeof ApprovalBody>;

/**
 * Send the flow back to the originator (the start node) or any node already passed. `resubmit`:
 * rerun = the resubmission goes through the nodes in between again; direct = it comes straight back
 * to this (the reverting) node.
 */
export const RevertBody = Type.Object(
  {
    workItem,
    comment: Comment,
    targetActivityCode: Type.String({ minLength: 1, maxLength: 64 }),
    resubmit: Type.Union([Type.Literal('rerun'), Type.Literal('direct')]),
  },
  { additionalProperties: false },
);
export type RevertBody = Static<typeof RevertBody>;

/**
 * Resume: the member who reverted takes the revert back (their item at the reverting node opens
 * again) as long as nobody at the target has acted yet. Not offered when closeRevert is set.
 */
export const ResumeBody = Type.Object({ workItem, comment: Comment }, { additionalProperties: false });
export type ResumeBody = Static<typeof ResumeBody>;

/** Withdraw (originator, before anyone acted: back to a draft) and terminate (originator or app admin). */
export const InstanceActionBody = Type.Object(
  { instanceId: Type.String({ minLength: 1, maxLength: 64 }), comment: Comment },
  { additionalProperties: false },
);
export type InstanceActionBody = Static<typeof InstanceActionBody>;

/** 转交: the work item goes to another member, who acts in the original participant's place. */
export const TransferBody = Type.Object(
  { workItem, comment: Comment, toMemberId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type TransferBody = Static<typeof TransferBody>;

/**
 * 加签: before = the added members decide first (one after another), then the item comes back to
 * the asker; after = the asker approves now and the added members must approve too before the
 * asker's approval counts.
 */
export const AddSignerBody = Type.Object(
  {
    workItem,
    comment: Comment,
    memberIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 10 }),
    position: Type.Union([Type.Literal('before'), Type.Literal('after')]),
  },
  { additionalProperties: false },
);
export type AddSignerBody = Static<typeof AddSignerBody>;

/** 抄送: read-only copies (Circulate items) of the instance to members, at the asker's node. */
export const CcBody = Type.Object(
  {
    workItem,
    comment: Comment,
    memberIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type CcBody = Static<typeof CcBody>;

/** A comment on the instance (originator, participants, app admins); changes nothing else. */
export const CommentBody = Type.Object(
  {
    instanceId: Type.String({ minLength: 1, maxLength: 64 }),
    workItemId: Type.Optional(Type.String({ maxLength: 64 })),
    comment: Type.String({ minLength: 1, maxLength: 2000 }),
    /** Members the comment @mentions: each gets a letter (members of other teams are ignored). */
    mentions: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type CommentBody = Static<typeof CommentBody>;

/** Mark a Circulate item read. */
export const ReadBody = Type.Object({ workItem }, { additionalProperties: false });

/** What every action answers: the instance as it is now and the asker's open items in it. */
export const ActionResult = Type.Object({ instance: InstanceInfo, myWorkItems: Type.Array(WorkItemInfo) });
export type ActionResult = Static<typeof ActionResult>;
export const StartResult = Type.Object({
  instance: InstanceInfo,
  record: RecordItem,
  myWorkItems: Type.Array(WorkItemInfo),
});
export type StartResult = Static<typeof StartResult>;

export const InstanceQuery = Type.Object({ instanceId: Type.String({ minLength: 1, maxLength: 64 }) });

/** Record list system columns (filter and sort by them like fields): 流程状态 and 当前节点. */
export const FlowSystemFields = { flowState: 'flowState', flowNode: 'flowNode' } as const;
