import { WebhookEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { SchemaContextOf } from '../schema-context/request.js';
import type { WebhookService } from './service.js';

/** A data table's webhooks (its designers); a token cannot reach them. */
export function webhookRoutes(app: FastifyInstance, ctx: SchemaContextOf, hooks: WebhookService): void {
  const W = WebhookEndpoints;
  route(app, W.list, async ({ req, params }) => hooks.list(await ctx(req, params)));
  route(app, W.create, async ({ req, params, body }) => hooks.create(await ctx(req, params), body));
  route(app, W.update, async ({ req, params, body }) => hooks.update(await ctx(req, params), params.hookId, body));
  route(app, W.remove, async ({ req, params }) => {
    await hooks.remove(await ctx(req, params), params.hookId);
    return true;
  });
  route(app, W.test, async ({ req, params }) => hooks.test(await ctx(req, params), params.hookId));
  route(app, W.deliveries, async ({ req, params }) => hooks.deliveries(await ctx(req, params), params.hookId));
}
