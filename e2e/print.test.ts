import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, registerWithTeam, shot } from './steps.js';

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

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/**
 * Chromium's own PDF names some glyphs of the system CJK font by radical code points (⻚ for 页, ⼾
 * for 户): the radicals met here are mapped by hand, NFKC folds the other Kangxi radicals.
 * (The server's PDF needs none of this: pdfkit maps each glyph to the text it was written from.)
 */
function readable(text: string): string {
  const radicals: Record<string, string> = {
    '⻘': '青',
    '⻚': '页',
    '⻜': '飞',
    '⻓': '长',
    '⻔': '门',
    '⻅': '见',
    '⼾': '户',
  };
  return text.replace(/[\u2e80-\u2fdf]/g, (c) => radicals[c] ?? c).normalize('NFKC');
}

const trips: [string, number, string][] = [
  ['北京客户拜访', 3200, 'air'],
  ['上海展会布置', 1850, 'train'],
  ['杭州团队培训', 640, 'train'],
];

describe('print', () => {
  let page: Page;

  it('designs a print template, prints two selected records and downloads their PDF', async () => {
    const opened = await newPage(browser, server.baseUrl);
    page = opened.page;
    await registerWithTeam(page, '林蔚', '青松咨询');
    await createBlankApp(page, '费用管理');
    await createTable(page, '差旅报销');
    const [, , appCode, schemaCode] = new URL(page.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const add = async (name: string, type: string, settings?: unknown) =>
      (await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name, type, settings })).data.code;
    const reason = await add('出差事由', 'text');
    const amount = await add('报销金额', 'money', { precision: 2 });
    const way = await add('交通方式', 'singleSelect', {
      options: [
        { id: 'air', label: '飞机', color: '#1677ff' },
        { id: 'train', label: '高铁', color: '#52c41a' },
      ],
    });
    const create = trips.map(([r, a, w]) => ({ data: { [reason]: r, [amount]: a, [way]: w } }));
    expect((await pageApi(page, 'POST', `${base}/records/batch`, { create })).status).toBe(200);
    await page.reload();

    // Two rows selected in the grid: the batch bar prints them.
    const grid = page.getByTestId('grid-view');
    const row = (text: string) => grid.locator('.ant-table-row').filter({ hasText: text });
    await row('北京客户拜访').locator('.ant-checkbox-input').check();
    await row('上海展会布置').locator('.ant-checkbox-input').check();
    await expect.poll(() => page.getByTestId('batch-bar').innerText()).toContain('已选择 2 条');
    await page.getByTestId('batch-print').click();

    // The preview (its own chunk): without a template, the form in a default layout.
    const preview = page.getByTestId('print-preview');
    await preview.waitFor();
    await expect.poll(() => preview.getByTestId('print-sheet').count()).toBe(2);
    await expect.poll(() => preview.getByTestId('print-sheet').first().innerText()).toContain('出差事由');

    // The designer: a new template with a title, three fields (two on one line), a QR code and a header.
    await page.getByRole('button', { name: '设计模板' }).click();
    const designer = page.getByTestId('print-designer');
    await designer.waitFor();
    // A new template starts with the table's title and its fields: start from a clean page.
    const blocks = designer.getByTestId('print-block');
    await expect.poll(() => blocks.count()).toBe(4);
    const name = page.getByTestId('print-template-name');
    await name.fill('差旅报销单');
    for (let left = 3; left >= 0; left--) {
      await blocks.first().click();
      await page.getByTestId('print-block-remove').click();
      await expect.poll(() => blocks.count()).toBe(left);
    }
    await page.getByTestId('print-add-text').click();
    await page.getByTestId('print-text-input').fill('差旅费用报销单');
    await page.getByTestId('print-text-style').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^标题$/ })
      .click();
    await page.getByTestId('print-add-field-出差事由').click();
    await page.getByTestId('print-add-field-报销金额').click();
    await page.getByRole('radio', { name: '半行' }).check();
    await page.getByTestId('print-add-field-交通方式').click();
    await page.getByRole('radio', { name: '半行' }).check();
    await page.getByTestId('print-add-qr').click();
    await page.getByTestId('print-header').fill('青松咨询 · {title}');
    await expect.poll(() => blocks.count()).toBe(5);
    // Blocks are dragged into place: the QR code goes to the top of the page.
    const from = await blocks.nth(4).boundingBox();
    const to = await blocks.nth(0).boundingBox();
    if (!from || !to) throw new Error('no blocks on the canvas');
    await page.mouse.move(from.x + 20, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + from.height / 2 - 10, { steps: 4 });
    await page.mouse.move(to.x + 20, to.y + 4, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => blocks.first().getByTestId('print-qr').count()).toBe(1);
    await shot(page, 'print-designer');
    await page.getByTestId('print-template-save').click();
    await expect.poll(() => designer.locator('.ant-list-item').allInnerTexts()).toEqual(['差旅报销单']);

    // Back in the preview, the new template prints both records.
    await page.getByRole('button', { name: '返回' }).click();
    await preview.waitFor();
    await page.getByTestId('print-template-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^差旅报销单$/ })
      .click();
    const sheets = preview.getByTestId('print-sheet');
    await expect.poll(() => sheets.first().innerText()).toContain('差旅费用报销单');
    await expect
      .poll(() => sheets.allInnerTexts())
      .toEqual([expect.stringContaining('北京客户拜访'), expect.stringContaining('上海展会布置')]);
    await expect.poll(() => sheets.first().getByTestId('print-qr').count()).toBe(1);
    await expect.poll(() => sheets.first().innerText()).toContain('青松咨询 · 差旅报销');
    await shot(page, 'print-preview');

    // What the browser prints (Chromium's own print to PDF): no toolbar, one record per page, and the
    // header written by the @page rule in the page margin.
    const printed = readable(await pdfText(await page.pdf({ preferCSSPageSize: true })));
    expect(printed).toContain('北京客户拜访');
    expect(printed).toContain('上海展会布置');
    expect(printed).toContain('青松咨询 · 差旅报销');
    expect(printed).toContain('第 1 页 / 共 2 页');
    expect(printed).toContain('第 2 页 / 共 2 页');
    // Nothing but the sheets: no toolbar, no toast, no guide.
    expect(printed).not.toContain('下载 PDF');
    expect(printed).not.toContain('打印模板已保存');
    expect(printed).not.toContain('跳过引导');

    // The PDF made by the server: real text, in Chinese, both records.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-pdf').click()]);
    expect(download.suggestedFilename()).toBe('差旅报销.pdf');
    // The browser is the run's shared one, reached over its socket: the file comes as a stream.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const text = await pdfText(Buffer.concat(chunks));
    for (const words of [
      '差旅费用报销单',
      '出差事由',
      '北京客户拜访',
      '上海展会布置',
      '报销金额',
      '3,200.00',
      '1,850.00',
      '交通方式',
      '飞机',
      '高铁',
      '青松咨询 · 差旅报销',
    ])
      expect(text, words).toContain(words);
    expect(text).not.toContain('杭州团队培训');

    // One record from its drawer.
    await page.goto(`/app/${appCode}/${schemaCode}`);
    await row('杭州团队培训').getByTestId('record-title').click();
    await page.getByTestId('record-drawer').getByTestId('record-print').click();
    await preview.waitFor();
    await expect
      .poll(() => preview.getByTestId('print-sheet').allInnerTexts())
      .toEqual([expect.stringContaining('杭州团队培训')]);
    expect(cspViolations()).toEqual([]);
  });

  it('loads the report and the print parts as their own bundles, each only when first shown (issue 38)', async () => {
    const { page: tab, context } = await newPage(browser, server.baseUrl);
    await registerWithTeam(tab, '许诺', '白石工坊');
    await createBlankApp(tab, '订单中心');
    await createTable(tab, '订单');
    const [, , appCode, schemaCode] = new URL(tab.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const title = (await pageApi<{ code: string }>(tab, 'POST', `${base}/fields`, { name: '单号', type: 'text' })).data
      .code;
    expect((await pageApi(tab, 'POST', `${base}/records`, { data: { [title]: 'DD-001' } })).status).toBe(200);
    const node = { type: 'Dashboard', displayName: '销售报表' };
    expect((await pageApi(tab, 'POST', `/v1/apps/${appCode}/nodes`, node)).status).toBe(200);

    // The build's own record of its chunks (apps/web/bundle-report.json, written by the web build).
    const report = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../apps/web/bundle-report.json'), 'utf8'),
    ) as {
      chunks: Record<string, { modules: Record<string, number> }>;
    };
    const chunkOf = (module: string) =>
      Object.entries(report.chunks).find(([, c]) => Object.keys(c.modules).includes(module))?.[0] ?? '';
    const reportChunk = chunkOf('apps/web/src/features/dashboards/DashboardPage.tsx');
    const printChunk = chunkOf('apps/web/src/features/print/pages/PrintPage.tsx');
    expect(reportChunk).toMatch(/^assets\/.+\.js$/);
    expect(printChunk).toMatch(/^assets\/.+\.js$/);
    expect(reportChunk).not.toBe(printChunk);
    const modulesOf = (chunk: string) => Object.keys(report.chunks[chunk]?.modules ?? {});
    expect(modulesOf(reportChunk).filter((m) => m.includes('/features/print/'))).toEqual([]);
    expect(modulesOf(printChunk).filter((m) => m.includes('/features/dashboards/'))).toEqual([]);

    // What the browser fetches: neither part with the table, each when it is first shown.
    const fetched: string[] = [];
    tab.on('request', (r) => {
      const file = new URL(r.url()).pathname.slice(1);
      if (file.startsWith('assets/') && file.endsWith('.js')) fetched.push(file);
    });
    await tab.reload();
    await tab.getByTestId('grid-view').locator('.ant-table-row').filter({ hasText: 'DD-001' }).waitFor();
    expect(fetched).not.toContain(reportChunk);
    expect(fetched).not.toContain(printChunk);

    await tab.getByTestId('menu-node-销售报表').click();
    await tab.getByTestId('dashboard-page').waitFor();
    expect(fetched.filter((f) => f === reportChunk)).toHaveLength(1);
    expect(fetched).not.toContain(printChunk);

    await tab.getByTestId('menu-node-订单').click();
    const row = tab.getByTestId('grid-view').locator('.ant-table-row').filter({ hasText: 'DD-001' });
    await row.locator('.ant-checkbox-input').check();
    await tab.getByTestId('batch-print').click();
    await tab.getByTestId('print-preview').waitFor();
    expect(fetched.filter((f) => f === printChunk)).toHaveLength(1);
    expect(fetched.filter((f) => f === reportChunk)).toHaveLength(1);
    await context.close();
  });
});
