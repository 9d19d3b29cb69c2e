import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * The Content-Security-Policy every answer carries (HTML pages, Swagger UI at /api/docs, assets
 * and JSON alike).
 * - Scripts only from files: the built app and Swagger UI have no inline script, so nothing injected
 *   into a page runs.
 * - Styles also inline: Ant Design writes its CSS-in-JS into <style> elements and React sets
 *   `style` attributes; allowing inline styles lets no script run.
 * - Images also from data: and blob: URLs (the avatar cropper's previews, Swagger UI's icons).
 * - With CDN_BASE, the CDN's origin serves scripts, styles, images and fonts too.
 * - Frames (a custom page's embedded-page blocks, sandboxed) from this site and https addresses;
 *   also plain http when PUBLIC_URL is http (private deployments embed their intranet's pages).
 * - frame-ancestors is FRAME_ANCESTORS (the DingTalk, Feishu or WeCom workbench that embeds the
 *   app), or only this site.
 * - upgrade-insecure-requests only when PUBLIC_URL is https: a plain-http private deployment
 *   would otherwise have every asset request rewritten to an https address that does not exist.
 */
/**
 * CDN_BASE as a CSP source: an absolute URL's origin, a scheme-relative one's host (the page's
 * scheme applies); a path on this server needs nothing beyond 'self'.
 */
export function cdnSource(cdnBase: string): string[] {
  if (!cdnBase || (cdnBase.startsWith('/') && !cdnBase.startsWith('//'))) return [];
  const url = new URL(cdnBase, 'https://placeholder.invalid');
  return [cdnBase.startsWith('//') ? url.host : url.origin];
}

function contentSecurityPolicy(config: Config) {
  const cdn = cdnSource(config.cdnBase);
  const https = config.publicUrl?.startsWith('https://') ?? false;
  // WeCom's JS-SDK (shell/environment/wecom-sdk.ts) is WeCom's own script, loaded only inside WeCom.
  const wecomSdk = config.wecom ? ['https://res.wx.qq.com', 'https://open.work.weixin.qq.com'] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      connectSrc: ["'self'", ...cdn],
      scriptSrc: ["'self'", ...cdn, ...wecomSdk],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'", ...cdn],
      imgSrc: ["'self'", 'data:', 'blob:', ...cdn],
      fontSrc: ["'self'", 'data:', ...cdn],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameSrc: ["'self'", 'https:', ...(https ? [] : ['http:'])],
      frameAncestors: config.frameAncestors.length ? config.frameAncestors : ["'self'"],
      upgradeInsecureRequests: https ? [] : null,
    },
  } as const;
}

/**
 * Security headers through helmet: CSP (above), Referrer-Policy `same-origin` (a page address, which
 * may hold record ids, never leaves the site), X-Frame-Options SAMEORIGIN for browsers without
 * frame-ancestors (left out when FRAME_ANCESTORS names other sites: it cannot express them and
 * would forbid what the CSP allows), nosniff, HSTS only for an https PUBLIC_URL. Routes may still
 * set a stricter CSP of their own (file downloads are sandboxed).
 *
 * helmet itself, built once: the headers are the same for every answer of the process, and the
 * Fastify plugin built helmet anew for every request (parsing the whole CSP each time, on every
 * asset and every list).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const apply = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    referrerPolicy: { policy: 'same-origin' },
    frameguard: config.frameAncestors.length ? false : { action: 'sameorigin' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600 } : false,
    // Assets fetched from a CDN that pulls them from here are loaded cross-origin by the app.
    crossOriginResourcePolicy: { policy: config.cdnBase ? 'cross-origin' : 'same-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
