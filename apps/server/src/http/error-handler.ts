import { ErrorCode, ErrorType, formatMessage } from '@canopy/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, Errors } from './app-error.js';
import { requestLanguage } from './language.js';
import { toFieldErrors } from './validation.js';

/**
 * Every failure leaves in the envelope `{ errorCode, errorMessage, errorType }`. Nothing internal
 * (stack, SQL, library message) reaches the client; unexpected errors are logged with the trace id.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const lang = requestLanguage(req);
    if (error instanceof AppError) {
      if (error.extra.retryAfter) reply.header('retry-after', String(error.extra.retryAfter));
      return reply.status(error.statusCode).send(error.toEnvelope(lang));
    }
    if (error.validation) {
      return reply.status(400).send(Errors.validation(toFieldErrors(error.validation, lang)).toEnvelope(lang));
    }
    const code = error.code ?? '';
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(400).send(envelope(ErrorCode.payloadTooLarge, formatMessage('error.payloadTooLarge', lang)));
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send(envelope(ErrorCode.unsupportedMediaType, formatMessage('error.unsupportedMediaType', lang)));
    }
    if (code.startsWith('FST_ERR_CTP_') || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.status(400).send(envelope(ErrorCode.badRequest, formatMessage('error.malformedJson', lang)));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Framework-level client errors (bad URL encoding, etc.): say so without internals.
      return reply
        .status(error.statusCode)
        .send(envelope(ErrorCode.badRequest, formatMessage('error.malformedJson', lang)));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      errorCode: ErrorCode.internal,
      errorMessage: formatMessage('error.internal', lang),
      errorType: ErrorType.system,
    });
  });
}

function envelope(errorCode: string, errorMessage: string) {
  return { errorCode, errorMessage, errorType: ErrorType.system };
}
