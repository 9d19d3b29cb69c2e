import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer, submitRegistration } from './harness.js';
import { createBlankApp, createTable, pageApi, registerWithTeam, shot } from './steps.js';

/**
 * The app settings' custom menu (spec §6): an editor renames, hides and reorders the menu and adds a
 * link; members see the menu without the hidden item, the editor still sees it marked, and the link
 * opens in a new tab. Only http/https links are accepted.
 */
let server: RunningServer;
let browser: Browser;
let owner: Page;
let member: Page;
let appCode = '';
const eventually = { timeout: 60_000 };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const menuText = (page: Page) => page.getByTestId('app-menu').innerText();

describe('custom menu', () => {
  it('sets up an app with two tables and a member who uses it', async () => {
    owner = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(owner, '周明', '远山设计');
    await owner.getByTestId('home-page').waitFor();
    await createBlankApp(owner, '项目管理');
    appCode = decodeURIComponent(new URL(owner.url()).pathname.split('/')[2] ?? '');
    await createTable(owner, '任务');
    await createTable(owner, '成本');

    member = (await newPage(browser, server.baseUrl)).page;
    await member.goto('/register');
    await submitRegistration(member, { name: '吴桐' });
    await member.getByTestId('team-create-page').waitFor();
    const invitation = await pageApi<{ id: string }>(owner, 'POST', '/v1/corpintegrate/invitation', {});
    expect((await pageApi(member, 'PUT', `/v1/corpintegrate/invitation/join/${invitation.data.id}`)).status).toBe(200);
    const memberUser = await pageApi<{ id: string }>(member, 'GET', '/v1/user/information/basic');
    const added = await pageApi(owner, 'POST', '/v1/apps/role/add', {
      appCode,
      userIds: [memberUser.data.id],
      role: 'member',
    });
    expect(added.status).toBe(200);
  });

  it('renames, hides and reorders items and adds a link, refusing a non-http address', async () => {
    await owner.getByTestId('app-settings-trigger').click();
    await owner.getByTestId('app-settings-menu').getByText('自定义菜单').click();
    const dialog = owner.getByTestId('custom-menu-dialog');
    await dialog.waitFor();
    const row = (path: string) => owner.getByTestId(`custom-menu-row-${path}`);
    await expect.poll(() => row('0').getByTestId('custom-menu-name').inputValue()).toBe('任务');
    await expect.poll(() => row('1').getByTestId('custom-menu-name').inputValue()).toBe('成本');

    await row('0').getByTestId('custom-menu-name').fill('我的任务');
    await row('1').getByTestId('custom-menu-visibility').click();
    await row('1').getByTestId('custom-menu-up').click();
    await expect.poll(() => row('0').getByTestId('custom-menu-name').inputValue()).toBe('成本');
    await dialog.getByTestId('custom-menu-add-link').click();
    await row('2').getByTestId('custom-menu-name').fill('帮助中心');
    await row('2').getByTestId('custom-menu-url').fill('javascript:alert(1)');
    await owner.locator('#custom-menu-save').click();
    await expect
      .poll(() => row('2').getByTestId('custom-menu-url-error').innerText(), eventually)
      .toBe('请输入以 http:// 或 https:// 开头的链接地址');
    await row('2').getByTestId('custom-menu-url').fill(`${server.baseUrl}/healthz`);
    await shot(owner, 'custom-menu-dialog');
    await owner.locator('#custom-menu-save').click();
    await owner.getByText('菜单已保存').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Back from the settings page, the editor still sees the hidden table, marked, in its new place.
    await owner.getByTestId('app-settings-back').click();
    await expect.poll(() => menuText(owner), eventually).toMatch(/成本\s*我的任务\s*帮助中心/);
    await owner.getByTestId('menu-node-成本').getByTestId('menu-node-hidden').waitFor();
    await shot(owner, 'custom-menu-editor-view');
  });

  it('opens the link in a new tab', async () => {
    const before = owner.url();
    const opened = owner.context().waitForEvent('page');
    await owner.getByTestId('menu-node-帮助中心').click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${server.baseUrl}/healthz`);
    await tab.close();
    // The app page itself stays where it was.
    expect(owner.url()).toBe(before);
  });

  it('shows members the menu without the hidden item, after a reload too', async () => {
    await member.goto(`/app/${encodeURIComponent(appCode)}`);
    await expect.poll(() => menuText(member), eventually).toMatch(/我的任务\s*帮助中心/);
    await expect.poll(() => menuText(member)).not.toContain('成本');
    await shot(member, 'custom-menu-member-view');
    // Members have no custom menu entry: their settings say 无编辑权限.
    await member.getByTestId('app-settings-trigger').click();
    await member.getByTestId('app-settings-menu').getByText('无编辑权限').waitFor();
    await expect.poll(() => member.getByTestId('app-settings-menu').innerText()).not.toContain('自定义菜单');
  });
});
