import { PRINT_VERSION, REPORT_VERSION } from '@canopy/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cspViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  snap,
  startServer,
  uniqueMobile,
} from './harness.js';

let server: RunningServer;
let browser: Browser;
const PASSWORD = 'canopy-pass-1';
let account = '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function login(page: Page, who: string) {
  await page.locator('#account').fill(who);
  await page.locator('#password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

describe('a newcomer', () => {
  it('registers, lands on team creation, creates a team and reaches the workbench', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    account = uniqueMobile();
    await page.goto('/register');
    await page.locator('#account').fill(account);
    await page.locator('#name').fill('王小明');
    await page.locator('#password').fill(PASSWORD);
    await page.locator('#confirm').fill(PASSWORD);
    await snap(page, 'register');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('team-create-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/team/create');

    await page.locator('#corpName').fill('😀团队');
    await page.getByTestId('team-create-submit').click();
    await expect.poll(() => page.getByText('团队名称不允许使用emoji文字').count()).toBeGreaterThan(0);
    await page.locator('#corpName').fill('晨光工作室');
    await page.getByTestId('team-create-submit').click();
    await page.getByTestId('home-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await expect.poll(() => page.getByTestId('team-switcher').innerText()).toContain('晨光工作室');
    await expect.poll(() => page.getByTestId('todo-panel').innerText()).toContain('当前暂无待办任务');
    await snap(page, 'home');
    await context.close();
  });

  it('logs out, is sent to /login with a return URL on a 401, and comes back after logging in', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/members');
    await page.getByTestId('login-page').waitFor();
    const redirect = new URL(page.url()).searchParams.get('redirect') ?? '';
    expect(redirect).toContain('/members');
    await login(page, account);
    await page.getByTestId('members-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/members');

    await page.getByTestId('header-avatar').click();
    await page.getByTestId('menu-logout').click();
    await page.getByTestId('login-page').waitFor();
    const after = await page.evaluate(() => fetch('/v1/user/information/basic').then((r) => r.status));
    expect(after).toBe(401);
    await context.close();
  });

  it('refuses a wrong password inline and ignores redirects to other origins', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/login?redirect=https%3A%2F%2Fevil.example.com%2Fsteal');
    await page.locator('#account').fill(account);
    await page.locator('#password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').innerText()).toContain('账号或密码错误');
    await login(page, account);
    await page.getByTestId('home-page').waitFor();
    expect(new URL(page.url()).origin).toBe(server.baseUrl);
    await context.close();
  });
});

describe('a signed-in member', () => {
  let page: Page;
  beforeAll(async () => {
    const opened = await newPage(browser, server.baseUrl);
    page = opened.page;
    await page.goto('/login?redirect=%2Fhome');
    await login(page, account);
    await page.getByTestId('home-page').waitFor();
  });

  it.each([
    // No app x exists: the access check sends the browser on to the app-unavailable page.
    ['/app/x/y/z', 'error-page-app-unavailable'],
    ['/todos/done', 'todos-page'],
    ['/todos', 'todos-page'],
    ['/dashboard', 'home-page'],
    ['/', 'home-page'],
  ])('reloading the deep link %s shows the app, not a server 404', async (url, testId) => {
    const res = await page.goto(url);
    expect(res?.status()).toBe(200);
    await page.getByTestId(testId).waitFor();
  });

  it('redirects /todos to /todos/todo and / to /home', async () => {
    await page.goto('/todos');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/todos/todo');
    await page.goto('/');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
  });

  it.each([
    ['/no/such/page', 'error-page-not-found', '抱歉，该页面无法访问'],
    ['/appNotFound', 'error-page-app-unavailable', '抱歉！您暂时无法访问该应用'],
    ['/engineNotFound', 'error-page-no-team', '未找到已授权的团队，请先加入团队'],
    ['/403', 'error-page-forbidden', '抱歉，您没有权限访问此页面'],
    ['/appAccessCheckFailed', 'error-page-access-check-failed', '权限校验失败，请稍后再试'],
  ])('shows %s with its text', async (url, testId, text) => {
    await page.goto(url);
    await expect.poll(() => page.getByTestId(testId).innerText()).toContain(text);
    await snap(page, testId);
  });

  it('shows the about dialog with every version and the copyright line', async () => {
    await page.goto('/home');
    await page.getByTestId('header-avatar').click();
    await page.getByTestId('menu-version-info').click();
    const dialog = page.getByTestId('about-dialog');
    await dialog.waitFor();
    const text = await dialog.innerText();
    for (const label of ['主版本', '内核', '报表', '打印', '运营']) expect(text).toContain(label);
    // The report and print sub-applications show their own versions.
    const row = (label: string) => dialog.locator('tr').filter({ hasText: label }).innerText();
    await expect.poll(() => row('报表')).toContain(REPORT_VERSION);
    await expect.poll(() => row('打印')).toContain(PRINT_VERSION);
    await expect.poll(() => page.getByTestId('about-copyright').innerText()).toContain('Canopy');
    await snap(page, 'about');
    await page.keyboard.press('Escape');
  });

  it('refuses a forged member id header: the server answers 403 and the page says so with a serial number', async () => {
    const forged = '00000000-0000-4000-8000-000000000000';
    const direct = await page.evaluate(
      (memberId) =>
        fetch('/v1/corp/own/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-member-id': memberId },
          body: JSON.stringify({ corpName: '伪造团队' }),
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
      forged,
    );
    expect(direct.status).toBe(403);
    expect(direct.body.errorCode).toBe('auth.tenant.mismatch');
    const teams = await page.evaluate(() => fetch('/v1/engine/list').then((r) => r.json()));
    expect(teams.data.map((t: { corpName: string }) => t.corpName)).toEqual(['晨光工作室']);

    // The app's own requests, tampered in flight, are refused and reported.
    await page.route('**/v1/**', (route) => {
      const headers = { ...route.request().headers() };
      if (headers['x-member-id']) headers['x-member-id'] = forged;
      return route.continue({ headers });
    });
    await page.goto('/members');
    const notice = page.getByTestId('error-notification').first();
    await notice.waitFor();
    await expect.poll(() => notice.innerText()).toMatch(/请求流水号/);
    await snap(page, 'tamper');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

describe('under the Content-Security-Policy the server sends', () => {
  it('shows the API documentation (Swagger UI) and opens an operation', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/api/docs');
    const login = page.locator('.opblock', { hasText: '/v1/user/login' });
    await login.locator('.opblock-summary').click();
    await login.getByRole('button', { name: 'Try it out' }).waitFor();
    await snap(page, 'api-docs');
    await context.close();
  });

  it('saw no violation on any page of this file', () => {
    expect(cspViolations()).toEqual([]);
  });
});
