import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web app's hashed files (`/assets/<name>`), served from memory. A page's first load asks for
 * a hundred chunks from the same server thread as its data; @fastify/static read the assets
 * directory's listing (~600 names) for every one of them (its check against case-insensitive file
 * systems) and streamed each file from disk: ~0.9 ms of CPU for a 700-byte chunk. A hashed file
 * never changes, so each is read once — with the build's brotli and gzip copies — and answered from
 * memory after that (the whole build is ~10 MB; the cache keeps at most CACHE_BYTES). A file added
 * by a redeploy is found on its first request, without a restart.
 */
const CACHE_BYTES = 64 * 1024 * 1024;

/** Where the built files are served: every request under it is one of them (or a 404), never an API call. */
export const ASSETS_PREFIX = '/assets/';

/** What the build writes; anything else is sent as bytes. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** A file name as the build writes them: no directory, no hidden file, nothing to escape with. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

interface Asset {
  type: string;
  plain: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

async function readIfThere(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw e;
  }
}

/** Whether an Accept-Encoding header takes this coding (by name or `*`, without `q=0`). */
export function acceptsEncoding(header: string, coding: string): boolean {
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.split(';');
    const name = token.trim().toLowerCase();
    if (name !== coding && name !== '*') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    return true;
  }
  return false;
}

/** The encoding to send: the build's brotli copy, else its gzip copy, as the client accepts them. */
function encodingFor(req: FastifyRequest, asset: Asset): 'br' | 'gzip' | null {
  const accepted = req.headers['accept-encoding'];
  if (typeof accepted !== 'string' || !accepted) return null;
  if (asset.br && acceptsEncoding(accepted, 'br')) return 'br';
  if (asset.gzip && acceptsEncoding(accepted, 'gzip')) return 'gzip';
  return null;
}

export function registerAssets(app: FastifyInstance, assetsDir: string): void {
  const cache = new Map<string, Asset>();
  let cachedBytes = 0;
  const loading = new Map<string, Promise<Asset | null>>();

  const load = async (name: string): Promise<Asset | null> => {
    const file = path.join(assetsDir, name);
    const plain = await readIfThere(file);
    if (!plain) return null;
    const [br, gzip] = await Promise.all([readIfThere(`${file}.br`), readIfThere(`${file}.gz`)]);
    const asset: Asset = {
      type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      plain,
      br,
      gzip,
    };
    const bytes = plain.length + (br?.length ?? 0) + (gzip?.length ?? 0);
    if (cachedBytes + bytes <= CACHE_BYTES) {
      cache.set(name, asset);
      cachedBytes += bytes;
    }
    return asset;
  };

  const find = (name: string): Promise<Asset | null> | Asset | null => {
    const hit = cache.get(name);
    if (hit) return hit;
    let pending = loading.get(name);
    if (!pending) {
      pending = load(name).finally(() => loading.delete(name));
      loading.set(name, pending);
    }
    return pending;
  };

  const serve = async (req: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const { name } = req.params;
    const asset = NAME.test(name) ? await find(name) : null;
    if (!asset) return reply.callNotFound();
    const encoding = encodingFor(req, asset);
    const body = encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : asset.plain;
    reply
      .header('content-type', asset.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };

  // compress: false — the build compressed these already; nothing is compressed per request.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${ASSETS_PREFIX}:name`,
    config: { compress: false },
    schema: { hide: true },
    handler: serve,
  });
}
