import { AutomationEndpoints, type CreateAutomationBody, type UpdateAutomationBody } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { adminHeader } from '../../http/admin-mode.js';
import { Errors } from '../../http/app-error.js';
import { requestLanguage } from '../../http/language.js';
import { route } from '../../http/route.js';
import type { AutomationButtons } from './buttons.js';
import type { AutomationEvents } from './events.js';
import type { AutomationService } from './service.js';

/** An app's automations (its designers), and the incoming webhook address (its secret is its key). */
export function automationRoutes(
  app: FastifyInstance,
  automations: AutomationService,
  events: AutomationEvents,
  buttons: AutomationButtons,
) {
  const A = AutomationEndpoints;
  const who = (req: Parameters<typeof adminHeader>[0]) => [req.tenant, adminHeader(req)] as const;
  route(app, A.list, ({ req, params }) => automations.list(req.tenant, params.appCode, adminHeader(req)));
  route(app, A.get, ({ req, params }) =>
    automations.get(req.tenant, params.appCode, adminHeader(req), params.automationId),
  );
  route(app, A.create, ({ req, params, body }) =>
    automations.create(req.tenant, params.appCode, adminHeader(req), body as CreateAutomationBody),
  );
  route(app, A.update, ({ req, params, body }) =>
    automations.update(req.tenant, params.appCode, adminHeader(req), params.automationId, body as UpdateAutomationBody),
  );
  route(app, A.remove, async ({ req, params }) => {
    const [tenant, admin] = who(req);
    await automations.remove(tenant, params.appCode, admin, params.automationId);
    return true;
  });
  route(app, A.publish, ({ req, params }) =>
    automations.publish(req.tenant, params.appCode, adminHeader(req), params.automationId),
  );
  route(app, A.setEnabled, ({ req, params, body }) =>
    automations.setEnabled(req.tenant, params.appCode, adminHeader(req), params.automationId, body.enabled),
  );
  route(app, A.test, ({ req, params, body }) =>
    automations.test(req.tenant, params.appCode, adminHeader(req), params.automationId, body, requestLanguage(req)),
  );
  route(app, A.runs, ({ req, params, query }) =>
    automations.runs(req.tenant, params.appCode, adminHeader(req), params.automationId, query, requestLanguage(req)),
  );
  // One run, read or run again from its failed step: the same arguments.
  for (const [endpoint, act] of [
    [A.run, automations.run],
    [A.rerun, automations.rerun],
  ] as const)
    route(app, endpoint, ({ req, params }) =>
      act.call(
        automations,
        req.tenant,
        params.appCode,
        adminHeader(req),
        params.automationId,
        params.runId,
        requestLanguage(req),
      ),
    );
  route(app, A.buttons, ({ req, params }) =>
    buttons.list(req.tenant, params.appCode, params.schemaCode, adminHeader(req)),
  );
  route(app, A.press, ({ req, params, body }) =>
    buttons.press(
      req.tenant,
      params.appCode,
      adminHeader(req),
      params.automationId,
      body.recordId,
      requestLanguage(req),
    ),
  );
  route(app, A.pressed, ({ req, params }) =>
    buttons.pressed(req.tenant, params.appCode, params.automationId, params.runId, requestLanguage(req)),
  );
  route(app, A.incoming, async ({ req, reply, params, body }) => {
    const key = req.headers['idempotency-key'];
    const queued = await events.incoming(
      params.automationId,
      params.secret,
      body,
      typeof key === 'string' && key.length <= 100 ? key : undefined,
    );
    if (!queued) throw Errors.notFound();
    void reply.code(202);
    return queued;
  });
}
