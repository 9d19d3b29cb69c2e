import { ErrorCode } from '@canopy/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';

type Json = Record<string, unknown>;

/** An operationId from the method and path where the endpoint names none: `GET /v1/apps/:appCode` → getV1AppsByAppCode. */
export function derivedOperationId(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const param = /^[:{](\w+)\}?$/.exec(part);
      const text = param ? `by-${param[1]}` : part;
      return text
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0]?.toUpperCase() + w.slice(1))
        .join('');
    })
    .join('');
  return method.toLowerCase() + words;
}

/**
 * Who may call a route, for the document: contract endpoints say it (route.ts puts `auth` and
 * `token` in the route's config); the few routes registered by hand (uploads, callbacks) say it in
 * their own config, and otherwise need a session.
 */
function securityOf(route: RouteOptions): Record<string, string[]>[] {
  const config = (route.config ?? {}) as { auth?: string; token?: string };
  const auth = config.auth ?? 'session';
  if (auth === 'none') return [];
  if (auth === 'optional') return [{ session: [] }, {}];
  return config.token ? [{ session: [] }, { bearer: [] }] : [{ session: [] }];
}

const envelope = {
  type: 'object',
  required: ['errorCode', 'errorMessage', 'errorType'],
  properties: {
    errorCode: {
      type: 'string',
      description: `A stable code: ${Object.values(ErrorCode).join(', ')} (or a spec code such as corp.state.forbidden)`,
    },
    errorMessage: { type: 'string', description: "In the requester's language (Accept-Language / x-language)" },
    errorType: { type: 'string', enum: ['BIZ', 'AUTH', 'VALIDATION', 'SYSTEM'] },
    fieldErrors: {
      type: 'array',
      description: 'On validation failures: one message per offending field',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
    retryAfter: { type: 'integer', description: 'Seconds to wait (throttling; also the Retry-After header)' },
  },
};

const errorAnswer = (description: string, headers?: Json) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  ...(headers ? { headers } : {}),
});

const RESPONSES = {
  BadRequest: errorAnswer(
    `Malformed or invalid request (${ErrorCode.validationFailed} names each field in fieldErrors; ${ErrorCode.badRequest})`,
  ),
  Unauthorized: errorAnswer(`No session, or an unknown, expired or revoked token (${ErrorCode.unauthorized})`),
  Forbidden: errorAnswer(
    `Not permitted: the member's role, field or row rules, a team not theirs (${ErrorCode.tenantMismatch}), a closed team (corp.state.forbidden), or outside the token's scope (${ErrorCode.forbidden})`,
  ),
  NotFound: errorAnswer(`No such thing, or deleted (${ErrorCode.notFound})`),
  Conflict: errorAnswer(`Changed by someone else meanwhile: read it again (${ErrorCode.conflict})`),
  TooManyRequests: errorAnswer(`Over the rate (${ErrorCode.rateLimited}); wait Retry-After seconds`, {
    'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
  }),
};

const TAGS: Record<string, string> = {
  'open-records': 'Records API for integrators (/open/v1): session or API token · 面向集成的记录接口',
  'open-flows': "Flows for integrators (/open/v1): submit a record, act on one's own work items · 面向集成的流程接口",
};

/** The 4xx answers an operation can give, from its security, parameters and method. */
function errorResponses(op: Json, path: string, method: string): Json {
  const security = (op.security as Json[] | undefined) ?? [];
  const authed = security.some((s) => Object.keys(s).length > 0);
  const token = security.some((s) => 'bearer' in s);
  const out: Json = { '400': { $ref: '#/components/responses/BadRequest' } };
  if (authed) {
    out['401'] = { $ref: '#/components/responses/Unauthorized' };
    out['403'] = { $ref: '#/components/responses/Forbidden' };
  }
  if (path.includes('{')) out['404'] = { $ref: '#/components/responses/NotFound' };
  if (token && method !== 'get' && path.includes('/records')) out['409'] = { $ref: '#/components/responses/Conflict' };
  if (token) out['429'] = { $ref: '#/components/responses/TooManyRequests' };
  return out;
}

/**
 * OpenAPI document generated from the contract's route schemas, with Swagger UI at /api/docs.
 * Every operation gets an operationId, its security (cookie session, or also a bearer API token on
 * routes tokens may call), its 4xx answers with the error envelope; servers come from PUBLIC_URL.
 */
export async function registerDocs(
  app: FastifyInstance,
  version: string,
  publicUrl: string | undefined,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Canopy API',
        version,
        description:
          'Success answers `{ data }`; failures answer `{ errorCode, errorMessage, errorType }`. Every response carries `x-trace-id`. ' +
          'Integrators call `/open/v1` with `Authorization: Bearer <token>` (account settings → API tokens).',
        license: { name: 'Proprietary', url: `${publicUrl ?? 'http://localhost:3000'}/` },
      },
      servers: [{ url: publicUrl ?? 'http://localhost:3000' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'canopy_sid' },
          bearer: { type: 'http', scheme: 'bearer', description: 'A personal API token (cnp_…)' },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
      const given = (schema ?? {}) as Json;
      return {
        schema: {
          ...given,
          operationId: (given.operationId as string | undefined) ?? derivedOperationId(method, url),
          security: securityOf(route),
        },
        // The router ignores trailing slashes; the document lists each path once without one.
        url: url.length > 1 ? url.replace(/\/$/, '') : url,
      };
    },
    transformObject: (documentObject) => {
      const doc = ('openapiObject' in documentObject ? documentObject.openapiObject : {}) as Json;
      const components = (doc.components ?? {}) as Json;
      doc.components = {
        ...components,
        schemas: { ...((components.schemas as Json | undefined) ?? {}), ErrorEnvelope: envelope },
        responses: RESPONSES,
      };
      const used = new Set<string>();
      for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
        for (const [method, op] of Object.entries(item as Record<string, Json>)) {
          op.responses = { ...((op.responses as Json | undefined) ?? {}), ...errorResponses(op, path, method) };
          for (const tag of (op.tags as string[] | undefined) ?? []) used.add(tag);
        }
      }
      doc.tags = [...used].sort().map((name) => ({ name, description: TAGS[name] ?? `Canopy ${name}` }));
      return doc;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
