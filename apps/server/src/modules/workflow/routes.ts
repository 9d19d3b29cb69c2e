import { WorkflowEndpoints } from '@canopy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminHeader } from '../../http/admin-mode.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { requestLanguage } from '../../http/language.js';
import { route } from '../../http/route.js';
import { asFormSubmission } from '../automations/form-trigger.js';
import type { WorkflowDesign } from './design-service.js';
import type { InstanceActions } from './instance-actions.js';
import type { ItemActions } from './item-actions.js';
import type { FlowPaths } from './path-service.js';
import type { WorkflowViews } from './view-service.js';

export interface WorkflowServices {
  design: WorkflowDesign;
  items: ItemActions;
  instances: InstanceActions;
  views: WorkflowViews;
  paths: FlowPaths;
}

function tenantOf(req: FastifyRequest): TenantContext {
  if (!req.tenant) throw new AppError(403, 'auth.forbidden', 'org.noTeam');
  return req.tenant;
}

/** Approval workflows: designing (the app's edit right) and acting (the work item's participant). */
export function workflowRoutes(app: FastifyInstance, s: WorkflowServices): void {
  const W = WorkflowEndpoints;
  const t = tenantOf;
  const a = adminHeader;
  route(app, W.get, async ({ req, params }) =>
    s.design.get(req.tenant, a(req), params.appCode, params.schemaCode, requestLanguage(req)),
  );
  route(app, W.saveDraft, async ({ req, params, body }) =>
    s.design.saveDraft(req.tenant, a(req), params.appCode, params.schemaCode, body, requestLanguage(req)),
  );
  route(app, W.publish, async ({ req, params }) =>
    s.design.publish(req.tenant, a(req), params.appCode, params.schemaCode, requestLanguage(req)),
  );
  route(app, W.versions, async ({ req, params }) =>
    s.design.versions(req.tenant, a(req), params.appCode, params.schemaCode),
  );
  route(app, W.version, async ({ req, params }) =>
    s.design.version(req.tenant, a(req), params.appCode, params.schemaCode, params.version),
  );
  route(app, W.startContext, async ({ req, params }) =>
    s.design.startContext(req.tenant, a(req), params.appCode, params.schemaCode),
  );
  // A new record's data submitted into a flow is a form submission (automations' form trigger).
  route(app, W.start, async ({ req, body }) =>
    body.recordId
      ? s.instances.start(t(req), a(req), body)
      : asFormSubmission(() => s.instances.start(t(req), a(req), body)),
  );
  route(app, W.submit, async ({ req, body }) => s.items.submit(t(req), a(req), body));
  route(app, W.save, async ({ req, body }) => s.items.save(t(req), a(req), body));
  route(app, W.approval, async ({ req, body }) => s.items.approve(t(req), a(req), body));
  route(app, W.disapproval, async ({ req, body }) => s.items.reject(t(req), a(req), body));
  route(app, W.revert, async ({ req, body }) => s.items.revert(t(req), a(req), body));
  route(app, W.resume, async ({ req, body }) => s.items.resume(t(req), a(req), body));
  route(app, W.transfer, async ({ req, body }) => s.items.transfer(t(req), a(req), body));
  route(app, W.addSigner, async ({ req, body }) => s.items.addSigner(t(req), a(req), body));
  route(app, W.cc, async ({ req, body }) => s.items.cc(t(req), a(req), body));
  route(app, W.read, async ({ req, body }) => s.items.read(t(req), body.workItem));
  route(app, W.withdraw, async ({ req, body }) => s.instances.withdraw(t(req), a(req), body));
  route(app, W.terminate, async ({ req, body }) => s.instances.terminate(t(req), a(req), body));
  route(app, W.comment, async ({ req, body }) => s.instances.comment(t(req), a(req), body));
  route(app, W.viewContext, async ({ req, query }) =>
    s.views.viewContext(t(req), a(req), query.instanceId, query.workitemId || undefined),
  );
  route(app, W.instance, async ({ req, query }) => s.views.detail(t(req), a(req), query.instanceId));
  route(app, W.instancePath, async ({ req, query }) => s.paths.ahead(t(req), a(req), query.instanceId));
  route(app, W.previewPath, async ({ req, body }) => s.paths.preview(t(req), a(req), body));
  route(app, W.recordInstance, async ({ req, params }) =>
    s.views.byRecord(t(req), a(req), params.appCode, params.schemaCode, params.id),
  );
  route(app, W.recordItems, async ({ req, params }) =>
    s.views.myItems(t(req), a(req), params.appCode, params.schemaCode, params.id),
  );
}
