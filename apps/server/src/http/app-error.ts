import {
  ErrorCode,
  type ErrorEnvelope,
  ErrorType,
  type FieldError,
  fieldLabel,
  formatMessage,
  type Language,
  type ServerMessageKey,
} from '@canopy/contract';

/**
 * An error meant for the user: it carries an HTTP status, a stable code and a message key that is
 * rendered in the requester's language when the envelope is written.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    readonly messageKey: ServerMessageKey,
    readonly params: Record<string, string | number> = {},
    readonly errorType: ErrorType = ErrorType.biz,
    readonly extra: Partial<Pick<ErrorEnvelope, 'fieldErrors' | 'retryAfter'>> = {},
  ) {
    super(messageKey);
  }

  toEnvelope(lang: Language): ErrorEnvelope {
    return {
      errorCode: this.errorCode,
      errorMessage: formatMessage(this.messageKey, lang, this.params),
      errorType: this.errorType,
      ...this.extra,
    };
  }
}

export const Errors = {
  unauthorized: () => new AppError(401, ErrorCode.unauthorized, 'error.unauthorized', {}, ErrorType.auth),
  forbidden: () => new AppError(403, ErrorCode.forbidden, 'error.forbidden', {}, ErrorType.auth),
  tenantMismatch: () => new AppError(403, ErrorCode.tenantMismatch, 'error.tenantMismatch', {}, ErrorType.auth),
  notFound: () => new AppError(404, ErrorCode.notFound, 'error.notFound', {}, ErrorType.system),
  /** Spec §8 corp.state.forbidden: the team is closed; the client goes home without a popup. */
  teamClosed: () => new AppError(403, ErrorCode.corpForbidden, 'team.closed', {}, ErrorType.biz),
  validation: (fieldErrors: FieldError[]) =>
    new AppError(400, ErrorCode.validationFailed, 'validate.title', {}, ErrorType.validation, { fieldErrors }),
};

export interface FieldProblem {
  field: string;
  key: ServerMessageKey;
  params?: Record<string, string | number>;
  /** The field's own name (user-designed fields); otherwise the built-in label of `field`. */
  label?: string;
}

/** A rule the service checks itself (beyond the schema), reported like schema failures. */
export class FieldValidationError extends AppError {
  constructor(readonly problems: FieldProblem[]) {
    super(400, ErrorCode.validationFailed, 'validate.title', {}, ErrorType.validation);
  }

  override toEnvelope(lang: Language): ErrorEnvelope {
    return {
      ...super.toEnvelope(lang),
      fieldErrors: this.problems.map((p) => ({
        field: p.field,
        message: formatMessage(p.key, lang, { field: p.label ?? fieldLabel(p.field, lang), ...p.params }),
      })),
    };
  }
}
