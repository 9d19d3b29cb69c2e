import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, joinTeamOf, pageApi, registerWithTeam, settled, shot } from './steps.js';

/**
 * Issue 27 in the browser: the owner builds the roles 销售 and 财务 in the role matrix (actions, a
 * hidden field, a row rule, a hidden menu item), grants them to departments, and each member then
 * sees the app as their role allows.
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

/** The matrix's column headers (the table repeats them, hidden, in a measuring row of its body). */
const headers = (page: Page) => page.getByTestId('role-matrix-table').locator('thead');
const memberIdOf = (page: Page) => page.evaluate(() => localStorage.getItem('canopy:memberId') ?? '');

/** The matrix's drawer or dialog has finished opening; returns it. */
async function openedDrawer(page: Page, testId: string) {
  const drawer = page.getByTestId(testId);
  await settled(drawer);
  return drawer;
}

/** Creates a role in the matrix through its dialog. */
async function createRole(page: Page, name: string, description: string) {
  await page.getByTestId('role-create').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('role-name-input') });
  await settled(dialog.getByTestId('role-name-input'));
  await dialog.getByTestId('role-name-input').fill(name);
  await dialog.getByTestId('role-description-input').fill(description);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden' });
  await headers(page).getByText(name, { exact: true }).waitFor();
}

/** The key of the role whose column header reads this name. */
async function roleKey(page: Page, name: string): Promise<string> {
  const header = headers(page).locator('[data-testid^="role-column-"]').filter({ hasText: name }).first();
  const id = (await header.getAttribute('data-testid')) ?? '';
  return id.replace('role-column-', '');
}

/** Opens a role's column menu and picks an item. */
async function roleMenu(page: Page, key: string, item: string) {
  await headers(page).getByTestId(`role-menu-${key}`).click();
  const option = page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: item });
  await settled(option);
  await option.click();
}

/** Grants a role to one department with its sub-departments. */
async function grantDepartment(page: Page, key: string, department: string, screenshot?: string) {
  await roleMenu(page, key, '授权');
  const drawer = await openedDrawer(page, 'role-grants-drawer');
  await drawer.getByTestId('grant-departments').click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: department }).click();
  await drawer.locator('.ant-drawer-title').click();
  await drawer.getByText(department, { exact: true }).last().waitFor();
  if (screenshot) await shot(page, screenshot);
  await drawer.getByTestId('role-grants-save').click();
  await drawer.waitFor({ state: 'hidden' });
  await expect.poll(() => headers(page).getByTestId(`role-holders-${key}`).innerText()).toBe(department);
}

describe('app roles', () => {
  it('the owner builds 销售 and 财务 in the matrix; each member sees what their role allows', async () => {
    const { page: owner } = await newPage(browser, server.baseUrl);
    await registerWithTeam(owner, '林夏', '青禾贸易');
    const { page: sales } = await newPage(browser, server.baseUrl);
    await joinTeamOf(owner, sales, '张售');
    const { page: finance } = await newPage(browser, server.baseUrl);
    await joinTeamOf(owner, finance, '钱财');

    // Departments and who is in them (the address book has its own browser test).
    const root = (await pageApi<{ objectId: string }>(owner, 'GET', '/v1/org/department/root')).data.objectId;
    for (const [name, member] of [
      ['销售部', sales],
      ['财务部', finance],
    ] as const) {
      const made = await pageApi<{ objectId: string }>(owner, 'POST', '/v1/org/department', { parentId: root, name });
      expect(made.status).toBe(200);
      const moved = await pageApi(owner, 'PUT', '/v1/org/member/departments', {
        memberId: await memberIdOf(member),
        departmentIds: [made.data.objectId],
      });
      expect(moved.status).toBe(200);
    }

    // A new app: the owner is asked who may use it; "only me for now" is the default.
    await owner.getByTestId('create-app-menu').first().click();
    await owner.getByRole('menuitem', { name: '新建空白应用' }).click();
    await settled(owner.getByTestId('create-app-audience'));
    await expect.poll(() => owner.getByTestId('create-app-audience').innerText()).toContain('团队全员');
    await owner.keyboard.press('Escape');
    await owner.getByTestId('create-app-audience').waitFor({ state: 'hidden' });
    await createBlankApp(owner, '客户管理');
    await createTable(owner, '客户');
    const [, , appCode = '', schemaCode = ''] = new URL(owner.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const add = async (name: string, type: string) =>
      (await pageApi<{ code: string }>(owner, 'POST', `${base}/fields`, { name, type })).data.code;
    const customer = await add('客户名称', 'text');
    const cost = await add('成本价', 'number');
    expect((await pageApi(owner, 'PUT', base, { titleFieldCode: customer })).status).toBe(200);
    const create = [
      { data: { [customer]: '华东集团', [cost]: 100 } },
      { data: { [customer]: '北辰机械', [cost]: 200 } },
    ];
    expect((await pageApi(owner, 'POST', `${base}/records/batch`, { create })).status).toBe(200);
    const board = await pageApi(owner, 'POST', `/v1/apps/${appCode}/nodes`, {
      type: 'Dashboard',
      displayName: '利润看板',
    });
    expect(board.status).toBe(200);
    // The menu item was made behind the page's back: read the app again.
    await owner.reload();
    await owner.getByTestId('menu-node-利润看板').waitFor();

    // The gear opens the settings page; its 权限 section is the matrix.
    await owner.getByTestId('app-settings-trigger').click();
    await owner.getByTestId('app-settings-general').waitFor();
    await shot(owner, 'app-roles-settings-page');
    await owner.getByTestId('app-settings-menu').getByText('权限', { exact: true }).click();
    await owner.getByTestId('role-matrix-table').waitFor();
    await createRole(owner, '销售', '销售部的同事：只看自己的客户，看不到成本价');
    await createRole(owner, '财务', '财务部：查看并导出全部客户');
    const salesKey = await roleKey(owner, '销售');
    const financeKey = await roleKey(owner, '财务');

    // 销售 on 客户: view and add, 成本价 hidden, only their own records.
    await owner.getByTestId(`role-cell-${schemaCode}-${salesKey}`).click();
    let drawer = await openedDrawer(owner, 'role-rights-drawer');
    await drawer.getByTestId('role-actions').getByText('查看', { exact: true }).click();
    await drawer.getByTestId('role-actions').getByText('新增', { exact: true }).click();
    await drawer.getByTestId(`role-field-${cost}`).getByText('隐藏').click();
    await drawer.getByTestId('role-row-scope').click();
    await owner.locator('.ant-select-dropdown:visible').getByText('本人创建的数据', { exact: true }).click();
    await shot(owner, 'app-roles-drawer');
    await drawer.getByTestId('role-rights-save').click();
    await drawer.waitFor({ state: 'hidden' });
    const salesCell = owner.getByTestId(`role-cell-${schemaCode}-${salesKey}`);
    await expect.poll(() => salesCell.innerText()).toContain('查看');
    await expect.poll(() => salesCell.innerText()).toContain('隐藏 1 个字段');

    // 财务 on 客户: view and export every record.
    await owner.getByTestId(`role-cell-${schemaCode}-${financeKey}`).click();
    drawer = await openedDrawer(owner, 'role-rights-drawer');
    await drawer.getByTestId('role-actions').getByText('查看', { exact: true }).click();
    await drawer.getByTestId('role-actions').getByText('导出', { exact: true }).click();
    await drawer.getByTestId('role-rights-save').click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => owner.getByTestId(`role-cell-${schemaCode}-${financeKey}`).innerText()).toContain('导出');

    // 销售 does not see 利润看板 in its menu.
    await roleMenu(owner, salesKey, '可见菜单与流程');
    drawer = await openedDrawer(owner, 'role-visibility-drawer');
    await drawer.getByTestId('role-nodes-mode').getByText('仅勾选的菜单项').click();
    await drawer.getByTestId('role-nodes-tree').getByText('利润看板').click();
    await drawer.getByTestId('role-visibility-save').click();
    await drawer.waitFor({ state: 'hidden' });

    await grantDepartment(owner, salesKey, '销售部', 'app-roles-grants');
    await grantDepartment(owner, financeKey, '财务部');

    // Copy a role, then delete the copy after confirming.
    await roleMenu(owner, salesKey, '复制角色');
    const copyDialog = owner.locator('.ant-modal').filter({ has: owner.getByTestId('role-name-input') });
    await settled(copyDialog.getByTestId('role-name-input'));
    await copyDialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await headers(owner).getByText('销售 副本', { exact: true }).waitFor();
    const copyKey = await roleKey(owner, '销售 副本');
    await expect
      .poll(() => owner.getByTestId(`role-cell-${schemaCode}-${copyKey}`).innerText())
      .toContain('隐藏 1 个字段');
    await shot(owner, 'app-roles-matrix');
    await roleMenu(owner, copyKey, '删除角色');
    const confirm = owner.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.innerText()).toContain('删除角色「销售 副本」？');
    await confirm.getByRole('button', { name: /删\s?除/ }).click();
    await expect.poll(() => headers(owner).getByTestId(`role-column-${copyKey}`).count()).toBe(0);

    // 张售 (销售部) adds a customer; sees only it, without 成本价, and no 利润看板.
    const added = await pageApi(sales, 'POST', `${base}/records/batch`, {
      create: [{ data: { [customer]: '东海贸易' } }],
    });
    expect(added.status).toBe(200);
    await sales.goto(`/app/${appCode}`);
    await sales.getByTestId('menu-node-客户').click();
    await expect.poll(() => sales.getByTestId('record-count').innerText()).toBe('共 1 条');
    await expect.poll(() => sales.getByTestId('record-title').allInnerTexts()).toEqual(['东海贸易']);
    expect(await sales.locator('[data-testid="cell-成本价"]').count()).toBe(0);
    expect(await sales.getByTestId('menu-node-利润看板').count()).toBe(0);
    await shot(sales, 'app-roles-sales-view');

    // 钱财 (财务部) sees every customer with 成本价, and 利润看板.
    await finance.goto(`/app/${appCode}`);
    await finance.getByTestId('menu-node-利润看板').waitFor();
    await finance.getByTestId('menu-node-客户').click();
    await expect.poll(() => finance.getByTestId('record-count').innerText()).toBe('共 3 条');
    await expect.poll(() => finance.locator('[data-testid="cell-成本价"]').count()).toBe(3);

    // The owner previews the app as 销售: its menu, their own records only, no 成本价; then ends it.
    await roleMenu(owner, salesKey, '以此角色预览');
    await owner.getByTestId('role-preview-banner').waitFor();
    await expect.poll(() => owner.getByTestId('role-preview-banner').innerText()).toContain('销售');
    await owner.getByTestId('menu-node-客户').click();
    await expect.poll(() => owner.getByTestId('record-count').innerText()).toBe('共 2 条');
    expect(await owner.locator('[data-testid="cell-成本价"]').count()).toBe(0);
    expect(await owner.getByTestId('menu-node-利润看板').count()).toBe(0);
    await shot(owner, 'app-roles-preview');
    await owner.getByTestId('role-preview-stop').click();
    await owner.getByTestId('role-matrix-table').waitFor();
    expect(await owner.getByTestId('role-preview-banner').count()).toBe(0);
  });
});
