import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer, submitRegistration } from './harness.js';
import { openAccountSettings, pageApi, registerWithTeam, shot } from './steps.js';

/**
 * People and the team's life (issue 9): the member card reads user info (cached 60 s), WeChat binding
 * through the developer provider end to end, and deleting a team (type the name, export offered,
 * closed at once for everyone, restored by its owner).
 */
let server: RunningServer;
let browser: Browser;
let owner: Page;
let member: Page;
const TEAM = '星河科技';
const eventually = { timeout: 60_000 };

beforeAll(async () => {
  server = await startServer({}, { own: true });
  browser = await launchBrowser();
  // The first account administers the instance: it reads the developer outbox and stands in for WeChat.
  owner = (await newPage(browser, server.baseUrl)).page;
  await registerWithTeam(owner, '林嘉', TEAM);
  await owner.getByTestId('home-page').waitFor();
  member = (await newPage(browser, server.baseUrl)).page;
  await member.goto('/register');
  await submitRegistration(member, { name: '陈思' });
  await member.getByTestId('team-create-page').waitFor();
  const invitation = await pageApi<{ id: string }>(owner, 'POST', '/v1/corpintegrate/invitation', {});
  expect((await pageApi(member, 'PUT', `/v1/corpintegrate/invitation/join/${invitation.data.id}`)).status).toBe(200);
  await pageApi(member, 'PUT', '/v1/user/information/profile', { personalSignature: '把复杂的事做简单' });
  await member.goto('/home');
  await member.getByTestId('home-page').waitFor();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the member card', () => {
  it('shows the user info of a teammate, asked once within a minute', async () => {
    const asked: string[] = [];
    owner.on('request', (r) => {
      if (r.url().includes('/v1/org/user/')) asked.push(r.url());
    });
    await owner.getByTestId('header-tab-members').click();
    await owner.getByTestId('member-open-陈思').click();
    await expect.poll(() => owner.getByTestId('member-signature').innerText(), eventually).toBe('把复杂的事做简单');
    await expect.poll(() => owner.getByTestId('member-drawer-name').innerText()).toContain('陈思');
    await shot(owner, 'member-drawer-user-info');
    await owner.locator('.ant-drawer-close').click();
    await owner.getByTestId('member-drawer').waitFor({ state: 'detached' });
    await owner.getByTestId('member-open-陈思').click();
    await owner.getByTestId('member-signature').waitFor();
    expect(asked).toHaveLength(1);
    await owner.locator('.ant-drawer-close').click();
  });
});

describe('WeChat binding with the developer provider', () => {
  it('shows a QR code, binds when the link from the outbox is opened, and unbinds after confirming', async () => {
    await openAccountSettings(owner, 'security');
    const row = owner.getByTestId('wechat-row');
    await expect.poll(() => owner.getByTestId('wechat-bound-name').innerText()).toBe('未绑定');
    await owner.getByTestId('wechat-bind').click();
    await owner.getByTestId('wechat-qr').waitFor();
    await owner.getByTestId('wechat-developer').waitFor();
    await shot(owner, 'wechat-qr');

    const outbox = await pageApi<{ channel: string; body: string }[]>(owner, 'GET', '/v1/admin/outbox');
    const link = outbox.data.find((m) => m.channel === 'wechat')?.body.match(/https?:\/\/\S+/)?.[0] ?? '';
    expect(link).toContain('/v1/user/wechat/dev/scan?scene=');
    // The instance administrator opens it in another tab of the same browser: WeChat's part played.
    const scan = await owner.context().newPage();
    await scan.goto(link.replace(/^http:\/\/localhost:\d+/, server.baseUrl));
    await expect.poll(() => scan.getByTestId('wechat-scan-result').innerText(), eventually).toContain('绑定完成');
    await scan.close();

    // The dialog has been polling bind/check: it shows the bound name.
    await expect.poll(() => owner.getByTestId('wechat-bound-name').innerText(), eventually).toMatch(/^微信用户/);
    await owner.getByTestId('wechat-qr').waitFor({ state: 'detached' });
    await shot(owner, 'wechat-bound');
    await row.getByTestId('wechat-unbind').click();
    await owner.locator('#wechat-unbind-confirm').click();
    await expect.poll(() => owner.getByTestId('wechat-bound-name').innerText(), eventually).toBe('未绑定');
    await owner.keyboard.press('Escape');
  });
});

describe('deleting a team', () => {
  it('asks for the exact name, offers the export, closes at once for everyone, and restores', async () => {
    await owner.goto('/corp/manage?tab=settings');
    await owner.getByTestId('team-delete-entry').click();
    const dialog = owner.getByTestId('delete-team-dialog');
    await dialog.waitFor();
    await expect
      .poll(() => owner.getByTestId('delete-team-export').getAttribute('href'))
      .toBe('/expired/engine/export-corp-data');
    const confirm = owner.getByTestId('delete-team-confirm');
    await expect.poll(() => confirm.isDisabled()).toBe(true);
    await owner.getByTestId('delete-team-name').fill('星河');
    await expect.poll(() => confirm.isDisabled()).toBe(true);
    await owner.getByTestId('delete-team-name').fill(TEAM);
    await shot(owner, 'team-delete-dialog');
    await confirm.click();
    await owner.locator('#team-closed-ok').click();
    // No open team is left: the owner lands on team creation, where the closed team can be restored.
    await owner.getByTestId('team-create-page').waitFor();
    await owner.getByTestId('closed-teams').waitFor();
    await expect.poll(() => owner.getByTestId('closed-teams').innerText()).toContain(TEAM);
    await shot(owner, 'team-closed-restore');

    // The member's next request meets corp.state.forbidden; the fresh team list has nothing left.
    await member.getByTestId('header-tab-members').click();
    await member.waitForURL((url) => url.pathname === '/team/create', eventually);
    await expect.poll(() => member.getByTestId('team-create-page').innerText()).not.toContain(TEAM);

    await owner.locator('[data-testid^="closed-team-restore-"]').click();
    await owner.getByTestId('home-page').waitFor();
    await expect.poll(() => owner.getByTestId('team-switcher').innerText(), eventually).toContain(TEAM);
    await member.goto('/home');
    await expect.poll(() => member.getByTestId('team-switcher').innerText(), eventually).toContain(TEAM);
  });
});
