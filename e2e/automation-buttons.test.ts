import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, registerWithTeam, shot } from './steps.js';

/**
 * An automation's button on records (issue 28) in the record's detail and the grid's row menu: it shows with its label,
 * asks its confirmation text, runs on the record, and says the run ended; the record shows what
 * the run wrote. The automation is set up through the API (its designer is tested apart).
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
const eventually = { timeout: 30_000 };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser, server.baseUrl)).page;
  await registerWithTeam(page, '李雷', '合同团队');
  await page.getByTestId('home-page').waitFor();
  await createBlankApp(page, '合同管理');
  await createTable(page, '合同');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('automation buttons on records', () => {
  it('runs the automation on the record after its confirmation and shows the result', async () => {
    const [, , appCode, schemaCode] = new URL(page.url()).pathname.split('/').map(decodeURIComponent);
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const field = async (name: string) =>
      (await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name, type: 'text' })).data.code;
    const title = await field('名称');
    const state = await field('状态');
    const record = (
      await pageApi<{ id: string }>(page, 'POST', `${base}/records`, { data: { [title]: '年度采购合同' } })
    ).data;
    const made = await pageApi<{ id: string }>(page, 'POST', `/v1/apps/${appCode}/automations`, {
      name: '归档合同',
      definition: {
        trigger: { kind: 'button', schemaCode, label: '归档', confirm: '归档后合同将不能再修改，确定归档吗？' },
        steps: [
          {
            id: 'archive',
            kind: 'updateRecord',
            schemaCode,
            recordId: '{{trigger.record.id}}',
            values: { [state]: '已归档' },
          },
        ],
      },
    });
    expect(made.status).toBe(200);
    const automation = `/v1/apps/${appCode}/automations/${made.data.id}`;
    expect((await pageApi(page, 'POST', `${automation}/publish`)).status).toBe(200);
    expect((await pageApi(page, 'PUT', `${automation}/enabled`, { enabled: true })).status).toBe(200);

    await page.goto(
      `/app/${encodeURIComponent(appCode ?? '')}/${encodeURIComponent(schemaCode ?? '')}?record=${record.id}`,
    );
    const drawer = page.getByTestId('record-drawer');
    await drawer.waitFor();
    await shot(page, 'automation-button-drawer');
    // Ant Design spaces a two-character Chinese label out ("归 档").
    const button = drawer.getByTestId('automation-button').filter({ hasText: /归\s?档/ });
    await button.waitFor();
    await shot(page, 'automation-button-detail');
    await button.click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('归档后合同将不能再修改，确定归档吗？').waitFor();
    await shot(page, 'automation-button-confirm');
    await confirm.getByRole('button', { name: /运\s?行/ }).click();
    await page.getByText('已运行「归档」').waitFor();
    await drawer.getByTestId('detail-状态').getByText('已归档').waitFor();
    await shot(page, 'automation-button-done');

    // The same button in the grid's row menu, by keyboard only (focus, Enter opens the menu, the
    // arrows reach the button, Enter presses it); the confirmation is asked and the grid shows
    // what the run wrote.
    const second = (await pageApi<{ id: string }>(page, 'POST', `${base}/records`, { data: { [title]: '框架协议' } }))
      .data;
    expect(second.id).toBeTruthy();
    await page.goto(`/app/${encodeURIComponent(appCode ?? '')}/${encodeURIComponent(schemaCode ?? '')}`);
    const row = page.locator('.ant-table-row, [data-row-key]').filter({ hasText: '框架协议' }).first();
    const menu = row.getByRole('button', { name: '更多操作' });
    await menu.waitFor();
    await menu.focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: /归\s?档/ });
    await item.waitFor();
    // 查看详情 first, then the divider, then 归档: the arrows walk to it and the menu marks it active.
    await expect
      .poll(async () => {
        if (!(await item.evaluate((el) => el.classList.contains('ant-dropdown-menu-item-active'))))
          await page.keyboard.press('ArrowDown');
        return item.evaluate((el) => el.classList.contains('ant-dropdown-menu-item-active'));
      }, eventually)
      .toBe(true);
    await page.keyboard.press('Enter');
    // The question is asked and waits: the Enter that chose the button did not also answer it.
    const again = page.locator('.ant-modal-confirm');
    await again.getByText('归档后合同将不能再修改，确定归档吗？').waitFor();
    expect(await row.getByTestId('cell-状态').innerText()).not.toContain('已归档');
    await again.getByRole('button', { name: /运\s?行/ }).click();
    await row.getByTestId('cell-状态').getByText('已归档').waitFor();
  });
});
