import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { registerWithTeam, shot } from './steps.js';

/**
 * 产品动态 as data (issue 29): a new instance has none, so the workbench shows no panel; the
 * instance administrator adds one in 企业管理 and every workbench shows it.
 */
let server: RunningServer;
let browser: Browser;
let admin: Page;

beforeAll(async () => {
  // Its own instance: the first account administers it.
  server = await startServer({}, { own: true });
  browser = await launchBrowser();
  admin = (await newPage(browser, server.baseUrl)).page;
  await registerWithTeam(admin, '沈管理', '青石科技');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens the workbench and waits for its 产品动态 answer, so "no panel" is a settled fact. */
async function openHome(page: Page): Promise<number> {
  // Off the app first: the answer waited for is this load's, never one of the page before.
  await page.goto('about:blank');
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/system/announcements');
  await page.goto('/home');
  const items = ((await (await answered).json()) as { data: unknown[] }).data.length;
  await page.getByTestId('all-apps-section').waitFor();
  return items;
}

describe('产品动态', () => {
  it('is hidden while there is none', async () => {
    expect(await openHome(admin)).toBe(0);
    expect(await admin.getByTestId('operation-slot').count()).toBe(0);
    await shot(admin, 'announcements-home-empty');
  });

  it('shows on every workbench once the administrator adds one', async () => {
    await admin.goto('/corp/manage?tab=announcements');
    await admin.getByTestId('corp-announcements-tab').waitFor();
    await shot(admin, 'announcements-admin-empty');
    await admin.getByTestId('announcement-new').click();
    await admin.getByTestId('announcement-title').fill('批量审批上线');
    await admin.getByTestId('intro-editor').click();
    await admin.keyboard.type('待办列表可以一次同意多条申请。');
    await admin.getByTestId('announcement-link').fill('/help');
    await shot(admin, 'announcements-admin-dialog');
    await admin.locator('#announcement-submit').click();
    await admin.getByTestId('announcement-edit-批量审批上线').waitFor();
    await shot(admin, 'announcements-admin-list');

    expect(await openHome(admin)).toBe(1);
    const panel = admin.getByTestId('operation-slot');
    await expect.poll(() => panel.innerText()).toContain('批量审批上线');
    expect(await panel.innerText()).toContain('待办列表可以一次同意多条申请。');
    await shot(admin, 'announcements-home-shown');

    // Another user of the instance sees it too.
    const other = await newPage(browser, server.baseUrl);
    await registerWithTeam(other.page, '韩同学', '韩家小店');
    expect(await openHome(other.page)).toBe(1);
    await expect.poll(() => other.page.getByTestId('operation-slot').innerText()).toContain('批量审批上线');
    // …and cannot manage them: the tab is the instance administrator's.
    await other.page.goto('/corp/manage');
    await other.page.getByTestId('corp-tab-members').waitFor();
    await other.page.waitForLoadState('networkidle');
    expect(await other.page.getByTestId('corp-tab-announcements').count()).toBe(0);
    await other.context.close();
  });

  it('is gone from the workbench once deleted, after a confirmation', async () => {
    await admin.goto('/corp/manage?tab=announcements');
    await admin.getByTestId('announcement-delete-批量审批上线').click();
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect.poll(() => admin.getByTestId('announcement-edit-批量审批上线').count()).toBe(0);
    expect(await openHome(admin)).toBe(0);
    expect(await admin.getByTestId('operation-slot').count()).toBe(0);
  });
});
