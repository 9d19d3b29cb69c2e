import type { Browser, BrowserContextOptions } from 'playwright-core';
import { launchBrowser, newContext, type RunningServer, startServer } from '../../../e2e/harness.js';
import { registerWithTeam } from '../../../e2e/steps.js';

/**
 * The server (the current build, or `dist`: a copy built before a change), a browser, and a new member
 * with a team whose signed-in state opens /home cold in each new context (`home.ts`, `home-lcp.ts`).
 */
export async function homeMember(dist: string): Promise<{
  server: RunningServer;
  browser: Browser;
  state: Exclude<BrowserContextOptions['storageState'], string | undefined>;
}> {
  const server = await startServer(dist ? { WEB_DIST: dist } : {});
  const browser = await launchBrowser();
  const setup = await newContext(browser, server.baseUrl);
  const first = await setup.newPage();
  await registerWithTeam(first, '测速员', '测速团队');
  await first.getByTestId('all-apps-section').waitFor();
  const state = await setup.storageState();
  await setup.close();
  return { server, browser, state };
}
