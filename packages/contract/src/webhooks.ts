import Type, { type Static } from 'typebox';

/** Webhooks of a data table (issue 17). */
export const WebhookEvents = ['record.created', 'record.updated', 'record.deleted'] as const;
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

export const CreateWebhookBody = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: WebhookLimits.urlMax }), events: Events },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;
export const UpdateWebhookBody = Type.Object(
  { active: Type.Optional(Type.Boolean()), events: Type.Optional(Events) },
  { additionalProperties: false },
);

export const WebhookItem = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
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
