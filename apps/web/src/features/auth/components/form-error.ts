import { ErrorType } from '@canopy/contract';
import { isApiError } from '../../../shell/api/api-error';
import { i18n } from '../../../shell/i18n/i18n';

/** What an auth form shows above its button for an error that belongs to no single field. */
export function formErrorText(error: unknown): string {
  if (!isApiError(error)) return i18n.t('errors.unknownTitle');
  if (error.kind === 'network') return i18n.t('errors.networkMessage');
  const text = error.errorMessage || i18n.t('errors.unknownTitle');
  // A wrong password needs no serial number; an unexpected failure does, for the administrator.
  const unexpected = error.errorType === ErrorType.system || !error.errorType;
  return unexpected && error.traceId ? `${text}（${i18n.t('errors.serial', { id: error.traceId })}）` : text;
}
