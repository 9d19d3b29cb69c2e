import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { openAccountSettings, pageApi, registerWithTeam, settled, shot } from './steps.js';

/**
 * API tokens in account settings (issue 17): created for chosen apps, the secret shown once, listed
 * with its scope and last use, and revoked — after which the integrators' API refuses it.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let appCode: string;
let tableCode: string;
const eventually = { timeout: 60_000 };

/** A call to the integrators' API with a bearer token and no cookie, from the page. */
function withToken(token: string, path: string): Promise<number> {
  return page.evaluate(
    async ({ token, path }) =>
      (await fetch(path, { headers: { authorization: `Bearer ${token}` }, credentials: 'omit' })).status,
    { token, path },
  );
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser, server.baseUrl)).page;
  await registerWithTeam(page, '周宁', '集成测试团队');
  await page.getByTestId('home-page').waitFor();
  appCode = (await pageApi<{ code: string }>(page, 'POST', '/v1/apps', { displayName: '采购单' })).data.code;
  tableCode = (
    await pageApi<{ code: string }>(page, 'POST', `/v1/apps/${appCode}/nodes`, { type: 'Schema', displayName: '订单' })
  ).data.code;
  await page.reload();
  await page.getByTestId('home-page').waitFor();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('API tokens in account settings', () => {
  it('creates a token for an app, shows it once, lists it and revokes it', async () => {
    await openAccountSettings(page, 'tokens');
    await page.getByTestId('api-token-new').click();
    await page.getByTestId('api-token-name').fill('ERP 同步');
    await page.getByTestId('api-token-apps').click();
    const option = page.locator('.ant-select-item-option').filter({ hasText: '采购单' });
    await settled(option);
    await option.click();
    await page.getByText('读写', { exact: true }).click();
    await page.getByTestId('api-token-create').click();

    const secret = page.getByTestId('api-token-secret');
    await expect.poll(() => secret.innerText(), eventually).toMatch(/^cnp_[\w-]{43}$/);
    const token = (await secret.innerText()).trim();
    const item = page.getByTestId('api-token-ERP 同步');
    await expect.poll(() => item.innerText(), eventually).toContain('采购单');
    await expect.poll(() => item.innerText()).toContain('从未使用');
    await expect.poll(() => item.innerText()).toContain(token.slice(0, 10));
    await shot(page, 'api-token-created');

    const records = `/open/v1/apps/${appCode}/tables/${tableCode}/records`;
    await expect.poll(() => withToken(token, records)).toBe(200);

    // Shown once: after closing and reopening the dialog only the prefix is left.
    await page.keyboard.press('Escape');
    await page.getByTestId('account-settings-dialog').waitFor({ state: 'detached' });
    await openAccountSettings(page, 'tokens');
    await expect.poll(() => page.getByTestId('api-token-ERP 同步').innerText(), eventually).toContain('最近使用');
    await expect.poll(() => page.getByTestId('api-token-secret').count()).toBe(0);
    await expect.poll(() => page.getByTestId('api-tokens').innerText()).not.toContain(token);

    await page.getByTestId('api-token-ERP 同步').getByTestId('api-token-revoke').click();
    const ok = page.getByTestId('api-token-revoke-ok');
    await settled(ok);
    await ok.click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('api-token-ERP 同步')
            .getByTestId('api-token-state')
            .innerText()
            .catch(() => ''),
        eventually,
      )
      .toBe('已撤销');
    await expect.poll(() => withToken(token, records)).toBe(401);
    await shot(page, 'api-token-revoked');
  });
});
