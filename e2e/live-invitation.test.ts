import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  type RunningServer,
  startServer,
  submitRegistration,
  uniqueMobile,
} from './harness.js';
import { pageApi, registerWithTeam, shot } from './steps.js';

/**
 * An invitation reaches an open 创建团队 page live (issue 29): no reload, and the team-name field
 * behind the dialog stays as it was (no red "required" for a field nobody left).
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

describe('an invitation pushed live', () => {
  it('appears on the open 创建团队 page at once, and the team-name field does not turn red', async () => {
    const owner = await newPage(browser, server.baseUrl);
    await registerWithTeam(owner.page, '赵主管', '远山物流');
    await owner.page.getByTestId('home-page').waitFor();

    const invitee = await newPage(browser, server.baseUrl);
    const account = uniqueMobile();
    await invitee.page.goto('/register');
    await submitRegistration(invitee.page, { account, name: '钱新人' });
    await invitee.page.getByTestId('team-create-page').waitFor();
    // The page is open and listening; no invitation yet.
    await expect
      .poll(() => invitee.page.locator('#corpName').evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await invitee.page.getByTestId('invitation-prompt').count()).toBe(0);
    // A mark on the page's window: a reload would lose it.
    await invitee.page.evaluate(() => Object.assign(window, { __notReloaded: true }));

    const sent = await pageApi(owner.page, 'POST', '/v1/corpintegrate/invitation', { account });
    expect(sent.status).toBe(200);
    await expect
      .poll(() => invitee.page.getByTestId('invitation-text').innerText())
      .toBe('赵主管 邀请你加入「远山物流」');
    expect(await invitee.page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
    // The dialog took focus from the empty field: that is not the user leaving it unfilled.
    expect(await invitee.page.locator('.ant-form-item-has-error').count()).toBe(0);
    await shot(invitee.page, 'invitation-live-on-team-create');

    await invitee.page.getByTestId('invitation-join').click();
    await invitee.page.waitForURL((url) => url.pathname === '/home');
    await Promise.all([owner.context.close(), invitee.context.close()]);
  });
});
