import { formatMessage, SSO_CALLBACK_PATH, SSO_START_PATH } from '@canopy/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../http/context.js';
import { requestLanguage } from '../../http/language.js';
import { messagePage } from '../../http/message-page.js';
import { Passwords } from '../account/passwords.js';
import { clientOf, sessionCookieSetter } from '../account/routes.js';
import type { AccountService } from '../account/service.js';
import { OidcProvider } from './provider.js';
import { SSO_LOGIN_TTL_MS, SsoFailure, SsoService } from './service.js';

/** Ties a started sign-in to this browser: the callback must come back to the browser that left. */
const STATE_COOKIE = 'canopy_sso';

/** Only a path of this product (as "open in browser" allows): a sign-in never lands on another site. */
const safePath = (raw: unknown) => (typeof raw === 'string' && /^\/(?![/\\])[!-~]*$/.test(raw) ? raw : '/');

/**
 * Sign-in with the company's OpenID Connect provider (configured by OIDC_* variables): the login
 * page's button opens the start address, the provider calls back, the person is signed in. Both are
 * addresses a browser opens, so failures answer a page in words, not JSON.
 */
export function ssoRoutes(app: FastifyInstance, services: Services, accounts: AccountService): SsoService | null {
  const config = services.config.oidc;
  const setSessionCookie = sessionCookieSetter(services);

  const fail = (req: FastifyRequest, reply: FastifyReply, status: number, failure: SsoFailure | null) => {
    const lang = requestLanguage(req);
    return messagePage(reply, status, {
      title: formatMessage('sso.title', lang),
      text: failure ? formatMessage(failure.key, lang, failure.params) : formatMessage('sso.notConfigured', lang),
      testId: 'sso-result',
      lang,
      link: { href: '/login', text: formatMessage('sso.backToLogin', lang) },
    });
  };

  if (!config) {
    for (const path of [SSO_START_PATH, SSO_CALLBACK_PATH])
      app.get(path, { schema: { hide: true } }, async (req, reply) => fail(req, reply, 404, null));
    return null;
  }

  const sso = new SsoService(services.db, new OidcProvider(config), new Passwords(services.config.passwordHashing));
  // The address the provider calls back; registered with the provider as the redirect URI.
  const callbackUrl = (req: FastifyRequest) =>
    `${services.config.publicUrl ?? `${req.protocol}://${req.host}`}${SSO_CALLBACK_PATH}`;
  const cookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: services.config.secureCookies,
    path: SSO_CALLBACK_PATH,
  };

  app.get(SSO_START_PATH, { schema: { hide: true } }, async (req, reply) => {
    try {
      const started = await sso.start(callbackUrl(req), safePath((req.query as { redirect?: unknown }).redirect));
      reply.setCookie(STATE_COOKIE, started.state, { ...cookie, maxAge: SSO_LOGIN_TTL_MS / 1000 });
      return reply.header('cache-control', 'no-store').redirect(started.url, 302);
    } catch (e) {
      if (e instanceof SsoFailure) return fail(req, reply, 502, e);
      throw e;
    }
  });

  app.get(SSO_CALLBACK_PATH, { schema: { hide: true } }, async (req, reply) => {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    reply.clearCookie(STATE_COOKIE, { path: SSO_CALLBACK_PATH });
    let signedIn: { userId: string; redirectTo: string };
    try {
      signedIn = await sso.finish(new URL(`${callbackUrl(req)}${query}`), req.cookies[STATE_COOKIE]);
    } catch (e) {
      if (e instanceof SsoFailure) {
        req.log.warn({ reason: e.key, params: e.params }, 'company sign-in failed');
        return fail(req, reply, e.key === 'sso.unreachable' ? 502 : 400, e);
      }
      throw e;
    }
    const started = await accounts.sessionFor(signedIn.userId, clientOf(req));
    if (!started) return fail(req, reply, 403, new SsoFailure('sso.disabled'));
    // A fresh session: whoever was signed in in this browser gives way (never a reused cookie).
    if (req.auth) await accounts.logout(req.auth.sessionId);
    setSessionCookie(reply, started);
    return reply.header('cache-control', 'no-store').redirect(signedIn.redirectTo, 302);
  });
  return sso;
}
