import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { joinTeamOf, pageApi, registerWithTeam, settled, shot } from './steps.js';

/**
 * Workbench shortcuts (issue 12): the team owner adds quick-add and quick-view shortcuts from the
 * apps' tree, drags them into a new order, uses quick add in place and quick view; a member without
 * the right is told so. The owner adds a locked app shortcut that opens the app; a member adds a
 * private one only they see.
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

const names = (page: Page) => page.getByTestId('shortcut-grid').getByTestId('shortcut-name').allInnerTexts();
const card = (page: Page, name: string) => page.locator(`[data-shortcut-name="${name}"]`);
const toast = (page: Page) => page.locator('.ant-message').innerText();

describe('workbench shortcuts', () => {
  let owner: Page;
  let member: Page;
  let appCode = '';
  const tables: Record<string, string> = {};

  it('sets up an app with two tables, and a member who may view orders but add nothing', async () => {
    owner = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(owner, '店主', '快捷团队');
    await owner.getByTestId('shortcuts-section').waitFor();
    appCode = (await pageApi<{ code: string }>(owner, 'POST', '/v1/apps', { displayName: '订单管理' })).data.code;
    for (const name of ['订单', '客户']) {
      tables[name] = (
        await pageApi<{ code: string }>(owner, 'POST', `/v1/apps/${appCode}/nodes`, {
          type: 'Schema',
          displayName: name,
        })
      ).data.code;
    }
    const base = `/v1/apps/${appCode}/schemas/${tables.订单}`;
    const field = await pageApi(owner, 'POST', `${base}/fields`, { name: '订单名称', type: 'text' });
    expect(field.status).toBe(200);

    member = (await newPage(browser, server.baseUrl)).page;
    await joinTeamOf(owner, member, '店员');
    const userId = (await pageApi<{ id: string }>(member, 'GET', '/v1/user/information/basic')).data.id;
    const role = await pageApi(owner, 'POST', '/v1/apps/role/add', { appCode, userIds: [userId], role: 'member' });
    expect(role.status).toBe(200);
    const none = { add: [], edit: [], delete: [] };
    for (const [table, view] of [
      ['订单', ['manager', 'member']],
      ['客户', []],
    ] as const) {
      const res = await pageApi(owner, 'PUT', `/v1/apps/${appCode}/schemas/${tables[table]}`, {
        permissions: { ...none, view },
      });
      expect(res.status).toBe(200);
    }
  });

  it('the owner adds quick add and quick view shortcuts from the tree', async () => {
    await owner.goto('/home');
    await expect.poll(() => owner.getByTestId('shortcuts-section').innerText()).toContain('暂无快捷方式');
    await owner.getByTestId('shortcut-add').click();
    await settled(owner.getByTestId('shortcut-tree'));
    // Nothing ticked: the spec's message.
    await owner.getByTestId('shortcut-add-submit').click();
    await expect.poll(() => toast(owner)).toContain('没有选中具体数据！');
    await owner.getByTestId(`shortcut-box-add-${tables.订单}`).click();
    await owner.getByTestId(`shortcut-box-view-${tables.订单}`).click();
    await owner.getByTestId(`shortcut-box-view-${tables.客户}`).click();
    await shot(owner, 'shortcuts-add-dialog');
    await owner.getByTestId('shortcut-add-submit').click();
    await expect.poll(() => names(owner)).toEqual(['新增-订单', '查看-订单', '查看-客户']);
    await shot(owner, 'shortcuts-cards');

    // A box already on the workbench is checked and disabled: "已添加至工作台".
    await expect.poll(() => owner.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await owner.getByTestId('shortcut-add').click();
    const addBox = owner.getByTestId(`shortcut-box-add-${tables.订单}`);
    await settled(addBox);
    await expect.poll(() => addBox.locator('input').isDisabled()).toBe(true);
    await expect.poll(() => addBox.locator('input').isChecked()).toBe(true);
    await expect.poll(() => addBox.innerText()).toContain('已添加至工作台');
    await expect
      .poll(() => owner.getByTestId(`shortcut-box-add-${tables.客户}`).locator('input').isDisabled())
      .toBe(false);
    await owner.keyboard.press('Escape');
  });

  it('the owner drags a shortcut to the front; the order is kept', async () => {
    await expect.poll(() => owner.locator('.ant-modal-wrap:visible').count()).toBe(0);
    const from = await card(owner, '查看-客户').boundingBox();
    const to = await card(owner, '新增-订单').boundingBox();
    if (!from || !to) throw new Error('cards not laid out');
    const saved = owner.waitForResponse(
      (r) => r.url().endsWith('/v1/dashboard/nodes/layout') && r.request().method() === 'PUT',
    );
    await owner.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await owner.mouse.down();
    await owner.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 5 });
    await owner.mouse.move(to.x + 10, to.y + to.height / 2, { steps: 15 });
    await owner.mouse.up();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => names(owner)).toEqual(['查看-客户', '新增-订单', '查看-订单']);
    await owner.reload();
    await expect.poll(() => names(owner)).toEqual(['查看-客户', '新增-订单', '查看-订单']);
  });

  it('the owner renames a shortcut; a name of one character is refused', async () => {
    await card(owner, '查看-客户').hover();
    await card(owner, '查看-客户').getByTestId('shortcut-settings').click();
    const input = owner.getByTestId('shortcut-name-input');
    await settled(input);
    await input.fill('客');
    await owner.getByTestId('shortcut-save').click();
    await expect.poll(() => owner.getByTestId('shortcut-settings-dialog').innerText()).toContain('请输入2到32个字符');
    await input.fill('客户名录');
    await owner.getByTestId('app-color-4').click();
    await owner.getByTestId('app-icon-team').click();
    await shot(owner, 'shortcuts-settings');
    await owner.getByTestId('shortcut-save').click();
    await expect.poll(() => names(owner)).toEqual(['客户名录', '新增-订单', '查看-订单']);
  });

  it('quick add opens the add form on the workbench and saves a record', async () => {
    await expect.poll(() => owner.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await card(owner, '新增-订单').getByTestId('shortcut-open').click();
    const form = owner.getByTestId('record-form');
    await settled(form);
    await shot(owner, 'shortcuts-quick-add');
    await form.getByTestId('form-field-订单名称').locator('input').fill('第一张订单');
    await owner.getByTestId('record-submit').click();
    await expect.poll(() => toast(owner)).toContain('数据已新增');
    await expect.poll(() => owner.getByTestId('record-drawer').count()).toBe(0);
    expect(new URL(owner.url()).pathname).toBe('/home');
    const records = await pageApi<{ totalCount?: number; resultList: unknown[] }>(
      owner,
      'POST',
      `/v1/apps/${appCode}/schemas/${tables.订单}/records/query`,
      {},
    );
    expect(records.data.resultList).toHaveLength(1);
  });

  it('quick view opens the table', async () => {
    await card(owner, '查看-订单').getByTestId('shortcut-open').click();
    await expect.poll(() => new URL(owner.url()).pathname).toBe(`/app/${appCode}/${tables.订单}`);
    await expect.poll(() => owner.getByTestId('table-page').innerText()).toContain('第一张订单');
  });

  it('a member without the right is told so, and sees the name field disabled', async () => {
    await member.goto('/home');
    await expect.poll(() => names(member)).toEqual(['客户名录', '新增-订单', '查看-订单']);
    // A member adds only private shortcuts (below); the team's are not theirs to change.
    await expect.poll(() => member.getByTestId('shortcut-add').count()).toBe(1);
    await card(member, '新增-订单').getByTestId('shortcut-open').click();
    await expect.poll(() => toast(member)).toContain('无新增数据权限');
    await expect.poll(() => member.getByTestId('record-drawer').count()).toBe(0);
    await card(member, '客户名录').getByTestId('shortcut-open').click();
    await expect.poll(() => toast(member)).toContain('无查看数据权限');
    await shot(member, 'shortcuts-member-no-right');
    expect(new URL(member.url()).pathname).toBe('/home');
    await card(member, '客户名录').hover();
    await card(member, '客户名录').getByTestId('shortcut-settings').click();
    const input = member.getByTestId('shortcut-name-input');
    await settled(input);
    await expect.poll(() => input.isDisabled()).toBe(true);
    await expect.poll(() => member.getByTestId('shortcut-delete').count()).toBe(0);
    await shot(member, 'shortcuts-member-settings');
    // Closed by its close button: with every field disabled, Escape depends on where focus landed
    // (a busy run once left it outside the dialog; noticed in the closing note of stop 26).
    await member.locator('.ant-modal-wrap:visible .ant-modal-close').click();
    // The member may view orders: quick view opens the table.
    await expect.poll(() => member.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await card(member, '查看-订单').getByTestId('shortcut-open').click();
    await expect.poll(() => member.getByTestId('table-page').innerText()).toContain('第一张订单');
  });

  it('the owner deletes a shortcut after confirming', async () => {
    await owner.goto('/home');
    await card(owner, '查看-订单').hover();
    await card(owner, '查看-订单').getByTestId('shortcut-settings').click();
    await settled(owner.getByTestId('shortcut-delete'));
    await owner.getByTestId('shortcut-delete').click();
    await settled(owner.getByTestId('shortcut-delete-confirm'));
    await owner.getByTestId('shortcut-delete-confirm').click();
    await expect.poll(() => names(owner)).toEqual(['客户名录', '新增-订单']);
  });

  it('a shortcut whose app was deleted says "应用不存在" with a note to contact the owner', async () => {
    const gone = (await pageApi<{ code: string }>(owner, 'POST', '/v1/apps', { displayName: '旧应用' })).data.code;
    const table = (
      await pageApi<{ code: string }>(owner, 'POST', `/v1/apps/${gone}/nodes`, { type: 'Schema', displayName: '旧表' })
    ).data.code;
    const added = await pageApi(owner, 'POST', '/v1/dashboard/nodes/batch', {
      nodes: [{ appCode: gone, schemaCode: table, type: 3 }],
    });
    expect(added.status).toBe(200);
    expect((await pageApi(owner, 'DELETE', `/v1/apps/${gone}`)).status).toBe(200);
    await member.goto('/home');
    await card(member, '查看-旧表').getByTestId('shortcut-open').click();
    const dialog = member.locator('.ant-modal-confirm');
    await settled(dialog);
    await expect.poll(() => dialog.innerText()).toContain('应用不存在');
    await expect.poll(() => dialog.innerText()).toContain('请联系团队所有者');
    await shot(member, 'shortcuts-app-missing');
  });

  it('the owner adds a locked app shortcut: first for everyone, it opens the app', async () => {
    await owner.goto('/home');
    await owner.getByTestId('shortcut-add').click();
    const appBox = owner.getByTestId(`shortcut-box-app-${appCode}`);
    await settled(appBox);
    await appBox.click();
    await owner.getByTestId('shortcut-mode').getByText('团队所有成员可见并锁定').click();
    await shot(owner, 'shortcuts-add-app-locked');
    await owner.getByTestId('shortcut-add-submit').click();
    await expect.poll(() => names(owner)).toEqual(['订单管理', '客户名录', '新增-订单', '查看-旧表']);
    await expect.poll(() => card(owner, '订单管理').getByTestId('shortcut-kind').innerText()).toContain('打开应用');
    await expect.poll(() => card(owner, '订单管理').getByTestId('shortcut-locked').count()).toBe(1);
    // Locked: the settings say so; the owner may only unlock it.
    await card(owner, '订单管理').hover();
    await card(owner, '订单管理').getByTestId('shortcut-settings').click();
    await settled(owner.getByTestId('shortcut-unlock'));
    await expect.poll(() => owner.getByTestId('shortcut-delete').count()).toBe(0);
    await expect
      .poll(() => owner.getByTestId('shortcut-settings-dialog').innerText())
      .toContain('解锁后才能修改或删除');
    await owner.keyboard.press('Escape');
    await expect.poll(() => owner.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await card(owner, '订单管理').getByTestId('shortcut-open').click();
    await expect.poll(() => new URL(owner.url()).pathname).toContain(`/app/${appCode}`);
  });

  it('a member adds a private shortcut that only they see', async () => {
    await member.goto('/home');
    await expect.poll(() => names(member)).toEqual(['订单管理', '客户名录', '新增-订单', '查看-旧表']);
    await member.getByTestId('shortcut-add').click();
    const dialog = member.getByTestId('shortcut-tree');
    await settled(dialog);
    await expect.poll(() => member.locator('.ant-modal').innerText()).toContain('你添加的快捷方式仅自己可见');
    await member.getByTestId(`shortcut-box-view-${tables.订单}`).click();
    await member.getByTestId('shortcut-add-submit').click();
    await expect.poll(() => names(member)).toEqual(['订单管理', '客户名录', '新增-订单', '查看-旧表', '查看-订单']);
    await expect.poll(() => card(member, '查看-订单').getByTestId('shortcut-private').count()).toBe(1);
    await shot(member, 'shortcuts-member-private');
    // Theirs to change; the owner does not see it.
    await card(member, '查看-订单').hover();
    await card(member, '查看-订单').getByTestId('shortcut-settings').click();
    await settled(member.getByTestId('shortcut-delete'));
    await member.keyboard.press('Escape');
    await owner.goto('/home');
    await expect.poll(() => names(owner)).toEqual(['订单管理', '客户名录', '新增-订单', '查看-旧表']);
  });
});
