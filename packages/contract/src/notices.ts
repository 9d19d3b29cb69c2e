import Type, { type Static } from 'typebox';

/**
 * What a letter (notification) is about. The server writes each in the transaction of its event
 * (modules/notices/letters.ts); the web filters the full list by these.
 */
export const LetterKind = [
  'todo',
  'transferred',
  'delegated',
  'cc',
  'approved',
  'rejected',
  'reverted',
  'finished',
  'terminated',
  'mention',
  'reminder',
  'invitation',
  'import',
  'export',
  /** A team's data export is ready to download (to the owner or admin who started it). */
  'teamExport',
  'feedback',
  /** Written by an automatic node of a flow, in the designer's words. */
  'flowNotice',
  /** A table's webhook failed for a day and was paused: to the member who added it. */
  'webhookPaused',
] as const;
export type LetterKind = (typeof LetterKind)[number];

/** Spec §3 "Notification": content is text whose links carry an onclick payload, href and target. */
export const Letter = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  /**
   * Escaped text with `<a href="/same-origin/path" target="_self|_blank" data-onclick="{json}">`
   * links only; hrefs are same-origin paths (checked when written and again when shown).
   */
  content: Type.String(),
  createTime: Type.Number(),
  /** 0 unread, 1 read. */
  readStatus: Type.Integer(),
  /** JSON: { kind, params, link? }. */
  extraInfo: Type.String(),
  kind: Type.String(),
});
export type Letter = Static<typeof Letter>;

/** Spec §3 "Notification list response". */
export const LetterList = Type.Object({ resultList: Type.Array(Letter), totalCount: Type.Integer() });
export type LetterList = Static<typeof LetterList>;

export const LetterListQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
    /** 0 unread only, 1 read only; absent: all. */
    readStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    kind: Type.Optional(Type.Unsafe<LetterKind>(Type.String({ enum: [...LetterKind] }))),
    /** The spec's call names the user; the server always answers the asker's own letters. */
    userId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type LetterListQuery = Static<typeof LetterListQuery>;

export const MarkReadBody = Type.Object(
  { ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
export type MarkReadBody = Static<typeof MarkReadBody>;

export const LetterIdQuery = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const LetterEventQuery = Type.Object(
  { eventId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

/**
 * Where a letter's link may go: a path of this site (one leading slash, no scheme, no
 * protocol-relative `//` or backslash, no whitespace or control characters). Checked when a letter
 * is written and again when the browser shows it.
 */
export function isSameOriginPath(href: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return /^\/(?![/\\])/.test(href) && !/[\\\u0000-\u001f\s]/.test(href) && href.length <= 500;
}

/** Server-sent events of a member's open tabs (GET livePath(engineCode), session cookie). */
export const LiveEventType = ['letter', 'todo'] as const;
export type LiveEventType = (typeof LiveEventType)[number];
export const livePath = (engineCode: string) => `/v1/live/${encodeURIComponent(engineCode)}/events`;
/** The stream sends a comment this often so proxies keep it open and dead peers are found. */
export const liveHeartbeatMs = 25_000;

/** The account's mail for new to-dos (account settings): on unless turned off; needs an email. */
export const TodoMailSetting = Type.Object({
  enabled: Type.Boolean(),
  email: Type.Union([Type.String(), Type.Null()]),
});
export type TodoMailSetting = Static<typeof TodoMailSetting>;
export const TodoMailBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
