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
 * and the copy in the app list with its records; then a newer package of the same app upgrades the
 * copy in place after showing what it changes.
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
  let origin = '';
  let copy = '';
  const zip = path.join(tmp, 'crm.zip');
  const v2 = path.join(tmp, 'crm-v2.zip');

  it('exports the app with its data from the app settings', async () => {
    owner = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(owner, '林晓', '海棠贸易');
    await createBlankApp(owner, '客户管理');
    await createTable(owner, '客户');
    const parts = new URL(owner.url()).pathname.split('/');
    origin = parts[2] as string;
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
    // A failed upload whose answer says nothing: 上传失败 (spec §8). The request is the spec's file
    // upload (§7): formData with storageKey ug_app_template, with the headers every request carries.
    let sent: { body: string; headers: Record<string, string> } | undefined;
    await owner.route('**/v1/app/package/upload', async (route) => {
      sent = { body: route.request().postDataBuffer()?.toString('latin1') ?? '', headers: route.request().headers() };
      await route.fulfill({ status: 500, body: '' });
    });
    await dialog.locator('input[type=file]').setInputFiles(zip);
    await toast(owner, '上传失败').waitFor();
    await owner.unrouteAll();
    expect(sent?.body).toMatch(/name="storageKey"\r\n\r\nug_app_template\r\n/);
    expect(sent?.headers['x-app-name']).toBe('canopy-web');
    expect(sent?.headers['x-app-version']).toBeTruthy();
    expect(sent?.headers['x-guid']).toMatch(/^[0-9a-f-]{36}$/);
    // The package: uploaded with its progress bar, then installed.
    await dialog.locator('input[type=file]').setInputFiles(zip);
    await expect.poll(() => dialog.getByTestId('package-file').innerText()).toContain('crm.zip');
    await dialog.getByText('已上传').waitFor();
    await expect.poll(() => dialog.getByTestId('package-upload-progress').getAttribute('aria-valuenow')).toBe('100');
    // The package is this very app's: the dialog offers to upgrade it; here it is installed as a new app.
    await expect.poll(() => dialog.getByTestId('package-target').innerText()).toContain('升级现有应用（客户管理）');
    await dialog.getByTestId('package-target-new').click();
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
    copy = codes.find((c) => c !== origin) as string;
  });

  it('upgrades the installed copy from a newer package, showing what changes first', async () => {
    // v2: the original gains a field.
    const table = (await pageApi<{ code: string }[]>(owner, 'GET', `/v1/apps/${origin}/nodes`)).data[0]?.code;
    const phone = await pageApi(owner, 'POST', `/v1/apps/${origin}/schemas/${table}/fields`, {
      name: '联系电话',
      type: 'text',
    });
    expect(phone.status).toBe(200);
    await owner.goto(`/app/${origin}/${table}`);
    await owner.getByTestId('app-settings-trigger').click();
    await owner.getByTestId('app-settings-menu').getByText('导出安装包').click();
    await owner.getByTestId('export-package-dialog').waitFor();
    const [download] = await Promise.all([owner.waitForEvent('download'), owner.locator('#package-export').click()]);
    await download.saveAs(v2);

    await owner.goto('/home');
    await owner.getByTestId('create-app-menu').first().click();
    await owner.getByRole('menuitem', { name: '导入安装包' }).click();
    const dialog = owner.getByTestId('import-package-dialog');
    await dialog.waitFor();
    await dialog.locator('input[type=file]').setInputFiles(v2);
    await dialog.getByText('已上传').waitFor();
    // Same origin: the dialog offers to upgrade the installed copy (or the original), or install anew.
    await expect.poll(() => dialog.getByTestId('package-target').innerText()).toContain('升级现有应用（客户管理）');
    await expect.poll(() => dialog.getByTestId('package-target').innerText()).toContain('安装为新应用');
    await dialog.getByTestId(`package-target-${copy}`).click();
    const changes = dialog.getByTestId('upgrade-changes');
    await changes.waitFor();
    await expect.poll(() => changes.innerText()).toContain('客户 / 联系电话');
    await expect.poll(() => changes.innerText()).toContain('新增');
    await shot(owner, 'package-upgrade-diff');
    await owner.getByTestId('package-upgrade').click();
    const confirm = owner.locator('.ant-modal-confirm');
    await confirm.waitFor();
    await expect.poll(() => confirm.innerText()).toContain('确定升级“客户管理”吗？');
    await owner.getByTestId('package-upgrade-confirm').click();
    await toast(owner, '升级成功').waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Still two apps; the copy has the new field and its three records.
    await expect.poll(() => appNames(owner)).toEqual(['客户管理', '客户管理']);
    const copyTable = (await pageApi<{ code: string }[]>(owner, 'GET', `/v1/apps/${copy}/nodes`)).data[0]?.code;
    const schema = await pageApi<{ fields: { name: string }[] }>(owner, 'GET', `/v1/apps/${copy}/schemas/${copyTable}`);
    expect(schema.data.fields.map((f) => f.name)).toContain('联系电话');
    const rows = await pageApi<{ resultList: unknown[] }>(
      owner,
      'POST',
      `/v1/apps/${copy}/schemas/${copyTable}/records/query`,
      {},
    );
    expect(rows.data.resultList).toHaveLength(3);
  });
});
