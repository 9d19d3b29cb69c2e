import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { BROWSER_OPTIONS, spawnServer } from './harness.js';

/**
 * One server and one browser for every browser test file that needs no special environment
 * (harness.ts `startServer`, `launchBrowser`): a server start and a browser launch cost seconds a
 * file. Each file still makes its own teams and users, and its own browser contexts.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [server, browser] = await Promise.all([spawnServer(), chromium.launchServer(BROWSER_OPTIONS)]);
  project.provide('e2eShared', {
    baseUrl: server.baseUrl,
    dataDir: server.dataDir,
    browserWsEndpoint: browser.wsEndpoint(),
  });
  return async () => {
    await browser.close();
    const logs = server.logs().trim();
    await server.stop();
    // The shared server logs warnings and errors only: shown, for a failed run to read.
    if (logs) console.log(`shared e2e server's log (last lines):\n${logs.split('\n').slice(-40).join('\n')}`);
  };
}
