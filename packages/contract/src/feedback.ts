import Type, { type Static } from 'typebox';
import { UploadedFile } from './files.js';

/** What a feedback is about. */
export const FeedbackCategory = {
  bug: 'bug',
  suggestion: 'suggestion',
  question: 'question',
  other: 'other',
} as const;
export type FeedbackCategory = (typeof FeedbackCategory)[keyof typeof FeedbackCategory];

/** Where a feedback stands; the instance administrator moves it on. */
export const FeedbackStatus = {
  open: 'open',
  inProgress: 'inProgress',
  resolved: 'resolved',
  closed: 'closed',
} as const;
export type FeedbackStatus = (typeof FeedbackStatus)[keyof typeof FeedbackStatus];

/**
 * open → in progress → resolved or closed (open may also be resolved or closed at once). Resolved
 * and closed are final: a sender with more to say sends a new feedback. Keeping a status is allowed
 * (an answer without a status change).
 */
export const FEEDBACK_TRANSITIONS: Record<FeedbackStatus, readonly FeedbackStatus[]> = {
  open: ['inProgress', 'resolved', 'closed'],
  inProgress: ['resolved', 'closed'],
  resolved: [],
  closed: [],
};

export function canMoveFeedback(from: FeedbackStatus, to: FeedbackStatus): boolean {
  return from === to || FEEDBACK_TRANSITIONS[from].includes(to);
}

/** Limits: text like the app introduction (2000), up to 5 screenshots (images, FileLimits.imageMaxBytes each). */
export const FeedbackLimits = {
  detailMax: 2000,
  answerMax: 2000,
  screenshotsMax: 5,
  pageUrlMax: 500,
  pageSize: 20,
  /** A member sends at most this many in an hour (a stuck button or a script cannot flood the list). */
  perHour: 30,
} as const;

const categorySchema = Type.Union([
  Type.Literal('bug'),
  Type.Literal('suggestion'),
  Type.Literal('question'),
  Type.Literal('other'),
]);
const statusSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('inProgress'),
  Type.Literal('resolved'),
  Type.Literal('closed'),
]);

export const CreateFeedbackBody = Type.Object(
  {
    category: categorySchema,
    detail: Type.String({ minLength: 1, maxLength: FeedbackLimits.detailMax }),
    /** Ids of images the sender uploaded through /v1/files?kind=image. */
    screenshots: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      maxItems: FeedbackLimits.screenshotsMax,
    }),
    /** The page the feedback was sent from (path and query within the product). */
    pageUrl: Type.String({ maxLength: FeedbackLimits.pageUrlMax }),
    /** Sent from an app's feedback entry: that app. */
    appCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type CreateFeedbackBody = Static<typeof CreateFeedbackBody>;

/** The administrator's answer and/or status change. */
export const AnswerFeedbackBody = Type.Object(
  {
    status: statusSchema,
    /** Replaces the answer when given; leave out to only change the status. */
    answer: Type.Optional(Type.String({ maxLength: FeedbackLimits.answerMax })),
  },
  { additionalProperties: false },
);
export type AnswerFeedbackBody = Static<typeof AnswerFeedbackBody>;

/** Newest first by keyset: the last item's createdAt and id fetch the next page. */
export const FeedbackListQuery = Type.Object({
  status: Type.Optional(statusSchema),
  beforeTime: Type.Optional(Type.Integer({ minimum: 0 })),
  beforeId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type FeedbackListQuery = Static<typeof FeedbackListQuery>;

export const FeedbackItem = Type.Object({
  id: Type.String(),
  category: categorySchema,
  detail: Type.String(),
  /** Served through the feedback (the administrator is usually not in the sender's team). */
  screenshots: Type.Array(UploadedFile),
  pageUrl: Type.String(),
  appCode: Type.Union([Type.String(), Type.Null()]),
  appName: Type.Union([Type.String(), Type.Null()]),
  status: statusSchema,
  answer: Type.Union([Type.String(), Type.Null()]),
  answeredAt: Type.Union([Type.Integer(), Type.Null()]),
  senderName: Type.String(),
  corpName: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type FeedbackItem = Static<typeof FeedbackItem>;

export const FeedbackPage = Type.Object({
  items: Type.Array(FeedbackItem),
  /** More items follow (ask again with the last one's createdAt and id). */
  hasMore: Type.Boolean(),
});
export type FeedbackPage = Static<typeof FeedbackPage>;

export const FeedbackIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
