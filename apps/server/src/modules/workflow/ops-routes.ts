import { WorkflowOpsEndpoints } from '@canopy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminHeader } from '../../http/admin-mode.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { route } from '../../http/route.js';
import type { WorkflowAnalyticsService } from './analytics.js';
import type { DelegationService } from './delegations.js';

export interface WorkflowOps {
  delegations: DelegationService;
  analytics: WorkflowAnalyticsService;
}

function tenantOf(req: FastifyRequest): TenantContext {
  if (!req.tenant) throw new AppError(403, 'auth.forbidden', 'org.noTeam');
  return req.tenant;
}

/** Out-of-office delegation (the asker's own) and a flow's analytics (the app's edit right). */
export function workflowOpsRoutes(app: FastifyInstance, s: WorkflowOps): void {
  const W = WorkflowOpsEndpoints;
  route(app, W.myDelegation, async ({ req }) => s.delegations.get(tenantOf(req)));
  route(app, W.setDelegation, async ({ req, body }) => s.delegations.set(tenantOf(req), body));
  route(app, W.delegationScopes, async ({ req }) => s.delegations.scopes(tenantOf(req)));
  route(app, W.clearDelegation, async ({ req }) => s.delegations.clear(tenantOf(req)));
  route(app, W.analytics, async ({ req, params }) =>
    s.analytics.analytics(req.tenant, adminHeader(req), params.appCode, params.schemaCode),
  );
}
