/** Error codes. Those named in the spec are used verbatim. */
export const ErrorCode = {
  validationFailed: 'rule.submit.validate.failed',
  corpForbidden: 'corp.state.forbidden',
  unauthorized: 'auth.unauthorized',
  forbidden: 'auth.forbidden',
  tenantMismatch: 'auth.tenant.mismatch',
  /** A state-changing request (or a logout) another web site made the browser send. */
  crossSiteRefused: 'auth.cross.site',
  invalidCredentials: 'auth.credentials.invalid',
  loginThrottled: 'auth.login.throttled',
  rateLimited: 'common.rate.limited',
  accountExists: 'account.exists',
  notFound: 'common.not.found',
  badRequest: 'common.bad.request',
  payloadTooLarge: 'common.payload.too.large',
  unsupportedMediaType: 'common.media.unsupported',
  conflict: 'common.conflict',
  internal: 'common.internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** errorType tells the client which family an error belongs to (spec §8 "BIZ"). */
export const ErrorType = {
  biz: 'BIZ',
  auth: 'AUTH',
  validation: 'VALIDATION',
  system: 'SYSTEM',
} as const;
export type ErrorType = (typeof ErrorType)[keyof typeof ErrorType];

export interface FieldError {
  field: string;
  message: string;
}

/** Failure envelope (DESIGN.md). Success is `{ data }`. */
export interface ErrorEnvelope {
  errorCode: string;
  errorMessage: string;
  errorType: ErrorType;
  /** Present on validation failures: one message per offending field. */
  fieldErrors?: FieldError[];
  /** Seconds to wait, on throttling errors. */
  retryAfter?: number;
}
