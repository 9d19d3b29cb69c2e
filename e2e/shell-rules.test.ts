import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, newPage, type RunningServer, startServer, submitRegistration } from './harness.js';
import { createBlankApp, pageApi, shot, signInByForm } from './steps.js';

/**
 * Shell rules of spec §2/§4/§5/§8/§9 (issue 9): language, logout through the host page, feature
 * gates, the app access check on sub-applications, start-up redirects, dialog size, team-name and
 * team-switch features, invitation links, chunk time-outs, retina images and accessible names.
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

/** Every document the tab navigates to, in order (also the ones it only passes through). */
function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      const url = new URL(request.url());
      urls.push(`${url.pathname}${url.search}`);
    }
  });
  return urls;
}

const login = signInByForm;

const setFeatures = async (page: Page, featureList: string[]) =>
  expect((await pageApi(page, 'PUT', '/v1/corp/features', { featureList })).status).toBe(200);

describe('language', () => {
  it('is Chinese in a browser set to English until the user picks English, which is kept', async () => {
    const { context, page } = await newPage(browser, server.baseUrl, { locale: 'en-US' });
    await page.goto('/login');
    await page.getByTestId('login-page').waitFor();
    await expect.poll(() => page.evaluate(() => navigator.language)).toBe('en-US');
    await expect.poll(() => page.getByTestId('login-submit').innerText()).toMatch(/登\s*录/);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

    await page.getByTestId('auth-language').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.getByTestId('login-submit').innerText()).toMatch(/log in/i);
    await page.reload();
    await page.getByTestId('login-page').waitFor();
    await expect.poll(() => page.getByTestId('login-submit').innerText()).toMatch(/log in/i);
    await context.close();
  });
});

describe('a team owner', () => {
  let context: BrowserContext;
  let page: Page;
  let account = '';
  let appCode = '';

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server.baseUrl));
    await page.goto('/register');
    account = await page.evaluate(() => `138${String(Date.now()).slice(-8)}`);
    await submitRegistration(page, { account, name: '周晓' });
    await page.locator('#corpName').fill('青禾设计');
    await page.getByTestId('team-create-submit').click();
    await page.getByTestId('home-page').waitFor();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('logs out from the avatar menu through /logout with the way back, and returns there', async () => {
    await page.goto('/members');
    await page.getByTestId('members-page').waitFor();
    const navigations = recordNavigations(page);
    await page.getByTestId('header-avatar').click();
    await page.getByTestId('menu-logout').click();
    await page.getByTestId('login-page').waitFor();
    expect(navigations[0]).toBe('/logout?redirect=%2Fmembers');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/members');
    await login(page, account);
    await page.getByTestId('members-page').waitFor();
  });

  it('shows the server message of a BIZ logout failure without a code', async () => {
    await page.route('**/v1/logout', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ errorType: 'BIZ', errorMessage: '会话服务繁忙，请稍后再试' }),
      }),
    );
    await page.goto('/logout?redirect=%2Fhome');
    await expect.poll(() => page.getByTestId('logout-page').innerText()).toContain('会话服务繁忙，请稍后再试');
    await shot(page, 'logout-biz-failure');
    await page.unroute('**/v1/logout');
  });

  it('gives the app feedback entry an accessible name, not only a tooltip', async () => {
    await page.goto('/home');
    await createBlankApp(page, '项目协作');
    appCode = new URL(page.url()).pathname.split('/')[2] ?? '';
    await expect.poll(() => page.getByRole('button', { name: '应用反馈' }).count()).toBe(1);
  });

  it('opens an app sub-application only after the app access check', async () => {
    const checks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/access')) checks.push(new URL(r.url()).pathname);
    });
    await page.goto(`/workflow/${appCode}`);
    await page.getByTestId('workflow-page').waitFor();
    await page.goto(`/datasource/${appCode}`);
    await page.getByTestId('datasource-page').waitFor();
    expect(checks.filter((p) => p.includes(appCode))).toHaveLength(2);

    for (const path of ['/workflow/no-such-app', '/workflow/no-such-app/sub', '/datasource/no-such-app']) {
      await page.goto(path);
      await page.getByTestId('error-page-app-unavailable').waitFor();
      await expect.poll(() => page.getByTestId('workflow-page').count()).toBe(0);
    }
  });

  it('logs out from /appNotFound through /logout, back to the app page that sent the user there', async () => {
    await page.goto('/app/no-such-app');
    await page.getByTestId('error-page-app-unavailable').waitFor();
    const navigations = recordNavigations(page);
    await page.getByTestId('error-page-logout').click();
    await page.getByTestId('login-page').waitFor();
    expect(navigations[0]).toBe('/logout?redirect=%2Fapp%2Fno-such-app');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/app/no-such-app');
    await login(page, account);
    await page.getByTestId('error-page-app-unavailable').waitFor();
  });

  it('keeps the way back on /engineNotFound when the team list cannot be had', async () => {
    await page.route('**/v1/engine/list', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ errorCode: 'system.unavailable', errorMessage: '服务不可用', errorType: 'SYSTEM' }),
      }),
    );
    await page.goto('/members');
    await page.getByTestId('error-page-no-team').waitFor();
    await page.unroute('**/v1/engine/list');
    const navigations = recordNavigations(page);
    await page.getByTestId('error-page-relogin').click();
    await page.getByTestId('login-page').waitFor();
    expect(navigations[0]).toBe('/logout?redirect=%2Fmembers');
    await login(page, account);
    await page.getByTestId('members-page').waitFor();
  });

  it('opens /applog directly when the Applog feature is on', async () => {
    await page.goto('/home');
    await setFeatures(page, ['Applog']);
    // Nothing remembered from before: the page must wait for the team's feature list.
    await page.evaluate(() => localStorage.removeItem('canopy:featureList'));
    await page.goto('/applog');
    await page.getByTestId('applog-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/applog');
    await page.reload();
    await page.getByTestId('applog-page').waitFor();

    await setFeatures(page, []);
    await page.goto('/applog');
    await page.getByTestId('error-page-forbidden').waitFor();
  });

  it('keeps the account-settings dialog within 480 px and the viewport minus 132 px', async () => {
    const dialogHeight = async (name: string) => {
      await page.getByTestId('header-avatar').click();
      await page.getByTestId('menu-account-settings').click();
      const container = page
        .locator('.ant-modal-container')
        .filter({ has: page.getByTestId('account-settings-dialog') });
      await container.waitFor();
      await page.getByTestId('account-tab-security').click();
      // The dialog's zoom-in animation ends at its full size.
      await expect.poll(() => container.evaluate((e) => getComputedStyle(e).transform)).toBe('none');
      const height = await container.evaluate((e) => e.getBoundingClientRect().height);
      await shot(page, name);
      await page.keyboard.press('Escape');
      await page.locator('.ant-modal-container').waitFor({ state: 'detached' });
      return height;
    };
    await page.goto('/home');
    await page.getByTestId('home-page').waitFor();
    await expect.poll(() => dialogHeight('account-settings')).toBeLessThanOrEqual(480);
    await page.setViewportSize({ width: 1280, height: 500 });
    await expect.poll(() => dialogHeight('account-settings-short-window')).toBeLessThanOrEqual(500 - 132);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('hides the team name with ForbiddenTeamName, in the header and the team dropdown', async () => {
    await page.goto('/home');
    await setFeatures(page, ['ForbiddenTeamName']);
    await page.reload();
    await expect.poll(() => page.getByTestId('team-switcher').innerText()).toContain('当前团队');
    await expect.poll(() => page.getByTestId('app-header').innerText()).not.toContain('青禾设计');
    await page.getByTestId('team-switcher').click();
    const dropdown = page.getByTestId('team-dropdown');
    await dropdown.waitFor();
    await expect.poll(() => dropdown.innerText()).not.toContain('青禾设计');
    await expect.poll(() => dropdown.getByTestId(/^team-rename-/).count()).toBe(0);
    await shot(page, 'team-name-hidden');
    await page.keyboard.press('Escape');
  });

  it('hides team switching with ForbiddenTeamSwitch: no other teams, no team creation', async () => {
    await page.goto('/home');
    await setFeatures(page, ['ForbiddenTeamSwitch']);
    await page.reload();
    await page.getByTestId('team-switcher').click();
    const dropdown = page.getByTestId('team-dropdown');
    await dropdown.waitFor();
    await expect.poll(() => dropdown.getByTestId('team-create-entry').count()).toBe(0);
    await expect.poll(() => dropdown.getByTestId('team-tab-joined').count()).toBe(0);
    await shot(page, 'team-switch-forbidden');
    await page.keyboard.press('Escape');
    await page.goto('/team/create');
    await page.getByTestId('error-page-forbidden').waitFor();
    await setFeatures(page, []);
  });

  it('tells 缺少邀请信息 for an invitation link with an empty id, whatever the browser language', async () => {
    // The link opened in a browser set to English, by a user who never picked a language.
    const english = await newContext(browser, server.baseUrl, {
      locale: 'en-US',
      storageState: await context.storageState(),
    });
    const tab = await english.newPage();
    for (const link of ['/home?invitationId=', '/home?invitationId=%20%20']) {
      await tab.goto(link);
      await expect.poll(() => tab.getByTestId('invitation-prompt').innerText()).toContain('缺少邀请信息');
      await expect.poll(() => tab.getByTestId('invitation-join').count()).toBe(0);
    }
    await shot(tab, 'invitation-missing-id');
    await english.close();
  });

  it('shows an error with a retry when a page part has not arrived after 120 s', async () => {
    const { context: slow, page: tab } = await newPage(browser, server.baseUrl);
    await tab.clock.install();
    await tab.goto('/login?redirect=%2Fhome');
    await login(tab, account);
    await tab.getByTestId('home-page').waitFor();
    // The address book's code is held back until the test lets it through.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await tab.route('**/assets/MembersPage-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await tab.getByTestId('header-tab-members').click();
    await tab.clock.fastForward(119_000);
    await expect.poll(() => tab.getByTestId('chunk-load-failed').count()).toBe(0);
    await tab.clock.fastForward(1_000);
    const failed = tab.getByTestId('chunk-load-failed');
    await failed.waitFor();
    await expect.poll(() => failed.innerText()).toContain('页面内容加载失败');
    await shot(tab, 'chunk-timeout');
    release();
    await tab.getByTestId('chunk-retry').click();
    await tab.getByTestId('members-page').waitFor();
    await slow.close();
  });

  it('uses the 2x avatar on a screen with a device pixel ratio of 2', async () => {
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 300;
      canvas.height = 200;
      const ctx = canvas.getContext('2d');
      if (ctx) {
        ctx.fillStyle = '#2f54eb';
        ctx.fillRect(0, 0, 300, 200);
        ctx.fillStyle = '#fadb14';
        ctx.fillRect(100, 50, 100, 100);
      }
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    });
    await page.goto('/home');
    await page.getByTestId('header-avatar').click();
    await page.getByTestId('menu-account-settings').click();
    await page.getByTestId('avatar-file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(png, 'base64'),
    });
    await page.getByTestId('avatar-save').click();
    await page.getByTestId('avatar-upload').waitFor();
    await page.keyboard.press('Escape');

    const headerImage = (tab: Page) => tab.getByTestId('header-avatar').locator('img');
    // The chosen source and its pixel width (naturalWidth of the shown image is divided by its density).
    const shown = (tab: Page) =>
      headerImage(tab).evaluate(async (img: HTMLImageElement) => {
        const file = new Image();
        file.src = img.currentSrc;
        await file.decode();
        return { src: img.currentSrc, width: file.naturalWidth };
      });

    const retina = await newContext(browser, server.baseUrl, {
      deviceScaleFactor: 2,
      storageState: await context.storageState(),
    });
    const sharp = await retina.newPage();
    await sharp.goto('/home');
    await headerImage(sharp).waitFor();
    await expect.poll(async () => (await shown(sharp)).src).toMatch(/@2x\.png$/);
    expect((await shown(sharp)).width).toBe(128);
    await shot(sharp, 'avatar-retina');
    await retina.close();

    await page.reload();
    await headerImage(page).waitFor();
    await expect.poll(async () => (await shown(page)).width).toBe(64);
    expect((await shown(page)).src).not.toMatch(/@2x/);
  });
});

describe('a newcomer without a team', () => {
  it('is taken to the init page 500 ms after the empty team list, not at once', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await context.addInitScript(() => {
      const marks: [string, number, string][] = [];
      Object.assign(window, { __marks: marks });
      const fetch0 = window.fetch.bind(window);
      window.fetch = async (...args: Parameters<typeof fetch>) => {
        const response = await fetch0(...args);
        if (String(args[0]).startsWith('/v1/engine/list')) marks.push(['list', performance.now(), '']);
        return response;
      };
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
          marks.push(['nav', performance.now(), String(url ?? '')]);
          original(data, unused, url);
        };
      }
    });
    await page.goto('/register');
    await submitRegistration(page, { name: '新同学' });
    await page.getByTestId('team-create-page').waitFor();
    const marks = await page.evaluate(() => (window as unknown as { __marks: [string, number, string][] }).__marks);
    const list = marks.find((m) => m[0] === 'list');
    const toInit = marks.find((m) => m[0] === 'nav' && m[2].startsWith('/team/create'));
    expect(list && toInit).toBeTruthy();
    expect((toInit?.[1] ?? 0) - (list?.[1] ?? 0)).toBeGreaterThanOrEqual(500);
    await context.close();
  });
});
