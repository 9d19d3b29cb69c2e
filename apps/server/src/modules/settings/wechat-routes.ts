import { AccountSettingsEndpoints, formatMessage, type ServerMessageKey } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../../http/app-error.js';
import { requestLanguage } from '../../http/language.js';
import { messagePage } from '../../http/message-page.js';
import { route } from '../../http/route.js';
import { officialOpenName, type WechatBinding } from './wechat.js';
import { DEV_SCAN_PATH, parseScanEvent, wechatSignatureOk } from './wechat-providers.js';

export const WECHAT_CALLBACK_PATH = '/v1/wechat/officialAccount/callback';

/**
 * WeChat binding routes: the three spec calls, the developer stand-in's scan page and the official
 * account's event callback (signed with WECHAT_TOKEN; XML bodies only on that route).
 */
export async function wechatRoutes(app: FastifyInstance, binding: WechatBinding, token: string): Promise<void> {
  const E = AccountSettingsEndpoints;
  route(app, E.wechatQrCode, async ({ auth }) => binding.qrCode(auth.user));
  route(app, E.wechatBindCheck, async ({ auth }) => binding.bound(auth.user));
  route(app, E.wechatUnbind, async ({ auth }) => {
    await binding.unbind(auth.user);
    return true;
  });

  // Opened from the QR code or the developer outbox: the instance administrator plays WeChat's part.
  app.get(DEV_SCAN_PATH, { schema: { hide: true } }, async (req, reply) => {
    const lang = requestLanguage(req);
    const say = (status: number, key: ServerMessageKey, params = {}) =>
      messagePage(reply, status, {
        title: 'WeChat',
        text: formatMessage(key, lang, params),
        testId: 'wechat-scan-result',
        lang,
      });
    if (!binding.provider.developer) throw Errors.notFound();
    if (!req.auth) throw Errors.unauthorized();
    if (req.auth.user.instance_admin !== 1) return say(403, 'wechat.devAdminOnly');
    const scene = String((req.query as { scene?: unknown }).scene ?? '');
    try {
      return say(200, 'wechat.bound', { name: await binding.developerScan(scene) });
    } catch (e) {
      if (e instanceof AppError) return say(e.statusCode, e.messageKey, e.params);
      throw e;
    }
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['text/xml', 'application/xml'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    type Signed = { signature?: string; timestamp?: string; nonce?: string; echostr?: string };
    // WeChat checks the server address once with a signed echo.
    scope.get(WECHAT_CALLBACK_PATH, { schema: { hide: true } }, async (req, reply) => {
      const q = req.query as Signed;
      if (!wechatSignatureOk(token, q)) throw Errors.forbidden();
      return reply.type('text/plain').send(q.echostr ?? '');
    });
    // Scan events: "subscribe" (first follow, via the code) or "SCAN" (already following).
    scope.post(WECHAT_CALLBACK_PATH, { schema: { hide: true } }, async (req, reply) => {
      if (!wechatSignatureOk(token, req.query as Signed)) throw Errors.forbidden();
      const event = typeof req.body === 'string' ? parseScanEvent(req.body) : null;
      if (event) {
        try {
          await binding.completeScan(event.scene, event.openId, officialOpenName(event.openId));
        } catch (e) {
          // An expired or reused code: WeChat only needs to hear that the event arrived.
          if (!(e instanceof AppError)) throw e;
          req.log.info({ key: e.messageKey }, 'wechat scan not bound');
        }
      }
      return reply.type('text/plain').send('success');
    });
  });
}
