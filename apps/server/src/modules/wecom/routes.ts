import {
  ErrorCode,
  formatMessage,
  WECOM_CALLBACK_PATH,
  WECOM_QR_MODE,
  WECOM_START_PATH,
  WecomEndpoints,
  WecomPurpose,
} from '@canopy/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { Services } from '../../http/context.js';
import { requestLanguage } from '../../http/language.js';
import { messagePage } from '../../http/message-page.js';
import { route } from '../../http/route.js';
import { clientOf, sessionCookieSetter } from '../account/routes.js';
import type { AccountService } from '../account/service.js';
import { WecomClient } from './client.js';
import { WECOM_LOGIN_TTL_MS, WecomFailure, WecomService } from './service.js';

/** Ties a started round to this browser: the callback must come back to the browser that left. */
const STATE_COOKIE = 'canopy_wecom';

/** Only a path of this product: a round never lands on another site. */
const safePath = (raw: unknown) => (typeof raw === 'string' && /^\/(?![/\\])[!-~]*$/.test(raw) ? raw : '/');

/**
 * WeCom sign-in and binding (addresses the WeCom client opens, so failures answer a page in words),
 * and the JS-SDK ticket calls. Without WECOM_* settings the pages say so and the binding reads
 * "not available".
 */
export function wecomRoutes(app: FastifyInstance, services: Services, accounts: AccountService): void {
  const E = WecomEndpoints;
  const config = services.config.wecom;

  const page = (req: FastifyRequest, reply: FastifyReply, status: number, text: string, back = '/login') => {
    const lang = requestLanguage(req);
    return messagePage(reply, status, {
      title: formatMessage('wecom.title', lang),
      text,
      testId: 'wecom-result',
      lang,
      link: { href: back, text: formatMessage(back === '/login' ? 'sso.backToLogin' : 'wecom.backToApp', lang) },
    });
  };
  const fail = (req: FastifyRequest, reply: FastifyReply, status: number, failure: WecomFailure, back?: string) =>
    page(req, reply, status, formatMessage(failure.key, requestLanguage(req), failure.params), back);

  if (!config) {
    const off = new AppError(404, ErrorCode.notFound, 'wecom.notConfigured');
    for (const path of [WECOM_START_PATH, WECOM_CALLBACK_PATH])
      app.get(path, { schema: { hide: true } }, async (req, reply) =>
        page(req, reply, 404, formatMessage('wecom.notConfigured', requestLanguage(req))),
      );
    route(app, E.binding, async () => ({ available: false, wecomUserId: '' }));
    route(app, E.unbind, async () => ({ available: false, wecomUserId: '' }));
    route(app, E.jsApiTicket, async () => {
      throw off;
    });
    route(app, E.agentTicket, async () => {
      throw off;
    });
    return;
  }

  const wecom = new WecomService(services.db, new WecomClient(config));
  const setSessionCookie = sessionCookieSetter(services);
  // The address WeCom calls back; its host is the app's trusted domain in WeCom's console.
  const callbackUrl = (req: FastifyRequest) =>
    `${services.config.publicUrl ?? `${req.protocol}://${req.host}`}${WECOM_CALLBACK_PATH}`;
  const cookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: services.config.secureCookies,
    path: WECOM_CALLBACK_PATH,
  };

  app.get(WECOM_START_PATH, { schema: { hide: true } }, async (req, reply) => {
    const query = req.query as { purpose?: unknown; redirect?: unknown; mode?: unknown };
    const purpose = query.purpose === WecomPurpose.bind ? WecomPurpose.bind : WecomPurpose.login;
    // 扫码登录 from /login in an ordinary browser: WeCom's QR page instead of its in-client OAuth.
    const qr = purpose === WecomPurpose.login && query.mode === WECOM_QR_MODE;
    try {
      const started = await wecom.start(
        purpose,
        req.auth?.user.id ?? null,
        safePath(query.redirect),
        callbackUrl(req),
        qr,
      );
      reply.setCookie(STATE_COOKIE, started.state, { ...cookie, maxAge: WECOM_LOGIN_TTL_MS / 1000 });
      return reply.header('cache-control', 'no-store').redirect(started.url, 302);
    } catch (e) {
      if (e instanceof WecomFailure) return fail(req, reply, 401, e);
      throw e;
    }
  });

  app.get(WECOM_CALLBACK_PATH, { schema: { hide: true } }, async (req, reply) => {
    const query = req.query as { state?: unknown; code?: unknown };
    reply.clearCookie(STATE_COOKIE, { path: WECOM_CALLBACK_PATH });
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    let finished: Awaited<ReturnType<WecomService['finish']>>;
    try {
      finished = await wecom.finish(
        str(query.state),
        req.cookies[STATE_COOKIE],
        str(query.code),
        req.auth?.user.id ?? null,
      );
    } catch (e) {
      if (e instanceof WecomFailure) {
        req.log.warn({ reason: e.key, params: e.params }, 'WeCom round failed');
        const status = e.key === 'wecom.unreachable' || e.key === 'wecom.refused' ? 502 : 403;
        return fail(req, reply, status, e, req.auth ? '/' : '/login');
      }
      throw e;
    }
    if (finished.purpose === WecomPurpose.bind)
      return reply.header('cache-control', 'no-store').redirect(finished.redirectTo, 302);
    const started = await accounts.sessionFor(finished.userId, clientOf(req));
    if (!started) return fail(req, reply, 403, new WecomFailure('sso.disabled'));
    // A fresh session: whoever was signed in in this browser gives way (never a reused cookie).
    if (req.auth) await accounts.logout(req.auth.sessionId);
    setSessionCookie(reply, started);
    return reply.header('cache-control', 'no-store').redirect(finished.redirectTo, 302);
  });

  route(app, E.binding, async ({ auth }) => wecom.binding(auth.user.id));
  route(app, E.unbind, async ({ auth }) => wecom.unbind(auth.user.id));
  route(app, E.jsApiTicket, async ({ req, query }) => wecom.jsApiTicket(req.tenant, query.corpId));
  route(app, E.agentTicket, async ({ req }) => wecom.agentTicket(req.tenant));
}
