import Type, { type Static } from 'typebox';
import { LetterKind } from './notices-values.js';

export * from './notices-values.js';

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
    /** The spec's call names the user: the asker's own id (another is refused, 403). */
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

/** The account's mail for new to-dos (account settings): on unless turned off; needs an email. */
export const TodoMailSetting = Type.Object({
  enabled: Type.Boolean(),
  email: Type.Union([Type.String(), Type.Null()]),
});
export type TodoMailSetting = Static<typeof TodoMailSetting>;
export const TodoMailBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
