import { InvitationEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../http/language.js';
import { route } from '../../http/route.js';
import type { InvitationService } from './service.js';

export function invitationRoutes(app: FastifyInstance, invitations: InvitationService): void {
  route(app, InvitationEndpoints.create, async ({ auth, req, body }) =>
    invitations.create(auth.user, req.tenant, body.account, requestLanguage(req)),
  );
  route(app, InvitationEndpoints.sent, async ({ req }) => invitations.sent(req.tenant));
  route(app, InvitationEndpoints.revoke, async ({ req, params }) => {
    await invitations.revoke(req.tenant, params.id);
    return true;
  });
  route(app, InvitationEndpoints.mine, async ({ auth }) => invitations.mine(auth.user));
  route(app, InvitationEndpoints.last, async ({ auth, query }) => invitations.last(auth.user, query.id));
  route(app, InvitationEndpoints.join, async ({ auth, params }) => {
    await invitations.join(auth.user, params.id);
    return true;
  });
  route(app, InvitationEndpoints.refuse, async ({ auth, params }) => {
    await invitations.refuse(auth.user, params.id);
    return true;
  });
}
