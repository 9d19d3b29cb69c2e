import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchBrowser, newPage, type RunningServer, snap, startServer } from './harness.js';
import {
  createBlankApp,
  createTable,
  pickOption,
  pickRecord,
  pointerDrag,
  registerWithTeam,
  settled,
} from './steps.js';

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

/** Adds a field through the designer; `more` fills the type's own settings. */
async function addField(
  page: Page,
  name: string,
  type: string,
  more?: (dialog: ReturnType<Page['locator']>) => Promise<void>,
) {
  await page.getByTestId('field-add').click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByTestId('field-name').fill(name);
  await pickOption(page, dialog.getByTestId('field-type'), type);
  if (more) await more(dialog);
  await page.locator('#field-submit').click();
  await page.getByTestId(`field-row-${name}`).waitFor();
}

describe('data tables: design, form, records, history, conflicts', () => {
  let page: Page;

  it('designs a related table and a table with ten field types', async () => {
    const opened = await newPage(browser, server.baseUrl);
    page = opened.page;
    await registerWithTeam(page, '王小明', '晨光工作室');
    await createBlankApp(page, '销售管理');

    await createTable(page, '客户');
    await page.getByRole('tab', { name: '字段设计' }).click();
    await addField(page, '客户名称', '单行文本');
    await page.getByRole('tab', { name: '数据' }).click();
    await page.getByTestId('record-add').click();
    await page.getByTestId('form-field-客户名称').locator('input').fill('星河科技');
    await page.getByTestId('record-submit').click();
    await page.getByTestId('record-detail').waitFor();
    await page.keyboard.press('Escape');

    await createTable(page, '合同');
    await page.getByRole('tab', { name: '字段设计' }).click();
    await addField(page, '合同名称', '单行文本');
    await addField(page, '备注', '多行文本');
    await addField(page, '数量', '数字');
    await addField(page, '金额', '金额');
    await addField(page, '签订日期', '日期');
    await addField(page, '状态', '单选', async (d) => {
      for (const label of ['草稿', '已签订']) {
        await d.getByTestId('option-add').click();
        await d.getByTestId('option-label').last().fill(label);
      }
    });
    await addField(page, '加急', '复选框');
    await addField(page, '联系邮箱', '邮箱');
    await addField(page, '客户', '关联数据', async (d) => pickOption(page, d.getByTestId('relation-table'), '客户'));
    await addField(page, '明细', '子表单', async (d) => {
      await d.getByTestId('sub-column-add').click();
      await d.getByTestId('sub-column-name').last().fill('产品');
      await d.getByTestId('sub-column-add').click();
      await d.getByTestId('sub-column-name').last().fill('单价');
      await pickOption(page, d.getByTestId('sub-column-type').last(), '数字');
    });
    await addField(page, '编号', '流水号');
    await snap(page, 'tables-fields');

    // Table settings list every app role's rights on the table (issue 27): 成员 may now delete too,
    // set in the role matrix's drawer, and the row shows it at once.
    await page.getByTestId('table-settings').click();
    const member = page.getByTestId('table-role-rights').locator('[data-testid^="role-cell-"][data-testid$="-member"]');
    await member.click();
    const drawer = page.getByTestId('role-rights-drawer');
    await settled(drawer);
    await drawer.getByTestId('role-actions').getByText('删除', { exact: true }).click();
    await page.getByTestId('role-rights-save').click();
    await expect.poll(() => member.innerText()).toContain('删除');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
  });

  it('arranges the form: two columns and a second section', async () => {
    await page.getByRole('tab', { name: '表单设计' }).click();
    await page.getByTestId('form-columns').getByText('两列').click();
    await page.getByTestId('form-add-section').click();
    await page.getByTestId('section-title').last().fill('合同明细');
    await page.getByTestId('form-item-明细').click();
    await pickOption(page, page.getByTestId('field-properties').getByTestId('move-to-section'), '合同明细');
    const second = page.getByTestId('form-design-section-1');
    await pointerDrag(page, page.getByTestId('form-item-备注'), second.getByTestId('form-item-明细'));
    await expect
      .poll(() => second.locator('[data-field-row]').first().getAttribute('data-testid'))
      .toBe('form-item-备注');
    await page.getByTestId('form-save').click();
    await expect.poll(() => page.locator('.ant-message').innerText()).toContain('表单已保存');
    await snap(page, 'tables-form-designer');
  });

  it('fills the form, shows the detail and history', async () => {
    await page.getByRole('tab', { name: '数据' }).click();
    await page.getByTestId('record-add').click();
    const form = page.getByTestId('record-form');
    await form.getByTestId('form-field-联系邮箱').locator('input').fill('not-an-email');
    await page.getByTestId('record-submit').click();
    await expect.poll(() => page.getByTestId('record-form-error').innerText()).toContain('校验不通过');

    await form.getByTestId('form-field-合同名称').locator('input').fill('年度服务合同');
    await form.getByTestId('form-field-备注').locator('textarea').fill('含上门服务');
    await form.getByTestId('form-field-数量').locator('input').fill('3');
    await form.getByTestId('form-field-金额').locator('input').fill('12000');
    await form.getByTestId('form-field-签订日期').locator('input').fill('2025-03-01');
    await page.keyboard.press('Enter');
    await pickOption(page, form.getByTestId('form-field-状态').locator('.ant-select'), '已签订');
    await form.getByTestId('form-field-加急').locator('input').check();
    await form.getByTestId('form-field-联系邮箱').locator('input').fill('sales@example.com');
    await pickRecord(page, form.getByTestId('relation-input'), '星河科技');
    await form.getByTestId('subtable-add-row').click();
    await form.getByTestId('subtable-input').locator('tbody tr input').first().fill('年度维保');
    await form.getByTestId('subtable-input').locator('tbody tr input').nth(1).fill('4000');
    await snap(page, 'tables-fill');
    await page.getByTestId('record-submit').click();

    const detail = page.getByTestId('record-detail');
    await detail.waitFor();
    await expect.poll(() => detail.getByTestId('detail-合同名称').innerText()).toBe('年度服务合同');
    await expect.poll(() => detail.getByTestId('detail-状态').innerText()).toBe('已签订');
    await expect.poll(() => detail.getByTestId('detail-客户').innerText()).toBe('星河科技');
    await expect.poll(() => detail.getByTestId('subtable-view').innerText()).toContain('年度维保');
    await expect.poll(() => detail.getByTestId('detail-编号').innerText()).toMatch(/\d{4}/);
    await expect.poll(() => page.getByTestId('record-history').innerText()).toContain('王小明');
    await snap(page, 'tables-detail');
  });

  it('comments on the record: a link, the grid count, an edit marked (已编辑), a delete after confirming', async () => {
    await page.getByTestId('comment-box').fill('请尽快确认 https://example.com/contract\n第二行');
    await page.getByTestId('comment-send').click();
    const item = page.getByTestId('comment-item');
    await expect.poll(() => item.count()).toBe(1);
    await expect
      .poll(() => item.first().getByTestId('comment-body').innerHTML())
      .toContain('href="https://example.com/contract"');
    // The writer follows the record from now on; the grid behind the drawer counts the comment.
    await expect.poll(() => page.getByTestId('comment-follow').innerText()).toContain('已关注');
    await expect.poll(() => page.getByTestId('comment-count').first().innerText()).toContain('1');
    await item.first().getByTestId('comment-edit').click();
    await page.getByTestId('comment-edit-box').fill('已确认');
    await page.getByTestId('comment-save').click();
    await expect.poll(() => item.first().getByTestId('comment-edited').innerText()).toBe('(已编辑)');
    await item.first().getByTestId('comment-remove').click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-dangerous').click();
    await expect.poll(() => item.count()).toBe(0);
  });

  it('meets the conflict message when a second tab saved first', async () => {
    const recordUrl = page.url();
    expect(recordUrl).toContain('record=');
    await page.getByTestId('record-edit').click();
    await page.getByTestId('form-field-备注').locator('textarea').fill('第一个标签页的修改');

    const second = await page.context().newPage();
    await second.goto(recordUrl);
    await second.getByTestId('record-edit').click();
    await second.getByTestId('form-field-备注').locator('textarea').fill('第二个标签页的修改');
    await second.getByTestId('record-submit').click();
    await second.getByTestId('record-detail').waitFor();
    await expect.poll(() => second.getByTestId('record-history').innerText()).toContain('第二个标签页的修改');

    await page.getByTestId('record-submit').click();
    await expect
      .poll(() => page.getByTestId('record-form-error').innerText())
      .toContain('数据已被他人修改，请刷新后重试');
    await expect
      .poll(() => page.getByTestId('form-field-备注').locator('textarea').inputValue())
      .toBe('第一个标签页的修改');
    await snap(page, 'tables-conflict');
  });
});

describe('under the Content-Security-Policy the server sends', () => {
  it('saw no violation on any page of this file', () => {
    expect(cspViolations()).toEqual([]);
  });
});
