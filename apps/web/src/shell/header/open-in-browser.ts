import { AccountEndpoints } from '@canopy/contract';
import { call } from '../api/client';

/**
 * "Open in browser" from the DingTalk PC client (spec §2): the client's web view has its own
 * cookies, so the system browser gets a one-minute single-use code that signs it in on this page.
 */
export async function openInSystemBrowser(): Promise<void> {
  // The browser keeps these percent-encoded; a very long address lands on its page without the query.
  const { pathname, search, hash } = window.location;
  const full = `${pathname}${search}${hash}`;
  const issued = await call(AccountEndpoints.authorizationCode, {
    query: { clientType: 'pc_web', redirect: full.length <= 512 ? full : pathname.slice(0, 512) },
  });
  window.open(issued.url, '_blank', 'noopener');
}
