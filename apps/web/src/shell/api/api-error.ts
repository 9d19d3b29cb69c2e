import type { ErrorEnvelope, FieldError } from '@canopy/contract';

/** Why a call failed: the server answered with an error, or the server could not be reached. */
export type ApiErrorKind = 'http' | 'network';

/**
 * The one error type every call rejects with. It carries the server envelope (code, message, type,
 * field errors) plus the trace id, so the UI can show the request serial number.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly errorCode: string;
  /** The code exactly as the server sent it ('' when its envelope named none; errorCode then holds a stand-in). */
  readonly serverCode: string;
  readonly errorMessage: string;
  readonly errorType: string;
  readonly fieldErrors: FieldError[];
  readonly retryAfter: number | undefined;
  readonly traceId: string | undefined;
  /** The endpoint path (without query), used to recognise calls whose errors are swallowed. */
  readonly path: string;
  /** Set once the global catalogue has shown or otherwise dealt with this error. */
  handled = false;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    path: string;
    envelope?: Partial<ErrorEnvelope>;
    traceId?: string | undefined;
  }) {
    const envelope = init.envelope ?? {};
    super(envelope.errorMessage || envelope.errorCode || `${init.kind} error`);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.path = init.path;
    this.errorCode = envelope.errorCode || (init.kind === 'network' ? 'network.unreachable' : `http.${init.status}`);
    this.serverCode = envelope.errorCode ?? '';
    this.errorMessage = envelope.errorMessage ?? '';
    this.errorType = envelope.errorType ?? '';
    this.fieldErrors = envelope.fieldErrors ?? [];
    this.retryAfter = envelope.retryAfter;
    this.traceId = init.traceId;
  }

  /** The message for one form field, if the server reported one. */
  fieldMessage(field: string): string | undefined {
    return this.fieldErrors.find((f) => f.field === field)?.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Narrows an unknown envelope-shaped JSON body. Any of code, message or type makes it an envelope:
 * some answers (spec §7 logout) carry a type and a message but no code.
 */
export function asErrorEnvelope(body: unknown): Partial<ErrorEnvelope> | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.errorCode !== 'string' && typeof b.errorMessage !== 'string' && typeof b.errorType !== 'string') {
    return undefined;
  }
  return {
    ...(typeof b.errorCode === 'string' ? { errorCode: b.errorCode } : {}),
    errorMessage: typeof b.errorMessage === 'string' ? b.errorMessage : '',
    errorType: (typeof b.errorType === 'string' ? b.errorType : '') as ErrorEnvelope['errorType'],
    fieldErrors: Array.isArray(b.fieldErrors)
      ? b.fieldErrors.filter(
          (f): f is FieldError =>
            typeof f === 'object' && f !== null && typeof f.field === 'string' && typeof f.message === 'string',
        )
      : undefined,
    retryAfter: typeof b.retryAfter === 'number' ? b.retryAfter : undefined,
  };
}
