import { AccountEndpoints, ErrorType } from '@canopy/contract';
import { isApiError } from '../api/api-error';
import { call } from '../api/client';
import { feedback } from '../api/feedback';
import { queryClient } from '../app/query-client';
import { i18n } from '../i18n/i18n';

/**
 * Log out (spec §7 GET /v1/logout): on success the login page; a business failure shows its
 * message, else its code, else 退出失败 (spec §8). Other failures go through the catalogue.
 */
export async function logout(): Promise<void> {
  try {
    await call(AccountEndpoints.logout, { errors: 'inline', tenant: false });
  } catch (error) {
    if (isApiError(error) && error.errorType === ErrorType.biz) {
      feedback().message.error(error.errorMessage || error.errorCode || i18n.t('errors.logoutFailed'));
    } else {
      feedback().message.error(i18n.t('errors.logoutFailed'));
    }
    return;
  }
  queryClient.clear();
  window.location.assign('/login');
}
