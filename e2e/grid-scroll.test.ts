import type { Browser, Page } from 'playwright-core';
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

const ROWS = 3000;

interface ViewInfo {
  code: string;
  name: string;
  kind: string;
  config: Record<string, unknown>;
}

/**
 * The grid of a table with a few thousand records: the first page shows, the next (bigger) page is
 * asked for well before the user reaches the bottom of what is loaded, and scrolling far down shows
 * the records in the view's order with none missing or repeated.
 */
describe('the records grid of a big table', () => {
  let page: Page;

  it('shows the right rows far down and loads ahead of the scroll', async () => {
    const opened = await newPage(browser, server.baseUrl);
    page = opened.page;
    await registerWithTeam(page, '滚动员', '滚动测试');
    await createBlankApp(page, '订单台账');
    await createTable(page, '大表');
    const [, , appCode, schemaCode] = new URL(page.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const field = async (name: string, type: string) => {
      const res = await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name, type });
      expect(res.status).toBe(200);
      return res.data.code;
    };
    const title = await field('名称', 'text');
    const seq = await field('序号', 'number');
    for (let from = 1; from <= ROWS; from += 500) {
      const create = Array.from({ length: Math.min(500, ROWS - from + 1) }, (_, i) => ({
        data: { [title]: `订单 ${from + i}`, [seq]: from + i },
      }));
      expect((await pageApi(page, 'POST', `${base}/records/batch`, { create })).status).toBe(200);
    }
    // The view sorts by 序号 (ascending), so row n of the grid is 订单 n.
    const views = await pageApi<ViewInfo[]>(page, 'GET', `${base}/views`);
    const view = views.data[0];
    if (!view) throw new Error('no view');
    const saved = await pageApi(page, 'PUT', `${base}/views/${view.code}`, {
      name: view.name,
      kind: view.kind,
      config: { ...view.config, sorts: [{ field: seq, direction: 'asc' }], pageSize: 50 },
    });
    expect(saved.status).toBe(200);

    await page.goto(`/app/${appCode}/${schemaCode}`);
    const grid = page.getByTestId('grid-view');
    const loaded = grid.getByTestId('grid-loaded');
    await expect.poll(() => grid.getByTestId('record-title').first().innerText()).toBe('订单 1');
    await expect.poll(() => loaded.innerText()).toBe('已加载 50 条');

    const numbers = async () =>
      (await grid.getByTestId('record-title').allInnerTexts()).map((t) => Number(t.replace('订单 ', '')));
    const body = grid.locator('.ant-table-tbody-virtual-holder');
    const box = await body.boundingBox();
    if (!box) throw new Error('no grid body');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

    // A short scroll, far from the end of the 50 rows loaded: the next page (200 rows) comes anyway.
    await page.mouse.wheel(0, 400);
    await expect.poll(async () => Math.min(...(await numbers()))).toBeGreaterThan(1);
    expect(Math.max(...(await numbers()))).toBeLessThan(50);
    await expect.poll(() => loaded.innerText()).toBe('已加载 250 条');

    // Far down: wheel on until 订单 1500 is in sight (big steps, then steps shorter than the window
    // so it cannot be jumped over); pages keep arriving ahead of the scroll.
    const target = 1500;
    for (;;) {
      const seen = await numbers();
      if (seen.includes(target)) break;
      const before = Math.max(...seen);
      await page.mouse.wheel(0, before < target - 150 ? 3000 : box.height / 2);
      // The grid moved on (or waits at the end of what is loaded until the next page is in).
      await expect.poll(async () => Math.max(...(await numbers()))).toBeGreaterThan(before);
    }
    // What is drawn is a run of consecutive records in the view's order: none missing, none twice.
    const shown = await numbers();
    const sorted = [...shown].sort((a, b) => a - b);
    expect(sorted.length).toBeGreaterThan(5);
    expect(sorted.every((n, i) => i === 0 || n === (sorted[i - 1] ?? 0) + 1)).toBe(true);
    expect(sorted).toContain(target);
    // Never the whole table: pages up to a little past the scroll.
    const count = Number((await loaded.innerText()).replace(/\D/g, ''));
    expect(count).toBeGreaterThanOrEqual(target);
    expect(count).toBeLessThan(ROWS);

    // A row far down still opens its record.
    await grid
      .getByTestId('record-title')
      .filter({ hasText: `订单 ${target}` })
      .click();
    await expect.poll(() => page.url()).toContain('record=');
  });

  it('shows the empty table its placeholder, and selects a range of rows with shift', async () => {
    const opened = await newPage(browser, server.baseUrl);
    const p = opened.page;
    await registerWithTeam(p, '选择员', '选择测试');
    await createBlankApp(p, '选择台账');
    await createTable(p, '小表');
    const [, , appCode, schemaCode] = new URL(p.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const grid = p.getByTestId('grid-view');
    await expect.poll(() => grid.innerText()).toContain('还没有数据');

    const added = await pageApi<{ code: string }>(p, 'POST', `${base}/fields`, { name: '名称', type: 'text' });
    const create = Array.from({ length: 8 }, (_, i) => ({ data: { [added.data.code]: `行 ${i + 1}` } }));
    expect((await pageApi(p, 'POST', `${base}/records/batch`, { create })).status).toBe(200);
    await p.reload();
    const rows = grid.locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(8);
    const bar = p.getByTestId('batch-bar');
    await rows.nth(1).locator('.ant-checkbox-input').click();
    await expect.poll(() => bar.innerText()).toContain('已选择 1 条');
    // Shift with the click: every row from the last one clicked to this one.
    await rows
      .nth(5)
      .locator('.ant-checkbox-input')
      .click({ modifiers: ['Shift'] });
    await expect.poll(() => bar.innerText()).toContain('已选择 5 条');
    // And unchecking with shift clears that run again, from the last click (row 6) up to row 4.
    await rows
      .nth(3)
      .locator('.ant-checkbox-input')
      .click({ modifiers: ['Shift'] });
    await expect.poll(() => bar.innerText()).toContain('已选择 2 条');
    await expect.poll(() => rows.nth(2).locator('.ant-checkbox-input').isChecked()).toBe(true);
    await expect.poll(() => rows.nth(3).locator('.ant-checkbox-input').isChecked()).toBe(false);
    await opened.context.close();
  });
});
