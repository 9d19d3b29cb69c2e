import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** OpenAPI document generated from the contract's route schemas, with Swagger UI at /api/docs. */
export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Canopy API',
        version,
        description:
          'Success answers `{ data }`; failures answer `{ errorCode, errorMessage, errorType }`. Every response carries `x-trace-id`.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'canopy_sid' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
