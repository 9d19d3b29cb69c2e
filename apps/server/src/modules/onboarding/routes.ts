import { AccountEndpoints, AUTHORIZATION_CODE_PATH, formatMessage, OnboardingEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../http/context.js';
import { requestLanguage } from '../../http/language.js';
import { messagePage } from '../../http/message-page.js';
import { route } from '../../http/route.js';
import { clientOf, sessionCookieSetter } from '../account/routes.js';
import type { AccountService } from '../account/service.js';
import { OnboardingRepository } from './repository.js';
import { OnboardingService } from './service.js';

/** The guide's three calls, and "open in browser": issuing a code and spending it in the system browser. */
export function onboardingRoutes(
  app: FastifyInstance,
  services: Services,
  accounts: AccountService,
  baseUrl: string,
): void {
  const onboarding = new OnboardingService(new OnboardingRepository(services.db), baseUrl);
  const E = OnboardingEndpoints;
  route(app, E.state, async ({ req, auth }) => onboarding.state(auth.user.id, req.tenant));
  route(app, E.save, async ({ req, auth, body }) => onboarding.save(auth.user.id, req.tenant, body));
  route(app, E.step, async ({ req, auth, body }) => onboarding.step(auth.user.id, req.tenant, body.userTag));

  route(app, AccountEndpoints.authorizationCode, async ({ auth, query }) =>
    onboarding.issueCode(auth.user.id, query.redirect),
  );

  // Opened by the system browser, which has no session yet: the code is the credential.
  const setSessionCookie = sessionCookieSetter(services);
  app.get(AUTHORIZATION_CODE_PATH, { schema: { hide: true } }, async (req, reply) => {
    const raw = (req.query as { code?: unknown }).code;
    const spent = await onboarding.spendCode(typeof raw === 'string' ? raw : '');
    const started = spent && (await accounts.sessionFor(spent.userId, clientOf(req)));
    if (!spent || !started) {
      const lang = requestLanguage(req);
      return messagePage(reply, 410, {
        title: formatMessage('authCode.title', lang),
        text: formatMessage('authCode.invalid', lang),
        testId: 'authorization-code-result',
        lang,
      });
    }
    // Whoever was signed in in this browser before gives way to the user who asked to open it here.
    if (req.auth) await accounts.logout(req.auth.sessionId);
    setSessionCookie(reply, started);
    return reply.header('cache-control', 'no-store').redirect(spent.redirect, 302);
  });
}
