import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, registerWithTeam } from './steps.js';

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

/** A wide picture (a receipt's stub, 240 × 60 px) drawn by the page and uploaded as the team's file. */
function uploadPicture(page: Page): Promise<{ id: string }> {
  return page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 60;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#e6f4ff';
    g.fillRect(0, 0, 240, 60);
    g.fillStyle = '#0958d9';
    g.font = '24px sans-serif';
    g.fillText('INVOICE 0042', 16, 38);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
    const form = new FormData();
    form.append('file', blob, '发票.png');
    const headers: Record<string, string> = { 'x-app-name': 'canopy-web' };
    const team = { 'x-engine-code': 'engineCode', 'x-member-id': 'memberId', 'x-engine-shard': 'engineShard' };
    for (const [header, key] of Object.entries(team)) {
      const value = localStorage.getItem(`canopy:${key}`);
      if (value) headers[header] = value;
    }
    const res = await fetch('/v1/files?kind=image', { method: 'POST', body: form, headers });
    return (await res.json()).data;
  });
}

/**
 * Issue 29: print writes an amount in Chinese capitals (人民币大写) where the designer ticks it on a
 * number or money field, and a picture sits in a cell as tall as the picture, not in a tall box.
 */
describe('print: amounts in capitals, pictures in their cells', () => {
  it('prints 人民币大写 chosen in the designer, and a small picture in a cell of its height', async () => {
    const page = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(page, '沈青', '青禾财务');
    await createBlankApp(page, '报销');
    await createTable(page, '费用单');
    const [, , appCode = '', schemaCode = ''] = new URL(page.url()).pathname.split('/');
    const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
    const add = async (name: string, type: string, settings?: unknown) =>
      (await pageApi<{ code: string }>(page, 'POST', `${base}/fields`, { name, type, settings })).data.code;
    const amount = await add('报销金额', 'money', { precision: 2 });
    const photo = await add('票据', 'image');
    const picture = await uploadPicture(page);
    const record = await pageApi<{ id: string }>(page, 'POST', `${base}/records`, {
      data: { [amount]: 100_000_001.5, [photo]: [picture.id] },
    });
    expect(record.status).toBe(200);
    const template = await pageApi<{ id: string }>(page, 'POST', `${base}/print-templates`, {
      name: '报销单',
      page: { size: 'A4', orientation: 'portrait', margins: { top: 15, right: 15, bottom: 15, left: 15 } },
      header: '',
      footer: '',
      blocks: [
        { kind: 'text', text: '费用报销单', style: 'title', align: 'center' },
        { kind: 'field', field: amount, width: 'half' },
        { kind: 'field', field: amount, width: 'half' },
        { kind: 'field', field: photo, width: 'full' },
      ],
    });
    expect(template.status).toBe(200);

    // The designer ticks 人民币大写 on the second amount.
    await page.goto(`/print/${appCode}/${schemaCode}/templates?template=${template.data.id}`);
    const designer = page.getByTestId('print-designer');
    await designer.waitFor();
    const blocks = designer.getByTestId('print-block');
    await expect.poll(() => blocks.count()).toBe(4);
    await blocks.nth(2).click();
    const capitals = page.getByRole('checkbox', { name: /人民币大写/ });
    await capitals.waitFor();
    await capitals.check();
    await page.getByTestId('print-template-save').click();
    await expect
      .poll(async () => {
        const saved = await pageApi<{ blocks: { amountInWords?: boolean }[] }>(
          page,
          'GET',
          `${base}/print-templates/${template.data.id}`,
        );
        return saved.data?.blocks?.[2]?.amountInWords;
      })
      .toBe(true);

    await page.goto(`/print/${appCode}/${schemaCode}?ids=${record.data.id}&template=${template.data.id}`);
    const sheet = page.getByTestId('print-sheet');
    await expect.poll(() => sheet.innerText()).toContain('壹亿零壹元伍角');
    await expect.poll(() => sheet.innerText()).toContain('100,000,001.50');
    // The picture's row is as tall as the picture (60 px → about 16 mm) plus the cell's padding.
    const img = sheet.getByTestId('print-picture');
    await expect.poll(() => img.evaluate((x) => (x as HTMLImageElement).complete && x.clientHeight > 0)).toBe(true);
    const cell = sheet.getByTestId('print-field').filter({ has: page.getByTestId('print-picture') });
    const [imgBox, cellBox] = [await img.boundingBox(), await cell.boundingBox()];
    if (!imgBox || !cellBox) throw new Error('no picture on the sheet');
    expect(cellBox.height - imgBox.height).toBeLessThan(16);
    expect(await sheet.innerText()).not.toContain('发票.png');
    await page.screenshot({ path: '/tmp/dash-print.png', fullPage: true });
  });
});
