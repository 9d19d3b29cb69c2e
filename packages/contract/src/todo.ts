import Type, { type Static } from 'typebox';
import { MemberRef } from './workflow.js';

/**
 * To-dos (spec §3, §4): the member's work items across the team's flows, as the home panel, the
 * header badge and `/todos/:taskType` show them.
 */

/** Spec §3 to-do list filters: Todo 0, Done 1, Original 2 (started by me). */
export const TodoState = { Todo: 0, Done: 1, Original: 2 } as const;
export type TodoState = (typeof TodoState)[keyof typeof TodoState];

/**
 * Spec §4 task types, the route's `:taskType`: `todo` and `done` read the participant's list (without
 * copies), `original` the originator's running instances (state 0 of that list), `circulated` the
 * copies sent to me ("抄送我的"), read or not.
 */
export const TodoTaskTypes = ['todo', 'done', 'original', 'circulated'] as const;
export type TodoTaskType = (typeof TodoTaskTypes)[number];
export const TodoTaskTypeSchema = Type.Union([
  Type.Literal('todo'),
  Type.Literal('done'),
  Type.Literal('original'),
  Type.Literal('circulated'),
]);

/** Sorts: by receive time (latest/earliest to-do) or finish time (latest/earliest finished). */
export const TodoSortBy = Type.Union([Type.Literal('receive'), Type.Literal('finish')]);
export type TodoSortBy = Static<typeof TodoSortBy>;
/** 1: latest first; 0: earliest first (the panel asks with 1). */
export const SortDirection = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** The full list's page size is the caller's, within this. */
export const TodoPageMax = 100;
/** Items approved in one batch, at most. */
export const TodoBatchMax = 50;

const Code = Type.String({ minLength: 1, maxLength: 64 });
const Codes = Type.Array(Code, { maxItems: 200 });

/** A member id in the spec's `participantId` / `originator`: only the asker's own is accepted. */
const MemberId = Type.String({ minLength: 1, maxLength: 64 });

/**
 * Spec §3 paging parameters. `participantId` is the asker's member id (the spec's home panel sends
 * it); another member's is refused (403): nobody reads another's list.
 */
export const TodoPageBody = Type.Object(
  {
    participantId: Type.Optional(MemberId),
    state: Type.Union([Type.Literal(0), Type.Literal(1)]),
    pageSize: Type.Integer({ minimum: 1, maximum: TodoPageMax }),
    pageIndex: Type.Integer({ minimum: 0, maximum: 100_000 }),
    sortDirection: Type.Optional(SortDirection),
    appCodes: Type.Optional(Codes),
    schemaCodes: Type.Optional(Codes),
  },
  { additionalProperties: false },
);
export type TodoPageBody = Static<typeof TodoPageBody>;

/** One field of a to-do's summary: its name and its value as a person reads it (labels, names, titles). */
export const TodoSummaryEntry = Type.Object({ code: Type.String(), label: Type.String(), text: Type.String() });
export type TodoSummaryEntry = Static<typeof TodoSummaryEntry>;

/**
 * What a to-do is about, as its reader may see the record at the item's node (the node's and the
 * table's field rules; hidden fields never appear, not even in the title): the record's title ('' when
 * it has none the reader may see), up to three summary fields (the flow's chosen ones, else the first
 * three visible fields of the form) and the item's deadline (epoch ms: when the node's time limit
 * acts, else when it reminds; null without one). Null `about` for a record that is gone.
 */
export const TodoAbout = Type.Object({
  title: Type.String(),
  summary: Type.Array(TodoSummaryEntry),
  deadline: Type.Union([Type.Number(), Type.Null()]),
});
export type TodoAbout = Static<typeof TodoAbout>;

/** Whether the item's node requires (or refuses) a comment to approve and to reject. */
const CommentRule = Type.Object({ enabled: Type.Boolean(), required: Type.Boolean() });
export const TodoCommentRules = Type.Object({ approve: CommentRule, reject: CommentRule });
export type TodoCommentRules = Static<typeof TodoCommentRules>;
/**
 * Whose task the asker's item was first, when it came to them from someone else: the member away
 * who delegated it (out-of-office delegation) or who transferred it; null when it is their own.
 * The item shows it ("代 <name>").
 */
export const DelegatedFrom = Type.Union([MemberRef, Type.Null()]);

/** Spec §3 to-do item (panel). */
export const TodoPanelItem = Type.Object({
  workItemId: Type.String(),
  workflowName: Type.String(),
  originator: MemberRef,
  delegatedFrom: DelegatedFrom,
  createTime: Type.Number(),
  appCode: Type.String(),
  schemaCode: Type.String(),
  bizData: Type.Object({ bizObjectId: Type.String() }),
  workflowCode: Type.String(),
  workflowVersion: Type.Integer(),
  workflowInstance: Type.Object({
    instanceId: Type.String(),
    workItemId: Type.String(),
    itemType: Type.Integer(),
    activityCode: Type.String(),
    instanceState: Type.Integer(),
  }),
  /** The table's name ("<applicant>提交的<table>") and the node the item waits at. */
  schemaName: Type.String(),
  activityName: Type.String(),
  about: Type.Union([TodoAbout, Type.Null()]),
});
export type TodoPanelItem = Static<typeof TodoPanelItem>;
export const TodoPage = Type.Object({ resultList: Type.Array(TodoPanelItem), total: Type.Integer() });
export type TodoPage = Static<typeof TodoPage>;

/** Which group of the sidebar: all, one app, one table, or the codes not in the summary ("other"). */
export const TodoGroup = Type.Union([
  Type.Object({ kind: Type.Literal('all') }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('app'), appCode: Code }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('schema'), appCode: Code, schemaCode: Code }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('other'), appCodes: Codes, schemaCodes: Codes }, { additionalProperties: false }),
]);
export type TodoGroup = Static<typeof TodoGroup>;

/**
 * The full list's paging. Spec §3 parameters: `originator` (what I started, `state` 0) or
 * `participantId` (my items: `state` 0 open, 1 done), `appCodes`, `schemaCodes`, `matchers`; either
 * must be the asker's member id (403 otherwise). The older `taskType` and `group` are still accepted
 * (`taskType` wins; `circulated` has no spec parameter, `group` other is the only way to ask for
 * "other").
 */
export const TodoListBody = Type.Object(
  {
    taskType: Type.Optional(TodoTaskTypeSchema),
    participantId: Type.Optional(MemberId),
    originator: Type.Optional(MemberId),
    state: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
    appCodes: Type.Optional(Codes),
    schemaCodes: Type.Optional(Codes),
    pageSize: Type.Integer({ minimum: 1, maximum: TodoPageMax }),
    pageIndex: Type.Integer({ minimum: 0, maximum: 100_000 }),
    sortBy: Type.Optional(TodoSortBy),
    sortDirection: Type.Optional(SortDirection),
    group: Type.Optional(TodoGroup),
    /** Spec §3 matchers: the text searched in the flow's and table's names and the originator's name. */
    matchers: Type.Optional(Type.Object({ keyword: Type.String({ maxLength: 100 }) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type TodoListBody = Static<typeof TodoListBody>;

/** One activity of an entry: for my lists my own item; for what I started, each open node. */
export const TodoActivity = Type.Object({
  activityName: Type.String(),
  activityCode: Type.String(),
  workItemId: Type.String(),
  workItemState: Type.Integer(),
  itemType: Type.Integer(),
  participants: Type.Array(MemberRef),
  receiveTime: Type.Number(),
  finishTime: Type.Number(),
});
export type TodoActivity = Static<typeof TodoActivity>;

/** Spec §3 to-do item (full list), with what the page shows and whether it may be batch-approved. */
export const TodoListItem = Type.Object({
  instanceId: Type.String(),
  instanceState: Type.Integer(),
  appCode: Type.String(),
  schemaCode: Type.String(),
  appName: Type.String(),
  schemaName: Type.String(),
  workflowName: Type.String(),
  originator: MemberRef,
  /** For the asker's own item (todo, done lists); null in what I started and in copies. */
  delegatedFrom: DelegatedFrom,
  createTime: Type.Number(),
  todos: Type.Array(TodoActivity),
  /**
   * `ok`: an approval that needs no comment; otherwise why not: `commentRequired`, `notApproval`
   * (fill or copy items), `handled` (not open).
   */
  batchApprove: Type.Union([
    Type.Literal('ok'),
    Type.Literal('commentRequired'),
    Type.Literal('notApproval'),
    Type.Literal('handled'),
  ]),
  /** Batch rejection: `ok`, or why not (`commentRequired` means with a comment it may). */
  batchReject: Type.Union([
    Type.Literal('ok'),
    Type.Literal('commentRequired'),
    Type.Literal('notApproval'),
    Type.Literal('handled'),
  ]),
  /** The node's comment rules for my open approval (a batch dialog asks for a comment where required). */
  comments: Type.Union([TodoCommentRules, Type.Null()]),
  about: Type.Union([TodoAbout, Type.Null()]),
});
export type TodoListItem = Static<typeof TodoListItem>;
export const TodoList = Type.Object({ resultList: Type.Array(TodoListItem), total: Type.Integer() });
export type TodoList = Static<typeof TodoList>;

export const TodoSummaryQuery = Type.Object({ taskType: Type.Optional(TodoTaskTypeSchema) });
/** Spec §3 to-do summary: apps and tables that exist; the rest is the "other" group. */
export const TodoSummary = Type.Object({
  total: Type.Integer(),
  apps: Type.Array(
    Type.Object({
      appCode: Type.String(),
      appName: Type.String(),
      count: Type.Integer(),
      schemas: Type.Array(Type.Object({ schemaCode: Type.String(), schemaName: Type.String(), count: Type.Integer() })),
    }),
  ),
});
export type TodoSummary = Static<typeof TodoSummary>;

/**
 * Batch approval or rejection. `comment` goes to every item whose node takes comments (a node
 * requiring one refuses its item without it; a node taking none gets its item without it).
 */
export const TodoBatchApproveBody = Type.Object(
  {
    workItemIds: Type.Array(Code, { minItems: 1, maxItems: TodoBatchMax }),
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type TodoBatchApproveBody = Static<typeof TodoBatchApproveBody>;
/** Each item's outcome: approved (or rejected), or the error it met (nothing of it written). */
export const TodoBatchApproveResult = Type.Object({
  results: Type.Array(
    Type.Object({
      workItemId: Type.String(),
      ok: Type.Boolean(),
      errorCode: Type.Optional(Type.String()),
      errorMessage: Type.Optional(Type.String()),
    }),
  ),
});
export type TodoBatchApproveResult = Static<typeof TodoBatchApproveResult>;
