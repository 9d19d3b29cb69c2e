import { RecordEndpoints, SchemaEndpoints, ViewEndpoints } from '@canopy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { adminHeader } from '../../http/admin-mode.js';
import { route } from '../../http/route.js';
import type { RecordService } from '../records/service.js';
import type { ViewService } from '../views/service.js';
import type { FormService } from './forms.js';
import type { SchemaService } from './service.js';
import { changeFieldType } from './type-change.js';

export function schemaRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  schemas: SchemaService,
  forms: FormService,
  records: RecordService,
  views: ViewService,
): void {
  const ctx = (req: FastifyRequest, p: { appCode: string; schemaCode: string }) =>
    schemas.context(req.tenant, p.appCode, p.schemaCode, adminHeader(req));
  const S = SchemaEndpoints;
  route(app, S.get, async ({ req, params }) => schemas.info(await ctx(req, params)));
  route(app, S.update, async ({ req, params, body }) => schemas.update(await ctx(req, params), body));
  route(app, S.access, async ({ req, params }) => schemas.access(await ctx(req, params)));
  route(app, S.orderFields, async ({ req, params, body }) => schemas.orderFields(await ctx(req, params), body.codes));
  route(app, S.addField, async ({ req, params, body }) => schemas.addField(await ctx(req, params), body));
  route(app, S.updateField, async ({ req, params, body }) =>
    schemas.updateField(await ctx(req, params), params.fieldCode, body),
  );
  route(app, S.removeField, async ({ req, params }) => {
    await schemas.removeField(await ctx(req, params), params.fieldCode);
    return true;
  });
  route(app, S.form, async ({ req, params }) => forms.layout(await ctx(req, params)));
  route(app, S.saveForm, async ({ req, params, body }) => forms.save(await ctx(req, params), body));
  route(app, S.changeFieldType, async ({ req, params, body }) =>
    changeFieldType(db, await ctx(req, params), params.fieldCode, body),
  );
  route(app, S.restoreField, async ({ req, params }) => schemas.restoreField(await ctx(req, params), params.fieldCode));

  const V = ViewEndpoints;
  route(app, V.list, async ({ req, params }) => views.list(await ctx(req, params)));
  route(app, V.create, async ({ req, params, body }) => views.create(await ctx(req, params), body));
  route(app, V.update, async ({ req, params, body }) => views.update(await ctx(req, params), params.viewCode, body));
  route(app, V.remove, async ({ req, params }) => {
    await views.remove(await ctx(req, params), params.viewCode);
    return true;
  });

  const R = RecordEndpoints;
  route(app, R.list, async ({ req, params, query }) =>
    records.page(await ctx(req, params), query.limit ?? 50, query.cursor),
  );
  route(app, R.query, async ({ req, params, body }) => records.query(await ctx(req, params), body));
  route(app, R.create, async ({ req, params, body }) => records.create(await ctx(req, params), body.data));
  route(app, R.batch, async ({ req, params, body }) => records.batch(await ctx(req, params), body));
  route(app, R.get, async ({ req, params }) => records.get(await ctx(req, params), params.id));
  route(app, R.update, async ({ req, params, body }) =>
    records.update(await ctx(req, params), params.id, body.version, body.data),
  );
  route(app, R.remove, async ({ req, params, query }) => {
    await records.remove(await ctx(req, params), params.id, query.version);
    return true;
  });
  route(app, R.history, async ({ req, params }) => records.history(await ctx(req, params), params.id));
  route(app, R.count, async ({ req, params, body }) => records.count(await ctx(req, params), body));
}
