import Type, { type Static } from 'typebox';
import { FilterGroup } from './views.js';

/** Record events of a data table (issue 17). */
export const RecordWebhookEvents = ['record.created', 'record.updated', 'record.deleted'] as const;
/**
 * Events of the table's approval flow (one flow per table): the originator submitted (or submitted
 * again after a send-back), an approver approved or rejected a step, the flow finished (approved or
 * rejected: `result`).
 */
export const FlowWebhookEvents = ['flow.submitted', 'flow.approved', 'flow.rejected', 'flow.finished'] as const;
export type FlowWebhookEvent = (typeof FlowWebhookEvents)[number];
/** A comment was written on a record (issue 31): delivered when its record matches the hook's filter. */
export const CommentWebhookEvents = ['comment.created'] as const;
export const WebhookEvents = [...RecordWebhookEvents, ...FlowWebhookEvents, ...CommentWebhookEvents] as const;
export type WebhookEvent = (typeof WebhookEvents)[number];

export const WebhookLimits = {
  perTable: 10,
  urlMax: 2000,
  /** Attempts before a delivery is given up. */
  maxAttempts: 6,
  /** Seconds to wait after each failed attempt. */
  backoffSeconds: [10, 60, 300, 1800, 7200] as const,
  /** A hook whose deliveries have all failed this long is paused. */
  pauseAfterMs: 24 * 60 * 60 * 1000,
  timeoutMs: 10_000,
  excerptChars: 500,
  /** Deliveries listed in the log. */
  logRows: 50,
} as const;

/** The headers a delivery carries; the signature is HMAC-SHA256(secret, `${timestamp}.${body}`), hex. */
export const WebhookHeaders = {
  event: 'x-canopy-event',
  delivery: 'x-canopy-delivery',
  timestamp: 'x-canopy-timestamp',
  signature: 'x-canopy-signature',
} as const;

const Events = Type.Array(Type.Union(WebhookEvents.map((e) => Type.Literal(e))), {
  minItems: 1,
  maxItems: WebhookEvents.length,
  uniqueItems: true,
});

/**
 * Which records the hook is told about, in the views' filter model: an event is delivered only when
 * its record matches (after the write; a deleted record as it was). It may name only fields the
 * member saving it can see. Absent or without conditions: every record.
 */
const Filter = Type.Optional(FilterGroup);

export const CreateWebhookBody = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: WebhookLimits.urlMax }), events: Events, filter: Filter },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;
export const UpdateWebhookBody = Type.Object(
  {
    active: Type.Optional(Type.Boolean()),
    events: Type.Optional(Events),
    /** Replaces the filter; one without conditions removes it. */
    filter: Filter,
  },
  { additionalProperties: false },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

export const WebhookItem = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  /** Only records matching it are delivered (null: every record). */
  filter: Type.Union([FilterGroup, Type.Null()]),
  /** Signs every delivery; shown to the table's designers. */
  secret: Type.String(),
  active: Type.Boolean(),
  /** Paused after a day of failed deliveries (time), until switched on again. */
  pausedAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
});
export type WebhookItem = Static<typeof WebhookItem>;

export const WebhookDelivery = Type.Object({
  id: Type.String(),
  event: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  status: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.String(),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  responseExcerpt: Type.String(),
  createdAt: Type.Integer(),
  nextAttemptAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

/**
 * The JSON body of a flow event (`flow.*`), beside `id`, `event`, `occurredAt`, `appCode` and
 * `tableCode`: the instance, its record, the flow's code and version, the action taken
 * (`submit`, `approve`, `reject`; a finish names the action that ended it), who acted (member id;
 * a deadline acts in its participant's name, `bySystem`), the step's name, the instance state and
 * its result once ended (`approved` / `rejected`, else '').
 */
export const FlowEventPayload = Type.Object({
  flow: Type.Object({
    instanceId: Type.String(),
    recordId: Type.String(),
    flowCode: Type.String(),
    flowVersion: Type.Integer(),
    action: Type.String(),
    actor: Type.String(),
    node: Type.String(),
    state: Type.Integer(),
    result: Type.String(),
  }),
});
export type FlowEventPayload = Static<typeof FlowEventPayload>;
