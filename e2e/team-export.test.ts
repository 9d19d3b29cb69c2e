import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
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

const TEAM = '星河贸易';

/** Exports from the card and answers the downloaded zip's bytes. */
async function exportAndDownload(page: Page, engineCode: string): Promise<Buffer> {
  const card = page.getByTestId(`team-export-${engineCode}`);
  await card.getByTestId('team-export-start').click();
  const download = card.getByTestId('export-download');
  await download.waitFor({ timeout: 60_000 });
  await expect.poll(() => card.innerText()).toContain('已完成，下载链接');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the team data export page', () => {
  let owner: Page;
  let engineCode = '';

  it('exports the team as one zip with a progress bar, then a download button', async () => {
    owner = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(owner, '王小明', TEAM);
    await createBlankApp(owner, '销售');
    await createTable(owner, '订单');
    const parts = new URL(owner.url()).pathname.split('/');
    const base = `/v1/apps/${parts[2]}/schemas/${parts[3]}`;
    const field = await pageApi<{ code: string }>(owner, 'POST', `${base}/fields`, { name: '客户', type: 'text' });
    expect(field.status).toBe(200);
    expect((await pageApi(owner, 'POST', `${base}/records`, { data: { [field.data.code]: '青禾' } })).status).toBe(200);
    engineCode = (await owner.evaluate(() => localStorage.getItem('canopy:engineCode'))) ?? '';
    expect(engineCode).not.toBe('');

    await owner.goto('/expired/engine/export-corp-data');
    await owner.getByTestId('export-corp-data-page').waitFor();
    await expect.poll(() => owner.getByTestId(`team-export-${engineCode}`).innerText()).toContain(TEAM);
    await shot(owner, 'team-export-page');
    const zip = await exportAndDownload(owner, engineCode);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('销售/订单.xlsx'))).toBe(true);
    await shot(owner, 'team-export-ready');
  });

  it('a closed team’s owner reaches the page from the closed team and still exports it', async () => {
    // Deleting the team as its owner does: it closes, and the owner lands where it can be restored.
    await owner.goto('/corp/manage?tab=settings');
    await owner.getByTestId('team-delete-entry').click();
    await owner.getByTestId('delete-team-dialog').waitFor();
    await owner.getByTestId('delete-team-name').fill(TEAM);
    await owner.getByTestId('delete-team-confirm').click();
    await owner.locator('#team-closed-ok').click();
    await owner.getByTestId('closed-teams').waitFor();
    const link = owner.getByTestId(`closed-team-export-${engineCode}`);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe(`/expired/engine/export-corp-data?engine=${engineCode}`);
    await owner.goto(href);
    const card = owner.getByTestId(`team-export-${engineCode}`);
    await expect.poll(() => card.innerText()).toContain('已删除');
    await expect.poll(() => card.innerText()).toContain('后彻底清除');
    const zip = await exportAndDownload(owner, engineCode);
    expect(zip.includes(Buffer.from('销售/订单.xlsx'))).toBe(true);
    await shot(owner, 'team-export-closed');
  });
});
