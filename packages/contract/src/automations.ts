import Type, { type Static, type TSchema } from 'typebox';
import { FilterGroup, SortSpec } from './views.js';

/**
 * Automations of an app (issue 28): a trigger and steps, run by the server on the job queue, one
 * run per event (docs/decisions draft-auto-automations.md). Values of steps are JSON in which a
 * string `{{path}}` is replaced by what the path names: `trigger.record.id`,
 * `trigger.record.data.<field code>`, `trigger.body.<key>` (webhook), `trigger.pressedBy` (a button's
 * presser), `trigger.firedAt` (schedule, date), `steps.<step id>.<key>` (an
 * earlier step's output), `item.id` / `item.data.<field code>` (the current record of a loop). A
 * string that is exactly one `{{path}}` takes the value as it is (a number stays a number).
 */
export const AutomationLimits = {
  nameMax: 100,
  /** Steps in one list (top level, a branch, a loop's body). */
  stepsMax: 30,
  /** How deep branches and loops may nest. */
  nestingMax: 3,
  /** Records a find step answers (and a loop goes over). */
  findMax: 200,
  /** A run whose writes start runs which start runs …: stopped beyond this depth. */
  maxDepth: 3,
  /** Runs a team may start per day (its time zone); events beyond are recorded as skipped. */
  runsPerDay: 10_000,
  /** Runs of a team executing at once; others wait in the queue. */
  concurrentRuns: 5,
  httpTimeoutMsMax: 30_000,
  httpTimeoutMsDefault: 10_000,
  /** Characters of an HTTP answer kept as the step's output. */
  httpBodyMax: 100_000,
  /** Longest delay. */
  delayMsMax: 30 * 24 * 60 * 60 * 1000,
  /** Bytes of an incoming webhook's JSON body. */
  webhookBodyMax: 256 * 1024,
  /** Runs listed per page of the history. */
  runsPage: 50,
  /** A date trigger's offset: at most this many of its unit before or after the date. */
  dateOffsetMax: 1000,
  /** Characters of a code step's source. */
  codeMax: 20_000,
  /** CPU time one code step may use (default and most). */
  codeCpuMsDefault: 1_000,
  codeCpuMsMax: 5_000,
  /** Bytes a code step's heap may grow to. */
  codeMemoryBytes: 32 * 1024 * 1024,
  /** Characters of the JSON a code step answers. */
  codeOutputMax: 100_000,
  /** A button's label and confirmation text. */
  buttonLabelMax: 20,
  buttonConfirmMax: 200,
  /** How long the person pressing a button waits for its run to end before it answers as still running. */
  buttonWaitMs: 10_000,
  /** Mail addresses one mail step sends to. */
  mailTargetsMax: 100,
  /** Characters of a WeCom group robot's message as designed (WeCom takes 2048 bytes of text, 4096 of markdown). */
  wecomContentMax: 4000,
} as const;

export const DateTriggerUnits = ['minutes', 'hours', 'days'] as const;
export type DateTriggerUnit = (typeof DateTriggerUnits)[number];

/** `commented`: a comment was written on the record (issue 31). */
export const RecordTriggerEvents = ['created', 'updated', 'deleted', 'commented'] as const;
export type RecordTriggerEvent = (typeof RecordTriggerEvents)[number];
export const FlowTriggerEvents = ['submitted', 'approved', 'rejected', 'returned', 'finished'] as const;
export type FlowTriggerEvent = (typeof FlowTriggerEvents)[number];
export const AutomationRunStatuses = ['queued', 'running', 'waiting', 'done', 'failed', 'stopped', 'skipped'] as const;
export type AutomationRunStatus = (typeof AutomationRunStatuses)[number];

const Code = Type.String({ minLength: 1, maxLength: 64 });
const Template = Type.String({ maxLength: 2000 });
// Spelled out below: a union built from a mapped array types as `never`.
const RecordEvent = Type.Union([
  Type.Literal('created'),
  Type.Literal('updated'),
  Type.Literal('deleted'),
  Type.Literal('commented'),
]);
const FlowEvent = Type.Union([
  Type.Literal('submitted'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('returned'),
  Type.Literal('finished'),
]);
const RunStatus = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('waiting'),
  Type.Literal('done'),
  Type.Literal('failed'),
  Type.Literal('stopped'),
  Type.Literal('skipped'),
]);
const HttpMethod = Type.Union([
  Type.Literal('GET'),
  Type.Literal('POST'),
  Type.Literal('PUT'),
  Type.Literal('PATCH'),
  Type.Literal('DELETE'),
]);

export const AutomationTrigger = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('record'),
      schemaCode: Code,
      events: Type.Array(RecordEvent, { minItems: 1, maxItems: 3, uniqueItems: true }),
      /** For `updated`: only when any of these fields changed (none: any change). */
      fields: Type.Optional(Type.Array(Code, { maxItems: 50, uniqueItems: true })),
      /** The new values must match (the views' filter; a deleted record as it was). */
      filter: Type.Optional(FilterGroup),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('schedule'),
      /** Five or six fields (croner), in the team's time zone: `0 9 * * 1-5` every weekday at 9:00. */
      cron: Type.String({ minLength: 9, maxLength: 100 }),
    },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('webhook') }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('flow'),
      schemaCode: Code,
      events: Type.Array(FlowEvent, { minItems: 1, maxItems: 5, uniqueItems: true }),
    },
    { additionalProperties: false },
  ),
  /**
   * A date or date-time field's value, shifted: `amount` `unit` `before` or `after` it (合同到期 3
   * days before). A date field's day is taken at `time` (HH:MM, default 09:00) in the team's time
   * zone. Planned per record when it is written; re-planned when the value changes.
   */
  Type.Object(
    {
      kind: Type.Literal('date'),
      schemaCode: Code,
      field: Code,
      amount: Type.Integer({ minimum: 0, maximum: AutomationLimits.dateOffsetMax }),
      unit: Type.Union([Type.Literal('minutes'), Type.Literal('hours'), Type.Literal('days')]),
      direction: Type.Union([Type.Literal('before'), Type.Literal('after')]),
      time: Type.Optional(Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' })),
    },
    { additionalProperties: false },
  ),
  /** A button on the table's records (grid row menu, record detail) that members of these app roles see. */
  Type.Object(
    {
      kind: Type.Literal('button'),
      schemaCode: Code,
      label: Type.String({ minLength: 1, maxLength: AutomationLimits.buttonLabelMax }),
      /** Asked before the run starts (none: it starts at once). */
      confirm: Type.Optional(Type.String({ maxLength: AutomationLimits.buttonConfirmMax })),
      /** App role keys that see the button (none: everyone who sees the record); designers always do. */
      roles: Type.Optional(Type.Array(Code, { maxItems: 50, uniqueItems: true })),
    },
    { additionalProperties: false },
  ),
  /** A record created through the table's form (submitted by a member, or a public form once it exists). */
  Type.Object({ kind: Type.Literal('form'), schemaCode: Code }, { additionalProperties: false }),
]);
export type AutomationTrigger = Static<typeof AutomationTrigger>;

/** A step's values: field code → JSON (templates allowed in strings). */
const Values = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown());

/**
 * Recipients named as groups, resolved when the step runs: the members holding these app roles
 * (through the roles' grants: by name, department, team role or everyone), and the members of these
 * departments and of every department below them.
 */
const groupTargets = {
  /** App role keys. */
  roles: Type.Optional(Type.Array(Code, { maxItems: 50, uniqueItems: true })),
  /** Department ids (their sub-departments too). */
  departments: Type.Optional(Type.Array(Code, { maxItems: 100, uniqueItems: true })),
};

/** The steps without nesting; branches and loops add lists of steps one level down (`stepSchema`). */
const leafSteps = (): TSchema[] => {
  const step = (kind: string, props: Record<string, TSchema>) =>
    Type.Object({ id: Code, kind: Type.Literal(kind), ...props }, { additionalProperties: false });
  return [
    step('createRecord', { schemaCode: Code, values: Values }),
    step('updateRecord', { schemaCode: Code, recordId: Template, values: Values }),
    step('deleteRecord', { schemaCode: Code, recordId: Template }),
    step('sendLetter', {
      /** Members by id. */
      members: Type.Optional(Type.Array(Code, { maxItems: 100 })),
      ...groupTargets,
      /** A member field of the trigger's record: its members too. */
      memberField: Type.Optional(Code),
      subject: Type.String({ minLength: 1, maxLength: 200 }),
      content: Type.String({ maxLength: 2000 }),
    }),
    step('http', {
      method: HttpMethod,
      url: Type.String({ minLength: 1, maxLength: 2000 }),
      headers: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 2000 }))),
      body: Type.Optional(Type.Unknown()),
      timeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: AutomationLimits.httpTimeoutMsMax })),
    }),
    step('sendMail', {
      /** Members by id (their account's address). */
      members: Type.Optional(Type.Array(Code, { maxItems: 100 })),
      ...groupTargets,
      /** A member field of the trigger's record: its members too. */
      memberField: Type.Optional(Code),
      /** Addresses (templates allowed, such as a record's email field). */
      to: Type.Optional(Type.Array(Template, { maxItems: AutomationLimits.mailTargetsMax })),
      subject: Type.String({ minLength: 1, maxLength: 200 }),
      content: Type.String({ maxLength: 10_000 }),
    }),
    step('startApproval', {
      /** The table whose flow starts, for the record named (a template). */
      schemaCode: Code,
      recordId: Template,
    }),
    step('code', {
      /** A function's body in JavaScript: reads `input`, `return`s JSON (await allowed). */
      code: Type.String({ minLength: 1, maxLength: AutomationLimits.codeMax }),
      /** The JSON the code reads as `input` (templates allowed in strings). */
      input: Type.Optional(Type.Unknown()),
      cpuMs: Type.Optional(Type.Integer({ minimum: 10, maximum: AutomationLimits.codeCpuMsMax })),
    }),
    /**
     * A WeCom (企业微信) group robot: a text or markdown message posted to the robot's webhook
     * (`https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…`, or just its key).
     */
    step('wecomRobot', {
      webhook: Type.String({ minLength: 1, maxLength: 500 }),
      msgType: Type.Union([Type.Literal('text'), Type.Literal('markdown')]),
      content: Type.String({ minLength: 1, maxLength: AutomationLimits.wecomContentMax }),
      /** A text message mentions everyone in the group (@所有人). */
      mentionAll: Type.Optional(Type.Boolean()),
    }),
    step('delay', {
      /** Wait this long … */
      ms: Type.Optional(Type.Integer({ minimum: 0, maximum: AutomationLimits.delayMsMax })),
      /** … or until this time (epoch ms or ISO text; a template). */
      until: Type.Optional(Template),
    }),
  ];
};

function stepSchema(depth: number): TSchema {
  const leaves = leafSteps();
  const find = (body?: TSchema) =>
    Type.Object(
      {
        id: Code,
        kind: Type.Literal('findRecords'),
        schemaCode: Code,
        filter: Type.Optional(FilterGroup),
        sorts: Type.Optional(Type.Array(SortSpec, { maxItems: 5 })),
        limit: Type.Integer({ minimum: 1, maximum: AutomationLimits.findMax }),
        /** Steps run once per record found (`item`). */
        each: Type.Optional(body ?? Type.Array(Type.Never(), { maxItems: 0 })),
      },
      { additionalProperties: false },
    );
  if (depth <= 1) return Type.Union([...leaves, find()]);
  const body = Type.Array(stepSchema(depth - 1), { maxItems: AutomationLimits.stepsMax });
  return Type.Union([
    ...leaves,
    find(body),
    Type.Object(
      {
        id: Code,
        kind: Type.Literal('condition'),
        /** The record the filter is asked of: its table and id (a template). */
        schemaCode: Code,
        recordId: Template,
        filter: FilterGroup,
        whenTrue: body,
        whenFalse: Type.Optional(body),
      },
      { additionalProperties: false },
    ),
  ]);
}

export const AutomationStepSchema = stepSchema(AutomationLimits.nestingMax);

/** The steps as TypeScript sees them (the schema above bounds their nesting). */
export type AutomationStep =
  | { id: string; kind: 'createRecord'; schemaCode: string; values: Record<string, unknown> }
  | { id: string; kind: 'updateRecord'; schemaCode: string; recordId: string; values: Record<string, unknown> }
  | { id: string; kind: 'deleteRecord'; schemaCode: string; recordId: string }
  | {
      id: string;
      kind: 'sendLetter';
      members?: string[];
      roles?: string[];
      departments?: string[];
      memberField?: string;
      subject: string;
      content: string;
    }
  | {
      id: string;
      kind: 'http';
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      url: string;
      headers?: Record<string, string>;
      body?: unknown;
      timeoutMs?: number;
    }
  | { id: string; kind: 'delay'; ms?: number; until?: string }
  | {
      id: string;
      kind: 'sendMail';
      members?: string[];
      roles?: string[];
      departments?: string[];
      memberField?: string;
      to?: string[];
      subject: string;
      content: string;
    }
  | { id: string; kind: 'startApproval'; schemaCode: string; recordId: string }
  | { id: string; kind: 'code'; code: string; input?: unknown; cpuMs?: number }
  | {
      id: string;
      kind: 'wecomRobot';
      webhook: string;
      msgType: 'text' | 'markdown';
      content: string;
      mentionAll?: boolean;
    }
  | {
      id: string;
      kind: 'findRecords';
      schemaCode: string;
      filter?: FilterGroup;
      sorts?: SortSpec[];
      limit: number;
      each?: AutomationStep[];
    }
  | {
      id: string;
      kind: 'condition';
      schemaCode: string;
      recordId: string;
      filter: FilterGroup;
      whenTrue: AutomationStep[];
      whenFalse?: AutomationStep[];
    };
export type AutomationStepKind = AutomationStep['kind'];

export const AutomationDefinition = Type.Object(
  {
    trigger: AutomationTrigger,
    steps: Type.Array(AutomationStepSchema, { maxItems: AutomationLimits.stepsMax }),
  },
  { additionalProperties: false },
);
export interface AutomationDefinition {
  trigger: AutomationTrigger;
  steps: AutomationStep[];
}

export const CreateAutomationBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: AutomationLimits.nameMax }),
    definition: AutomationDefinition,
  },
  { additionalProperties: false },
);
export type CreateAutomationBody = { name: string; definition: AutomationDefinition };
export const UpdateAutomationBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: AutomationLimits.nameMax })),
    definition: Type.Optional(AutomationDefinition),
  },
  { additionalProperties: false },
);
export type UpdateAutomationBody = { name?: string; definition?: AutomationDefinition };

export const AutomationItem = Type.Object({
  id: Type.String(),
  appCode: Type.String(),
  name: Type.String(),
  /** The draft being designed. */
  definition: Type.Unknown(),
  enabled: Type.Boolean(),
  /** The version runs use (0: never published). */
  version: Type.Integer(),
  /** Whether the draft differs from the published version. */
  draftChanged: Type.Boolean(),
  /** The secret address of a webhook trigger (path only), for its designers. */
  webhookPath: Type.Union([Type.String(), Type.Null()]),
  /** Who runs act as: the member who published the version (with the app's design rights). */
  publishedBy: Type.Union([Type.String(), Type.Null()]),
  nextFireAt: Type.Union([Type.Number(), Type.Null()]),
  createdAt: Type.Number(),
  updatedAt: Type.Number(),
});
export type AutomationItem = Static<typeof AutomationItem>;

export const AutomationStepRun = Type.Object({
  path: Type.String(),
  stepId: Type.String(),
  kind: Type.String(),
  status: Type.String(),
  input: Type.Unknown(),
  output: Type.Unknown(),
  error: Type.Union([Type.String(), Type.Null()]),
  durationMs: Type.Integer(),
  startedAt: Type.Number(),
});
export type AutomationStepRun = Static<typeof AutomationStepRun>;

export const AutomationRun = Type.Object({
  id: Type.String(),
  automationId: Type.String(),
  version: Type.Integer(),
  status: RunStatus,
  trigger: Type.Unknown(),
  depth: Type.Integer(),
  actorMemberId: Type.Union([Type.String(), Type.Null()]),
  /** A message in the reader's language, or the step's own error text. */
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Number(),
  startedAt: Type.Union([Type.Number(), Type.Null()]),
  finishedAt: Type.Union([Type.Number(), Type.Null()]),
  steps: Type.Optional(Type.Array(AutomationStepRun)),
});
export type AutomationRun = Static<typeof AutomationRun>;

export const AutomationRunsQuery = Type.Object(
  {
    status: Type.Optional(RunStatus),
    /** Runs created before this time (the previous page's last `createdAt`). */
    before: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);

export const AutomationTestBody = Type.Object(
  {
    /** The trigger's record (record and flow triggers). */
    recordId: Type.Optional(Type.String({ maxLength: 64 })),
    /** A webhook trigger's body. */
    body: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

/** What a test run would do: each step with its input and output; nothing was committed or sent. */
export const AutomationTestResult = Type.Object({
  status: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
  steps: Type.Array(AutomationStepRun),
});

/** A button a member sees on a table's records: pressing it runs its automation on the record. */
export const AutomationButton = Type.Object({
  automationId: Type.String(),
  label: Type.String(),
  /** Asked before pressing (null: none). */
  confirm: Type.Union([Type.String(), Type.Null()]),
});
export type AutomationButton = Static<typeof AutomationButton>;

export const PressButtonBody = Type.Object(
  { recordId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

/**
 * What the person who pressed a button learns of its run: its state (still `queued` or `running`
 * when it takes longer than the press waits: ask again by its id), its error in their language,
 * and the last step's output.
 */
export const ButtonRunResult = Type.Object({
  runId: Type.String(),
  status: RunStatus,
  error: Type.Union([Type.String(), Type.Null()]),
  output: Type.Unknown(),
});
export type ButtonRunResult = Static<typeof ButtonRunResult>;
