import type { Plugin } from 'vite';

/** The host pages the server answers with auth.html (login, register, logout live outside the SPA). */
const AUTH_PAGES = new Set(['/login', '/register', '/logout']);

/** Dev server only: mirror the server's routing so /login etc. load auth.html instead of the SPA. */
export function authPagesDevPlugin(): Plugin {
  return {
    name: 'canopy-auth-pages-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname = '', query] = (req.url ?? '').split('?');
        if (AUTH_PAGES.has(pathname.replace(/\/$/, ''))) req.url = `/auth.html${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}
