import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { pageApi, registerWithTeam, settled, shot } from './steps.js';

/**
 * Names the product writes as data, in the creator's language (issue 29): an English team's new
 * table opens on "All records" and its new flow starts at "Submit"; the start node's text breaks
 * between words.
 */
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

/** A user and team, switched to `lang` from the avatar menu, with an app and a table made through the API. */
async function tableIn(page: Page, lang: 'en' | 'jp', team: string): Promise<string> {
  await registerWithTeam(page, `${team} owner`, team);
  await page.getByTestId('home-page').waitFor();
  await page.getByTestId('header-avatar').click();
  const item = page.getByTestId(`menu-language-${lang}`);
  await settled(item);
  await item.click();
  await page.keyboard.press('Escape');
  const app = await pageApi<{ code: string }>(page, 'POST', '/v1/apps', { displayName: 'Expenses' });
  const table = await pageApi<{ code: string }>(page, 'POST', `/v1/apps/${app.data.code}/nodes`, {
    type: 'Schema',
    displayName: 'Claims',
  });
  return `/app/${app.data.code}/${table.data.code}`;
}

describe('default names in the creator’s language', () => {
  it('English: the first view is "All records"; the new flow starts at "Submit", words kept whole', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const table = await tableIn(page, 'en', 'Northwind');
    await page.goto(table);
    await page.getByTestId('view-tab-All records').waitFor();
    expect(await page.getByTestId('view-tab-全部数据').count()).toBe(0);
    // The grid's header: the title column starts where the select-all box's column ends (no blank cell).
    const [box, title] = await page
      .locator('[data-testid="record-table"] .ant-table-header th')
      .evaluateAll((cells) => cells.slice(0, 2).map((c) => c.getBoundingClientRect().toJSON() as DOMRect));
    expect(Math.abs((title?.left ?? 0) - (box?.right ?? -1))).toBeLessThan(1);
    await shot(page, 'default-names-en-table');

    await page.getByTestId('table-design-flow').click();
    await page.getByTestId('wf-canvas').waitFor();
    const start = page.getByTestId('wf-node-Submit');
    await start.waitFor();
    await page.getByTestId('wf-node-Approval').waitFor();
    // Each line of the start node's summary ends at a word's end: no word is cut in two.
    const lines = await start.locator('.wf-summary').evaluate((el) => {
      const range = document.createRange();
      const text = el.firstChild ?? el;
      const words: { top: number; word: string }[] = [];
      const content = el.textContent ?? '';
      let at = 0;
      for (const word of content.split(/\s+/).filter(Boolean)) {
        const from = content.indexOf(word, at);
        at = from + word.length;
        range.setStart(text, from);
        range.setEnd(text, at);
        const rects = [...range.getClientRects()].map((r) => Math.round(r.top));
        words.push({ top: new Set(rects).size, word });
      }
      return words;
    });
    expect(lines.length).toBeGreaterThan(1);
    for (const w of lines) expect(w.top, `"${w.word}" is split across lines`).toBe(1);
    await shot(page, 'default-names-en-flow');
    await context.close();
  });

  it('Japanese: the first view is "すべてのデータ"', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const table = await tableIn(page, 'jp', 'さくら商事');
    await page.goto(table);
    await page.getByTestId('view-tab-すべてのデータ').waitFor();
    await shot(page, 'default-names-jp-table');
    await context.close();
  });
});
