import { AdminEndpoints, ErrorCode } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import type { Delivery } from '../delivery/delivery.js';

/** Instance administration: the first account registered on an instance administers it. */
export function adminRoutes(app: FastifyInstance, delivery: Delivery): void {
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
