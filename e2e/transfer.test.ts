import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer, submitRegistration } from './harness.js';
import { createBlankApp, createTable, pageApi, registerWithTeam, shot } from './steps.js';

let server: RunningServer;
let browser: Browser;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-transfer-'));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const FULL = {
  add: ['manager', 'member'],
  view: ['manager', 'member'],
  edit: ['manager', 'member'],
  delete: ['manager', 'member'],
  import: ['manager', 'member'],
  export: ['manager', 'member'],
};

describe('export, import and a member’s row rule', () => {
  let owner: Page;
  let base = '';
  let tablePath = '';
  let appCode = '';
  const f: Record<string, string> = {};
  const titles = (page: Page) => page.getByTestId('grid-view').getByTestId('record-title').allInnerTexts();

  it('exports the view as CSV, escaping a formula-like name', async () => {
    owner = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(owner, '周明', '青禾农业');
    await createBlankApp(owner, '客户管理');
    await createTable(owner, '客户');
    const parts = new URL(owner.url()).pathname.split('/');
    appCode = parts[2] ?? '';
    base = `/v1/apps/${appCode}/schemas/${parts[3]}`;
    tablePath = `/app/${appCode}/${parts[3]}`;
    for (const [key, name, type] of [
      ['name', '客户名称', 'text'],
      ['city', '城市', 'text'],
      ['amount', '年采购额', 'number'],
    ] as const) {
      const res = await pageApi<{ code: string }>(owner, 'POST', `${base}/fields`, { name, type });
      expect(res.status).toBe(200);
      f[key] = res.data.code;
    }
    expect(
      (await pageApi(owner, 'PUT', base, { permissions: { ...FULL, rows: { member: { scope: 'mine' } } } })).status,
    ).toBe(200);
    for (const [name, city, amount] of [
      ['=HYPERLINK("http://evil")', '杭州', 100],
      ['禾丰合作社', '宁波', 200],
    ] as const) {
      const data = { [f.name as string]: name, [f.city as string]: city, [f.amount as string]: amount };
      expect((await pageApi(owner, 'POST', `${base}/records`, { data })).status).toBe(200);
    }
    await owner.reload();
    await expect.poll(() => titles(owner).then((t) => t.length)).toBe(2);

    // The export is a job: the dialog follows it to the end, then offers the file.
    await owner.getByTestId('export-button').click();
    await owner.locator('.ant-dropdown:visible').getByText('导出为 CSV').click();
    const dialog = owner.getByTestId('export-dialog');
    await expect.poll(() => dialog.getByTestId('export-progress').isVisible(), { timeout: 30_000 }).toBe(true);
    const button = dialog.getByTestId('export-download');
    await button.waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.innerText()).toContain('文件已生成，共 2 条');
    await shot(owner, 'transfer-export-ready');
    const [download] = await Promise.all([owner.waitForEvent('download'), button.click()]);
    const file = path.join(tmp, 'export.csv');
    await download.saveAs(file);
    const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('客户名称,城市,年采购额');
    expect(lines).toContain(`"'=HYPERLINK(""http://evil"")",杭州,100`);
    expect(lines).toContain('禾丰合作社,宁波,200');
    await owner.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('imports the exported file back, with a new row, and shows the progress to the end', async () => {
    const file = path.join(tmp, 'export.csv');
    fs.appendFileSync(file, '绿野农场,温州,300\r\n坏数据,台州,不是数字\r\n');
    await owner.getByTestId('import-button').click();
    await owner.locator('.ant-modal input[type=file]').setInputFiles(file);
    await owner.getByTestId('import-mapping').waitFor();
    await shot(owner, 'transfer-mapping');
    await owner.getByText('跳过错误行，导入其余数据').click();
    await owner.getByTestId('import-start').click();
    const result = owner.getByTestId('import-result');
    await result.waitFor();
    await expect.poll(() => result.innerText()).toContain('成功导入 3 行，跳过 1 行');
    await shot(owner, 'transfer-result');
    const [report] = await Promise.all([owner.waitForEvent('download'), owner.getByTestId('import-errors').click()]);
    const reportFile = path.join(tmp, 'errors.csv');
    await report.saveAs(reportFile);
    expect(fs.readFileSync(reportFile, 'utf8')).toContain('5,年采购额');
    await owner
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /完\s?成/ })
      .click();
    await expect.poll(() => titles(owner).then((t) => t.length)).toBe(5);
    await expect.poll(() => titles(owner)).toContain('绿野农场');
  });

  it('shows a member under the "mine" rule only the records they created', async () => {
    const member = (await newPage(browser, server.baseUrl)).page;
    await member.goto('/register');
    await submitRegistration(member, { name: '陈静' });
    await member.getByTestId('team-create-page').waitFor();
    const invitation = await pageApi<{ id: string }>(owner, 'POST', '/v1/corpintegrate/invitation', {});
    expect((await pageApi(member, 'PUT', `/v1/corpintegrate/invitation/join/${invitation.data.id}`)).status).toBe(200);
    const teams = await pageApi<{ engineCode: string }[]>(member, 'GET', '/v1/engine/list');
    const engineCode = teams.data[0]?.engineCode ?? '';
    expect((await pageApi(member, 'PUT', '/v1/engine/active', { engineCode })).status).toBe(200);
    const memberUser = await pageApi<{ id: string }>(member, 'GET', '/v1/user/information/basic');
    const role = await pageApi(owner, 'POST', '/v1/apps/role/add', {
      appCode,
      userIds: [memberUser.data.id],
      role: 'member',
    });
    expect(role.status, JSON.stringify(role)).toBe(200);
    await member.goto(tablePath);
    await member.getByTestId('table-page').waitFor();
    const data = { [f.name as string]: '陈静的客户', [f.city as string]: '丽水', [f.amount as string]: 50 };
    const created = await pageApi(member, 'POST', `${base}/records`, { data });
    expect(created.status, JSON.stringify(created)).toBe(200);
    await member.reload();
    await expect.poll(() => titles(member)).toEqual(['陈静的客户']);
    await expect.poll(() => member.getByTestId('record-count').innerText()).toBe('共 1 条');
    await shot(member, 'transfer-member-rows');
    await expect.poll(() => titles(owner).then((t) => t.length)).toBeGreaterThanOrEqual(5);
    await member.context().close();
  });
});
