import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, pickOption, registerWithTeam, settled } from './steps.js';

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

/** The API answers a page gets, as "STATUS METHOD /path". */
function recordAnswers(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/v1/'))
      seen.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  return seen;
}

const stages = [
  { id: 'lead', label: '线索', color: '#1677ff' },
  { id: 'deal', label: '谈判', color: '#faad14' },
  { id: 'won', label: '赢单', color: '#52c41a' },
];

/**
 * Issue 29: a dashboard's charts write their figures on the bars (a setting, on by default where
 * they stay readable) in one number format per axis; a dashboard groups by 流程状态; a dashboard or
 * custom page opened directly asks nothing of a table (no 404s).
 */
describe('dashboard figures', () => {
  let page: Page;
  let appCode = '';
  let dashboardPath = '';
  let pagePath = '';

  it('opens a dashboard directly without a request of another page kind, figures written on the bars', async () => {
    page = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(page, '林舟', '群山商贸');
    await createBlankApp(page, '销售统计');
    await createTable(page, '商机');
    const [, , app, schemaCode] = new URL(page.url()).pathname.split('/');
    appCode = app ?? '';
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const add = async (name: string, type: string, settings?: unknown) =>
      (await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name, type, settings })).data.code;
    const stage = await add('阶段', 'singleSelect', { options: stages });
    const amount = await add('金额', 'money');
    const create = (
      [
        ['lead', 52000],
        ['deal', 18000],
        ['lead', 800],
        ['won', 96000],
        ['deal', 4200],
      ] as const
    ).map(([s, a]) => ({ data: { [stage]: s, [amount]: a } }));
    expect((await pageApi(page, 'POST', `${base}/records/batch`, { create })).status).toBe(200);
    const node = async (type: string, displayName: string) =>
      (await pageApi<{ code: string }>(page, 'POST', `/v1/apps/${appCode}/nodes`, { type, displayName })).data.code;
    const board = await node('Dashboard', '商机看板');
    const place = (x: number, y: number, w = 6) => ({ x, y, w, h: 5 });
    const sumBy = { schemaCode, dimension: { field: stage }, measures: [{ aggregate: 'sum', field: amount }] };
    const saved = await pageApi(page, 'PUT', `/v1/apps/${appCode}/dashboards/${board}`, {
      widgets: [
        { id: 'auto', kind: 'bar', title: '各阶段金额', query: sumBy, place: place(0, 0) },
        { id: 'off', kind: 'bar', title: '不标数值', query: sumBy, place: place(6, 0), valueLabels: false },
        {
          id: 'state',
          kind: 'table',
          title: '按流程状态',
          query: { schemaCode, dimension: { field: 'flowState' }, measures: [{ aggregate: 'count' }] },
          place: place(0, 5),
        },
      ],
    });
    expect(saved.status).toBe(200);
    dashboardPath = `/app/${appCode}/${board}`;
    pagePath = `/app/${appCode}/${await node('UserModule', '门户')}`;

    // Opened directly, as from a bookmark: the entry's early requests and the page's own.
    const answers = recordAnswers(page);
    await page.goto(dashboardPath);
    await page.getByTestId('dashboard-page').waitFor();
    const auto = page.locator('[data-widget-id="auto"]').getByTestId('widget-chart-bar');
    await auto.locator('canvas').waitFor();
    await expect.poll(() => auto.getAttribute('data-value-labels')).toBe('on');
    const off = page.locator('[data-widget-id="off"]').getByTestId('widget-chart-bar');
    await expect.poll(() => off.getAttribute('data-value-labels')).toBe('off');
    // Records never submitted to a flow are one group, named as the grid names their state.
    const state = page.locator('[data-widget-id="state"]');
    await expect.poll(() => state.locator('tbody tr.ant-table-row').allInnerTexts()).toEqual(['未提交\t5']);
    await page.screenshot({ path: '/tmp/dash-dashboard.png' });
    expect(answers.filter((a) => a.startsWith('404'))).toEqual([]);
    // No read of the address as a table: its widgets' own table is read for its field names.
    expect(answers.filter((a) => a.includes(`/schemas/${board}`))).toEqual([]);
    expect(answers.some((a) => a === `200 GET /v1/apps/${appCode}/dashboards/${board}`)).toBe(true);
  });

  it('lets the designer turn the figures on for a chart that had them off', async () => {
    await page.getByTestId('dashboard-design').click();
    const widget = page.locator('[data-widget-id="off"]');
    await widget.getByRole('button', { name: '编辑图表' }).click();
    const editor = page.getByTestId('widget-editor');
    await settled(editor.getByTestId('widget-value-labels'));
    await editor.getByTestId('widget-value-labels').getByText('显示').click();
    await editor.getByTestId('widget-editor-done').click();
    await editor.waitFor({ state: 'hidden' });
    await expect.poll(() => widget.getByTestId('widget-chart-bar').getAttribute('data-value-labels')).toBe('on');

    // A chart of the approvals themselves: who approved, at which step, how long it waited.
    await page.getByTestId('dashboard-add').click();
    await settled(editor.getByTestId('widget-title'));
    await editor.getByTestId('widget-title').fill('审批人工作量');
    await pickOption(page, editor.getByTestId('widget-table'), '商机');
    await editor.getByTestId('widget-source').getByText('审批记录').click();
    await editor.getByTestId('widget-dimension').click();
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').allInnerTexts())
      .toEqual(['审批人', '审批节点', '处理时间']);
    await page.keyboard.press('Escape');
    await pickOption(page, editor.getByTestId('widget-dimension'), '审批人');
    await pickOption(page, editor.getByTestId('widget-aggregate-0'), '平均值');
    await pickOption(page, editor.getByTestId('widget-measure-field-0'), '节点停留时长（小时）');
    await editor.getByTestId('widget-editor-done').click();
    await editor.waitFor({ state: 'hidden' });
    // Nothing was approved yet on this table: an empty chart, not an error.
    const approvals = page.locator('[data-widget-id]').filter({ hasText: '审批人工作量' });
    await expect.poll(() => approvals.innerText()).toContain('暂无数据');
    await page.getByTestId('dashboard-save').click();
    await expect.poll(() => page.getByTestId('dashboard-design').isVisible()).toBe(true);
  });

  it('opens a custom page directly without asking for a table', async () => {
    const answers = recordAnswers(page);
    await page.goto(pagePath);
    await page.getByTestId('custom-page').waitFor();
    await expect.poll(() => answers.some((a) => a.includes('/pages/'))).toBe(true);
    expect(answers.filter((a) => a.startsWith('404'))).toEqual([]);
    expect(answers.filter((a) => a.includes(`/schemas/${pagePath.split('/')[3]}`))).toEqual([]);
  });
});
