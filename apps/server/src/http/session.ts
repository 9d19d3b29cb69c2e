import { SESSION_COOKIE } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../modules/account/service.js';

/** Identity comes from the session cookie and nothing else. */
export function registerSession(app: FastifyInstance, accounts: AccountService): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('tenant', null);
  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const resolved = await accounts.resolveSession(token);
    if (resolved) req.auth = resolved;
  });
}
