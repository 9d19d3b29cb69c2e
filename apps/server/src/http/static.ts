import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Errors } from './app-error.js';
import { ASSETS_PREFIX, registerAssets } from './assets.js';
import { requestLanguage } from './language.js';

/** Paths that belong to the API: they never fall back to the web app. */
const API_PREFIXES = ['/v1/', '/v2/', '/api/', '/ug-foreground/', '/healthz'];
/** Host pages outside the app shell (spec §2: login and logout are external paths on the host). */
const AUTH_PAGES = new Set(['/login', '/register', '/logout']);

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
}

/**
 * Serves the built web app. Hashed assets are cached for a year; HTML never, so a deploy is picked
 * up at once. Any other GET that wants HTML gets the app (history-mode routing), so a reload on a
 * deep link works.
 */
/**
 * The two HTML pages, read per request (a redeploy of the web files needs no restart). With a CDN
 * configured, asset URLs point at it; lazily loaded chunks are relative to their entry, so they follow.
 */
function htmlPage(webDist: string, file: 'index.html' | 'auth.html', cdnBase: string): string {
  const html = fs.readFileSync(path.join(webDist, file), 'utf8');
  if (!cdnBase) return html;
  const base = cdnBase.replace(/\/$/, '');
  return html.replace(/(src|href)="\/assets\//g, `$1="${base}/assets/`);
}

export async function registerWebApp(app: FastifyInstance, webDist: string | undefined, cdnBase = ''): Promise<void> {
  const hasWeb = Boolean(webDist && fs.existsSync(path.join(webDist, 'index.html')));
  const sendPage = (reply: FastifyReply, file: 'index.html' | 'auth.html') =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(htmlPage(webDist ?? '', file, cdnBase));
  if (hasWeb && webDist) {
    registerAssets(app, path.join(webDist, 'assets'));
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // assets/*.br and *.gz written by the build (apps/web/build/precompress.ts), sent as they are.
      preCompressed: true,
      // The root's few files (favicon, version.json; the hashed assets are assets.ts's), looked up
      // per request; a miss falls through to the not-found handler below.
      wildcard: true,
      setHeaders(res) {
        res.header('cache-control', 'no-cache');
      },
    });
    // The bare root is a directory to the static handler; it is the app like any other page.
    app.get('/', { schema: { hide: true } }, (_req, reply) => sendPage(reply, 'index.html'));
  }

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(pathname) && !pathname.startsWith(ASSETS_PREFIX);
    if (hasWeb && wantsPage) {
      return sendPage(reply, AUTH_PAGES.has(pathname) ? 'auth.html' : 'index.html');
    }
    return reply.status(404).send(Errors.notFound().toEnvelope(requestLanguage(req)));
  });
}
