import { ErrorCode, OpenFlowEndpoints } from '@canopy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, Errors } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { requestLanguage } from '../../http/language.js';
import { route } from '../../http/route.js';
import type { TodoService } from '../todos/service.js';
import type { InstanceActions } from './instance-actions.js';
import type { ItemActions } from './item-actions.js';

function tenantOf(req: FastifyRequest): TenantContext {
  if (!req.tenant) throw new AppError(403, ErrorCode.forbidden, 'org.noTeam');
  return req.tenant;
}

/**
 * Flows for integrators under `/open/v1` (issue 17): submit a record into its flow, list one's own
 * open work items of an app, approve or reject one. The same actions as the web app's (a token
 * never acts in admin mode); a work item is reached only through the app it belongs to, so a token
 * scoped to other apps cannot act on it.
 */
export function openFlowRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  s: { instances: InstanceActions; items: ItemActions; todos: TodoService },
): void {
  const O = OpenFlowEndpoints;
  route(app, O.start, async ({ req, params, body }) =>
    s.instances.start(tenantOf(req), false, {
      appCode: params.appCode,
      schemaCode: params.tableCode,
      recordId: params.id,
      ...(body.comment ? { comment: body.comment } : {}),
    }),
  );
  route(app, O.workItems, async ({ req, params, query }) =>
    s.todos.list(tenantOf(req), requestLanguage(req), {
      taskType: 'todo',
      pageSize: query.pageSize ?? 20,
      pageIndex: query.pageIndex ?? 0,
      group: { kind: 'app', appCode: params.appCode },
    }),
  );
  /** The work item, named through its app: one of another app (or team) is not found here. */
  const inApp = async (tenant: TenantContext, appCode: string, workItemId: string) => {
    const item = await db
      .selectFrom('work_items')
      .select('id')
      .where('id', '=', workItemId)
      .where('engine_code', '=', tenant.engineCode)
      .where('app_code', '=', appCode)
      .executeTakeFirst();
    if (!item) throw Errors.notFound();
    return { workItemId };
  };
  route(app, O.approve, async ({ req, params, body }) => {
    const tenant = tenantOf(req);
    const workItem = await inApp(tenant, params.appCode, params.workItemId);
    return s.items.approve(tenant, false, { workItem, ...(body.comment ? { comment: body.comment } : {}) });
  });
  route(app, O.reject, async ({ req, params, body }) => {
    const tenant = tenantOf(req);
    const workItem = await inApp(tenant, params.appCode, params.workItemId);
    return s.items.reject(tenant, false, { workItem, ...(body.comment ? { comment: body.comment } : {}) });
  });
}
