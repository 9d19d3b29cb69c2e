import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { pageApi, pickOption, registerWithTeam, shot } from './steps.js';

/** The application log (issue 14): an owner with the feature on opens it from the avatar menu, filters, reads a diff. */
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

describe('application log', () => {
  it('lists changes newest first, filters by kind, searches titles and shows a diff', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await registerWithTeam(page, '日志主人', '日志团队');
    await page.getByTestId('header-avatar').waitFor();
    expect((await pageApi(page, 'PUT', '/v1/corp/features', { featureList: ['Applog'] })).status).toBe(200);
    const app = await pageApi<{ code: string }>(page, 'POST', '/v1/apps', { displayName: '仓库' });
    const table = await pageApi<{ code: string }>(page, 'POST', `/v1/apps/${app.data.code}/nodes`, {
      type: 'Schema',
      displayName: '货品',
    });
    const base = `/v1/apps/${app.data.code}/schemas/${table.data.code}`;
    const name = await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name: '名称', type: 'text' });
    const qty = await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name: '数量', type: 'number' });
    expect((await pageApi(page, 'PUT', base, { titleFieldCode: name.data.code })).status).toBe(200);
    const bolt = await pageApi<{ id: string; version: number }>(page, 'POST', `${base}/records`, {
      data: { [name.data.code]: '六角螺栓', [qty.data.code]: 5 },
    });
    await pageApi(page, 'POST', `${base}/records`, { data: { [name.data.code]: '平垫圈', [qty.data.code]: 1 } });
    const changed = await pageApi(page, 'PATCH', `${base}/records/${bolt.data.id}`, {
      version: bolt.data.version,
      data: { [qty.data.code]: 7 },
    });
    expect(changed.status).toBe(200);

    await page.reload();
    await page.getByTestId('header-avatar').click();
    await page.getByTestId('menu-applog').click();
    await page.getByTestId('applog-page').waitFor();
    const rows = page.getByTestId('applog-table-list').locator('tbody tr.ant-table-row');
    // Newest first: the change of 六角螺栓 heads the list.
    await expect.poll(() => rows.first().innerText()).toContain('六角螺栓');
    await expect.poll(() => rows.first().innerText()).toContain('数据 · 修改');

    await pickOption(page, page.getByTestId('applog-kind'), '字段');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.first().innerText()).toContain('字段 · 新增');
    await page
      .getByTestId('applog-filters')
      .getByRole('button', { name: /重\s*置/ })
      .click();

    await page.getByTestId('applog-search').locator('input').fill('螺栓');
    await page.getByTestId('applog-search').locator('input').press('Enter');
    await expect.poll(() => rows.count()).toBe(2);
    await shot(page, 'applog-list');

    await rows.first().click();
    const detail = page.getByTestId('applog-detail');
    await detail.waitFor();
    await expect.poll(() => detail.getByTestId('applog-changes').innerText()).toMatch(/数量\s+5\s+→\s+7/);
    await shot(page, 'applog-detail');
    await context.close();
  });
});
