/** Business constants and limits, spec §9. Shared so the server enforces what the UI shows. */
export const Limits = {
  noticePageSize: 10,
  infiniteScrollThresholdPx: 40,
  unreadBadgeMax: 999,
  todoBadgeMax: 99,
  noticePollFirstMs: 2_000,
  noticePollEveryMs: 15_000,
  todoPanelSize: 6,
  shortcutNameMin: 2,
  shortcutNameMax: 32,
  appIntroMax: 2000,
  teamNameMin: 2,
  teamNameMax: 32,
  templateZipMaxBytes: 50 * 1024 * 1024,
  installPollMs: 5_000,
  appCreateDebounceMs: 300,
  accountDialogMaxHeightPx: 480,
  accountDialogViewportMarginPx: 132,
  tooltipNameLength: 8,
  joinPollMs: 1_000,
  joinPollTries: 30,
  terminalCheckMs: 60_000,
  versionCheckMs: 1_800_000,
  versionNoticeSeconds: 100,
  userInfoCacheMs: 60_000,
  errorBatchMs: 300,
  messageToastMax: 1,
  renameReloadMs: 1_000,
  initRedirectMs: 500,
  subAppChunkTimeoutMs: 120_000,
  /** Request bodies above this answer 400 (payload too large) in the envelope. */
  bodyLimitBytes: 1024 * 1024,
  /** JSON bodies nested deeper than this (objects and arrays) answer 400 before they are parsed. */
  jsonDepthMax: 100,
  userNameMax: 32,
  passwordMin: 8,
  passwordMax: 64,
} as const;

/** Login throttling: failures inside the window slow the answer, then lock the key for a while. */
export const LoginThrottle = {
  windowMs: 15 * 60_000,
  slowAfter: 3,
  slowStepMs: 400,
  slowMaxMs: 2_000,
  lockAfterAccount: 8,
  lockAfterAddress: 30,
  lockMs: 15 * 60_000,
  /**
   * Account-exists lookups (registration) per client address and window, before a pause: an address's
   * failed logins' limit, so the lookup is no better an account oracle than the login (issue 30).
   */
  lookupsPerWindow: 30,
  /**
   * A look-up answers only within a started sign-up (issue 30): the registration page first asks for
   * a challenge (at most this many per address and window), good for this many look-ups from the
   * address that asked, for this long.
   */
  challengesPerWindow: 10,
  lookupsPerChallenge: 10,
  challengeTtlMs: 10 * 60_000,
} as const;

/**
 * The one rich-text allowlist: the server sanitizes with it before storing, the browser again before
 * rendering. Links may only be http(s) or mailto, and always open without the opener.
 */
export const RichText = {
  tags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'span',
  ],
  linkAttributes: ['href', 'target', 'rel'],
  schemes: ['http', 'https', 'mailto'],
} as const;

/** Data-table limits the server enforces (the web app mirrors them). */
export const RecordLimits = {
  /** A view's record count stops here and reads "100,000+" — counting further costs every request. */
  countCap: 100_000,
  /** Counts are kept this long (writes to the table through this server drop them sooner). */
  countCacheMs: 30_000,
  /** One import: rows and bytes. */
  importMaxRows: 1_000_000,
  importMaxBytes: 512 * 1024 * 1024,
  /** An xlsx (a zip) unpacked: counted while inflating, whatever sizes the zip declares. */
  importMaxUnpackedBytes: 1024 * 1024 * 1024,
  /**
   * One CSV row, in characters (1 MiB of ASCII text): a longer one is almost always a missing closing
   * quote, which would make the rest of the file one field; the import fails naming the row.
   */
  importMaxRowChars: 1024 * 1024,
  /** Rows written per transaction while importing. */
  importBatchRows: 2_000,
  /** Rows read per page while exporting. */
  exportPageRows: 2_000,
  /** Kanban columns: distinct values of the grouping column read at most (then "capped"). */
  groupValuesCap: 200,
  /** Relation picker: records per page. */
  pickPageRows: 30,
  /** Formula recomputation: rows per batch (one read, one UPDATE), and up to how many rows it runs
   *  before the field save answers (bigger tables compute in the background, with progress). */
  formulaBatchRows: 500,
  formulaInlineRows: 5_000,
} as const;
