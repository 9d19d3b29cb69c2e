import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed answers (issue 15, payload): JSON and HTML over 1 KB go out as brotli (quality 4: fast
 * enough per request), gzip or deflate, as the client accepts. Static assets are compressed once at
 * build time (apps/web/build/precompress.ts) and served as they are (`preCompressed` in static.ts),
 * so this never spends CPU on them. The live channel's event stream writes to the socket itself and
 * is never buffered by it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}
