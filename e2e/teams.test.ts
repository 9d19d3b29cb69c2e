import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  type RunningServer,
  snap,
  startServer,
  submitRegistration,
  uniqueMobile,
} from './harness';
import { openAccountSettings } from './steps';

/**
 * Teams end to end (issue 3): create a team, every invalid rename with its exact message, invite a
 * second user by email (link read from the developer outbox), register through the link and join,
 * build departments and move the member, switch teams, leave a team, and change the password so the
 * other session of that user ends.
 */
const PASSWORD = 'Passw0rd!2024';
const NEW_PASSWORD = 'N3w-Passw0rd!2024';
const OWNER = { account: uniqueMobile(), name: '王小明' };
const MEMBER = { account: `li.${Date.now()}@example.com`, name: '李小红' };
const TEAM = '甲方科技';
const RENAMED = 'Canopy 研发中心';
const OWN_TEAM = '小红工作室';

let server: RunningServer;
let browser: Browser;
let owner: { context: BrowserContext; page: Page };
let member: { context: BrowserContext; page: Page };
let invitationPath = '';
/** Polls that outlast a page load or a server round trip. */
const eventually = { timeout: 30_000 };

const fillRegister = (page: Page, who: { account: string; name: string }) =>
  submitRegistration(page, { ...who, password: PASSWORD });

async function createTeam(page: Page, name: string) {
  await page.getByTestId('team-create-page').waitFor();
  await page.locator('#corpName').fill(name);
  await page.getByTestId('team-create-submit').click();
  await expect.poll(() => page.getByTestId('team-switcher').textContent(), eventually).toContain(name);
}

async function openTeams(page: Page) {
  await page.getByTestId('team-switcher').click();
  const dropdown = page.getByTestId('team-dropdown');
  await dropdown.waitFor();
  // Let the popover finish opening, so clicks land where they aim.
  await expect
    .poll(() => dropdown.evaluate((e) => e.closest('.ant-popover')?.className ?? ''))
    .not.toMatch(/-(enter|appear)/);
}

beforeAll(async () => {
  server = await startServer({}, { own: true });
  browser = await launchBrowser();
  owner = await newPage(browser, server.baseUrl);
  member = await newPage(browser, server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('teams, invitations, address book and account settings', () => {
  it('creates a team and shows each team-name rule with its exact message', async () => {
    const { page } = owner;
    await page.goto('/register');
    await fillRegister(page, OWNER);
    await createTeam(page, TEAM);

    await openTeams(page);
    await page.locator('[data-testid^="team-rename-"]').first().click();
    const input = page.getByTestId('team-rename-input');
    const cases: [string, string][] = [
      ['   ', '团队名称不能为空'],
      ['甲', '团队名称不能少于两个字符'],
      ['开心团队😀', '团队名称不允许使用emoji文字'],
      ['长'.repeat(33), '团队名称不能超过32个字符'],
    ];
    for (const [value, text] of cases) {
      await input.fill(value);
      await input.press('Enter');
      await expect.poll(() => page.getByTestId('team-rename-error').textContent(), eventually).toBe(text);
    }
    await snap(page, 'teams-rename-error');
    await input.fill(RENAMED);
    await input.press('Enter');
    await page.getByText('修改成功').waitFor();
    // 1 s later the page reloads with the new name everywhere.
    await page.waitForEvent('load');
    await expect.poll(() => page.getByTestId('team-switcher').textContent(), eventually).toContain(RENAMED);
  });

  it('tells an owner to transfer the team before leaving it', async () => {
    const { page } = owner;
    await openTeams(page);
    await page.locator('[data-testid^="team-leave-"]').first().click();
    await expect
      .poll(() => page.getByTestId('leave-team-text').textContent(), eventually)
      .toContain('请先转交团队所有权');
    await page.getByTestId('leave-team-close').click();
    await page.getByTestId('leave-team-dialog').waitFor({ state: 'hidden' });
  });

  it('invites a second user by email; the link from the outbox registers and joins', async () => {
    const { page } = owner;
    await openTeams(page);
    await page.getByTestId('team-invite-entry').click();
    await page.getByTestId('invite-account').fill(MEMBER.account);
    await page.getByTestId('invite-send').click();
    await expect.poll(() => page.getByTestId('invite-result').textContent(), eventually).toContain(MEMBER.account);
    await snap(page, 'teams-invite-dialog');
    await page.locator('.ant-modal-close').click();
    await page.getByTestId('invite-dialog').waitFor({ state: 'hidden' });

    const outbox = await page.request.get('/v1/admin/outbox');
    expect(outbox.status()).toBe(200);
    const { data } = (await outbox.json()) as { data: { target: string; body: string }[] };
    const mail = data.find((m) => m.target === MEMBER.account);
    const id = mail?.body.match(/invitationId=([\w-]+)/)?.[1];
    expect(id).toBeTruthy();
    invitationPath = `/home?invitationId=${id}`;

    // Signed out: login first, keeping the invitation, then over to registration.
    const b = member.page;
    await b.goto(invitationPath);
    await b.getByTestId('login-page').waitFor();
    expect(decodeURIComponent(b.url())).toContain(invitationPath);
    await b.getByTestId('go-register').click();
    await b.getByTestId('register-page').waitFor();
    await fillRegister(b, MEMBER);
    // A newcomer without a team lands on team creation, the invitation still in the URL.
    await b.waitForURL((url) => url.pathname === '/team/create' && url.search.includes(`invitationId=${id}`));
    await b.getByTestId('invitation-text').waitFor();
    await expect
      .poll(() => b.getByTestId('invitation-text').textContent(), eventually)
      .toBe(`${OWNER.name} 邀请你加入「${RENAMED}」`);
    await snap(b, 'teams-join-prompt');
    await b.getByTestId('invitation-join').click();
    await b.waitForURL((url) => url.pathname === '/home' && !url.search.includes('invitationId'));
    await expect.poll(() => b.getByTestId('team-switcher').textContent(), eventually).toContain(RENAMED);
  });

  it('builds departments and moves the member into one', async () => {
    const { page } = owner;
    await page.getByTestId('header-tab-members').click();
    await page.getByTestId(`member-open-${MEMBER.name}`).waitFor();
    await page.getByTestId('dept-create').click();
    await page.getByTestId('dept-name-input').fill('研发部');
    await page.getByTestId('dept-name-input').press('Enter');
    await page.getByTestId('dept-node-研发部').waitFor();
    await page.getByTestId('dept-actions-研发部').click();
    await page.getByRole('menuitem', { name: '添加子部门' }).click();
    await page.getByTestId('dept-name-input').fill('前端组');
    await page.getByTestId('dept-name-input').press('Enter');
    await page.getByTestId('dept-node-前端组').waitFor();

    await page.getByTestId(`member-open-${MEMBER.name}`).click();
    await page.getByTestId('member-set-departments').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '调整「' });
    await dialog.locator('.ant-select-selection-item-remove').first().click();
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '研发部' }).click();
    await dialog.locator('.ant-modal-title').click();
    await snap(page, 'org-move-member');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText('成员部门已调整').waitFor();

    await page.getByTestId('dept-node-研发部').click();
    await expect.poll(() => page.getByTestId('member-panel-title').textContent(), eventually).toBe('研发部');
    await page.getByTestId(`member-open-${MEMBER.name}`).waitFor();
    await snap(page, 'org-members');

    // Deleting a department says where its members go.
    await page.getByTestId('dept-actions-前端组').click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    await page.getByText('将移至上级部门「研发部」').waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await page.getByTestId('dept-node-前端组').waitFor({ state: 'detached' });
  });

  it('switches to another team and leaves the current one', async () => {
    const b = member.page;
    await openTeams(b);
    await b.getByTestId('team-create-entry').click();
    await createTeam(b, OWN_TEAM);

    await openTeams(b);
    await b.getByTestId('team-tab-joined').click();
    await b.locator('[data-testid="team-list-joined"] [data-testid^="team-item-"]').click();
    await expect.poll(() => b.getByTestId('team-switcher').textContent(), eventually).toContain(RENAMED);

    await openTeams(b);
    await b.locator('[data-testid="team-list-joined"] [data-testid^="team-leave-"]').click();
    await expect
      .poll(() => b.getByTestId('leave-team-text').textContent(), eventually)
      .toContain('无法再查看该团队的任何信息');
    await b.getByTestId('leave-team-next').click();
    await expect.poll(() => b.getByTestId('leave-team-text').textContent(), eventually).toBe('确认执行此操作');
    await snap(b, 'teams-leave-confirm');
    await b.getByTestId('leave-team-confirm').click();
    // The current team is gone: the first remaining one becomes current.
    await expect.poll(() => b.getByTestId('team-switcher').textContent(), eventually).toContain(OWN_TEAM);
    await openTeams(b);
    await expect.poll(() => b.getByTestId('team-dropdown').textContent()).not.toContain(RENAMED);
  });

  it('changes the password and ends the other session of the same user', async () => {
    const other = await newPage(browser, server.baseUrl);
    await other.page.goto('/login');
    await other.page.locator('#account').fill(OWNER.account);
    await other.page.locator('#password').fill(PASSWORD);
    await other.page.getByTestId('login-submit').click();
    await other.page.getByTestId('team-switcher').waitFor();

    const { page } = owner;
    await openAccountSettings(page, 'security');
    await expect.poll(() => page.getByTestId('account-mobile').textContent(), eventually).toMatch(/^\d{3}\*+\d{3}$/);
    await page.getByTestId('account-change-password').click();
    await page.getByTestId('password-current').fill(PASSWORD);
    await page.getByTestId('password-new').fill(NEW_PASSWORD);
    await page.getByTestId('password-repeat').fill(NEW_PASSWORD);
    await snap(page, 'account-password');
    await page.getByTestId('password-submit').click();
    await page.getByText('其他设备上的登录已全部退出').waitFor();

    await other.page.reload();
    await other.page.getByTestId('login-page').waitFor();
    // This session still works.
    await page.reload();
    await page.getByTestId('team-switcher').waitFor();
    await other.context.close();
  });
});
