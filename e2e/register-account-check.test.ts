import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, snap, startServer, uniqueMobile } from './harness.js';
import { signUp } from './steps.js';

/**
 * The registration page tells early that an account is taken (issue 30): it starts a sign-up first
 * (POST /v1/user/check/challenge, an httpOnly cookie), then looks the account up. Its own server:
 * look-ups and sign-ups are counted per address, and the shared server's other files sign up too.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({}, { own: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the registration page', () => {
  it('says an account is already registered when the field is left, within a started sign-up', async () => {
    const taken = await signUp((await newPage(browser, server.baseUrl)).page, '早到的人');
    const { page } = await newPage(browser, server.baseUrl);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/user/check/')) asked.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.goto('/register');
    await page.locator('#account').fill(taken);
    await page.locator('#name').focus();
    await page.getByText('该账号已注册，请直接登录').waitFor();
    expect(asked).toEqual(['POST /v1/user/check/challenge', 'GET /v1/user/check/account']);
    await snap(page, 'register-account-taken');
    // A free account: no message; the same sign-up answers (no second challenge).
    await page.locator('#account').fill(uniqueMobile());
    await page.locator('#name').focus();
    await expect.poll(() => asked.length).toBe(3);
    await expect.poll(() => page.getByText('该账号已注册，请直接登录').count()).toBe(0);
    expect(asked[2]).toBe('GET /v1/user/check/account');
  });
});
