import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, registerWithTeam, shot } from './steps.js';

/**
 * The template center in the browser (issue 12): 从模板创建 opens the gallery; a template's detail
 * lists its tables and flows; 安装 shows the task's progress until 安装成功, the app list has the new
 * app and the app opens.
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

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

describe('template gallery', () => {
  it('installs a template from the gallery with progress to the end and opens the app', async () => {
    const { page } = await newPage(browser, server.baseUrl);
    await registerWithTeam(page, '唐宁', '青禾物业');
    await page.getByTestId('create-app-menu').first().click();
    await page.getByRole('menuitem', { name: '从模板创建' }).click();
    const gallery = page.getByTestId('template-gallery');
    await gallery.waitFor();
    await expect
      .poll(() => gallery.getByTestId('template-cards').locator('.ant-card-meta, .ant-card-body').count())
      .toBe(6);
    for (const name of ['请假审批', '费用报销', '采购申请', '客户管理', '项目任务', '设备报修'])
      await gallery.getByText(name, { exact: true }).first().waitFor();
    await shot(page, 'templates-gallery');
    // 团队模板 is empty until the team publishes one.
    await gallery.getByRole('tab', { name: '团队模板' }).click();
    await gallery.locator('.ant-empty').waitFor();
    await gallery.getByRole('tab', { name: '全部' }).click();

    await gallery.getByTestId('template-card-repair').click();
    const detail = page.getByTestId('template-detail');
    await detail.waitFor();
    const contents = detail.getByTestId('template-contents');
    await contents.getByText('设备台账', { exact: true }).waitFor();
    await contents.getByText('报修单', { exact: true }).waitFor();
    await contents.getByText('报修流程', { exact: true }).waitFor();
    await contents.getByText('故障统计', { exact: true }).waitFor();
    await shot(page, 'templates-detail');

    await detail.getByTestId('template-install').click();
    await page.getByTestId('template-install-progress').waitFor();
    await shot(page, 'templates-installing');
    await toast(page, '安装成功').waitFor();
    await expect.poll(() => gallery.isVisible()).toBe(false);
    // The new app opens, its menu holding the template's tables and dashboard.
    await page.getByTestId('menu-node-报修单').waitFor();
    await page.getByTestId('menu-node-故障统计').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/app\/[a-z0-9]+/);
    await shot(page, 'templates-installed');
    await page.goto('/home');
    await expect.poll(() => page.getByTestId('app-card-name').allInnerTexts()).toEqual(['设备报修']);
  });
});

describe('team templates and share links', () => {
  it('publishes an app as a team template and shares it by a link another team installs from', async () => {
    const { page } = await newPage(browser, server.baseUrl);
    await registerWithTeam(page, '顾言', '南山设计');
    await createBlankApp(page, '资产登记');
    await createTable(page, '资产');
    // Without the features the app settings offer neither.
    await page.getByTestId('app-settings-trigger').click();
    const menu = page.getByTestId('app-settings-menu');
    await menu.getByText('导出安装包').waitFor();
    expect(await menu.getByText('发布为团队模板').count()).toBe(0);
    expect(await menu.getByText('分享应用').count()).toBe(0);
    const features = ['TemplateCenterForAppInstall', 'TemplateInstallByUpload', 'templatePublish', 'appShare'];
    expect((await pageApi(page, 'PUT', '/v1/corp/features', { featureList: features })).status).toBe(200);
    await page.reload();

    await page.getByTestId('app-settings-trigger').click();
    await menu.getByText('发布为团队模板').click();
    const form = page.getByTestId('publish-template-form');
    await form.waitFor();
    await form.locator('#description').fill('登记公司固定资产');
    await page.getByRole('button', { name: '发 布' }).click();
    await toast(page, '已发布为团队模板').waitFor();

    await page.getByTestId('app-settings-trigger').click();
    await menu.getByText('分享应用').click();
    const share = page.getByTestId('share-app-dialog');
    await share.getByRole('button', { name: '生成链接' }).click();
    await expect.poll(() => share.getByTestId('share-link').inputValue()).toContain('/share/');
    const url = await share.getByTestId('share-link').inputValue();
    await shot(page, 'templates-share');
    await page.keyboard.press('Escape');

    // The team's template is in the gallery under 团队模板.
    await page.goto('/home');
    await page.getByTestId('create-app-menu').first().click();
    await page.getByRole('menuitem', { name: '从模板创建' }).click();
    const gallery = page.getByTestId('template-gallery');
    await gallery.getByRole('tab', { name: '团队模板' }).click();
    await gallery.getByText('资产登记', { exact: true }).waitFor();
    await gallery.getByText('登记公司固定资产').waitFor();

    // Someone of another team opens the link and installs the app into their team.
    const other = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(other, '白露', '北湖贸易');
    await other.getByTestId('create-app-menu').first().waitFor();
    await other.goto(new URL(url).pathname);
    const shared = other.getByTestId('shared-app');
    await shared.getByText('资产登记', { exact: true }).waitFor();
    await shared.getByText('资产', { exact: true }).waitFor();
    await shot(other, 'templates-shared-page');
    await other.getByTestId('shared-app-install').click();
    await toast(other, '安装成功').waitFor();
    await other.getByTestId('menu-node-资产').waitFor();
  });
});
