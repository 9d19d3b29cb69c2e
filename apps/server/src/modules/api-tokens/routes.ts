import { ApiTokenEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { ApiTokenService } from './service.js';

/** Managing one's own tokens (account settings); a token never reaches these (no `token` mark). */
export function apiTokenRoutes(app: FastifyInstance, tokens: ApiTokenService): void {
  const E = ApiTokenEndpoints;
  route(app, E.list, async ({ auth }) => tokens.list(auth.user.id));
  route(app, E.create, async ({ req, auth, body }) => tokens.create(auth, req.tenant, body));
  route(app, E.revoke, async ({ auth, params }) => {
    await tokens.revoke(auth.user.id, params.id);
    return true;
  });
}
