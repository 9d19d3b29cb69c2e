import { PRINT_VERSION, REPORT_VERSION, SystemEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ListenerState } from '../../db/database.js';
import type { Services } from '../../http/context.js';
import { route } from '../../http/route.js';
import { PRODUCT_VERSION, webBuildVersion } from '../../version.js';
import type { AnnouncementService } from './announcements-service.js';

/**
 * `listenerState`: PostgreSQL's LISTEN connection (live events, cache drops of other processes);
 * `/healthz` reports it as `listener` ('up', or 'reconnecting' while it is lost).
 */
export function systemRoutes(
  app: FastifyInstance,
  services: Services,
  announcements: AnnouncementService,
  listenerState?: () => ListenerState,
): void {
  const { config } = services;

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    await sql`select 1`.execute(services.db);
    return reply.send({
      status: 'ok',
      database: services.dialect,
      ...(listenerState ? { listener: listenerState() } : {}),
    });
  });

  route(app, SystemEndpoints.info, async () => ({
    versions: {
      main: PRODUCT_VERSION,
      kernel: PRODUCT_VERSION,
      // The sub-applications carry their own versions (the contract's constants).
      report: REPORT_VERSION,
      print: PRINT_VERSION,
      operationPosition: PRODUCT_VERSION,
    },
    copyright: `© 2026 Canopy. All rights reserved.`,
    privateDeployment: config.privateDeployment,
    sso: config.oidc ? { label: config.oidc.label } : null,
    wecom: Boolean(config.wecom),
    rootDomain: config.rootDomain,
    cdnBase: config.cdnBase,
  }));

  route(app, SystemEndpoints.announcements, async () => announcements.published());

  route(app, SystemEndpoints.expiredTags, async () => announcements.expiredIds());

  route(app, SystemEndpoints.version, async () => webBuildVersion(config.webDist));
}
