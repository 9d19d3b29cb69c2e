import { ShortcutEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { ShortcutService } from './service.js';

export function shortcutRoutes(app: FastifyInstance, shortcuts: ShortcutService): void {
  const E = ShortcutEndpoints;
  route(app, E.list, async ({ req }) => shortcuts.list(req.tenant));
  route(app, E.tree, async ({ req }) => shortcuts.tree(req.tenant));
  route(app, E.create, async ({ req, body }) => shortcuts.create(req.tenant, body));
  route(app, E.saveLayout, async ({ req, body }) => shortcuts.saveLayout(req.tenant, body.layout));
  route(app, E.update, async ({ req, params, body }) => shortcuts.update(req.tenant, params.code, body));
  route(app, E.remove, async ({ req, params }) => shortcuts.remove(req.tenant, params.code));
}
