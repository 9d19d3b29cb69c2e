import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { registerWithTeam, settled, shot } from './steps.js';

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

/** Whether the article's screenshot has arrived and decoded (its natural width is known). */
const imageWidth = (page: Page) =>
  page
    .getByTestId('help-article-body')
    .locator('img')
    .first()
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

describe('help center', () => {
  let page: Page;

  it('opens /help from the help menu and lists the six articles', async () => {
    page = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(page, '何静', '青禾科技');
    await page.getByTestId('page-scroll').waitFor();
    await page.getByTestId('header-help').click();
    const docs = page.getByTestId('help-menu-docs');
    await settled(docs);
    await docs.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help');
    await expect.poll(() => page.getByTestId('help-article-item').count()).toBe(6);
    await expect.poll(() => page.getByTestId('help-article-item').first().innerText()).toContain('什么是 Canopy');
    await shot(page, 'help-center-index');
  });

  it('searches the Chinese text by substring and highlights the match; a miss says so', async () => {
    await page.getByTestId('help-search').fill('条件分支');
    await expect.poll(() => page.getByTestId('help-result').count()).toBe(1);
    const result = page.getByTestId('help-result').first();
    await expect.poll(() => result.innerText()).toContain('创建审批流程');
    await expect.poll(() => result.locator('mark').innerText()).toBe('条件分支');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('条件分支');
    await shot(page, 'help-center-search');

    await page.getByTestId('help-search').fill('发票打印');
    await page.getByTestId('help-no-results').waitFor();
    await expect.poll(() => page.getByTestId('help-result').count()).toBe(0);

    await page.getByTestId('help-search').fill('分组');
    await expect.poll(() => page.getByTestId('help-result').count()).toBeGreaterThan(1);
    await page.getByTestId('help-link-use-statistics').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help/use-statistics');
    await expect.poll(() => page.getByTestId('help-article-title').innerText()).toBe('使用统计');
  });

  it('opens an article by its address, with its screenshot, contents and neighbours', async () => {
    await page.goto('/help/use-views');
    await expect.poll(() => page.getByTestId('help-article-title').innerText()).toBe('使用视图');
    await expect.poll(() => imageWidth(page)).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('help-toc').innerText()).toContain('筛选、排序和分组');
    await expect.poll(() => page.getByTestId('help-prev').innerText()).toContain('上一篇：创建审批流程');
    await expect.poll(() => page.getByTestId('help-next').innerText()).toContain('下一篇：使用统计');
    await shot(page, 'help-center-article');

    // A link inside the article goes to the other article in place.
    await page.getByTestId('help-article-body').getByRole('link', { name: '数据权限' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help/member-permissions');
    await expect.poll(() => page.getByTestId('help-article-title').innerText()).toBe('配置成员权限');
    await expect.poll(() => page.getByTestId('help-next').innerText()).toContain('创建审批流程');

    await page.goto('/help/no-such-article');
    await page.getByTestId('help-article-missing').waitFor();
  });

  it("opens the home help panel's articles", async () => {
    await page.goto('/home');
    // Spec §2: six links, to what the product is, tables, member permissions, workflows, views, statistics.
    await expect
      .poll(() =>
        page
          .getByTestId('home-help-panel')
          .locator('button[data-testid^="home-help-"]:not([data-testid="home-help-close"])')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
      )
      .toEqual([
        'home-help-intro',
        'home-help-create-table',
        'home-help-member-permissions',
        'home-help-create-workflow',
        'home-help-use-views',
        'home-help-use-statistics',
      ]);
    await page.getByTestId('home-help-create-table').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help/create-table');
    await expect.poll(() => page.getByTestId('help-article-title').innerText()).toBe('创建数据表');
    await expect.poll(() => imageWidth(page)).toBeGreaterThan(0);
    // 下一篇 at the article's end opens the next one, read from its top.
    await page.getByTestId('help-next').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help/member-permissions');
    await expect.poll(() => page.getByTestId('help-article-title').innerText()).toBe('配置成员权限');
    await expect.poll(() => page.getByTestId('page-scroll').evaluate((e) => e.scrollTop)).toBe(0);
  });

  it('shows the English article after switching the language to English', async () => {
    await page.goto('/help/use-views');
    await expect.poll(() => page.getByTestId('help-article-title').innerText()).toBe('使用视图');
    await page.getByTestId('header-avatar').click();
    const english = page.getByTestId('menu-language-en');
    await settled(english);
    await english.click();
    await expect.poll(() => page.getByTestId('help-article-title').innerText()).toBe('Use views');
    await expect.poll(() => page.getByTestId('help-article-body').innerText()).toContain('Filter, sort and group');
    await expect.poll(() => imageWidth(page)).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('help-next').innerText()).toContain('Use statistics');
    await shot(page, 'help-center-article-en');

    await page.goto('/help?q=approver');
    await expect.poll(() => page.getByTestId('help-result').first().locator('mark').innerText()).toMatch(/^approver$/i);
  });

  it('saw no violation on any page of this file', () => {
    expect(cspViolations()).toEqual([]);
  });
});
