import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import {
  createBlankApp,
  createTable,
  joinTeamOf,
  pageApi,
  registerWithTeam,
  shot,
  signInByForm,
  signUp,
} from './steps.js';

/**
 * The new-user guide (spec §4 Guide, issue 14): it starts by itself for a new user, advances only
 * when the user has really done each step, keeps its progress across a reload, and the help menu's
 * "新手引导" starts it again.
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

const tour = (page: Page) => page.locator('.ant-tour:visible');
const title = (page: Page) => tour(page).locator('.ant-tour-title').innerText();
const progress = (page: Page) => tour(page).getByTestId('guide-progress').innerText();

async function addTextField(page: Page, name: string) {
  await page.getByTestId('field-add').click();
  await page.locator('.ant-modal:visible').getByTestId('field-name').fill(name);
  await page.locator('#field-submit').click();
  await page.getByTestId(`field-row-${name}`).waitFor();
}

/** Whether the guide's card sits right next to the (first visible) control with this test id. */
async function cardBesideTarget(page: Page, testId: string): Promise<boolean> {
  const card = await tour(page).boundingBox();
  const target = await page.getByTestId(testId).first().boundingBox();
  if (!card || !target) return false;
  const middle = target.x + target.width / 2;
  const across = card.x <= middle && middle <= card.x + card.width;
  const gap = Math.min(Math.abs(card.y - (target.y + target.height)), Math.abs(target.y - (card.y + card.height)));
  return across && gap < 40;
}

describe('new-user guide', () => {
  let page: Page;

  it('guides a new user step by step, advancing only on what was really done, and keeps progress on reload', async () => {
    page = (await newPage(browser, server.baseUrl)).page;
    await registerWithTeam(page, '林新', '新芽工作室', { guide: true });
    await page.getByTestId('home-page').waitFor();
    await expect.poll(() => title(page)).toBe('新建一个应用');
    await expect.poll(() => progress(page)).toBe('第 1 / 5 步');
    // The card points at the button it describes: just below it, across its middle.
    await expect.poll(() => cardBesideTarget(page, 'create-app-menu')).toBe(true);
    await shot(page, 'guide-step-app');

    // Opening the menu is not creating an app: the guide stays on step one (it steps aside meanwhile).
    await page.getByTestId('create-app-menu').first().click();
    await page.getByRole('menuitem', { name: '新建空白应用' }).waitFor();
    await expect.poll(() => tour(page).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => title(page)).toBe('新建一个应用');

    await createBlankApp(page, '客户管理');
    // The new app's address carries no stray parameter (it once kept ?color=0).
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => title(page)).toBe('新建一张数据表');
    await expect.poll(() => progress(page)).toBe('第 2 / 5 步');
    await shot(page, 'guide-step-table');

    await createTable(page, '客户');
    await expect.poll(() => title(page)).toBe('添加两个字段');
    await page.getByRole('tab', { name: '字段设计' }).click();
    await addTextField(page, '名称');
    // One field is not two.
    await expect.poll(() => title(page)).toBe('添加两个字段');
    await addTextField(page, '电话');
    await expect.poll(() => title(page)).toBe('录入一条数据');
    await shot(page, 'guide-step-record');

    // The progress is on the server: a reload comes back at the same step.
    await page.reload();
    await page.getByTestId('table-page').waitFor();
    await expect.poll(() => title(page)).toBe('录入一条数据');
    await expect.poll(() => progress(page)).toBe('第 4 / 5 步');

    await page.getByRole('tab', { name: '数据', exact: true }).click();
    await page.getByTestId('record-add').click();
    await page.getByTestId('form-field-名称').locator('input').fill('星河贸易');
    await page.getByTestId('record-submit').click();
    await page.getByTestId('record-detail').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => title(page)).toBe('设计一个流程');

    await page.getByTestId('table-design-flow').click();
    await page.getByTestId('wf-canvas').waitFor();
    // Opening the designer is not a flow yet: an approval step is added and the draft saved.
    await page.getByTestId('wf-plus-after-发起').click();
    await page.getByTestId('wf-add-approve').click();
    await page.getByTestId('wf-node-drawer').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('wf-node-drawer').isVisible()).toBe(false);
    await expect.poll(() => title(page)).toBe('设计一个流程');
    await page.getByTestId('wf-save').click();
    await expect.poll(() => title(page)).toBe('你已完成新手引导');
    await shot(page, 'guide-done');
    await tour(page).getByTestId('guide-finish').click();
    await expect.poll(() => tour(page).count()).toBe(0);
    const saved = await pageApi<{ action: string; steps: string[] }>(page, 'GET', '/v1/onboarding/user');
    expect(saved.data).toEqual({ action: 'finished', steps: ['app', 'table', 'fields', 'record', 'flow'], due: false });

    await page.goto('/home');
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('all-apps-section').waitFor();
    await expect.poll(() => tour(page).count()).toBe(0);
  });

  it('starts again from the help menu, from step one, and can be skipped', async () => {
    await page.getByTestId('header-help').click();
    await page.getByTestId('help-menu-guide').click();
    await expect.poll(() => title(page)).toBe('新建一个应用');
    await expect.poll(() => progress(page)).toBe('第 1 / 5 步');
    await shot(page, 'guide-restarted');
    await tour(page).getByTestId('guide-skip').click();
    await expect.poll(() => tour(page).count()).toBe(0);
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('all-apps-section').waitFor();
    await expect.poll(() => tour(page).count()).toBe(0);
    expect((await pageApi<{ action: string }>(page, 'GET', '/v1/onboarding/user')).data.action).toBe('skipped');
  });
});

describe('who the guide is for', () => {
  it('does not open for a plain member, who joined a team to use it', async () => {
    const owner = await newPage(browser, server.baseUrl);
    await registerWithTeam(owner.page, '吴老板', '吴记商行', { guide: true });
    await owner.page.getByTestId('home-page').waitFor();
    const member = await newPage(browser, server.baseUrl);
    await joinTeamOf(owner.page, member.page, '郑店员');
    await member.page.getByTestId('all-apps-section').waitFor();
    const state = await pageApi<{ due: boolean }>(member.page, 'GET', '/v1/onboarding/user');
    expect(state.data.due).toBe(false);
    await member.page.waitForLoadState('networkidle');
    expect(await tour(member.page).count()).toBe(0);
    await shot(member.page, 'guide-not-for-plain-member');
    // The owner, who builds the team's apps, gets it.
    await expect.poll(() => title(owner.page)).toBe('新建一个应用');
    await Promise.all([owner.context.close(), member.context.close()]);
  });

  it('stays away after 跳过引导, in another browser of the same user too', async () => {
    const first = await newPage(browser, server.baseUrl);
    const account = await signUp(first.page, '冯跳过');
    expect((await first.page.request.post('/v1/corp/own/register', { data: { corpName: '冯氏工坊' } })).ok()).toBe(
      true,
    );
    await first.page.goto('/home');
    await tour(first.page).getByTestId('guide-skip').click();
    await expect.poll(() => tour(first.page).count()).toBe(0);

    const second = await newPage(browser, server.baseUrl);
    await second.page.goto('/login');
    await signInByForm(second.page, account);
    await second.page.getByTestId('all-apps-section').waitFor();
    await second.page.waitForLoadState('networkidle');
    expect(await tour(second.page).count()).toBe(0);
    expect((await pageApi<{ action: string }>(second.page, 'GET', '/v1/onboarding/user')).data.action).toBe('skipped');
    await Promise.all([first.context.close(), second.context.close()]);
  });
});

describe('open in browser (DingTalk PC client)', () => {
  it('signs the system browser in on the same page with a single-use code', async () => {
    const dingTalk =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 DingTalk(7.0.0)';
    const { context, page } = await newPage(browser, server.baseUrl, { userAgent: dingTalk });
    await registerWithTeam(page, '钉钉用户', '钉钉团队', { guide: true });
    await page.getByTestId('home-page').waitFor();
    await tour(page).getByTestId('guide-skip').click();
    await page.goto('/members');
    await page.getByTestId('members-page').waitFor();
    await page.getByTestId('header-avatar').click();
    await expect.poll(() => page.getByTestId('menu-logout').count()).toBe(0);
    // The client's own window must not spend the code: its request is held back and its address kept.
    let url = '';
    await context.route('**/v1/user/information/authorizationCode/open*', (route) => {
      url = route.request().url();
      return route.abort();
    });
    await page.getByTestId('menu-open-in-browser').click();
    await expect.poll(() => url).toMatch(/\/v1\/user\/information\/authorizationCode\/open\?code=[\w-]+$/);

    // The system browser: no cookies of the client.
    const system = await newPage(browser, server.baseUrl);
    await system.page.goto(url);
    await system.page.getByTestId('members-page').waitFor();
    expect(new URL(system.page.url()).pathname).toBe('/members');
    await shot(system.page, 'open-in-browser-landed');

    const again = await newPage(browser, server.baseUrl);
    await again.page.goto(url);
    await expect.poll(() => again.page.getByTestId('authorization-code-result').innerText()).toContain('链接已失效');
    await shot(again.page, 'open-in-browser-replay');
    await Promise.all([context.close(), system.context.close(), again.context.close()]);
  });
});
