import { HOME_PATH, startEarlyRequests, tableRoute } from './shell/api/early-requests';

/**
 * The entry is kept small so it runs at once: it sends the first page's requests and starts loading
 * the page's code (the same chunks the router's lazy route asks for: one download each) before the
 * app itself (boot.tsx: React, antd, the router) has arrived. Everything else happens in boot.tsx.
 */
startEarlyRequests();
// The app's own code first: React, antd's core and the router run while the page's chunks arrive.
void import('./boot');
if (tableRoute(window.location.pathname)) {
  void import('./features/apps/pages/AppPage');
  // A page other than /home renders with all texts (shell/app/lazy-chunk.tsx `withTexts`).
  void import('./shell/i18n/resources/zh-more');
  void import('./shell/i18n/dayjs-locale');
} else if (window.location.pathname === HOME_PATH) {
  void import('./features/home/pages/HomePage');
}
