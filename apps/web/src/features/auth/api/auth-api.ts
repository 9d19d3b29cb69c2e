import { AccountEndpoints, ErrorCode, hashPasswordForTransport } from '@canopy/contract';
import { isApiError } from '../../../shell/api/api-error';
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

/**
 * This sign-up's look-up allowance (issue 30): the server keeps it behind an httpOnly cookie; the
 * page only knows until when and how many look-ups it has, to ask for a new one in time.
 */
let allowance: { until: number; left: number } | null = null;

async function startSignUpCheck(): Promise<void> {
  const { expiresIn, lookups } = await call(AccountEndpoints.checkChallenge, { errors: 'silent', tenant: false });
  // A little early, so a look-up never arrives just after the cookie ran out.
  allowance = { until: Date.now() + Math.max(0, expiresIn - 10) * 1000, left: lookups };
}

async function lookUp(account: string): Promise<boolean> {
  if (allowance) allowance.left -= 1;
  const { exists } = await call(AccountEndpoints.checkAccount, {
    query: { account: account.trim() },
    errors: 'silent',
    tenant: false,
  });
  return exists;
}

/** Whether the account is registered: asked within this page's started sign-up (a challenge first). */
export async function accountExists(account: string): Promise<boolean> {
  if (!allowance || allowance.left < 1 || Date.now() >= allowance.until) await startSignUpCheck();
  try {
    return await lookUp(account);
  } catch (error) {
    // The allowance ended meanwhile (another tab spent it, the server restarted the count): once more.
    if (!isApiError(error) || error.serverCode !== ErrorCode.forbidden) throw error;
    await startSignUpCheck();
    return lookUp(account);
  }
}

export function logoutSession() {
  return call(AccountEndpoints.logout, { errors: 'silent', tenant: false });
}
