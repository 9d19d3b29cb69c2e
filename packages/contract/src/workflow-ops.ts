import Type, { type Static } from 'typebox';
import { MemberRef } from './workflow.js';

/**
 * Operations around approval flows (issue 10): out-of-office delegation and per-flow analytics.
 * Node deadlines are part of a task node's settings (`DeadlineSettings` in workflow.ts).
 */

// ---------------------------------------------------------------------------------------------
// Out-of-office delegation.

/**
 * A member away for a period names a delegate (another active member of the same team). Work items
 * created for the member while it is in force go to the delegate, who acts for them (`actingFor`);
 * items the member already had stay theirs. One hop only: if the delegate is away too, items still
 * go to the delegate and no further, so delegations can never loop.
 */
/** An app or a flow a delegation covers, with its name (as the member may read it now). */
export const DelegationScopeRef = Type.Object({ code: Type.String(), name: Type.String() });
export type DelegationScopeRef = Static<typeof DelegationScopeRef>;

/** The longest note a member leaves for the delegate. */
export const DelegationNoteMax = 200;

export const Delegation = Type.Object({
  member: MemberRef,
  delegate: MemberRef,
  /** Epoch ms, inclusive. */
  startsAt: Type.Integer(),
  /** Epoch ms, exclusive. */
  endsAt: Type.Integer(),
  /** In force right now. */
  active: Type.Boolean(),
  /** For the delegate ('' when none). */
  note: Type.String(),
  /**
   * What it covers: tasks of these apps and of these flows. Both empty: every flow. A code whose
   * app or flow is gone keeps its place with the code as its name.
   */
  apps: Type.Array(DelegationScopeRef),
  flows: Type.Array(DelegationScopeRef),
});
export type Delegation = Static<typeof Delegation>;

export const MyDelegations = Type.Object({
  /** The asker's own delegation (null when none, or it is over). */
  mine: Type.Union([Delegation, Type.Null()]),
  /** Members who named the asker their delegate, for periods not over yet. */
  forMe: Type.Array(Delegation),
});
export type MyDelegations = Static<typeof MyDelegations>;

const ScopeCodes = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 });

export const SetDelegationBody = Type.Object(
  {
    delegateMemberId: Type.String({ minLength: 1, maxLength: 64 }),
    startsAt: Type.Integer({ minimum: 0 }),
    endsAt: Type.Integer({ minimum: 0 }),
    note: Type.Optional(Type.String({ maxLength: DelegationNoteMax })),
    /** `all` (the default): every flow; `chosen`: the apps and flows named (at least one). */
    scope: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('chosen')])),
    appCodes: Type.Optional(ScopeCodes),
    workflowCodes: Type.Optional(ScopeCodes),
  },
  { additionalProperties: false },
);
export type SetDelegationBody = Static<typeof SetDelegationBody>;

/**
 * What a member may delegate: the apps in their app list and the apps where they have had tasks,
 * each with its published flows (one per table).
 */
export const DelegationScopes = Type.Object({
  apps: Type.Array(
    Type.Object({
      appCode: Type.String(),
      appName: Type.String(),
      flows: Type.Array(Type.Object({ workflowCode: Type.String(), name: Type.String() })),
    }),
  ),
});
export type DelegationScopes = Static<typeof DelegationScopes>;

// ---------------------------------------------------------------------------------------------
// Analytics of one table's flow (all its versions), for the designer.

/**
 * Durations in milliseconds over `count` samples: the median and the 90th percentile by nearest
 * rank (the value at rank ⌈p·n⌉ of the sorted samples; 0 when there are none).
 */
const durationFiguresFields = {
  count: Type.Integer(),
  medianMs: Type.Integer(),
  p90Ms: Type.Integer(),
};
export const DurationFigures = Type.Object(durationFiguresFields);
export type DurationFigures = Static<typeof DurationFigures>;

export const WorkflowAnalytics = Type.Object({
  workflowCode: Type.String(),
  /** Instances per spec state (and result, for finished ones). */
  instancesByState: Type.Array(
    Type.Object({
      instanceState: Type.Integer(),
      result: Type.Union([Type.Literal(''), Type.Literal('approved'), Type.Literal('rejected')]),
      count: Type.Integer(),
    }),
  ),
  /** Time from submission to the end, over finished instances (approved or rejected). */
  timeToFinish: DurationFigures,
  /**
   * Time from a work item's arrival to its completion, per node (completed task items; not copies,
   * not the originator's own submitting at the start node).
   */
  nodes: Type.Array(
    Type.Object({ activityCode: Type.String(), activityName: Type.String(), ...durationFiguresFields }),
  ),
  /** The same per member who completed them. */
  approvers: Type.Array(Type.Object({ member: MemberRef, ...durationFiguresFields })),
  /** Where running instances wait now: open task items per node, and since when the oldest waits. */
  waiting: Type.Array(
    Type.Object({
      activityCode: Type.String(),
      activityName: Type.String(),
      instances: Type.Integer(),
      workItems: Type.Integer(),
      oldestSince: Type.Integer(),
    }),
  ),
  computedAt: Type.Integer(),
});
export type WorkflowAnalytics = Static<typeof WorkflowAnalytics>;
