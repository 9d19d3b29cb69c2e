import { SchemaEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { route } from '../../http/route.js';
import type { SchemaContextOf } from '../schema-context/request.js';
import type { FormService } from './forms.js';
import type { SchemaService } from './service.js';
import { changeFieldType } from './type-change.js';

export function schemaRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  ctx: SchemaContextOf,
  schemas: SchemaService,
  forms: FormService,
): void {
  const S = SchemaEndpoints;
  route(app, S.get, async ({ req, params }) => schemas.info(await ctx(req, params)));
  route(app, S.update, async ({ req, params, body }) => schemas.update(await ctx(req, params), body));
  route(app, S.access, async ({ req, params }) => schemas.access(await ctx(req, params)));
  route(app, S.orderFields, async ({ req, params, body }) => schemas.orderFields(await ctx(req, params), body.codes));
  route(app, S.addField, async ({ req, params, body }) => schemas.addField(await ctx(req, params), body));
  route(app, S.updateField, async ({ req, params, body }) =>
    schemas.updateField(await ctx(req, params), params.fieldCode, body),
  );
  route(app, S.removeField, async ({ req, params, query }) =>
    schemas.removeField(await ctx(req, params), params.fieldCode, query.force ?? false),
  );
  route(app, S.form, async ({ req, params }) => forms.layout(await ctx(req, params)));
  route(app, S.saveForm, async ({ req, params, body }) => forms.save(await ctx(req, params), body));
  route(app, S.changeFieldType, async ({ req, params, body }) =>
    changeFieldType(db, await ctx(req, params), params.fieldCode, body),
  );
  route(app, S.restoreField, async ({ req, params }) => schemas.restoreField(await ctx(req, params), params.fieldCode));
  route(app, S.formulaJobs, async ({ req, params }) => schemas.formulaJobs(await ctx(req, params)));
  route(app, S.formulaJob, async ({ req, params }) => schemas.formulaJob(await ctx(req, params), params.jobId));
}
