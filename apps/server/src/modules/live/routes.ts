import { EngineState, liveHeartbeatMs, USER_LIVE_PATH } from '@canopy/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Errors } from '../../http/app-error.js';
import type { EngineRepository } from '../engines/repository.js';
import type { LiveBus } from './bus.js';

/**
 * GET /v1/live/:engineCode/events — server-sent events for the session user's membership in that
 * team: `event: letter` (a new letter, or letters marked read elsewhere), `event: todo` (one of
 * their work items changed) and `event: records` (to the whole team: a table's records changed; the
 * data names the table, `{ schemaCode }`). Otherwise the data is `{}`: the tab refetches what it
 * shows. A comment line every liveHeartbeatMs keeps proxies from closing the stream; a closed
 * connection unsubscribes at once.
 * EventSource sends no custom headers, so the team is the path's and checked here (member, open team).
 * Every stream also hears the user's own `invitation` signals; USER_LIVE_PATH carries only those, for
 * a tab without a team (a newcomer on 创建团队 sees an invitation the moment it is sent).
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

  /** Holds the response open as an event stream with the given subscriptions until either side closes it. */
  const stream = (
    req: FastifyRequest,
    reply: FastifyReply,
    subscribe: (send: (type: string, data?: object) => void) => (() => void)[],
  ) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n: connected\n\n');
    const unsubscribe = subscribe((type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify(data ?? {})}\n\n`));
    const heartbeat = setInterval(() => res.write(': ping\n\n'), liveHeartbeatMs);
    const end = () => {
      clearInterval(heartbeat);
      for (const u of unsubscribe) u();
      open.delete(end);
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    req.raw.on('close', end);
    res.on('error', end);
  };

  app.get<{ Params: { engineCode: string } }>(
    '/v1/live/:engineCode/events',
    { schema: { hide: true } },
    async (req, reply) => {
      if (!req.auth) throw Errors.unauthorized();
      const userId = req.auth.user.id;
      const membership = await engines.findMembershipByEngine(userId, req.params.engineCode);
      if (!membership) throw Errors.tenantMismatch();
      if (membership.state === EngineState.closed) throw Errors.teamClosed();
      stream(req, reply, (send) => [
        bus.subscribe(membership.engine_code, membership.member_id, send),
        bus.subscribeUser(userId, send),
      ]);
    },
  );

  app.get(USER_LIVE_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!req.auth) throw Errors.unauthorized();
    const userId = req.auth.user.id;
    stream(req, reply, (send) => [bus.subscribeUser(userId, send)]);
  });
}
