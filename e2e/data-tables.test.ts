import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer, submitRegistration } from './harness.js';
import { createBlankApp, createTable, pageApi, pickOption, registerWithTeam, settled, shot } from './steps.js';

/**
 * Data tables beyond the first page: formulas computed for existing records with a progress bar,
 * deleting a field a row rule names, purging a deleted table, the relation picker's search, and
 * kanban columns for members whose cards are not loaded.
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

const all = ['manager', 'member'];

/** A table made in the open app's menu: its API base and page path. */
async function newTable(page: Page, name: string) {
  await createTable(page, name);
  const [, , appCode = '', schemaCode = ''] = new URL(page.url()).pathname.split('/');
  return {
    appCode,
    schemaCode,
    base: `/v1/apps/${appCode}/schemas/${schemaCode}`,
    path: `/app/${appCode}/${schemaCode}`,
  };
}

async function addFieldByApi(page: Page, base: string, name: string, type: string, settings?: unknown) {
  const res = await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name, type, settings });
  expect(res.status, JSON.stringify(res)).toBe(200);
  return res.data.code;
}

/** Fills a table through an import (the quick way to thousands of rows), waiting until it is done. */
async function importRows(page: Page, base: string, csv: string) {
  const state = await page.evaluate(
    async ({ base, csv }) => {
      const body = new FormData();
      body.append('file', new Blob([csv], { type: 'text/csv' }), 'rows.csv');
      const upload = await (
        await fetch(`${base}/imports`, { method: 'POST', body, headers: { 'x-app-name': 'canopy-web' } })
      ).json();
      const job = upload.data;
      await fetch(`${base}/imports/${job.id}/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mapping: job.mapping, mode: 'skip' }),
      });
      for (let i = 0; i < 600; i += 1) {
        const now = (await (await fetch(`${base}/imports/${job.id}`)).json()).data;
        if (now.state !== 'running') return now.state as string;
        await new Promise((r) => setTimeout(r, 100));
      }
      return 'timeout';
    },
    { base, csv },
  );
  expect(state).toBe('done');
}

describe('data tables beyond the first page', () => {
  let page: Page;
  let appCode = '';

  it('computes a new formula for every record the table has, with a progress bar while it runs', async () => {
    page = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(page, '赵敏', '远山数据');
    await createBlankApp(page, '仓储管理');
    const stock = await newTable(page, '库存');
    appCode = stock.appCode;
    const name = await addFieldByApi(page, stock.base, '名称', 'text');
    const qty = await addFieldByApi(page, stock.base, '数量', 'number');
    const rows = 6_000;
    await importRows(
      page,
      stock.base,
      ['名称,数量', ...Array.from({ length: rows }, (_, i) => `货品${i},${i}`)].join('\n'),
    );

    await page.reload();
    await page.getByRole('tab', { name: '字段设计' }).click();
    await page.getByTestId('field-row-数量').waitFor();
    // The bar may show for a second only: a watcher notes that it appeared at all.
    await page.evaluate(() => {
      const w = window as unknown as { sawProgress: boolean };
      w.sawProgress = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="formula-progress"]')) w.sawProgress = true;
      }).observe(document.body, { subtree: true, childList: true });
    });
    await page.getByTestId('field-add').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByTestId('field-name').fill('两倍数量');
    await pickOption(page, dialog.getByTestId('field-type'), '公式');
    await dialog.locator('textarea').first().fill('{数量} * 2');
    await page.locator('#field-submit').click();
    await page.getByTestId('field-row-两倍数量').waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress))
      .toBe(true);
    await shot(page, 'data-formula-progress');
    await expect.poll(() => page.getByTestId('formula-progress').count(), { timeout: 90_000 }).toBe(0);

    const schema = await pageApi<{ fields: { code: string; name: string }[] }>(page, 'GET', stock.base);
    const doubled = schema.data.fields.find((x) => x.name === '两倍数量')?.code ?? '';
    const oldest = await pageApi<{ resultList: { data: Record<string, unknown> }[] }>(
      page,
      'POST',
      `${stock.base}/records/query`,
      { filter: { op: 'and', conditions: [{ field: qty, operator: 'eq', value: 3 }] } },
    );
    expect(oldest.data.resultList[0]?.data[doubled]).toBe(6);
    expect(oldest.data.resultList[0]?.data[name]).toBe('货品3');
  });

  it('names the row rules a field is used in before deleting it, and keeps the rule', async () => {
    const orders = await newTable(page, '出库单');
    await addFieldByApi(page, orders.base, '单号', 'text');
    const region = await addFieldByApi(page, orders.base, '区域', 'text');
    const permissions = {
      add: all,
      view: all,
      edit: all,
      delete: all,
      rows: {
        member: {
          scope: 'filter',
          filter: { op: 'and', conditions: [{ field: region, operator: 'eq', value: '华东' }] },
        },
      },
    };
    expect((await pageApi(page, 'PUT', orders.base, { permissions })).status).toBe(200);
    // Another role of the app (issue 27), its rule set through the table's per-role shape.
    const sales = await pageApi<{ key: string }>(page, 'POST', `/v1/apps/${appCode}/roles`, { name: '华东销售' });
    const salesRule = {
      scope: 'filter',
      filter: { op: 'and', conditions: [{ field: region, operator: 'eq', value: '华东' }] },
    };
    const rights = { actions: ['view'], fields: {}, newFields: 'readonly', rows: salesRule };
    const perRole = await pageApi<{ permissions: { roles: Record<string, unknown> } }>(page, 'PUT', orders.base, {
      permissions: { roles: { [sales.data.key]: rights } },
    });
    expect(perRole.status).toBe(200);
    expect(perRole.data.permissions.roles[sales.data.key]).toEqual(rights);
    await page.reload();
    await page.getByRole('tab', { name: '字段设计' }).click();
    await page
      .getByTestId('field-row-区域')
      .getByRole('button', { name: /删\s?除/ })
      .click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    // The first question already names every role whose rule uses the field, by the app's names.
    await expect.poll(() => confirm.getByTestId('delete-field-rules').innerText()).toContain('成员、华东销售');
    await shot(page, 'data-delete-field-rules');
    await confirm.getByRole('button', { name: /删\s?除/ }).click();
    await expect.poll(() => page.getByTestId('field-row-区域').count()).toBe(0);

    // The role's rule editor (table settings → 成员) still shows the condition, marked, and saving keeps it.
    await page.getByTestId('table-settings').click();
    await page.getByTestId('table-role-rights').locator('[data-testid^="role-cell-"][data-testid$="-member"]').click();
    const drawer = page.getByTestId('role-rights-drawer');
    await settled(drawer);
    await expect.poll(() => drawer.getByTestId('role-row-rule').innerText()).toContain('区域（已删除）');
    await page.getByTestId('role-rights-save').click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    const saved = await pageApi<{ permissions: { roles: Record<string, { rows: unknown }> } }>(
      page,
      'GET',
      orders.base,
    );
    expect(saved.data.permissions.roles.member?.rows).toEqual(permissions.rows.member);
    expect(saved.data.permissions.roles[sales.data.key]?.rows).toEqual(salesRule);
  });

  it('purges a deleted table from the table trash after confirming', async () => {
    const scratch = await newTable(page, '临时表');
    expect((await pageApi(page, 'DELETE', `/v1/apps/${appCode}/nodes/${scratch.schemaCode}`)).status).toBe(200);
    await page.goto(`/app/${appCode}`);
    await page.getByTestId('app-settings-trigger').click();
    await page.getByTestId('app-settings-menu').getByText('数据表回收站').click();
    const trash = page.getByTestId('table-trash');
    await trash.getByTestId('table-trash-item-临时表').waitFor();
    await trash.getByTestId('table-trash-purge').click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    await expect.poll(() => confirm.innerText()).toContain('永久删除');
    await shot(page, 'data-table-purge');
    await page.getByTestId('table-purge-confirm').click();
    await expect.poll(() => trash.getByTestId('table-trash-item-临时表').count()).toBe(0);
    await expect.poll(() => trash.innerText()).toContain('没有已删除的数据表');
    const left = await pageApi<unknown[]>(page, 'GET', `/v1/apps/${appCode}/nodes/trash`);
    expect(left.data).toEqual([]);
    await page.locator('.ant-drawer-close').click();
    await expect.poll(() => trash.isVisible()).toBe(false);
    await page.getByTestId('app-settings-back').click();
    await page.getByTestId('app-menu').waitFor();
  });

  it('finds a related record beyond the first page by searching the picker', async () => {
    const customers = await newTable(page, '客户');
    const customerName = await addFieldByApi(page, customers.base, '客户名称', 'text');
    const names = Array.from({ length: 120 }, (_, i) => `客户${String(i + 1).padStart(3, '0')}`);
    const batch = await pageApi(page, 'POST', `${customers.base}/records/batch`, {
      create: names.map((n) => ({ data: { [customerName]: n } })),
    });
    expect(batch.status).toBe(200);
    const deliveries = await newTable(page, '送货单');
    await addFieldByApi(page, deliveries.base, '客户', 'relation', { schemaCode: customers.schemaCode });

    await page.goto(deliveries.path);
    await page.getByTestId('record-add').click();
    const picker = page.getByTestId('form-field-客户').getByTestId('relation-input');
    await picker.click();
    await page.keyboard.type('不存在的客户');
    await page.locator('.ant-select-dropdown:visible').getByTestId('relation-empty').waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    // 客户003 is among the oldest: the newest 50 never reach it.
    await page.keyboard.type('客户003');
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^客户003$/ });
    await option.waitFor();
    await shot(page, 'data-relation-search');
    await option.click();
    await page.getByTestId('record-submit').click();
    await page.getByTestId('record-detail').waitFor();
    await expect.poll(() => page.getByTestId('record-detail').innerText()).toContain('客户003');
    await page.keyboard.press('Escape');
  });

  it('gives a kanban a column for every member heading a card, loaded or not', async () => {
    const member = (await newPage(browser, server.baseUrl)).page;
    await member.goto('/register');
    await submitRegistration(member, { name: '钱多多' });
    await member.getByTestId('team-create-page').waitFor();
    const invitation = await pageApi<{ id: string }>(page, 'POST', '/v1/corpintegrate/invitation', {});
    expect((await pageApi(member, 'PUT', `/v1/corpintegrate/invitation/join/${invitation.data.id}`)).status).toBe(200);
    const teams = await pageApi<{ engineCode: string }[]>(member, 'GET', '/v1/engine/list');
    expect((await pageApi(member, 'PUT', '/v1/engine/active', { engineCode: teams.data[0]?.engineCode })).status).toBe(
      200,
    );
    const memberId = (await pageApi<{ memberId: string }>(member, 'GET', '/v1/org/member/info')).data.memberId;
    const ownerId = (await pageApi<{ memberId: string }>(page, 'GET', '/v1/org/member/info')).data.memberId;
    await member.context().close();

    const tickets = await newTable(page, '工单');
    const title = await addFieldByApi(page, tickets.base, '标题', 'text');
    const handler = await addFieldByApi(page, tickets.base, '处理人', 'member');
    // The other member's card is the oldest; the board loads the newest ten.
    const create = [{ [title]: '最早的工单', [handler]: [memberId] }];
    for (let i = 0; i < 15; i += 1) create.push({ [title]: `工单${i}`, [handler]: [ownerId] });
    for (const data of create)
      expect((await pageApi(page, 'POST', `${tickets.base}/records`, { data })).status).toBe(200);
    const view = await pageApi<{ code: string }>(page, 'POST', `${tickets.base}/views`, {
      name: '按处理人',
      kind: 'kanban',
      config: { columns: [], sorts: [], groupBy: handler, rowHeight: 'short', pageSize: 10 },
    });
    expect(view.status).toBe(200);

    await page.goto(`${tickets.path}/${view.data.code}`);
    const board = page.getByTestId('kanban-view');
    await board.waitFor();
    await expect.poll(() => board.getByTestId('record-card').count()).toBe(10);
    await expect.poll(() => board.locator(`[data-testid="kanban-column"][data-column="${memberId}"]`).count()).toBe(1);
    await expect
      .poll(() => board.locator(`[data-testid="kanban-column"][data-column="${memberId}"]`).innerText())
      .toContain('钱多多');
    await shot(page, 'data-kanban-members');
  });
});
