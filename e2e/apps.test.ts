import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer, submitRegistration } from './harness.js';
import { createBlankApp, pageApi, registerWithTeam, settled, shot } from './steps.js';

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

async function register(page: Page, name: string) {
  await page.goto('/register');
  await submitRegistration(page, { name });
  await page.getByTestId('team-create-page').waitFor();
}

const names = (page: Page, group: 'starred' | 'other') =>
  page.getByTestId(`app-group-${group}`).getByTestId('app-card-name').allInnerTexts();
const card = (page: Page, name: string) => page.locator(`[data-app-name="${name}"]`);
const savedOrder = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/v1/apps/preference/mine') && r.request().method() === 'PUT');
const confirmButton = (page: Page, label: RegExp) =>
  page.locator('.ant-modal-confirm').getByRole('button', { name: label });

async function openSettings(page: Page, item: string) {
  // Dialogs still closing (their masks cover the page) first finish.
  await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
  await page.getByTestId('app-settings-trigger').click();
  await settled(page.getByTestId('app-settings-menu'));
  await page.getByTestId('app-settings-menu').getByText(item).click();
}

describe('apps on the workbench and inside an app', () => {
  let owner: Page;
  const codes: Record<string, string> = {};
  const LONG = '采购申请审批管理';

  it('creates three blank apps; a double click creates one', async () => {
    owner = (await newPage(browser, server.baseUrl)).page;
    await register(owner, '王小明');
    await owner.locator('#corpName').fill('晨光工作室');
    await owner.getByTestId('team-create-submit').click();
    await expect.poll(() => owner.getByTestId('all-apps-section').innerText()).toContain('还没有可用的应用');

    for (const [name, color] of [
      ['客户管理', 1],
      ['费用报销', 3],
      [`${LONG}中心`, 4],
    ] as const) {
      await owner.goto('/home');
      await owner.getByTestId('create-app-menu').first().click();
      await owner.getByRole('menuitem', { name: '新建空白应用' }).click();
      await owner.getByTestId('create-app-name').fill(name);
      await owner.getByTestId(`app-color-${color}`).click();
      await owner.getByTestId('app-icon-shop').click();
      if (name === '客户管理') await shot(owner, 'apps-create-dialog');
      await owner.locator('#create-app-submit').dblclick();
      await owner.getByTestId('app-home').waitFor();
      codes[name] = decodeURIComponent(new URL(owner.url()).pathname.split('/')[2] ?? '');
      await expect.poll(() => owner.getByTestId('app-title').innerText()).toBe(name);
    }
    const list = await pageApi<{ displayName: string }[]>(owner, 'GET', '/v1/apps');
    expect(list.data.map((a) => a.displayName).sort()).toEqual(['客户管理', `${LONG}中心`, '费用报销'].sort());
  });

  it('stars an app, drags within and between groups, and keeps the order after a reload', async () => {
    await owner.goto('/home');
    await expect.poll(() => names(owner, 'other')).toEqual(['客户管理', '费用报销', `${LONG}中心`]);
    let saved = savedOrder(owner);
    await card(owner, '费用报销').getByTestId('app-card-star').click();
    await saved;
    await expect.poll(() => names(owner, 'starred')).toEqual(['费用报销']);
    // Spec §2: the two groups of 全部应用, each under its name.
    expect(await owner.getByTestId('app-group-starred').getAttribute('aria-label')).toBe('星标应用');
    expect(await owner.getByTestId('app-group-other').getAttribute('aria-label')).toBe('其他应用');
    await owner.getByTestId('app-group-starred').getByText('星标应用', { exact: true }).waitFor();
    await owner.getByTestId('app-group-other').getByText('其他应用', { exact: true }).waitFor();

    saved = savedOrder(owner);
    await card(owner, `${LONG}中心`).dragTo(card(owner, '客户管理'), { targetPosition: { x: 12, y: 20 } });
    await saved;
    await expect.poll(() => names(owner, 'other')).toEqual([`${LONG}中心`, '客户管理']);

    saved = savedOrder(owner);
    await card(owner, '客户管理').dragTo(card(owner, '费用报销'), { targetPosition: { x: 12, y: 20 } });
    await saved;
    await expect.poll(() => names(owner, 'starred')).toEqual(['客户管理', '费用报销']);
    await card(owner, `${LONG}中心`).getByTestId('app-card-name').hover();
    await owner
      .getByRole('tooltip')
      .filter({ hasText: `${LONG}中心` })
      .waitFor();
    await shot(owner, 'apps-home');

    await owner.reload();
    await expect.poll(() => names(owner, 'starred')).toEqual(['客户管理', '费用报销']);
    await expect.poll(() => names(owner, 'other')).toEqual([`${LONG}中心`]);
    await expect.poll(() => card(owner, '客户管理').getByTestId('app-card-role').innerText()).toBe('所有者');
  });

  it('builds the menu: a group with a table inside, whose page says what comes next', async () => {
    // The card carries the app's theme colour (1, chosen at creation) to the app page.
    expect(await card(owner, '客户管理').getByRole('link').getAttribute('href')).toMatch(/\?color=1$/);
    await card(owner, '客户管理').getByRole('link').click();
    await owner.getByTestId('app-home').waitFor();
    expect(new URL(owner.url()).searchParams.get('color')).toBe('1');
    for (const [type, name] of [
      ['新建分组', '客户资料'],
      ['新建数据表', '客户名录'],
    ] as const) {
      await owner.getByTestId('add-node').click();
      await owner.getByRole('menuitem', { name: type }).click();
      await owner.getByTestId('node-name-input').fill(name);
      if (type === '新建数据表') {
        await owner.locator('.ant-modal .ant-select').click();
        await owner.locator('.ant-select-item-option').filter({ hasText: '客户资料' }).click();
      }
      await owner.locator('#node-name-submit').click();
      await owner.getByTestId(`menu-node-${name}`).waitFor();
    }
    await owner.getByTestId('table-page').waitFor();
    await expect.poll(() => owner.getByTestId('app-menu').innerText()).toMatch(/客户资料\s*客户名录/);
    await shot(owner, 'apps-menu');
  });

  it('refuses an introduction past 2000 characters and saves a valid one', async () => {
    await owner.getByTestId('header-home').click();
    await card(owner, '客户管理').getByRole('link').click();
    await owner.getByTestId('intro-edit').click();
    const editor = owner.getByTestId('intro-editor');
    await editor.fill('长'.repeat(2001));
    await expect.poll(() => owner.getByTestId('intro-counter').innerText()).toBe('2001 / 2000');
    await owner.locator('#intro-save').click();
    await expect.poll(() => owner.getByTestId('intro-error').innerText()).toBe('输入内容超过最大限制！');
    await shot(owner, 'apps-intro-too-long');
    await editor.fill('');
    await owner.locator('#intro-save').click();
    await expect.poll(() => owner.getByTestId('intro-error').innerText()).toBe('请输入应用介绍！');
    await editor.fill('用于管理客户资料和跟进记录');
    await owner.locator('#intro-save').click();
    await expect.poll(() => owner.getByTestId('intro-view').innerText()).toBe('用于管理客户资料和跟进记录');
  });

  it('transfers the app to a second member: the roles swap', async () => {
    const member = (await newPage(browser, server.baseUrl)).page;
    await register(member, '李晓华');
    const invitation = await pageApi<{ id: string }>(owner, 'POST', '/v1/corpintegrate/invitation', {});
    expect(invitation.status).toBe(200);
    const joined = await pageApi(member, 'PUT', `/v1/corpintegrate/invitation/join/${invitation.data.id}`);
    expect(joined.status).toBe(200);

    await openSettings(owner, '转交应用');
    const picker = owner.locator('.ant-modal').filter({ has: owner.getByTestId('member-picker') });
    await picker.getByTestId('picker-member-李晓华').click();
    await shot(owner, 'apps-transfer-picker');
    // A failed transfer says 转交失败，请重试 (spec §8) and keeps the picker to try again; the call
    // is the spec's update app owner (originalOwnerId, newOwnerId, appCode).
    let sent: Record<string, unknown> | undefined;
    await owner.route('**/v1/apps/owner', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({ status: 500, body: '' });
    });
    await picker.getByRole('button', { name: /转\s?交/ }).click();
    await confirmButton(owner, /转\s?交/).click();
    await expect.poll(() => owner.locator('.ant-message').innerText()).toContain('转交失败，请重试');
    await owner.unrouteAll();
    const appCode = new URL(owner.url()).pathname.split('/')[2];
    expect(sent).toMatchObject({ appCode, originalOwnerId: expect.any(String), newOwnerId: expect.any(String) });
    await expect.poll(() => owner.locator('.ant-modal-confirm').count()).toBe(0);
    await picker.getByRole('button', { name: /转\s?交/ }).click();
    await confirmButton(owner, /转\s?交/).click();
    await expect.poll(() => owner.locator('.ant-message').innerText()).toContain('转交成功');

    // Now a manager, the former owner may exit; a failed exit says 退出失败 (spec §8) and stays.
    await owner.route('**/v1/apps/*/exit', (route) => route.fulfill({ status: 500, body: '' }));
    await openSettings(owner, '退出应用');
    await confirmButton(owner, /退\s?出/).click();
    await expect.poll(() => owner.locator('.ant-message').innerText()).toContain('退出失败');
    await owner.unrouteAll();
    expect(new URL(owner.url()).pathname).toMatch(/^\/app\//);

    await openSettings(owner, '应用成员');
    await expect.poll(() => owner.getByTestId('roles-owner').innerText()).toContain('李晓华');
    await expect.poll(() => owner.getByTestId('roles-manager').innerText()).toContain('王小明');
    await shot(owner, 'apps-roles');
    // Close by the dialog's own button: Escape lands only once the opening animation moved focus in.
    await owner
      .locator('.ant-modal-wrap:visible')
      .getByRole('button', { name: /关\s?闭/ })
      .last()
      .click();

    // A team owner in admin mode gets the owner actions back on an app they no longer own.
    await expect.poll(() => owner.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await owner.getByTestId('admin-mode-switch').click();
    await expect.poll(() => owner.getByTestId('admin-mode-switch').getAttribute('aria-checked')).toBe('true');
    await owner.getByTestId('app-settings-trigger').click();
    await owner.getByTestId('app-settings-menu').getByText('删除应用').waitFor();
    await shot(owner, 'apps-admin-mode');
    await owner.keyboard.press('Escape');

    await member.goto('/home');
    await expect.poll(() => card(member, '客户管理').getByTestId('app-card-role').innerText()).toBe('所有者');
    await member.context().close();
  });

  it('deletes an app to the recycle bin and restores it', async () => {
    await owner.goto(`/app/${codes.费用报销 ?? ''}`);
    await openSettings(owner, '删除应用');
    await confirmButton(owner, /删\s?除/).click();
    await owner.getByTestId('home-page').waitFor();
    await expect.poll(() => card(owner, '费用报销').count()).toBe(0);

    await owner.getByTestId('recycle-bin-open').click();
    const item = owner.getByTestId('recycle-item-费用报销');
    await item.waitFor();
    await shot(owner, 'apps-recycle-bin');
    await item.getByTestId('recycle-restore').click();
    await expect.poll(() => card(owner, '费用报销').count()).toBe(1);
    await expect.poll(() => owner.getByTestId('recycle-bin').innerText()).toContain('回收站是空的');
  });

  it('sends an app route of a deleted app to /appNotFound', async () => {
    const code = codes[`${LONG}中心`] ?? '';
    const removed = await pageApi<boolean>(owner, 'DELETE', `/v1/apps/${code}`);
    expect(removed.status).toBe(200);
    await owner.goto(`/app/${code}/anything`);
    await owner.waitForURL('**/appNotFound');
    await expect
      .poll(() => owner.getByTestId('error-page-app-unavailable').innerText())
      .toContain('抱歉！您暂时无法访问该应用');
    await shot(owner, 'apps-not-found');
  });
});

describe('app members', () => {
  it('removes a member from the app with the spec’s call: userIds and appCode (issue 38)', async () => {
    const { page } = await newPage(browser, server.baseUrl);
    await registerWithTeam(page, '周明', '远山商行');
    await page.goto('/home');
    await createBlankApp(page, '合同管理');
    const appCode = new URL(page.url()).pathname.split('/')[2] ?? '';
    const member = (await newPage(browser, server.baseUrl)).page;
    await register(member, '陈静');
    const invitation = await pageApi<{ id: string }>(page, 'POST', '/v1/corpintegrate/invitation', {});
    expect((await pageApi(member, 'PUT', `/v1/corpintegrate/invitation/join/${invitation.data.id}`)).status).toBe(200);
    const userId = (await pageApi<{ id: string }>(member, 'GET', '/v1/user/information/basic')).data.id;
    await member.context().close();
    const added = await pageApi(page, 'POST', '/v1/apps/role/add', { appCode, userIds: [userId], role: 'member' });
    expect(added.status).toBe(200);

    await openSettings(page, '应用成员');
    const row = page.getByTestId('roles-member').getByTestId('role-row-陈静');
    await row.getByRole('button', { name: /移\s?出/ }).click();
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/apps/role/remove');
    await confirmButton(page, /移\s?出/).click();
    expect((await sent).postDataJSON()).toEqual({ appCode, userIds: [userId] });
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(() => page.getByTestId('roles-member').innerText()).toContain('暂无');
    await page.context().close();
  });
});
