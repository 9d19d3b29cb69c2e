import { ACCOUNT_CHECK_COOKIE, ACCOUNT_CHECK_COOKIE_PATH, AccountEndpoints, SESSION_COOKIE } from '@canopy/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../http/context.js';
import { crossSiteCheck, crossSiteRefused } from '../../http/origin.js';
import { route } from '../../http/route.js';
import { Passwords } from './passwords.js';
import { AccountRepository } from './repository.js';
import { AccountService, type StartedSession, toBasicUser } from './service.js';

/** With team sub-domains (ROOT_DOMAIN), the session must reach every <team>.<root> host. */
function cookieDomain(services: Services): { domain?: string } {
  const { rootDomain, privateDeployment } = services.config;
  return rootDomain && !privateDeployment ? { domain: rootDomain.replace(/^\.+/, '') } : {};
}

/** Sets the session cookie of a started session (login, registration, an "open in browser" code). */
export function sessionCookieSetter(services: Services) {
  const domain = cookieDomain(services);
  return (reply: FastifyReply, started: StartedSession) => {
    reply.setCookie(SESSION_COOKIE, started.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: services.config.secureCookies,
      path: '/',
      maxAge: started.maxAgeSeconds,
      ...domain,
    });
  };
}

export function clientOf(req: FastifyRequest) {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
}

export function accountRoutes(app: FastifyInstance, services: Services, accounts: AccountService): void {
  const setSessionCookie = sessionCookieSetter(services);
  const domain = cookieDomain(services);

  route(app, AccountEndpoints.register, async ({ req, reply, body }) => {
    if (req.auth) await accounts.logout(req.auth.sessionId);
    const started = await accounts.register(body, clientOf(req));
    setSessionCookie(reply, started);
    return toBasicUser(started.user);
  });

  route(app, AccountEndpoints.login, async ({ req, reply, body }) => {
    // A fresh session id at every login: an old (possibly planted) cookie is revoked, never reused.
    if (req.auth) await accounts.logout(req.auth.sessionId);
    const started = await accounts.login(body, clientOf(req));
    setSessionCookie(reply, started);
    return toBasicUser(started.user);
  });

  // The spec's logout is a GET; a link or image on another site must not be able to log people out.
  const isCrossSite = crossSiteCheck(services.config.publicUrl);
  route(app, AccountEndpoints.logout, async ({ req, reply }) => {
    if (isCrossSite(req)) throw crossSiteRefused();
    if (req.auth) await accounts.logout(req.auth.sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/', ...domain });
    return true;
  });

  route(app, AccountEndpoints.basic, async ({ auth }) => toBasicUser(auth.user));

  // A sign-up's look-ups (issue 30): the challenge rides in an httpOnly cookie sent only to
  // /v1/user/check, SameSite strict, so neither a script nor another site's page spends it.
  route(app, AccountEndpoints.checkChallenge, async ({ req, reply }) => {
    const { token, expiresIn, lookups } = await accounts.startAccountCheck(req.ip);
    reply.setCookie(ACCOUNT_CHECK_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: services.config.secureCookies,
      path: ACCOUNT_CHECK_COOKIE_PATH,
      maxAge: expiresIn,
      ...domain,
    });
    return { expiresIn, lookups };
  });

  route(app, AccountEndpoints.checkAccount, async ({ req, query }) => ({
    exists: await accounts.accountExists(query.account, req.ip, req.cookies[ACCOUNT_CHECK_COOKIE]),
  }));

  route(app, AccountEndpoints.terminalCheck, async ({ req }) => req.auth !== null);
}

export function createAccountService(services: Services): AccountService {
  return new AccountService(new AccountRepository(services.db), new Passwords(services.config.passwordHashing));
}
