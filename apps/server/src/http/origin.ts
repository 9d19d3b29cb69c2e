import { ErrorCode, ErrorType } from '@canopy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether `origin` is this server's own: PUBLIC_URL's origin, or the host the request was sent to
 * (`req.host`: the Host header, or X-Forwarded-Host with TRUST_PROXY). The Host header is read
 * with the origin's scheme so a default port compares equal. `null` (sandboxed frames, files) and
 * anything unparsable are foreign.
 */
function isOwnOrigin(origin: string, req: FastifyRequest, publicOrigin: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (publicOrigin && parsed.origin === publicOrigin) return true;
  try {
    return parsed.host === new URL(`${parsed.protocol}//${req.host}`).host;
  } catch {
    return false;
  }
}

/**
 * Tells a request another site made the browser send: a foreign `Origin`, or, without one, the
 * browser's own `Sec-Fetch-Site: cross-site`. Requests with neither (server to server, curl, tests)
 * are not; nor are same-site ones without an Origin (a link from a sibling team sub-domain).
 */
export function crossSiteCheck(publicUrl: string | undefined): (req: FastifyRequest) => boolean {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return (req) => {
    const origin = header(req, 'origin');
    if (origin !== undefined) return !isOwnOrigin(origin, req, publicOrigin);
    return header(req, 'sec-fetch-site') === 'cross-site';
  };
}

export const crossSiteRefused = () =>
  new AppError(403, ErrorCode.crossSiteRefused, 'error.crossSite', {}, ErrorType.auth);

/**
 * Refuses state-changing requests (POST, PUT, PATCH, DELETE) that another site made a browser
 * send, before anything is read or run. The session cookie is SameSite=Lax and bodies are JSON only,
 * so this is a second wall: it also holds for same-site attackers (a sibling sub-domain) and for
 * browsers that ignore SameSite.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const isCrossSite = crossSiteCheck(publicUrl);
  app.addHook('onRequest', async (req) => {
    if (STATE_CHANGING.has(req.method) && isCrossSite(req)) throw crossSiteRefused();
  });
}
