import { ApiTokenLimits, OpenRecordEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { FieldValidationError } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import type { SchemaContextOf } from '../schema-context/request.js';
import type { RecordQueryService } from './query-service.js';
import { recordPageJson } from './record-json.js';
import type { RecordWriteService } from './write-service.js';

/**
 * The records API for integrators under `/open/v1` (issue 17): the same records services as the web
 * app's calls, so a token or a session gets exactly the member's app role, field rules and row
 * rule. Tables are addressed as `/apps/:appCode/tables/:tableCode`.
 */
export function openRecordRoutes(
  app: FastifyInstance,
  ctx: SchemaContextOf,
  queries: RecordQueryService,
  writes: RecordWriteService,
): void {
  const O = OpenRecordEndpoints;
  const table = (req: Parameters<SchemaContextOf>[0], p: { appCode: string; tableCode: string }) =>
    ctx(req, { appCode: p.appCode, schemaCode: p.tableCode });
  const page = { serialize: recordPageJson };
  route(
    app,
    O.list,
    async ({ req, params, query }) => queries.page(await table(req, params), query.limit ?? 50, query.cursor),
    page,
  );
  route(app, O.query, async ({ req, params, body }) => queries.query(await table(req, params), body), page);
  route(app, O.get, async ({ req, params }) => queries.get(await table(req, params), params.id));
  route(app, O.create, async ({ req, params, body }) => writes.create(await table(req, params), body.data));
  route(app, O.update, async ({ req, params, body }) =>
    writes.update(await table(req, params), params.id, body.version, body.data),
  );
  route(app, O.remove, async ({ req, params, query }) => {
    await writes.remove(await table(req, params), params.id, query.version);
    return true;
  });
  route(app, O.batch, async ({ req, params, body }) => {
    const rows = (body.create?.length ?? 0) + (body.update?.length ?? 0) + (body.delete?.length ?? 0);
    if (rows > ApiTokenLimits.batchMax) {
      throw new FieldValidationError([
        { field: 'create', key: 'token.batchTooLarge', params: { limit: ApiTokenLimits.batchMax } },
      ]);
    }
    return writes.batch(await table(req, params), body);
  });
}
