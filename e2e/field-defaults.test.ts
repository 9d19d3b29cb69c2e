import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, pickOption, registerWithTeam } from './steps.js';

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

/**
 * Issue 29: in the 添加字段 dialog 必填 is a checkbox under 校验, and a member field defaults to
 * 当前用户, a date to 今天 — shown in the new-record form and stored as such.
 */
describe('field defaults in the designer and the new-record form', () => {
  it('sets 当前用户 and 今天 as defaults and finds them filled in a new record', async () => {
    const page = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(page, '韩梅', '梅园工作室');
    await createBlankApp(page, '报销');
    await createTable(page, '报销单');
    await page.getByRole('tab', { name: '字段设计' }).click();

    const add = async (name: string, type: string, mode: string) => {
      await page.getByTestId('field-add').click();
      const dialog = page.locator('.ant-modal:visible');
      await dialog.getByTestId('field-name').fill(name);
      await pickOption(page, dialog.getByTestId('field-type'), type);
      // One label for the checkboxes, each saying what it is.
      await expect.poll(() => dialog.locator('.ant-form-item-label').allInnerTexts()).toContain('校验');
      expect(await dialog.getByRole('checkbox', { name: '必填' }).count()).toBe(1);
      await pickOption(page, dialog.getByTestId('field-default-mode'), mode);
      await page.locator('#field-submit').click();
      await page.getByTestId(`field-row-${name}`).waitFor();
    };
    await add('申请人', '成员', '当前用户');
    await add('申请日期', '日期', '今天');

    await page.getByRole('tab', { name: '数据' }).click();
    await page.getByTestId('record-add').click();
    const form = page.getByTestId('record-form');
    await expect.poll(() => form.getByTestId('form-field-申请人').innerText()).toContain('韩梅');
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await expect.poll(() => form.getByTestId('form-field-申请日期').locator('input').inputValue()).toBe(today);
    await page.screenshot({ path: '/tmp/dash-defaults-form.png' });
    await page.getByTestId('record-submit').click();
    await page.getByTestId('record-detail').waitFor();
    const [, , appCode, schemaCode] = new URL(page.url()).pathname.split('/');
    const list = await pageApi<{ resultList: { data: Record<string, unknown> }[] }>(
      page,
      'POST',
      `/v1/apps/${appCode}/schemas/${schemaCode}/records/query`,
      {},
    );
    const member = await pageApi<{ memberId: string }>(page, 'GET', '/v1/org/member/info');
    const values = Object.values(list.data.resultList[0]?.data ?? {});
    expect(values).toContainEqual([member.data.memberId]);
    expect(values).toContain(today);
  });
});
