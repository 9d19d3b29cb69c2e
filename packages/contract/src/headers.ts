/**
 * Request headers the web client sends on every call (spec §7). The engine code, member id and
 * shard only *select* among what the session allows; they never grant anything by themselves.
 */
export const Headers = {
  appName: 'x-app-name',
  appVersion: 'x-app-version',
  guid: 'x-guid',
  engineCode: 'x-engine-code',
  memberId: 'x-member-id',
  engineShard: 'x-engine-shard',
  /** Sent while an app is active. */
  appCode: 'x-app-code',
  /** Sent while admin mode is on for the active app (corporate admin access). */
  corpAdmin: 'x-corp-admin',
  /**
   * 以此角色预览 (issue 27): `<appCode>/<roleKey>` while a designer previews that app as one of its
   * roles. Honoured only for the app's owner, managers and admin mode (apps/access.ts).
   */
  previewRole: 'x-preview-role',
  /** User's interface language, so server messages come back in it. */
  language: 'x-language',
  /** Set on every response: the "request serial number" shown in error notifications. */
  traceId: 'x-trace-id',
} as const;

export const APP_NAME = 'canopy-web';
export const SESSION_COOKIE = 'canopy_sid';
/**
 * A started sign-up's look-up allowance (issue 30): set httpOnly by `POST /v1/user/check/challenge`,
 * sent only to `/v1/user/check`, and asked for by `GET /v1/user/check/account`.
 */
export const ACCOUNT_CHECK_COOKIE = 'canopy_check';
export const ACCOUNT_CHECK_COOKIE_PATH = '/v1/user/check';
