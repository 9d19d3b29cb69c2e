import { EngineState, liveHeartbeatMs } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../http/app-error.js';
import type { EngineRepository } from '../engines/repository.js';
import type { LiveBus } from './bus.js';

/**
 * GET /v1/live/:engineCode/events — server-sent events for the session user's membership in that
 * team: `event: letter` (a new letter, or letters marked read elsewhere) and `event: todo` (one of
 * their work items changed). The data is `{}`: the tab refetches what it shows. A comment line every
 * liveHeartbeatMs keeps proxies from closing the stream; a closed connection unsubscribes at once.
 * EventSource sends no custom headers, so the team is the path's and checked here (member, open team).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The live signals of this process (tests count its open streams). */
    liveBus: LiveBus;
  }
}

export function liveRoutes(app: FastifyInstance, engines: EngineRepository, bus: LiveBus): void {
  app.decorate('liveBus', bus);
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.addHook('onClose', () => bus.close());

  app.get<{ Params: { engineCode: string } }>(
    '/v1/live/:engineCode/events',
    { schema: { hide: true } },
    async (req, reply) => {
      if (!req.auth) throw Errors.unauthorized();
      const membership = await engines.findMembershipByEngine(req.auth.user.id, req.params.engineCode);
      if (!membership) throw Errors.tenantMismatch();
      if (membership.state === EngineState.closed) throw Errors.teamClosed();

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n: connected\n\n');
      const unsubscribe = bus.subscribe(membership.engine_code, membership.member_id, (type) => {
        res.write(`event: ${type}\ndata: {}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': ping\n\n'), liveHeartbeatMs);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      req.raw.on('close', end);
      res.on('error', end);
    },
  );
}
