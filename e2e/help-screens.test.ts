import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, pickOption, registerWithTeam, shot } from './steps.js';

/**
 * Not a test: takes the product screenshots of the help-center articles. Run it only to refresh them:
 * `HELP_SCREENSHOTS=1 E2E_SCREENSHOTS=/tmp/help-shots npx vitest run --project e2e e2e/help-screens.test.ts`,
 * then resize the PNGs into apps/web/src/features/help/articles/images.
 */
let server: RunningServer;
let browser: Browser;

describe.skipIf(!process.env.HELP_SCREENSHOTS)('help-center screenshots', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('takes one screenshot per article', async () => {
    const page = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(page, '林晓', '远山贸易');
    await createBlankApp(page, '销售管理');
    await createTable(page, '商机');
    const [, , appCode, schemaCode] = new URL(page.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const tablePath = `/app/${appCode}/${schemaCode}`;
    const add = async (name: string, type: string, settings?: unknown) =>
      (await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name, type, settings })).data.code;
    const options = [
      { id: 'todo', label: '待跟进', color: '#1677ff' },
      { id: 'doing', label: '洽谈中', color: '#faad14' },
      { id: 'done', label: '已成交', color: '#52c41a' },
    ];
    const name = await add('商机名称', 'text');
    const status = await add('阶段', 'singleSelect', { options });
    const amount = await add('金额', 'money');
    const date = await add('预计成交', 'date');
    await add('负责人', 'member');
    const deals: [string, string, number, string][] = [
      ['华东集团年度采购', 'todo', 52000, '2026-03-03'],
      ['星河科技续约', 'doing', 18000, '2026-03-05'],
      ['晨光文具补货', 'todo', 800, '2026-03-05'],
      ['远航物流运输', 'done', 96000, '2026-03-10'],
      ['青木设计外包', 'doing', 4200, '2026-03-12'],
      ['北辰医疗设备', 'todo', 150000, '2026-03-18'],
      ['南山茶业礼盒', 'done', 2600, '2026-03-20'],
    ];
    for (const [n, s, a, d] of deals) {
      await pageApi(page, 'POST', `${base}/records`, { data: { [name]: n, [status]: s, [amount]: a, [date]: d } });
    }

    // intro: the workbench with the help panel.
    await page.goto('/home');
    await page.getByTestId('home-help-panel').waitFor();
    await shot(page, 'intro');

    // createTable: the field designer.
    await page.goto(tablePath);
    await page.getByRole('tab', { name: '字段设计' }).click();
    await page.getByTestId('field-row-商机名称').waitFor();
    await shot(page, 'create-table');

    // memberPermissions: the table settings with the data permissions.
    await page.getByTestId('table-settings').click();
    await page.locator('#table-settings-submit').waitFor();
    await shot(page, 'member-permissions');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);

    // useViews: a view with a filter.
    await page.getByRole('tab', { name: '数据' }).click();
    await page.getByTestId('view-create').click();
    await page.getByTestId('view-name').fill('重点商机');
    await page.locator('#view-dialog-submit').click();
    await expect
      .poll(() => page.locator('.ant-tabs-tab-active [data-testid^="view-tab-"]').innerText())
      .toBe('重点商机');
    await expect.poll(() => page.url()).toMatch(/\/app\/[^/]+\/[^/]+\/v[0-9a-f]+/);
    await page.getByTestId('view-filter').click();
    const panel = page.getByTestId('filter-panel');
    await panel.getByTestId('filter-add').click();
    const first = panel.getByTestId('filter-condition').first();
    await pickOption(page, first.getByTestId('filter-field'), '金额');
    await pickOption(page, first.getByTestId('filter-operator'), '大于等于');
    await first.getByTestId('filter-value').locator('input').fill('10000');
    await expect.poll(() => page.getByTestId('record-count').innerText()).toBe('共 4 条');
    await shot(page, 'use-views');
    await page.keyboard.press('Escape');
    await page.mouse.click(1300, 120);

    // useStatistics: grouped by stage, with the count of each group.
    await page.getByTestId('view-group').click();
    await pickOption(page, page.getByTestId('view-group-select'), '阶段');
    await expect.poll(() => page.getByTestId('group-header').count()).toBe(3);
    await page.mouse.click(1300, 120);
    await shot(page, 'use-statistics');

    // createWorkflow: the flow designer with the add-node menu.
    await page.goto(tablePath);
    await page.getByTestId('table-design-flow').click();
    await page.getByTestId('wf-node-发起').waitFor();
    await page.getByTestId('wf-plus-after-发起').click();
    await page.getByTestId('wf-add-menu').waitFor();
    await shot(page, 'create-workflow');
  });
});
