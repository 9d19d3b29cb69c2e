import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, registerWithTeam, shot } from './steps.js';

/**
 * The new-user guide (spec §4 Guide, issue 14): it starts by itself for a new user, advances only
 * when the user has really done each step, keeps its progress across a reload, and the help menu's
 * "新手引导" starts it again.
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

const tour = (page: Page) => page.locator('.ant-tour:visible');
const title = (page: Page) => tour(page).locator('.ant-tour-title').innerText();
const progress = (page: Page) => tour(page).getByTestId('guide-progress').innerText();

async function addTextField(page: Page, name: string) {
  await page.getByTestId('field-add').click();
  await page.locator('.ant-modal:visible').getByTestId('field-name').fill(name);
  await page.locator('#field-submit').click();
  await page.getByTestId(`field-row-${name}`).waitFor();
}

describe('new-user guide', () => {
  let page: Page;

  it('guides a new user step by step, advancing only on what was really done, and keeps progress on reload', async () => {
    page = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(page, '林新', '新芽工作室');
    await page.getByTestId('home-page').waitFor();
    await expect.poll(() => title(page)).toBe('新建一个应用');
    await expect.poll(() => progress(page)).toBe('第 1 / 5 步');
    await shot(page, 'guide-step-app');

    // Opening the menu is not creating an app: the guide stays on step one (it steps aside meanwhile).
    await page.getByTestId('create-app-menu').first().click();
    await page.getByRole('menuitem', { name: '新建空白应用' }).waitFor();
    await expect.poll(() => tour(page).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => title(page)).toBe('新建一个应用');

    await createBlankApp(page, '客户管理');
    await expect.poll(() => title(page)).toBe('新建一张数据表');
    await expect.poll(() => progress(page)).toBe('第 2 / 5 步');
    await shot(page, 'guide-step-table');

    await createTable(page, '客户');
    await expect.poll(() => title(page)).toBe('添加两个字段');
    await page.getByRole('tab', { name: '字段设计' }).click();
    await addTextField(page, '名称');
    // One field is not two.
    await expect.poll(() => title(page)).toBe('添加两个字段');
    await addTextField(page, '电话');
    await expect.poll(() => title(page)).toBe('录入一条数据');
    await shot(page, 'guide-step-record');

    // The progress is on the server: a reload comes back at the same step.
    await page.reload();
    await page.getByTestId('table-page').waitFor();
    await expect.poll(() => title(page)).toBe('录入一条数据');
    await expect.poll(() => progress(page)).toBe('第 4 / 5 步');

    await page.getByRole('tab', { name: '数据', exact: true }).click();
    await page.getByTestId('record-add').click();
    await page.getByTestId('form-field-名称').locator('input').fill('星河贸易');
    await page.getByTestId('record-submit').click();
    await page.getByTestId('record-detail').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => title(page)).toBe('设计一个流程');

    await page.getByTestId('table-design-flow').click();
    await page.getByTestId('wf-canvas').waitFor();
    // Opening the designer is not a flow yet: an approval step is added and the draft saved.
    await page.getByTestId('wf-plus-after-发起').click();
    await page.getByTestId('wf-add-approve').click();
    await page.getByTestId('wf-node-drawer').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('wf-node-drawer').isVisible()).toBe(false);
    await expect.poll(() => title(page)).toBe('设计一个流程');
    await page.getByTestId('wf-save').click();
    await expect.poll(() => title(page)).toBe('你已完成新手引导');
    await shot(page, 'guide-done');
    await tour(page).getByTestId('guide-finish').click();
    await expect.poll(() => tour(page).count()).toBe(0);
    const saved = await pageApi<{ action: string; steps: string[] }>(page, 'GET', '/v1/onboarding/user');
    expect(saved.data).toEqual({ action: 'finished', steps: ['app', 'table', 'fields', 'record', 'flow'] });

    await page.goto('/home');
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('operation-slot').waitFor();
    await expect.poll(() => tour(page).count()).toBe(0);
  });

  it('starts again from the help menu, from step one, and can be skipped', async () => {
    await page.getByTestId('header-help').click();
    await page.getByTestId('help-menu-guide').click();
    await expect.poll(() => title(page)).toBe('新建一个应用');
    await expect.poll(() => progress(page)).toBe('第 1 / 5 步');
    await shot(page, 'guide-restarted');
    await tour(page).getByTestId('guide-skip').click();
    await expect.poll(() => tour(page).count()).toBe(0);
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('operation-slot').waitFor();
    await expect.poll(() => tour(page).count()).toBe(0);
    expect((await pageApi<{ action: string }>(page, 'GET', '/v1/onboarding/user')).data.action).toBe('skipped');
  });

  it('leaves expired operation-area items out', async () => {
    const expired = (await pageApi<string[]>(page, 'GET', '/v1/opdata/tag/expired')).data;
    const all = (await pageApi<{ id: string }[]>(page, 'GET', '/v1/system/announcements')).data.map((a) => a.id);
    await page.getByTestId('operation-slot').locator('.ant-list-item').first().waitFor();
    for (const id of all) {
      await expect.poll(() => page.getByTestId(`operation-item-${id}`).count()).toBe(expired.includes(id) ? 0 : 1);
    }
  });
});

describe('open in browser (DingTalk PC client)', () => {
  it('signs the system browser in on the same page with a single-use code', async () => {
    const dingTalk =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 DingTalk(7.0.0)';
    const { context, page } = await newPage(browser, server.baseUrl, { userAgent: dingTalk });
    await registerWithTeam(page, '钉钉用户', '钉钉团队');
    await page.getByTestId('home-page').waitFor();
    await tour(page).getByTestId('guide-skip').click();
    await page.goto('/members');
    await page.getByTestId('members-page').waitFor();
    await page.getByTestId('header-avatar').click();
    await expect.poll(() => page.getByTestId('menu-logout').count()).toBe(0);
    // The client's own window must not spend the code: its request is held back and its address kept.
    let url = '';
    await context.route('**/v1/user/information/authorizationCode/open*', (route) => {
      url = route.request().url();
      return route.abort();
    });
    await page.getByTestId('menu-open-in-browser').click();
    await expect.poll(() => url).toMatch(/\/v1\/user\/information\/authorizationCode\/open\?code=[\w-]+$/);

    // The system browser: no cookies of the client.
    const system = await newPage(browser, server.baseUrl);
    await system.page.goto(url);
    await system.page.getByTestId('members-page').waitFor();
    expect(new URL(system.page.url()).pathname).toBe('/members');
    await shot(system.page, 'open-in-browser-landed');

    const again = await newPage(browser, server.baseUrl);
    await again.page.goto(url);
    await expect.poll(() => again.page.getByTestId('authorization-code-result').innerText()).toContain('链接已失效');
    await shot(again.page, 'open-in-browser-replay');
    await Promise.all([context.close(), system.context.close(), again.context.close()]);
  });
});
