import { Headers, SESSION_COOKIE } from '@canopy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountService } from '../modules/account/service.js';
import type { ApiTokenService } from '../modules/api-tokens/service.js';
import { Errors } from './app-error.js';
import { ASSETS_PREFIX } from './assets.js';
import { firstHeader } from './tenant.js';

/**
 * The bearer token of `Authorization: Bearer …`; undefined without one. Other schemes (a reverse
 * proxy's Basic credentials passed along) are not ours and are ignored; a malformed Bearer is a 401.
 */
function bearerOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header || !/^Bearer(\s|$)/i.test(header)) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw Errors.unauthorized();
  return match[1];
}

/**
 * Identity comes from the session cookie or, for integrators, an API token (`Authorization:
 * Bearer …`). A request with a token is judged by the token alone (a cookie beside it is ignored):
 * it reaches only routes marked for tokens (`config.token`), only the apps the token names, writes
 * only with a read-write token, and within the token's rate.
 */
export function registerSession(app: FastifyInstance, accounts: AccountService, tokens: ApiTokenService): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('tenant', null);
  app.addHook('onRequest', async (req) => {
    // The web app's built files are the same for everyone: no identity is looked up for them (a
    // page's first load asks for a hundred chunks from the same server thread as its data).
    if (req.url.startsWith(ASSETS_PREFIX)) return;
    const bearer = bearerOf(req);
    if (bearer !== undefined) {
      const config = req.routeOptions.config as { token?: 'read' | 'write' } | undefined;
      const params = req.params as { appCode?: unknown } | undefined;
      req.auth = await tokens.authenticate(bearer, {
        access: config?.token,
        appCode: typeof params?.appCode === 'string' ? params.appCode : undefined,
      });
      return;
    }
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    // The team the headers name is read with the session (one statement); registerTenant checks it.
    const engineHint = firstHeader(req, Headers.engineCode) ?? null;
    const resolved = await accounts.resolveSession(token, engineHint);
    if (resolved) req.auth = { ...resolved, membershipFor: engineHint };
  });
}
