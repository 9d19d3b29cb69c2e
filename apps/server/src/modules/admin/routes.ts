import { AdminEndpoints, ErrorCode } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import type { Delivery } from '../delivery/delivery.js';
import type { AnnouncementService } from '../system/announcements-service.js';

/** Instance administration: the first account registered on an instance administers it. */
export function adminRoutes(app: FastifyInstance, delivery: Delivery, announcements: AnnouncementService): void {
  const E = AdminEndpoints;
  route(app, E.announcements, async ({ auth }) => announcements.list(auth.user));
  route(app, E.createAnnouncement, async ({ auth, body }) => announcements.create(auth.user, body));
  route(app, E.updateAnnouncement, async ({ auth, params, body }) => announcements.update(auth.user, params.id, body));
  route(app, E.deleteAnnouncement, async ({ auth, params }) => announcements.remove(auth.user, params.id));

  route(app, AdminEndpoints.outbox, async ({ auth }) => {
    if (auth.user.instance_admin !== 1) throw new AppError(403, ErrorCode.forbidden, 'admin.only');
    const rows = await delivery.listOutbox();
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      target: r.target,
      subject: r.subject,
      body: r.body,
      createdAt: r.created_at,
    }));
  });
}
