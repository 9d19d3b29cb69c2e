import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import {
  createBlankApp,
  createTable,
  joinTeamOf,
  pageApi,
  pickMembers,
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

/** Picks an option of an antd Select by typing and clicking it. */
const options = [
  { id: 'lead', label: '线索', color: '#1677ff' },
  { id: 'deal', label: '谈判', color: '#faad14' },
  { id: 'won', label: '赢单', color: '#52c41a' },
];
const orders: [string, string, number][] = [
  ['华东集团', 'lead', 52000],
  ['星河科技', 'deal', 18000],
  ['晨光文具', 'lead', 800],
  ['远航物流', 'won', 96000],
  ['青木设计', 'deal', 4200],
];

describe('dashboards', () => {
  let page: Page;
  let appCode = '';
  let schemaCode = '';
  let dashboardPath = '';
  let amountField = '';

  it('builds a dashboard with a bar chart and a number widget, saves it and sees it after a reload', async () => {
    const opened = await newPage(browser, server.baseUrl);
    page = opened.page;
    await registerWithTeam(page, '周岚', '远山贸易');
    await createBlankApp(page, '销售管理');
    await createTable(page, '订单');
    const [, , app, schema] = new URL(page.url()).pathname.split('/');
    appCode = app ?? '';
    schemaCode = schema ?? '';
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const add = async (name: string, type: string, settings?: unknown) =>
      (await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name, type, settings })).data.code;
    const name = await add('客户', 'text');
    const stage = await add('阶段', 'singleSelect', { options });
    const amount = await add('金额', 'money');
    amountField = amount;
    const create = orders.map(([n, s, a]) => ({ data: { [name]: n, [stage]: s, [amount]: a } }));
    expect((await pageApi(page, 'POST', `${base}/records/batch`, { create })).status).toBe(200);

    // A new dashboard from the menu: its page (its own chunk) says it is empty.
    await page.getByTestId('add-node').click();
    await page.getByRole('menuitem', { name: '新建仪表盘' }).click();
    await page.getByTestId('node-name-input').fill('销售看板');
    await page.locator('#node-name-submit').click();
    await page.getByTestId('menu-node-销售看板').click();
    await page.getByTestId('dashboard-empty').waitFor();
    dashboardPath = new URL(page.url()).pathname;
    await shot(page, 'dashboards-empty');

    // A bar chart: 金额 summed by 阶段.
    await page.getByTestId('dashboard-empty').getByRole('button', { name: '添加图表' }).click();
    const editor = page.getByTestId('widget-editor');
    await settled(editor.getByTestId('widget-title'));
    await editor.getByTestId('widget-title').fill('各阶段金额');
    await pickOption(page, editor.getByTestId('widget-table'), '订单');
    await pickOption(page, editor.getByTestId('widget-dimension'), '阶段');
    await pickOption(page, editor.getByTestId('widget-aggregate-0'), '求和');
    await pickOption(page, editor.getByTestId('widget-measure-field-0'), '金额');
    await shot(page, 'dashboards-editor');
    await editor.getByTestId('widget-editor-done').click();
    await editor.waitFor({ state: 'hidden' });
    await page.getByTestId('widget-chart-bar').locator('canvas').waitFor();

    // A number widget: how many orders.
    await page.getByTestId('dashboard-add').click();
    await settled(editor.getByTestId('widget-title'));
    await editor.getByTestId('widget-kind').getByText('指标卡').click();
    await editor.getByTestId('widget-title').fill('订单数');
    await pickOption(page, editor.getByTestId('widget-table'), '订单');
    // Compared with last month by creation time: all five orders are this month's.
    await pickOption(page, editor.getByTestId('widget-compare-field'), '创建时间');
    await editor.getByTestId('widget-editor-done').click();
    await editor.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('widget-number-value').innerText()).toBe('5');
    await expect.poll(() => page.getByTestId('widget-number-compare').innerText()).toBe('上月 0');
    await shot(page, 'dashboards-designing');

    // The designer widens the bar chart by dragging its corner (6 of 12 columns → the full width).
    const bar = page.locator('.react-grid-item').filter({ has: page.getByTestId('widget-bar') });
    const before = (await bar.boundingBox())?.width ?? 0;
    const handle = bar.locator('.react-resizable-handle-se');
    const box = await handle.boundingBox();
    if (!box) throw new Error('no resize handle');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++)
      await page.mouse.move(box.x + box.width / 2 + step * 60, box.y + box.height / 2, { steps: 2 });
    await page.mouse.up();
    await expect.poll(async () => (await bar.boundingBox())?.width ?? 0).toBeGreaterThan(before * 1.5);

    await page.getByTestId('dashboard-save').click();
    await expect.poll(() => page.getByTestId('dashboard-design').isVisible()).toBe(true);

    await page.reload();
    await page.getByTestId('dashboard-page').waitFor();
    await expect.poll(() => page.getByTestId('widget-number-value').innerText()).toBe('5');
    await expect.poll(() => page.getByTestId('widget-chart-bar').locator('canvas').count()).toBe(1);
    await expect
      .poll(() => page.locator('[data-testid^="widget-"][data-widget-id] .ant-card-head-title').allInnerTexts())
      .toEqual(['各阶段金额', '订单数']);
    await shot(page, 'dashboards-saved');

    // A chart exports as a PNG image.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('widget-bar').getByTestId('widget-export-png').click(),
    ]);
    expect(download.suggestedFilename()).toBe('各阶段金额.png');

    // Clicking the first bar (赢单) opens its records.
    const canvas = page.getByTestId('widget-chart-bar').locator('canvas');
    const area = await canvas.boundingBox();
    if (!area) throw new Error('no chart');
    const plotLeft = 46;
    const plotWidth = area.width - plotLeft - 16;
    await page.mouse.click(area.x + plotLeft + plotWidth / 6, area.y + area.height * 0.7);
    const records = page.getByTestId('group-records');
    await expect.poll(() => records.getByTestId('group-record').allInnerTexts()).toEqual(['远航物流']);
    await shot(page, 'dashboards-click-through');
    await records.getByTestId('group-record').click();
    await page.getByTestId('table-page').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('record')).toBeTruthy();
    await page.goBack();
    await page.getByTestId('dashboard-page').waitFor();

    // The figures the chart shows come from the database's grouping.
    const saved = await pageApi<{ widgets: { query: unknown; place: unknown }[] }>(
      page,
      'GET',
      `/v1/apps/${appCode}/dashboards/${new URL(page.url()).pathname.split('/')[3]}`,
    );
    expect(saved.data.widgets).toHaveLength(2);
    expect(saved.data.widgets[0]?.place).toMatchObject({ x: 0, w: 12 });
    const figures = await pageApi<{ rows: { label: string; values: number[] }[] }>(
      page,
      'POST',
      `/v1/apps/${appCode}/dashboards/${new URL(page.url()).pathname.split('/')[3]}/aggregate`,
      saved.data.widgets[0]?.query,
    );
    expect(figures.data.rows.map((r) => [r.label, r.values[0]])).toEqual([
      ['赢单', 96000],
      ['线索', 52800],
      ['谈判', 22200],
    ]);
  });

  it('shows a member the dashboard to view, with "no permission" where a chart reads a field hidden from them', async () => {
    const opened = await newPage(browser, server.baseUrl);
    const member = opened.page;
    await joinTeamOf(page, member, '陈默');
    const userId = (await pageApi<{ id: string }>(member, 'GET', '/v1/user/information/basic')).data.id;
    expect(
      (await pageApi(page, 'POST', '/v1/apps/role/add', { appCode, userIds: [userId], role: 'member' })).status,
    ).toBe(200);
    const roles = ['manager', 'member'];
    const permissions = {
      add: roles,
      view: roles,
      edit: roles,
      delete: roles,
      fields: { [amountField]: { member: 'hidden' } },
    };
    expect((await pageApi(page, 'PUT', `/v1/apps/${appCode}/schemas/${schemaCode}`, { permissions })).status).toBe(200);

    await member.goto(dashboardPath);
    await member.getByTestId('dashboard-page').waitFor();
    await expect.poll(() => member.getByTestId('widget-number-value').innerText()).toBe('5');
    await expect
      .poll(() => member.getByTestId('widget-bar').getByTestId('widget-no-permission').isVisible())
      .toBe(true);
    expect(await member.getByTestId('dashboard-design').count()).toBe(0);
    await shot(member, 'dashboards-member');
  });

  it("adds a pivot and dashboard filters, filters every widget on its table, and opens a cell's records", async () => {
    await page.goto(dashboardPath);
    await expect.poll(() => page.getByTestId('widget-number-value').innerText()).toBe('5');
    // A second table with its own number widget: the 阶段 filter has no field there.
    const other = await pageApi<{ code: string }>(page, 'POST', `/v1/apps/${appCode}/nodes`, {
      type: 'Schema',
      displayName: '回款',
    });
    const payments = `/v1/apps/${appCode}/schemas/${other.data.code}`;
    expect(
      (await pageApi(page, 'POST', `${payments}/records/batch`, { create: [{ data: {} }, { data: {} }] })).status,
    ).toBe(200);
    await page.reload();
    await page.getByTestId('dashboard-page').waitFor();

    await page.getByTestId('dashboard-design').click();
    const editor = page.getByTestId('widget-editor');
    // A pivot: 阶段 and 客户 down the side, the creation month across, 金额 summed and orders counted.
    await page.getByTestId('dashboard-add').click();
    await settled(editor.getByTestId('widget-title'));
    await editor.getByTestId('widget-kind').getByText('透视表').click();
    await editor.getByTestId('widget-title').fill('订单透视');
    await pickOption(page, editor.getByTestId('widget-table'), '订单');
    await pickOption(page, editor.getByTestId('widget-pivot-row-0'), '阶段');
    await pickOption(page, editor.getByTestId('widget-pivot-row-1'), '客户');
    await pickOption(page, editor.getByTestId('widget-pivot-column'), '创建时间');
    await pickOption(page, editor.getByTestId('widget-aggregate-0'), '求和');
    await pickOption(page, editor.getByTestId('widget-measure-field-0'), '金额');
    await editor.getByRole('button', { name: '添加指标' }).click();
    await shot(page, 'dashboards-pivot-editor');
    await editor.getByTestId('widget-editor-done').click();
    await editor.waitFor({ state: 'hidden' });
    // The payments' number widget.
    await page.getByTestId('dashboard-add').click();
    await settled(editor.getByTestId('widget-title'));
    await editor.getByTestId('widget-kind').getByText('指标卡').click();
    await editor.getByTestId('widget-title').fill('回款笔数');
    await pickOption(page, editor.getByTestId('widget-table'), '回款');
    await editor.getByTestId('widget-editor-done').click();
    await editor.waitFor({ state: 'hidden' });

    // Two filters: 阶段 (a select on 订单) and 创建人 (on both tables).
    await page.getByTestId('dashboard-filter-settings').click();
    const settings = page.getByTestId('filter-settings');
    await settings.getByTestId('filter-add').click();
    const first = settings.getByTestId('filter-setting').nth(0);
    await pickOption(page, first.getByTestId('filter-kind'), '选项');
    await first.getByTestId('filter-label').fill('阶段');
    await pickOption(page, first.getByTestId('filter-target-table'), '订单');
    await pickOption(page, first.getByTestId('filter-target-field'), '阶段');
    await settings.getByTestId('filter-add').click();
    const second = settings.getByTestId('filter-setting').nth(1);
    await pickOption(page, second.getByTestId('filter-kind'), '成员');
    await second.getByTestId('filter-label').fill('创建人');
    await pickOption(page, second.getByTestId('filter-target-table').nth(0), '订单');
    await pickOption(page, second.getByTestId('filter-target-field').nth(0), '创建人');
    await second.getByTestId('filter-add-target').click();
    await pickOption(page, second.getByTestId('filter-target-table').nth(1), '回款');
    await pickOption(page, second.getByTestId('filter-target-field').nth(1), '创建人');
    await shot(page, 'dashboards-filter-settings');
    await settings.getByTestId('filter-settings-done').click();
    await settings.waitFor({ state: 'hidden' });
    await page.getByTestId('dashboard-save').click();
    await expect.poll(() => page.getByTestId('dashboard-design').isVisible()).toBe(true);

    // The pivot: the grand total, a stage's subtotal, one cell — every figure the database's.
    const pivot = page.getByTestId('widget-pivot');
    const total = pivot.locator('tr.pivot-total-row').last();
    await expect.poll(() => total.innerText()).toContain('171,000');
    await expect.poll(() => pivot.locator('tr.pivot-total-row').count()).toBe(4);
    await pivot.scrollIntoViewIfNeeded();
    await shot(page, 'dashboards-pivot');

    // The viewer picks 线索: the pivot, the bar chart and the KPI on 订单 narrow; 回款 says the filter does not apply.
    await pickOption(
      page,
      page.getByTestId('dashboard-filter-select').getByTestId('dashboard-filter-select-input'),
      '线索',
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => total.innerText()).toContain('52,800');
    await expect.poll(() => page.getByTestId('widget-number-value').first().innerText()).toBe('2');
    const payment = page.locator('[data-widget-id]').filter({ hasText: '回款笔数' });
    await expect
      .poll(() => payment.getByTestId('widget-filter-not-applied').innerText())
      .toBe('筛选“阶段”不适用于此图表');
    await expect.poll(() => payment.getByTestId('widget-number-value').innerText()).toBe('2');
    await shot(page, 'dashboards-filtered');
    await pivot.scrollIntoViewIfNeeded();
    await shot(page, 'dashboards-pivot-filtered');
    await payment.scrollIntoViewIfNeeded();
    await shot(page, 'dashboards-filter-not-applied');

    // A cell opens its records: 线索 / 晨光文具 this month.
    await pivot.getByTestId('pivot-cell').filter({ hasText: /^800$/ }).first().click();
    const records = page.getByTestId('group-records');
    await expect.poll(() => records.getByTestId('group-record').allInnerTexts()).toEqual(['晨光文具']);
    await shot(page, 'dashboards-pivot-records');
    await records.locator('.ant-drawer-close').click();
    await records.waitFor({ state: 'hidden' });

    // The pivot exports as an xlsx.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      pivot.getByTestId('widget-export-xlsx').click(),
    ]);
    expect(download.suggestedFilename()).toBe('订单透视.xlsx');

    // 创建人 = 陈默 (who created nothing): both tables' widgets narrow to nothing.
    await page.getByTestId('dashboard-filter-member').getByRole('button').click();
    await pickMembers(page, ['陈默']);
    await expect.poll(() => page.getByTestId('widget-number-value').first().innerText()).toBe('0');
    await expect.poll(() => payment.getByTestId('widget-number-value').innerText()).toBe('0');
    await expect.poll(() => payment.getByTestId('widget-filter-not-applied').count()).toBe(1);
    await page.getByTestId('dashboard-filter-member').locator('.ant-tag-close-icon').click();
    await expect.poll(() => payment.getByTestId('widget-number-value').innerText()).toBe('2');
  });
});
