import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, registerWithTeam } from './steps.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Seen {
  method: string;
  path: string;
  team: string | undefined;
  /** Spec §7: the app's name, its version and the device's GUID, on every request. */
  app: [string | undefined, string | undefined, string | undefined];
}

/** The API requests a page makes, as "METHOD /path" with the team header they carried. */
function recordRequests(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    // An EventSource (the live stream) cannot set headers: the session cookie alone names it.
    if (/^\/v[12]\//.test(url.pathname) && request.resourceType() !== 'eventsource') {
      const headers = request.headers();
      seen.push({
        method: request.method(),
        path: url.pathname,
        team: headers['x-engine-code'],
        app: [headers['x-app-name'], headers['x-app-version'], headers['x-guid']],
      });
    }
  });
  return seen;
}

/**
 * The entry sends a table page's first reads before the app's code has loaded
 * (apps/web/src/shell/api/early-requests.ts); the page then uses those answers instead of asking
 * again — only when its own request is the very same one (team, app, body).
 */
describe('early requests of a table page', () => {
  let page: Page;
  let tablePath = '';
  let base = '';

  it('are each made once, and the grid shows the records', async () => {
    const opened = await newPage(browser, server.baseUrl);
    page = opened.page;
    await registerWithTeam(page, '早到员', '早到测试');
    await createBlankApp(page, '早到台账');
    await createTable(page, '早到表');
    const [, , appCode, schemaCode] = new URL(page.url()).pathname.split('/');
    tablePath = `/app/${appCode}/${schemaCode}`;
    base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const field = await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name: '名称', type: 'text' });
    expect(field.status).toBe(200);
    const create = [1, 2, 3].map((n) => ({ data: { [field.data.code]: `早到记录 ${n}` } }));
    expect((await pageApi(page, 'POST', `${base}/records/batch`, { create })).status).toBe(200);

    // A fresh load of the table's address, as from a bookmark, with the app's own code (boot.tsx: React,
    // the router, the page) held back: the entry alone sends the page's reads and its first records page.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/boot-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const requests = recordRequests(page);
    const navigation = page.goto(tablePath);
    await expect.poll(() => requests.some((r) => r.path === `${base}/records/query`)).toBe(true);
    release();
    await navigation;
    await page.unrouteAll();
    const grid = page.getByTestId('grid-view');
    await expect.poll(() => grid.getByTestId('record-title').allInnerTexts()).toContain('早到记录 1');
    const count = (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path).length;
    const first: [string, string][] = [
      ['GET', '/v1/user/information/basic'],
      ['GET', '/v1/engine/list'],
      ['GET', '/v1/corp/features'],
      ['GET', `/v1/apps/${appCode}/access-check`],
      ['GET', `/v1/apps/${appCode}`],
      ['GET', `/v1/apps/${appCode}/permission`],
      ['GET', `/v1/apps/${appCode}/nodes`],
      ['GET', base],
      ['GET', `${base}/permission`],
      ['GET', `${base}/form`],
      ['GET', `${base}/views`],
      ['GET', `${base}/workflow/start-context`],
      ['POST', `${base}/records/query`],
    ];
    expect(first.map(([m, p]) => `${m} ${p} ×${count(m, p)}`)).toEqual(first.map(([m, p]) => `${m} ${p} ×1`));
    // Every request, the entry's early ones and the app's own, carries the app's name, version and
    // the one GUID of this browser (spec §7).
    const guid = await page.evaluate(() => localStorage.getItem('canopy:guid'));
    expect(guid).toMatch(/^[0-9a-f-]{36}$/);
    const version = requests[0]?.app[1] ?? '';
    expect(version).toMatch(/\d/);
    expect(requests.filter((r) => r.app.join(' ') !== `canopy-web ${version} ${guid}`)).toEqual([]);
  });

  it('go unused when the remembered team is not the one the page settles on', async () => {
    const team = await page.evaluate(() => localStorage.getItem('canopy:engineCode'));
    // A team remembered from before (no longer the user's): the start-up picks the user's own team.
    await page.evaluate(() => localStorage.setItem('canopy:engineCode', 'left-team'));
    const requests = recordRequests(page);
    await page.goto(tablePath);
    const grid = page.getByTestId('grid-view');
    await expect.poll(() => grid.getByTestId('record-title').allInnerTexts()).toContain('早到记录 1');
    const queries = requests.filter((r) => r.path === `${base}/records/query`);
    // The early menu went out with the stale team and was refused, so no table reads (they wait for
    // the menu to say the address is a table) and no early records page; the page asked with its own team.
    expect(queries.map((r) => r.team)).toEqual([team]);
    const menu = tablePath.split('/')[2];
    expect(requests.filter((r) => r.path === `/v1/apps/${menu}/nodes`).map((r) => r.team)).toEqual(['left-team', team]);
    expect(requests.filter((r) => r.path === `${base}/views`).map((r) => r.team)).toEqual([team]);
    expect(await page.evaluate(() => localStorage.getItem('canopy:engineCode'))).toBe(team);
  });

  it('send no records query when signed out, and the page goes to login', async () => {
    await page.context().clearCookies();
    const requests = recordRequests(page);
    await page.goto(tablePath);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(requests.filter((r) => r.path === `${base}/records/query`)).toEqual([]);
  });
});
