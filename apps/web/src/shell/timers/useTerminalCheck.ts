import { AccountEndpoints, Limits } from '@canopy/contract';
import { call } from '../api/client';
import { leaveToLogin } from '../navigation/auth-redirect';
import { useInterval } from './useInterval';

/**
 * Spec §4: every 60 s ask whether this terminal is still logged in (e.g. the session was revoked
 * elsewhere). A definite `false` logs the user out; a network error or other failure proves nothing.
 */
export function useTerminalCheck(enabled: boolean) {
  useInterval(
    () => {
      call(AccountEndpoints.terminalCheck, { tenant: false, errors: 'silent' })
        .then((loggedIn) => {
          if (loggedIn === false) leaveToLogin();
        })
        .catch(() => {
          // Unreachable server or a hiccup: check again next minute.
        });
    },
    Limits.terminalCheckMs,
    { enabled },
  );
}
