/**
 * The plain values and helpers of notices.ts, which re-exports them: apart from its TypeBox schemas so a
 * browser page using only these does not load TypeBox (the bundler keeps a used module's imports).
 */

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
  /** Sent back to the originator for resubmission, with the approver's comment if any. */
  'returned',
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
  /** A member mentioned the reader in a record's comment (issue 31). */
  'recordMention',
  /** A new comment on a record the reader follows. */
  'recordComment',
] as const;
export type LetterKind = (typeof LetterKind)[number];

/**
 * Where a letter's link may go: a path of this site (one leading slash, no scheme, no
 * protocol-relative `//` or backslash, no whitespace or control characters). Checked when a letter
 * is written and again when the browser shows it.
 */
export function isSameOriginPath(href: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return /^\/(?![/\\])/.test(href) && !/[\\\u0000-\u001f\s]/.test(href) && href.length <= 500;
}

/**
/**
 * Server-sent events of a member's open tabs (GET livePath(engineCode), session cookie). `records`
 * goes to the whole team: a table's records changed without the member acting (a flow moved, its
 * 流程状态/当前节点 changed); its data names the table (`{ schemaCode }`), the tab refetches what it
 * shows of that table. `invitation` is the user's, not a team's: an invitation addressed to their
 * mobile or email arrived or was withdrawn. It reaches the team streams too, and USER_LIVE_PATH for a
 * tab without a team.
 */
export const LiveEventType = ['letter', 'todo', 'records', 'invitation'] as const;
export type LiveEventType = (typeof LiveEventType)[number];
/** The data of a `records` event. */
export interface LiveRecordsData {
  schemaCode?: string;
}
export const livePath = (engineCode: string) => `/v1/live/${encodeURIComponent(engineCode)}/events`;
/** The user's own stream, for a page without a current team (a newcomer's 创建团队); engine codes are UUIDs, never "user". */
export const USER_LIVE_PATH = '/v1/live/user/events';
/** The stream sends a comment this often so proxies keep it open and dead peers are found. */
export const liveHeartbeatMs = 25_000;
