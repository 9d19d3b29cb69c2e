import { NoticeEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../http/app-error.js';
import { requestLanguage } from '../../http/language.js';
import { route } from '../../http/route.js';
import type { NoticeRepository } from './repository.js';
import { letterNotFound, type NoticeService } from './service.js';

/** Spec §7 letter calls. Without a team there are no letters (an empty answer, not an error). */
export function noticeRoutes(app: FastifyInstance, repo: NoticeRepository, notices: NoticeService): void {
  route(app, NoticeEndpoints.countUnread, async ({ req }) => {
    if (!req.tenant) return 0;
    return repo.countUnread(req.tenant.engineCode, req.tenant.memberId);
  });
  route(app, NoticeEndpoints.list, async ({ req, query, auth }) => {
    // The spec's call names the user: only the asker's own id is accepted, another is refused.
    if (query.userId !== undefined && query.userId !== auth.user.id) throw Errors.forbidden();
    if (!req.tenant) return { resultList: [], totalCount: 0 };
    return notices.list(req.tenant, query, requestLanguage(req));
  });
  route(app, NoticeEndpoints.detail, async ({ req, query }) => {
    if (!req.tenant) throw letterNotFound();
    return notices.detail(req.tenant, query.id, requestLanguage(req));
  });
  route(app, NoticeEndpoints.markRead, async ({ req, body }) =>
    req.tenant ? notices.markRead(req.tenant, body.ids) : 0,
  );
  route(app, NoticeEndpoints.markAllRead, async ({ req }) => (req.tenant ? notices.markAllRead(req.tenant) : 0));
  route(app, NoticeEndpoints.todoMail, async ({ auth }) => repo.todoMail(auth.user.id));
  route(app, NoticeEndpoints.setTodoMail, async ({ auth, body }) => repo.setTodoMail(auth.user.id, body.enabled));
  route(app, NoticeEndpoints.idByEvent, async ({ req, query }) =>
    req.tenant ? repo.idByEvent(req.tenant.engineCode, req.tenant.memberId, query.eventId) : null,
  );
}
