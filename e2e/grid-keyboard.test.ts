import type { Browser } from 'playwright-core';
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

const FIELDS = 16;

/**
 * The grid draws only the columns in sight sideways (GridBody.tsx columnsInSight); the keyboard must
 * still reach every cell: Tab walks a row's editable cells in column order, far past the window's
 * right edge, and Shift+Tab walks back.
 */
describe('the records grid by keyboard', () => {
  it('tabs through every column of a table wider than the window, and back', async () => {
    const { page } = await newPage(browser, server.baseUrl);
    await registerWithTeam(page, '键盘员', '键盘测试');
    await createBlankApp(page, '宽表应用');
    await createTable(page, '宽表');
    const [, , appCode, schemaCode] = new URL(page.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const names = Array.from({ length: FIELDS }, (_, i) => `字段${String(i + 1).padStart(2, '0')}`);
    const codes: string[] = [];
    for (const name of names) {
      const res = await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name, type: 'text' });
      expect(res.status).toBe(200);
      codes.push(res.data.code);
    }
    const data = Object.fromEntries(codes.map((c, i) => [c, `值${i + 1}`]));
    expect((await pageApi(page, 'POST', `${base}/records`, { data })).status).toBe(200);

    await page.goto(`/app/${appCode}/${schemaCode}`);
    const grid = page.getByTestId('grid-view');
    const first = grid.getByTestId(`cell-${names[0]}`).first();
    await first.waitFor();
    await expect.poll(() => grid.getByTestId('grid-loaded').innerText()).toBe('已加载 1 条');
    // Wider than the window: some columns are not drawn at first.
    await expect.poll(() => grid.getByTestId(`cell-${names[FIELDS - 1]}`).count()).toBe(0);

    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? '');
    await first.focus();
    expect(await focused()).toBe(`cell-${names[0]}`);
    for (let i = 1; i < FIELDS; i++) {
      await page.keyboard.press('Tab');
      await expect.poll(focused).toBe(`cell-${names[i]}`);
    }
    for (let i = FIELDS - 2; i >= 0; i--) {
      await page.keyboard.press('Shift+Tab');
      await expect.poll(focused).toBe(`cell-${names[i]}`);
    }
  });
});
