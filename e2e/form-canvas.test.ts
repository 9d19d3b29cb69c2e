import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, joinTeamOf, pageApi, pointerDrag, registerWithTeam, shot } from './steps.js';

/**
 * The form canvas (issue 29): field types dragged from the palette onto the form (and placed with the
 * keyboard), fields reordered by dragging, the selected field's properties on the right, saved through
 * the field and form calls; after a reload the order and settings are there, and a member fills the form.
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

/** The fields on the canvas, top to bottom. */
const canvasOrder = (page: Page) =>
  page
    .getByTestId('form-designer')
    .locator('[data-field-row]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')?.replace('form-item-', '')));

/** What dnd-kit's live region last told a screen reader. */
const announced = (page: Page) =>
  page.locator('[id^="DndLiveRegion"]').evaluateAll((regions) => regions.map((r) => r.textContent).join(' '));

const props = (page: Page) => page.getByTestId('field-properties');

describe('the form canvas', () => {
  let owner: Page;
  let tablePath = '';
  let appCode = '';

  it('adds fields from the palette by pointer and keyboard, reorders them, edits them and saves', async () => {
    owner = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(owner, '陈设计', '青松工作室');
    await createBlankApp(owner, '项目管理');
    await createTable(owner, '任务');
    const [, , app = '', schema = ''] = new URL(owner.url()).pathname.split('/');
    appCode = app;
    tablePath = `/app/${app}/${schema}`;
    await owner.getByRole('tab', { name: '表单设计' }).click();
    const canvas = owner.getByTestId('form-designer');
    await canvas.waitFor();
    await expect.poll(() => owner.getByTestId('field-palette').innerText()).toContain('单行文本');
    await expect.poll(() => canvas.innerText()).toContain('点击表单中的字段');

    // Pointer: a type dropped at the end of the (empty) form, another dropped before it.
    await pointerDrag(owner, owner.getByTestId('palette-单行文本'), owner.getByTestId('form-drop-end').first());
    await owner.getByTestId('form-item-单行文本').waitFor();
    await expect.poll(() => props(owner).getByTestId('prop-name').inputValue()).toBe('单行文本');
    await props(owner).getByTestId('prop-name').fill('任务名称');
    await props(owner).getByTestId('prop-required').check();
    await pointerDrag(owner, owner.getByTestId('palette-数字'), owner.getByTestId('form-item-任务名称'));
    await expect.poll(() => canvasOrder(owner)).toEqual(['数字', '任务名称']);
    await props(owner).getByTestId('prop-name').fill('工时');
    await props(owner).getByTestId('prop-description').fill('按小时计');

    // Keyboard: space lifts 日期, the up arrow aims at the form's end, space drops it there.
    await owner.getByTestId('palette-日期').focus();
    await owner.keyboard.press('Space');
    await expect.poll(() => announced(owner)).toContain('已拿起“日期”');
    await owner.keyboard.press('ArrowUp');
    await expect.poll(() => announced(owner)).toContain('将放在');
    await owner.keyboard.press('Space');
    await expect.poll(() => canvasOrder(owner)).toEqual(['工时', '任务名称', '日期']);
    await expect.poll(() => announced(owner)).toContain('“日期”已放在');
    await props(owner).getByTestId('prop-name').fill('截止日期');
    // Enter on a palette entry adds it at the end.
    await owner.getByTestId('palette-单选').focus();
    await owner.keyboard.press('Enter');
    await owner.getByTestId('form-item-单选').waitFor();
    for (const label of ['高', '低']) {
      await props(owner).getByTestId('option-add').click();
      await props(owner).getByTestId('option-label').last().fill(label);
    }
    await props(owner).getByTestId('prop-name').fill('优先级');

    // Reorder: 任务名称 dragged before 工时; 截止日期 lifted with the keyboard and moved up one place.
    await pointerDrag(owner, owner.getByTestId('form-item-任务名称'), owner.getByTestId('form-item-工时'));
    await expect.poll(() => canvasOrder(owner)).toEqual(['任务名称', '工时', '截止日期', '优先级']);
    await owner.getByTestId('form-item-截止日期').focus();
    await owner.keyboard.press('Space');
    // The sensor listens for arrows only once the lift is announced: an arrow before it is lost.
    await expect.poll(() => announced(owner)).toContain('已拿起“截止日期”');
    await owner.keyboard.press('ArrowUp');
    await expect.poll(() => announced(owner)).toContain('“工时”之前');
    await shot(owner, 'form-canvas-keyboard-drag');
    await owner.keyboard.press('Space');
    await expect.poll(() => canvasOrder(owner)).toEqual(['任务名称', '截止日期', '工时', '优先级']);

    // Two columns, the name across both.
    await owner.getByTestId('form-columns').getByText('两列').click();
    await owner.getByTestId('form-item-任务名称').click();
    await props(owner).getByTestId('prop-width').getByText('整行').click();
    await owner.getByTestId('form-item-任务名称').click();
    await shot(owner, 'form-canvas-designer');

    await owner.getByTestId('form-save').click();
    await expect.poll(() => owner.locator('.ant-message').innerText()).toContain('表单已保存');
    await expect.poll(() => canvas.innerText()).not.toContain('未保存');
  });

  it('shows the saved order and settings after a reload, and the table view follows the form', async () => {
    await owner.reload();
    await owner.getByRole('tab', { name: '表单设计' }).click();
    await expect.poll(() => canvasOrder(owner)).toEqual(['任务名称', '截止日期', '工时', '优先级']);
    await owner.getByTestId('form-item-任务名称').click();
    await expect.poll(() => props(owner).getByTestId('prop-required').isChecked()).toBe(true);
    await expect
      .poll(() => props(owner).getByTestId('prop-width').locator('.ant-radio-button-wrapper-checked').innerText())
      .toBe('整行');
    await owner.getByTestId('form-item-工时').click();
    await expect.poll(() => props(owner).getByTestId('prop-description').inputValue()).toBe('按小时计');
    await owner.getByTestId('form-item-优先级').click();
    await expect.poll(() => props(owner).getByTestId('option-label').count()).toBe(2);
    // The field list (字段设计, the table view) is in the form's order too.
    await owner.getByTestId('form-table-view').click();
    await owner.getByTestId('field-row-任务名称').waitFor();
    await expect
      .poll(() =>
        owner
          .getByTestId('field-designer')
          .locator('[data-testid^="field-row-"]')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid'))),
      )
      .toEqual(['field-row-任务名称', 'field-row-截止日期', 'field-row-工时', 'field-row-优先级']);
  });

  it('names the field the server refused and keeps it on the canvas until taken off', async () => {
    await owner.getByRole('tab', { name: '表单设计' }).click();
    await owner.getByTestId('palette-关联数据').focus();
    await owner.keyboard.press('Enter');
    await owner.getByTestId('form-item-关联数据').waitFor();
    await owner.getByTestId('form-save').click();
    await expect.poll(() => owner.locator('.ant-message').innerText()).toContain('字段“关联数据”保存失败');
    await expect.poll(() => owner.getByTestId('form-item-关联数据').innerText()).toContain('未保存');
    await expect.poll(() => props(owner).getByTestId('prop-name').inputValue()).toBe('关联数据');
    await props(owner).getByTestId('prop-remove-new').click();
    await expect.poll(() => owner.getByTestId('form-item-关联数据').count()).toBe(0);
    await expect.poll(() => canvasOrder(owner)).toEqual(['任务名称', '截止日期', '工时', '优先级']);

    // Unsaved edits: leaving the tab asks first; 取消 stays, the danger button leaves.
    await owner.getByTestId('form-item-工时').click();
    await props(owner).getByTestId('prop-help').fill('只填整数');
    await owner.getByRole('tab', { name: '数据' }).click();
    const confirm = owner.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.innerText()).toContain('表单有未保存的修改');
    await confirm.getByRole('button', { name: '取 消' }).click();
    await expect.poll(() => owner.getByTestId('form-item-工时').innerText()).toContain('只填整数');
    await owner.getByRole('tab', { name: '数据' }).click();
    await confirm.getByRole('button', { name: '放弃修改并离开' }).click();
    await owner.getByTestId('record-add').waitFor();
    await owner.getByRole('tab', { name: '表单设计' }).click();
    await expect.poll(() => owner.getByTestId('form-item-工时').innerText()).not.toContain('只填整数');
  });

  it('lets a member fill the form and see the record', async () => {
    const member = (await newPage(browser, server.baseUrl)).page;
    await joinTeamOf(owner, member, '刘成员');
    const userId = (await pageApi<{ id: string }>(member, 'GET', '/v1/user/information/basic')).data.id;
    expect(
      (await pageApi(owner, 'POST', '/v1/apps/role/add', { appCode, userIds: [userId], role: 'member' })).status,
    ).toBe(200);
    await member.goto(tablePath);
    await member.getByTestId('record-add').click();
    const form = member.getByTestId('record-form');
    await form.waitFor();
    await expect
      .poll(() =>
        form
          .locator('[data-testid^="form-field-"]')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')?.replace('form-field-', ''))),
      )
      .toEqual(['任务名称', '截止日期', '工时', '优先级']);
    await member.getByTestId('record-submit').click();
    await expect.poll(() => form.innerText()).toContain('任务名称不能为空');
    await form.getByTestId('form-field-任务名称').locator('input').fill('整理需求');
    await form.getByTestId('form-field-工时').locator('input').fill('6');
    await shot(member, 'form-canvas-member-fill');
    await member.getByTestId('record-submit').click();
    const detail = member.getByTestId('record-detail');
    await detail.waitFor();
    await expect.poll(() => detail.getByTestId('detail-任务名称').innerText()).toBe('整理需求');
    await expect.poll(() => detail.getByTestId('detail-工时').innerText()).toBe('6');
  });
});
