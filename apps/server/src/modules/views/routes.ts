import { ViewEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../http/language.js';
import { route } from '../../http/route.js';
import type { SchemaContextOf } from '../schema-context/request.js';
import type { ViewService } from './service.js';

/** Saved views of a data table. */
export function viewRoutes(app: FastifyInstance, ctx: SchemaContextOf, views: ViewService): void {
  const V = ViewEndpoints;
  route(app, V.list, async ({ req, params }) => views.list(await ctx(req, params), requestLanguage(req)));
  route(app, V.create, async ({ req, params, body }) => views.create(await ctx(req, params), body));
  route(app, V.update, async ({ req, params, body }) => views.update(await ctx(req, params), params.viewCode, body));
  route(app, V.remove, async ({ req, params }) => {
    await views.remove(await ctx(req, params), params.viewCode);
    return true;
  });
}
