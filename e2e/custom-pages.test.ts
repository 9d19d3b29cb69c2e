import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import {
  createBlankApp,
  createTable,
  joinTeamOf,
  pageApi,
  pickOption,
  registerWithTeam,
  settled,
  shot,
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

/** Adds a block of this kind in design mode and opens its settings. */
async function addBlock(page: Page, kind: string): Promise<Locator> {
  await page.getByTestId('page-add-block').click();
  await page.getByRole('menuitem', { name: kind }).click();
  const editor = page.getByTestId('block-editor');
  await settled(editor.getByTestId('block-title'));
  return editor;
}

const customers: [string, string][] = [
  ['华东集团', '华东'],
  ['东海贸易', '华东'],
  ['北辰机械', '华北'],
];

describe('custom pages', () => {
  it('builds a portal with a view block, a number and an add button; a member sees it within their row rule', async () => {
    const { page } = await newPage(browser, server.baseUrl);
    await registerWithTeam(page, '林夏', '青禾咨询');
    await createBlankApp(page, '客户管理');
    await createTable(page, '客户');
    const [, , appCode = '', schemaCode = ''] = new URL(page.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const add = async (name: string, type: string) =>
      (await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name, type })).data.code;
    const name = await add('客户名称', 'text');
    const region = await add('区域', 'text');
    expect((await pageApi(page, 'PUT', base, { titleFieldCode: name })).status).toBe(200);
    const create = customers.map(([n, r]) => ({ data: { [name]: n, [region]: r } }));
    expect((await pageApi(page, 'POST', `${base}/records/batch`, { create })).status).toBe(200);
    const board = (
      await pageApi<{ code: string }>(page, 'POST', `/v1/apps/${appCode}/nodes`, {
        type: 'Dashboard',
        displayName: '看板',
      })
    ).data.code;
    const widget = {
      id: 'count',
      kind: 'number',
      title: '客户数',
      query: { schemaCode, measures: [{ aggregate: 'count' }] },
      place: { x: 0, y: 0, w: 3, h: 2 },
    };
    expect((await pageApi(page, 'PUT', `/v1/apps/${appCode}/dashboards/${board}`, { widgets: [widget] })).status).toBe(
      200,
    );

    // A new custom page from the menu: empty, with the designer's invitation to add blocks.
    await page.getByTestId('add-node').click();
    await page.getByRole('menuitem', { name: '新建自定义页面' }).click();
    await page.getByTestId('node-name-input').fill('客户门户');
    await page.locator('#node-name-submit').click();
    await page.getByTestId('menu-node-客户门户').click();
    await page.getByTestId('custom-page-empty').waitFor();
    const pagePath = new URL(page.url()).pathname;
    await page.getByTestId('page-design').click();

    let editor = await addBlock(page, '数据列表');
    await editor.getByTestId('block-title').fill('客户列表');
    await pickOption(page, editor.getByTestId('block-table'), '客户');
    await editor.getByTestId('block-editor-done').click();
    await editor.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('view-block-row').count()).toBe(3);

    editor = await addBlock(page, '图表');
    await pickOption(page, editor.getByTestId('block-dashboard'), '看板');
    await pickOption(page, editor.getByTestId('block-widget'), '客户数');
    await editor.getByTestId('block-editor-done').click();
    await editor.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('widget-number-value').innerText()).toBe('3');

    editor = await addBlock(page, '按钮');
    await editor.getByTestId('block-title').fill('新增客户');
    await pickOption(page, editor.getByTestId('block-table'), '客户');
    await editor.getByTestId('block-editor-done').click();
    await editor.waitFor({ state: 'hidden' });
    await shot(page, 'custom-page-designing');
    await page.getByTestId('page-save').click();
    await expect.poll(() => page.getByTestId('page-design').isVisible()).toBe(true);

    await page.reload();
    await page.getByTestId('custom-page').waitFor();
    await expect.poll(() => page.getByTestId('view-block-row').count()).toBe(3);
    await expect.poll(() => page.getByTestId('button-block').innerText()).toBe('新增客户');
    await shot(page, 'custom-page-saved');

    // A member of the app sees only 华东 customers, in the list and in the figure.
    const member = (await newPage(browser, server.baseUrl)).page;
    await joinTeamOf(page, member, '沈一');
    const userId = (await pageApi<{ id: string }>(member, 'GET', '/v1/user/information/basic')).data.id;
    expect(
      (await pageApi(page, 'POST', '/v1/apps/role/add', { appCode, userIds: [userId], role: 'member' })).status,
    ).toBe(200);
    const roles = ['manager', 'member'];
    const rows = {
      member: {
        scope: 'filter',
        filter: { op: 'and', conditions: [{ field: region, operator: 'eq', value: '华东' }] },
      },
    };
    const rule = await pageApi(page, 'PUT', base, {
      permissions: { add: roles, view: roles, edit: roles, delete: roles, rows },
    });
    expect(rule.status).toBe(200);
    await member.goto(pagePath);
    await member.getByTestId('custom-page').waitFor();
    await expect.poll(() => member.getByTestId('view-block-row').count()).toBe(2);
    await expect.poll(() => member.getByTestId('view-block').innerText()).not.toContain('北辰机械');
    await expect.poll(() => member.getByTestId('widget-number-value').innerText()).toBe('2');
    expect(await member.getByTestId('page-design').count()).toBe(0);
    await shot(member, 'custom-page-member');

    // A row opens the record on its table; the button opens the table's add form.
    await member.getByTestId('view-block-row').first().click();
    await member.getByTestId('record-drawer').waitFor();
    await member.goto(pagePath);
    await member.getByTestId('button-block').click();
    await member.getByTestId('record-drawer').waitFor();
    await expect.poll(() => new URL(member.url()).searchParams.get('add')).toBe('1');
  });
});
