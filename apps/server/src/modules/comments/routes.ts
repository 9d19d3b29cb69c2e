import { CommentEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { SchemaContextOf } from '../schema-context/request.js';
import type { CommentService } from './service.js';

/** A record's comment thread, follow state and a grid page's counts. */
export function commentRoutes(app: FastifyInstance, ctx: SchemaContextOf, comments: CommentService): void {
  const C = CommentEndpoints;
  route(app, C.list, async ({ req, params }) => comments.thread(await ctx(req, params), params.id));
  route(app, C.create, async ({ req, params, body }) => comments.create(await ctx(req, params), params.id, body));
  route(app, C.update, async ({ req, params, body }) =>
    comments.update(await ctx(req, params), params.id, params.commentId, body),
  );
  route(app, C.remove, async ({ req, params }) => {
    await comments.remove(await ctx(req, params), params.id, params.commentId);
    return true;
  });
  route(app, C.follow, async ({ req, params, body }) =>
    comments.follow(await ctx(req, params), params.id, body.following),
  );
  route(app, C.counts, async ({ req, params, body }) => comments.counts(await ctx(req, params), body.ids));
}
