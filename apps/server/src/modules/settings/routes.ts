import { AccountSettingsEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../http/app-error.js';
import { requestLanguage } from '../../http/language.js';
import { route } from '../../http/route.js';
import { AVATAR_NAME, type AvatarStore, avatarContentType } from './avatars.js';
import type { SettingsService } from './service.js';

export function settingsRoutes(app: FastifyInstance, settings: SettingsService, avatars: AvatarStore): void {
  const E = AccountSettingsEndpoints;
  route(app, E.sendSmsCode, async ({ req, body }) => ({
    resendAfterSeconds: await settings.sendCode(
      req.auth?.user ?? null,
      'mobile',
      body.mobile,
      body.codeType,
      req.ip,
      requestLanguage(req),
    ),
  }));
  route(app, E.sendEmailCode, async ({ req, body }) => ({
    resendAfterSeconds: await settings.sendCode(
      req.auth?.user ?? null,
      'email',
      body.email,
      body.codeType,
      req.ip,
      requestLanguage(req),
    ),
  }));
  route(app, E.checkCode, async ({ body }) => settings.checkCode(body.target, body.code, body.codeType));
  route(app, E.changePassword, async ({ auth, body }) => {
    await settings.changePassword(auth.user, auth.sessionId, body);
    return true;
  });
  route(app, E.changeMobile, async ({ auth, body }) =>
    settings.changeContact(auth.user, 'mobile', body.mobile, body.code, body.oldCode),
  );
  route(app, E.changeEmail, async ({ auth, body }) =>
    settings.changeContact(auth.user, 'email', body.email, body.code, body.oldCode),
  );
  route(app, E.updateProfile, async ({ auth, body }) => settings.updateProfile(auth.user, body));
  route(app, E.uploadAvatar, async ({ auth, body }) => ({
    avatarUrl: await settings.uploadAvatar(auth.user, body.dataUrl, body.dataUrl2x),
  }));
  route(app, E.resetAvatar, async ({ auth }) => ({ avatarUrl: await settings.resetAvatar(auth.user) }));

  // Avatars are shown to teammates, so any signed-in user may read them; names are unguessable.
  app.get('/v1/files/avatars/:name', { schema: { hide: true } }, async (req, reply) => {
    if (!req.auth) throw Errors.unauthorized();
    const { name } = req.params as { name: string };
    if (!AVATAR_NAME.test(name)) throw Errors.notFound();
    const file = await avatars.open(name);
    if (!file) throw Errors.notFound();
    reply.header('content-type', avatarContentType(name));
    reply.header('cache-control', 'private, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(file);
  });
}
