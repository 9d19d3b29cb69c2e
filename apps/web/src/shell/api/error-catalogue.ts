import { AccountEndpoints, ErrorCode, NoticeEndpoints } from '@canopy/contract';
import { queryClient } from '../app/query-client';
import { i18n } from '../i18n/i18n';
import { leaveToLogin } from '../navigation/auth-redirect';
import { navigateTo } from '../navigation/router-bridge';
import { sessionKeys } from '../session/query-keys';
import type { ApiError } from './api-error';
import { notifyError } from './error-notifier';
import { feedback } from './feedback';

/**
 * How much of the catalogue a call wants:
 * - `global` (default): everything below.
 * - `inline`: the caller shows the error itself (forms); only session/team-level rules still run
 *   (401 → login, corp.state.forbidden → home), since no form can fix those.
 * - `silent`: nothing at all (auth pages, background checks that decide for themselves).
 */
export type ErrorMode = 'global' | 'inline' | 'silent';

/** A custom handler returns true when it has dealt with the error. Handlers run in registration order. */
export type ErrorHandler = (error: ApiError) => boolean;

const customHandlers: ErrorHandler[] = [];

export function registerErrorHandler(handler: ErrorHandler): () => void {
  customHandlers.push(handler);
  return () => {
    const i = customHandlers.indexOf(handler);
    if (i >= 0) customHandlers.splice(i, 1);
  };
}

/** Calls whose errors never pop up (spec §7/§8): background polls that must not nag. */
const SWALLOWED_PATHS = new Set<string>([AccountEndpoints.terminalCheck.path, NoticeEndpoints.countUnread.path]);

/** The spec §8 error catalogue, in its order. Marks the error handled when it did something with it. */
export function runErrorCatalogue(error: ApiError, mode: ErrorMode): void {
  if (mode === 'silent') return;
  if (SWALLOWED_PATHS.has(error.path)) {
    error.handled = true;
    return;
  }
  if (error.status === 401 || error.errorCode === ErrorCode.unauthorized) {
    error.handled = true;
    leaveToLogin();
    return;
  }
  if (error.errorCode === ErrorCode.corpForbidden) {
    error.handled = true;
    // The team was closed: a fresh team list moves the app on to a team that is still open.
    void queryClient.invalidateQueries({ queryKey: sessionKeys.engines });
    if (window.location.pathname !== '/home') navigateTo('/home');
    return;
  }
  if (mode === 'inline') return;
  if (error.errorCode.endsWith('.empty')) {
    error.handled = true;
    return;
  }
  for (const handler of customHandlers) {
    if (handler(error)) {
      error.handled = true;
      return;
    }
  }
  error.handled = true;
  if (error.kind === 'network') {
    notifyError({ title: i18n.t('errors.networkTitle'), message: i18n.t('errors.networkMessage') });
    return;
  }
  if (error.errorCode === ErrorCode.validationFailed) {
    notifyError({
      title: i18n.t('errors.validateTitle'),
      message: error.errorMessage || i18n.t('errors.defaultMessage'),
      details: error.fieldErrors.map((f) => f.message),
      traceId: error.traceId,
    });
    return;
  }
  if (/biz error/i.test(error.errorMessage)) {
    feedback().message.error(error.errorMessage);
    return;
  }
  notifyError({
    title: error.errorMessage || i18n.t('errors.unknownTitle'),
    message: i18n.t('errors.defaultMessage'),
    traceId: error.traceId,
  });
}
