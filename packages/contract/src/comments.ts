import Type, { type Static } from 'typebox';

/** Record comments (issue 31): limits shared by the server's checks and the web's composer. */
export const CommentLimits = {
  /** Characters of one comment's text. */
  bodyMax: 2000,
  /** Members one comment may mention. */
  mentionsMax: 20,
  /** Comments a thread answers at most (the newest). */
  threadMax: 1000,
  /** Records one count request may ask about (a grid page). */
  countIdsMax: 200,
} as const;

const MemberId = Type.String({ minLength: 1, maxLength: 36 });

export const CommentParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
  id: Type.String({ minLength: 1, maxLength: 64 }),
  commentId: Type.String({ minLength: 1, maxLength: 36 }),
});

/** What a member writes: plain text (line breaks kept, links recognised) and the members it mentions. */
export const RecordCommentBody = Type.Object(
  {
    body: Type.String({ maxLength: CommentLimits.bodyMax }),
    mentions: Type.Optional(Type.Array(MemberId, { maxItems: CommentLimits.mentionsMax, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type RecordCommentBody = Static<typeof RecordCommentBody>;

export const CommentMember = Type.Object({ memberId: Type.String(), name: Type.String() });
export type CommentMember = Static<typeof CommentMember>;

export const CommentItem = Type.Object({
  id: Type.String(),
  recordId: Type.String(),
  authorId: Type.String(),
  authorName: Type.String(),
  /** The text as written (for editing). */
  body: Type.String(),
  /** The text as HTML: escaped, links and line breaks, sanitized by the server (sanitize again to show). */
  html: Type.String(),
  mentions: Type.Array(CommentMember),
  createdAt: Type.Number(),
  /** When it was last edited (the thread shows 已编辑); null: never. */
  editedAt: Type.Union([Type.Number(), Type.Null()]),
  canEdit: Type.Boolean(),
  canDelete: Type.Boolean(),
});
export type CommentItem = Static<typeof CommentItem>;

export const CommentThread = Type.Object({
  comments: Type.Array(CommentItem),
  /** Whether the asker follows the record (a letter for each new comment). */
  following: Type.Boolean(),
});
export type CommentThread = Static<typeof CommentThread>;

/** A saved comment, and the mentioned members who cannot see the record (no letter went to them). */
export const CommentSaved = Type.Object({
  comment: CommentItem,
  notReached: Type.Array(CommentMember),
});
export type CommentSaved = Static<typeof CommentSaved>;

export const FollowBody = Type.Object({ following: Type.Boolean() }, { additionalProperties: false });
export const FollowState = Type.Object({ following: Type.Boolean() });

export const CommentCountsBody = Type.Object(
  { ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: CommentLimits.countIdsMax }) },
  { additionalProperties: false },
);
/** Comments per record id; records without comments (or out of the asker's reach) are absent. */
export const CommentCounts = Type.Record(Type.String(), Type.Integer());
export type CommentCounts = Static<typeof CommentCounts>;

/** The `comment` part of a `comment.created` webhook delivery and automation trigger. */
export interface CommentEventData {
  id: string;
  recordId: string;
  authorId: string;
  body: string;
  mentions: string[];
  createdAt: number;
}
