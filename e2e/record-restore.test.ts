import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
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

/** Restore from a record's history (issue 31): a value brought back from the history panel after confirming. */
describe('restoring from a record’s history', () => {
  let page: Page;

  it('restores one field’s earlier value as a new change, after a confirmation', async () => {
    const opened = await newPage(browser, server.baseUrl);
    page = opened.page;
    await registerWithTeam(page, '周敏', '青禾工作室');
    await createBlankApp(page, '设备报修');
    await createTable(page, '报修单');
    const [, , appCode, schemaCode] = new URL(page.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const field = await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name: '故障描述', type: 'text' });
    expect(field.status).toBe(200);
    const code = field.data.code;
    const made = await pageApi<{ id: string; version: number }>(page, 'POST', `${base}/records`, {
      data: { [code]: '打印机卡纸' },
    });
    expect(made.status).toBe(200);
    for (const [version, text] of [
      [1, '已换硒鼓'],
      [2, '误改的内容'],
    ] as const) {
      const changed = await pageApi(page, 'PATCH', `${base}/records/${made.data.id}`, {
        version,
        data: { [code]: text },
      });
      expect(changed.status).toBe(200);
    }

    await page.goto(`/app/${appCode}/${schemaCode}?record=${made.data.id}`);
    const detail = page.getByTestId('record-detail');
    await expect.poll(() => detail.getByTestId('detail-故障描述').innerText()).toBe('误改的内容');
    const history = page.getByTestId('record-history');
    const entries = history.getByTestId('history-entry');
    await expect.poll(() => entries.count()).toBe(3);
    // Every version but the latest can be restored whole; each edit's change offers its value.
    await expect.poll(() => history.getByTestId('history-restore-version').count()).toBe(2);
    const restoreValue = entries.nth(1).getByTestId('history-restore-value');
    expect(await restoreValue.innerText()).toBe('恢复此值');
    // The latest edit's value is the record's now: nothing to offer there.
    expect(await entries.nth(2).getByTestId('history-restore-value').count()).toBe(0);

    // Asked first: a cancel changes nothing.
    await history.getByTestId('history-restore-version').first().click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.innerText()).toContain('将数据恢复到此版本？');
    expect(await axeViolations(page)).toEqual([]);
    await confirm.locator('.ant-modal-confirm-btns .ant-btn').first().click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await entries.count()).toBe(3);

    // The first edit's value, confirmed: a new change on top of the history.
    await restoreValue.click();
    await expect.poll(() => confirm.innerText()).toContain('将「故障描述」恢复为此版本的值？');
    await expect.poll(() => confirm.innerText()).toContain('恢复会作为一次新的修改保存');
    await confirm.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await expect.poll(() => detail.getByTestId('detail-故障描述').innerText()).toBe('已换硒鼓');
    await expect.poll(() => entries.count()).toBe(4);
    await expect.poll(() => entries.last().innerText()).toContain('误改的内容');
    const saved = await pageApi<{ data: Record<string, unknown>; version: number }>(
      page,
      'GET',
      `${base}/records/${made.data.id}`,
    );
    expect(saved.data).toMatchObject({ version: 4, data: { [code]: '已换硒鼓' } });
  });
});
