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
