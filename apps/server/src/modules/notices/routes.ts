import { NoticeEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../http/context.js';
import { route } from '../../http/route.js';
import { NoticeRepository } from './repository.js';

export function noticeRoutes(app: FastifyInstance, services: Services): void {
  const notices = new NoticeRepository(services.db);
  route(app, NoticeEndpoints.countUnread, async ({ req }) => {
    if (!req.tenant) return 0;
    return notices.countUnread(req.tenant.engineCode, req.tenant.memberId);
  });
}
