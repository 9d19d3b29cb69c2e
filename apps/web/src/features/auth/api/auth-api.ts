import { AccountEndpoints, hashPasswordForTransport } from '@canopy/contract';
import { call } from '../../../shell/api/client';

/**
 * Auth calls. Passwords leave the browser only as the transport hash (spec §5). Errors are shown
 * inline by the forms, so the global catalogue stays out (`silent`), and no team headers are sent.
 */
export function login(account: string, password: string) {
  return call(AccountEndpoints.login, {
    body: { account: account.trim(), password: hashPasswordForTransport(password) },
    errors: 'silent',
    tenant: false,
  });
}

export function register(account: string, name: string, password: string) {
  return call(AccountEndpoints.register, {
    body: { account: account.trim(), name: name.trim(), password: hashPasswordForTransport(password) },
    errors: 'silent',
    tenant: false,
  });
}

export async function accountExists(account: string): Promise<boolean> {
  const { exists } = await call(AccountEndpoints.checkAccount, {
    query: { account: account.trim() },
    errors: 'silent',
    tenant: false,
  });
  return exists;
}

export function logoutSession() {
  return call(AccountEndpoints.logout, { errors: 'silent', tenant: false });
}
