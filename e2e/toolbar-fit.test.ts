import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { pageApi, registerWithTeam, settled, shot } from './steps.js';

/**
 * Toolbars in Japanese (issue 29): the longer labels once wrapped the table's toolbar onto two lines.
 * At 1280 and 1024 px wide, in Japanese, the table's view toolbar, the table's header, the flow
 * designer's toolbar, the dashboard's and the custom page's design bars each keep to one line and
 * nothing in them is cut off; where room is short, the view toolbar's buttons show their icons with
 * the label as their name and tooltip.
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

interface TreeNode {
  code: string;
  type: string;
  displayName: string;
  children?: TreeNode[];
}
const flat = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

/** A team whose owner uses Japanese, with the CRM template installed; its app code and menu. */
async function japaneseCrm(page: Page, team: string): Promise<{ appCode: string; nodes: TreeNode[] }> {
  await registerWithTeam(page, `${team} owner`, team);
  await page.getByTestId('home-page').waitFor();
  await page.getByTestId('header-avatar').click();
  const item = page.getByTestId('menu-language-jp');
  await settled(item);
  await item.click();
  await page.keyboard.press('Escape');
  const { data } = await pageApi<{ templates: { id: string; externalLabel: string }[] }>(page, 'GET', '/v1/templates');
  const crm = data.templates.find((t) => t.id === 'crm');
  const started = await pageApi<{ taskId: string }>(page, 'POST', '/v1/templates/install', {
    id: crm?.id,
    externalLabel: crm?.externalLabel,
  });
  let appCode = '';
  await expect
    .poll(async () => {
      const task = await pageApi<{ isCompleted: boolean; appCode: string }>(
        page,
        'GET',
        `/v2/app/installtask/${started.data.taskId}`,
      );
      appCode = task.data.appCode;
      return task.data.isCompleted;
    })
    .toBe(true);
  const nodes = flat((await pageApi<TreeNode[]>(page, 'GET', `/v1/apps/${appCode}/nodes`)).data);
  return { appCode, nodes };
}

/**
 * One line, nothing cut: one horizontal line crosses all the bar's controls, and the bar's content
 * is no wider than the bar.
 */
async function expectOneLine(bar: Locator, what: string): Promise<void> {
  await bar.waitFor();
  const measure = () =>
    bar.evaluate((el) => {
      const controls = [...el.querySelectorAll<HTMLElement>('button, input, .ant-segmented, .ant-select')].filter(
        // Shown, with a height (a segmented control's radio inputs have none), not in a popup.
        (c) => c.getBoundingClientRect().height > 1 && !c.closest('.ant-popover, .ant-dropdown'),
      );
      const rects = controls.map((c) => c.getBoundingClientRect());
      // One line: some horizontal line crosses every control (the lowest top is above the highest bottom).
      return {
        controls: rects.length,
        shapes: controls.map(
          (c, i) =>
            `${c.tagName}.${c.className}@${Math.round(rects[i]?.top ?? 0)}-${Math.round(rects[i]?.bottom ?? 0)}`,
        ),
        oneLine: rects.length > 0 && Math.max(...rects.map((r) => r.top)) < Math.min(...rects.map((r) => r.bottom)),
        overflow: el.scrollWidth - el.clientWidth,
      };
    });
  // The bar settles on its level once its content has loaded: wait for that, then judge it.
  await expect
    .poll(async () => {
      const m = await measure();
      return m.controls > 1 && m.oneLine && m.overflow <= 1;
    })
    .toBe(true)
    .catch(async () => {
      const m = await measure();
      expect(m.controls, what).toBeGreaterThan(1);
      expect(m.oneLine, `${what}: controls on more than one line: ${m.shapes.join(' ')}`).toBe(true);
      expect(m.overflow, `${what}: content wider than the bar`).toBeLessThanOrEqual(1);
    });
}

describe('Japanese toolbars keep to one line', () => {
  for (const width of [1280, 1024]) {
    it(`at ${width} px: table, flow designer, dashboard and custom page`, async () => {
      const { context, page } = await newPage(browser, server.baseUrl, { viewport: { width, height: 800 } });
      const { appCode, nodes } = await japaneseCrm(page, `さくら商事${width}`);
      const table = nodes.find((n) => n.displayName === '客户') as TreeNode;

      await page.goto(`/app/${appCode}/${table.code}`);
      await page.locator('.ant-table-row').first().waitFor();
      const toolbar = page.getByTestId('view-toolbar');
      await expectOneLine(toolbar, 'view toolbar');
      await expectOneLine(page.getByTestId('table-header'), 'table header');
      // Buttons that lost their label for room keep it as their accessible name.
      await page.getByRole('button', { name: 'エクスポート' }).waitFor();
      await page.getByRole('button', { name: '絞り込み' }).waitFor();
      await shot(page, `toolbar-jp-${width}-table`);

      await page.getByTestId('table-design-flow').click();
      await page.getByTestId('wf-canvas').waitFor();
      await shot(page, `toolbar-jp-${width}-flow`);
      await expectOneLine(page.getByTestId('wf-toolbar'), 'flow designer toolbar');
      await expect.poll(() => page.getByTestId('wf-publish').isVisible()).toBe(true);

      const board = nodes.find((n) => n.type === 'Dashboard') as TreeNode;
      await page.goto(`/app/${appCode}/${board.code}`);
      await page.getByTestId('dashboard-design').click();
      await page.getByTestId('dashboard-save').waitFor();
      await shot(page, `toolbar-jp-${width}-dashboard`);
      await expectOneLine(page.getByTestId('dashboard-header'), 'dashboard design bar');

      const portal = nodes.find((n) => n.type === 'UserModule') as TreeNode;
      await page.goto(`/app/${appCode}/${portal.code}`);
      await page.getByTestId('page-design').click();
      await page.getByTestId('page-save').waitFor();
      await shot(page, `toolbar-jp-${width}-page`);
      await expectOneLine(page.getByTestId('custom-page-header'), 'custom page design bar');
      await context.close();
    });
  }
});
