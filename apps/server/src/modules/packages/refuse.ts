import { ErrorCode, type ServerMessageKey } from '@canopy/contract';
import { AppError } from '../../http/app-error.js';

/** A request about packages refused: the status picks the error code (404, 403, else a validation failure). */
export const refuse = (status: number, key: ServerMessageKey, params: Record<string, string | number> = {}) =>
  new AppError(
    status,
    status === 404 ? ErrorCode.notFound : status === 403 ? ErrorCode.forbidden : ErrorCode.validationFailed,
    key,
    params,
  );
