import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { registerWithTeam, settled, shot } from './steps.js';

/**
 * PRIVATE_DEPLOYMENT=true (spec §2 Home, §6): the SaaS-only parts are not there — the help panel,
 * the operation area (whose chunk is never even fetched) — and a configured root domain does not
 * scope the session cookie to team sub-domains. The help center is product documentation and stays.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ PRIVATE_DEPLOYMENT: 'true', ROOT_DOMAIN: 'canopy.example' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a private deployment', () => {
  it('shows the workbench without the help panel and the operation area, and never loads the latter', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await registerWithTeam(page, '内网管理员', '青禾内网');
    await page.getByTestId('home-page').waitFor();
    // The workbench has settled: its own parts are there (the to-do panel, the app area).
    await page.getByTestId('all-apps-section').waitFor();
    const info = await page.evaluate(async () => (await (await fetch('/v1/system/info')).json()).data);
    expect(info.privateDeployment).toBe(true);
    // Everything the workbench asks for has answered (the system info that decides both included).
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByTestId('home-help-panel').count()).toBe(0);
    await expect.poll(() => page.getByTestId('operation-slot').count()).toBe(0);
    await shot(page, 'private-deployment-home');

    // A reload and a wait for the page to be idle: still no operation chunk among the scripts.
    await page.reload();
    await page.getByTestId('all-apps-section').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /OperationSlot/.test(s))).toEqual([]);

    // The session cookie belongs to this host only, whatever ROOT_DOMAIN says.
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'canopy_sid');
    expect(session?.domain).toBe('127.0.0.1');
    await context.close();
  });

  it('keeps the help center: the help menu opens /help and an article shows its screenshot', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await registerWithTeam(page, '内网成员', '青禾内网二部');
    await page.getByTestId('all-apps-section').waitFor();
    await page.getByTestId('header-help').click();
    const docs = page.getByTestId('help-menu-docs');
    await settled(docs);
    await docs.click();
    await expect.poll(() => page.getByTestId('help-article-item').count()).toBe(6);
    await page.getByTestId('help-link-create-workflow').click();
    await expect.poll(() => page.getByTestId('help-article-title').innerText()).toBe('创建审批流程');
    const image = page.getByTestId('help-article-body').locator('img').first();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    await context.close();
  });
});
