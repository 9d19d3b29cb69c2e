import { ErrorType } from '@canopy/contract';
import { isApiError } from '../api/api-error';
import { currentRelativeUrl } from '../navigation/auth-redirect';

/** The host logout page (spec §2: /login and /logout are host paths, each taking a redirect URL). */
export function logoutUrl(returnTo: string): string {
  return `/logout?redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * Log out through the host page /logout, which ends the session and then offers the login page
 * with the same way back. `returnTo` is where the user lands after signing in again (default: here).
 */
export function logout(returnTo: string = currentRelativeUrl()): void {
  window.location.assign(logoutUrl(returnTo));
}

/**
 * What a failed logout tells (spec §8): a business failure shows the server's message, else its
 * code, else 退出失败; any other failure just 退出失败.
 */
export function logoutFailureText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.errorType === ErrorType.biz) {
    return error.errorMessage || error.serverCode || fallback;
  }
  return fallback;
}
