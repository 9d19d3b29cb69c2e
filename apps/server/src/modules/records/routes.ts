import { RecordEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { asFormSubmission } from '../automations/form-trigger.js';
import type { SchemaContext } from '../schema-context/context.js';
import type { SchemaContextOf } from '../schema-context/request.js';
import type { RecordQueryService } from './query-service.js';
import { recordPageJson } from './record-json.js';
import type { RecordRestore } from './restore.js';
import type { SavedQueryLoader } from './saved-view.js';
import type { RecordWriteService } from './write-service.js';

/** Records of a data table. `loadView`: the saved view a query names (views/service.ts). */
export function recordRoutes(
  app: FastifyInstance,
  ctx: SchemaContextOf,
  queries: RecordQueryService,
  writes: RecordWriteService,
  loadView: SavedQueryLoader,
  restore: RecordRestore,
): void {
  const R = RecordEndpoints;
  const saved = (c: SchemaContext, code: string | undefined) => (code ? loadView(c, code) : undefined);
  // Lists are the hottest answers: written by hand (record-json.ts), the same keys as the schema's.
  const page = { serialize: recordPageJson };
  route(
    app,
    R.list,
    async ({ req, params, query }) => queries.page(await ctx(req, params), query.limit ?? 50, query.cursor),
    page,
  );
  route(
    app,
    R.query,
    async ({ req, params, body }) => {
      const c = await ctx(req, params);
      return queries.query(c, body, await saved(c, body.view));
    },
    page,
  );
  // The record form's submission (the form trigger of automations).
  route(app, R.create, async ({ req, params, body }) => {
    const c = await ctx(req, params);
    return asFormSubmission(() => writes.create(c, body.data));
  });
  route(app, R.batch, async ({ req, params, body }) => writes.batch(await ctx(req, params), body));
  route(app, R.get, async ({ req, params }) => queries.get(await ctx(req, params), params.id));
  route(app, R.update, async ({ req, params, body }) =>
    writes.update(await ctx(req, params), params.id, body.version, body.data),
  );
  route(app, R.remove, async ({ req, params, query }) => {
    await writes.remove(await ctx(req, params), params.id, query.version);
    return true;
  });
  route(app, R.history, async ({ req, params }) => queries.history(await ctx(req, params), params.id));
  route(app, R.restore, async ({ req, params, body }) => restore.restore(await ctx(req, params), params.id, body));
  route(app, R.count, async ({ req, params, body }) => {
    const c = await ctx(req, params);
    return queries.count(c, body, await saved(c, body.view));
  });
  route(app, R.pick, async ({ req, params, body }) => queries.pick(await ctx(req, params), body));
  route(app, R.groups, async ({ req, params, body }) => {
    const c = await ctx(req, params);
    return queries.groups(c, body, await saved(c, body.view));
  });
}
