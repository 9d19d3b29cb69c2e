import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { createBlankApp, createTable, pageApi, registerWithTeam, shot } from './steps.js';

/**
 * App packages in the browser (issue 12): 导出安装包 with its data from the app settings, then
 * 导入安装包 from the create-app menu — upload with progress, install, the task polled to the end —
 * and the copy in the app list with its records.
 */
let server: RunningServer;
let browser: Browser;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-packages-'));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const appNames = (page: Page) => page.getByTestId('app-card-name').allInnerTexts();
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

describe('export and import an app package', () => {
  let owner: Page;
  const zip = path.join(tmp, 'crm.zip');

  it('exports the app with its data from the app settings', async () => {
    owner = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(owner, '林晓', '海棠贸易');
    await createBlankApp(owner, '客户管理');
    await createTable(owner, '客户');
    const parts = new URL(owner.url()).pathname.split('/');
    const base = `/v1/apps/${parts[2]}/schemas/${parts[3]}`;
    const field = await pageApi<{ code: string }>(owner, 'POST', `${base}/fields`, { name: '客户名称', type: 'text' });
    expect(field.status).toBe(200);
    for (const name of ['禾丰合作社', '青山农场', '东湖茶园'])
      expect((await pageApi(owner, 'POST', `${base}/records`, { data: { [field.data.code]: name } })).status).toBe(200);

    await owner.getByTestId('app-settings-trigger').click();
    await owner.getByTestId('app-settings-menu').getByText('导出安装包').click();
    const dialog = owner.getByTestId('export-package-dialog');
    await dialog.waitFor();
    await owner.getByTestId('package-include-data').click();
    await expect.poll(() => owner.getByTestId('package-include-data').getAttribute('aria-checked')).toBe('true');
    await shot(owner, 'package-export');
    const [download] = await Promise.all([owner.waitForEvent('download'), owner.locator('#package-export').click()]);
    await download.saveAs(zip);
    await toast(owner, '安装包已导出').waitFor();
    expect(fs.readFileSync(zip).subarray(0, 4).toString('hex')).toBe('504b0304');
  });

  it('imports the package from the create-app menu with progress to the end', async () => {
    await owner.goto('/home');
    await expect.poll(() => appNames(owner)).toEqual(['客户管理']);
    await owner.getByTestId('create-app-menu').first().click();
    await owner.getByRole('menuitem', { name: '导入安装包' }).click();
    const dialog = owner.getByTestId('import-package-dialog');
    await dialog.waitFor();
    // Nothing uploaded yet.
    await owner.getByTestId('package-install').click();
    await toast(owner, '请上传zip压缩包').waitFor();
    // Not a zip.
    const notes = path.join(tmp, 'notes.txt');
    fs.writeFileSync(notes, '不是压缩包');
    await dialog.locator('input[type=file]').setInputFiles(notes);
    await toast(owner, '请上传压缩包').waitFor();
    // The package: uploaded with its progress bar, then installed.
    await dialog.locator('input[type=file]').setInputFiles(zip);
    await expect.poll(() => dialog.getByTestId('package-file').innerText()).toContain('crm.zip');
    await dialog.getByText('已上传').waitFor();
    await expect.poll(() => dialog.getByTestId('package-upload-progress').getAttribute('aria-valuenow')).toBe('100');
    await shot(owner, 'package-uploaded');
    await owner.getByTestId('package-install').click();
    await dialog.getByTestId('package-install-progress').waitFor();
    await shot(owner, 'package-installing');
    await toast(owner, '安装成功').waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => appNames(owner)).toEqual(['客户管理', '客户管理']);
    await shot(owner, 'package-installed');

    // The copy is a working app of its own with the three records.
    const apps = await pageApi<{ code: string }[]>(owner, 'GET', '/v1/apps');
    const codes = apps.data.map((a) => a.code);
    expect(new Set(codes).size).toBe(2);
    const copies = await Promise.all(
      codes.map(async (code) => {
        const nodes = await pageApi<{ code: string }[]>(owner, 'GET', `/v1/apps/${code}/nodes`);
        const table = nodes.data[0]?.code as string;
        const list = await pageApi<{ resultList: unknown[] }>(
          owner,
          'POST',
          `/v1/apps/${code}/schemas/${table}/records/query`,
          {},
        );
        return { table, rows: list.data.resultList.length };
      }),
    );
    expect(copies.map((c) => c.rows)).toEqual([3, 3]);
    expect(copies[0]?.table).not.toBe(copies[1]?.table);
  });
});
