import { SSO_CALLBACK_PATH } from '@canopy/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityProvider, startIdentityProvider } from '../apps/server/test/identity-provider.js';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness.js';
import { pageApi, shot } from './steps.js';

/** The login page's company sign-in against a real OpenID Connect provider started by the test. */
let idp: IdentityProvider;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  idp = await startIdentityProvider();
  const oidc = idp.config();
  server = await startServer({
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    OIDC_LABEL: '青禾统一认证',
  });
  idp.allow(`${server.baseUrl}${SSO_CALLBACK_PATH}`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
});

describe('company sign-in', () => {
  it('the login page offers it; one click signs a new person in and brings them where they were going', async () => {
    const { page } = await newPage(browser, server.baseUrl);
    idp.next = { sub: 'emp-7', name: '周杰', email: 'zhou.jie@qinghe.example', email_verified: true };
    await page.goto('/login?redirect=%2Fteam%2Fcreate');
    const button = page.getByTestId('login-sso');
    await expect.poll(() => button.innerText()).toContain('青禾统一认证');
    await shot(page, 'sso-login-page');
    await button.click();
    await page.waitForURL((url) => url.pathname !== '/login' && !url.href.startsWith(idp.issuer));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/team/create');
    const me = await pageApi<{ userName: string; email: string }>(page, 'GET', '/v1/user/information/basic');
    expect(me.status).toBe(200);
    expect(me.data).toMatchObject({ userName: '周杰', email: 'zhou.jie@qinghe.example' });
    await shot(page, 'sso-signed-in');
  });

  it('a refusal at the provider reads as words, with the way back to the login page', async () => {
    const { page } = await newPage(browser, server.baseUrl);
    idp.refuse = '账号未授权使用 Canopy';
    try {
      await page.goto('/login');
      await page.getByTestId('login-sso').click();
      const result = page.getByTestId('sso-result');
      await expect.poll(() => result.innerText()).toContain('企业身份提供方拒绝了登录：账号未授权使用 Canopy');
      await shot(page, 'sso-refused');
      await page.getByText('返回登录页').click();
      await page.getByTestId('login-page').waitFor();
    } finally {
      idp.refuse = null;
    }
  });
});
