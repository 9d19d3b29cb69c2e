import { FeedbackEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import { sendStoredFile } from '../files/routes.js';
import type { FileService } from '../files/service.js';
import type { FeedbackService } from './service.js';

export function feedbackRoutes(app: FastifyInstance, feedback: FeedbackService, files: FileService): void {
  route(app, FeedbackEndpoints.create, async ({ auth, req, body }) => feedback.create(auth.user, req.tenant, body));
  route(app, FeedbackEndpoints.mine, async ({ req, query }) => feedback.mine(req.tenant, query));
  route(app, FeedbackEndpoints.all, async ({ auth, query }) => feedback.all(auth.user, query));
  route(app, FeedbackEndpoints.answer, async ({ auth, params, body }) => feedback.answer(auth.user, params.id, body));

  /** A screenshot, for the sender or the administrator (who is usually not in the sender's team). */
  app.get('/v1/feedback/:id/screenshots/:fileId', { schema: { hide: true } }, async (req, reply) => {
    if (!req.auth) throw Errors.unauthorized();
    const { id, fileId } = req.params as { id: string; fileId: string };
    return sendStoredFile(reply, files, await feedback.screenshot(req.auth.user, id, fileId));
  });
}
