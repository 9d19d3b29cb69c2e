import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@canopy/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import Type from 'typebox';
import { Errors } from './app-error.js';
import type { AuthContext } from './context.js';

export interface Handled<E extends Endpoint> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: BodyOf<E>;
  query: QueryOf<E>;
  params: ParamsOf<E>;
}

export interface Authed<E extends Endpoint> extends Handled<E> {
  auth: AuthContext;
}

type Handler<E extends Endpoint> = E['auth'] extends 'session'
  ? (ctx: Authed<E>) => Promise<ResponseOf<E>>
  : (ctx: Handled<E>) => Promise<ResponseOf<E>>;

/**
 * Refuses a request without a session (401). It runs on `onRequest`, after the session and tenant
 * hooks and before the body is read or anything is validated: an anonymous caller learns nothing
 * about an endpoint's fields, and a failed authentication costs no parsing.
 */
export const requireSession: onRequestHookHandler = async (req) => {
  if (!req.auth) throw Errors.unauthorized();
};

export interface RouteOptions<E extends Endpoint> {
  /**
   * Writes the answer's `data` as JSON instead of the response schema's serializer, for hot answers
   * whose shape a hand-written serializer keeps exactly (it must write only the schema's keys).
   */
  serialize?: (data: ResponseOf<E>) => string;
}

/** One response schema object per endpoint: serializers are compiled once per schema object (compilers.ts). */
const responses = new WeakMap<Endpoint, object>();

export function responseOf(endpoint: Endpoint): object {
  let schema = responses.get(endpoint);
  if (!schema) {
    schema = Type.Object({ data: endpoint.response });
    responses.set(endpoint, schema);
  }
  return schema;
}

/**
 * Registers one contract endpoint: its schemas drive validation, serialization and the OpenAPI
 * document; an endpoint that needs a session is authenticated before anything is validated; the
 * result is wrapped in `{ data }`.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions<E> = {},
): void {
  const { serialize } = options;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.auth === 'session' ? { onRequest: requireSession } : {}),
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    // Read by the session hook (may a token call it?) and the OpenAPI document (security, operationId).
    config: { auth: endpoint.auth, token: endpoint.token },
    schema: {
      ...(endpoint.operationId ? { operationId: endpoint.operationId } : {}),
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: responseOf(endpoint) },
    },
    ...(serialize
      ? {
          serializerCompiler:
            ({ httpStatus }: { httpStatus?: string }) =>
            (payload: unknown) =>
              httpStatus === '200'
                ? `{"data":${serialize((payload as { data: ResponseOf<E> }).data)}}`
                : JSON.stringify(payload),
        }
      : {}),
    handler: async (req, reply) => {
      const ctx = {
        req,
        reply,
        body: req.body as BodyOf<E>,
        query: req.query as QueryOf<E>,
        params: req.params as ParamsOf<E>,
        ...(req.auth ? { auth: req.auth } : {}),
      };
      const data = await (handler as (c: typeof ctx) => Promise<unknown>)(ctx);
      return { data };
    },
  });
}
